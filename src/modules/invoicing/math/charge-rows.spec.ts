import { normaliseCountryCode } from './address';
import { feesFromRows, rowMatches, taxFromRows, type ChargeRow } from './charge-rows';

function row(p: Partial<ChargeRow>): ChargeRow {
  return {
    name: 'Sales Tax',
    rate: 6_250,
    countryCode: 'ALL',
    stateCode: null,
    onHammer: true,
    onPremium: true,
    onLiveFee: false,
    ...p,
  };
}

const WORKED = { hammer: 125_000, premium: 30_000, liveFee: 3_750 };
const NY = { countryCode: 'US', stateCode: 'NY' };

describe('tax and fee rows: matching', () => {
  it('matches a row of the same country or ALL', () => {
    expect(rowMatches(row({ countryCode: 'FR' }), { countryCode: 'FR' })).toBe(true);
    expect(rowMatches(row({ countryCode: 'ALL' }), { countryCode: 'FR' })).toBe(true);
    expect(rowMatches(row({ countryCode: 'DE' }), { countryCode: 'FR' })).toBe(false);
    expect(rowMatches(row({ countryCode: 'fr ' }), { countryCode: 'FR' })).toBe(true);
  });

  it('in a country with states, matches the same state or ALL (or no state: the whole country)', () => {
    expect(rowMatches(row({ countryCode: 'US', stateCode: 'NY' }), NY)).toBe(true);
    expect(rowMatches(row({ countryCode: 'US', stateCode: 'NJ' }), NY)).toBe(false);
    expect(rowMatches(row({ countryCode: 'US', stateCode: 'ALL' }), NY)).toBe(true);
    expect(rowMatches(row({ countryCode: 'US', stateCode: null }), NY)).toBe(true);
    expect(rowMatches(row({ countryCode: 'CA', stateCode: 'ON' }), { countryCode: 'CA', province: 'on' })).toBe(true);
    expect(rowMatches(row({ countryCode: 'AU', stateCode: 'NSW' }), { countryCode: 'AU', stateCode: 'VIC' })).toBe(false);
  });

  it('a bidder without a state matches only rows for the whole country', () => {
    expect(rowMatches(row({ countryCode: 'US', stateCode: 'NY' }), { countryCode: 'US' })).toBe(false);
    expect(rowMatches(row({ countryCode: 'US', stateCode: 'ALL' }), { countryCode: 'US' })).toBe(true);
  });

  it('ignores the state in countries without states', () => {
    expect(rowMatches(row({ countryCode: 'FR', stateCode: 'XX' }), { countryCode: 'FR', stateCode: 'YY' })).toBe(true);
  });

  it('a row for ALL countries ignores its state', () => {
    expect(rowMatches(row({ countryCode: 'ALL', stateCode: 'NY' }), { countryCode: 'US', stateCode: 'CA' })).toBe(true);
  });

  it('a bidder without a country matches only ALL rows', () => {
    expect(rowMatches(row({ countryCode: 'US', stateCode: 'ALL' }), {})).toBe(false);
    expect(rowMatches(row({ countryCode: 'ALL' }), { countryCode: null })).toBe(true);
  });

  it('treats UK and GB as one country, both ways, with county matching', () => {
    expect(normaliseCountryCode('uk')).toBe('GB');
    expect(rowMatches(row({ countryCode: 'UK', stateCode: 'KEN' }), { countryCode: 'GB', stateCode: 'KEN' })).toBe(true);
    expect(rowMatches(row({ countryCode: 'GB', stateCode: 'ALL' }), { countryCode: 'UK', stateCode: 'KEN' })).toBe(true);
    expect(rowMatches(row({ countryCode: 'UK', stateCode: 'ESS' }), { countryCode: 'GB', stateCode: 'KEN' })).toBe(false);
  });
});

describe('tax and fee rows: amounts', () => {
  it('the worked number: 6.250 % on hammer and BP = 96.875 -> 96.88', () => {
    expect(taxFromRows([row({})], { countryCode: 'US', stateCode: 'MA' }, WORKED)).toBe(9_688);
  });

  it('taxes only the components a row ticks', () => {
    expect(taxFromRows([row({ onHammer: false, onPremium: false, onLiveFee: true, rate: 10_000 })], NY, WORKED)).toBe(375);
    expect(taxFromRows([row({ onHammer: true, onPremium: false, onLiveFee: true, rate: 10_000 })], NY, WORKED)).toBe(12_875);
    expect(taxFromRows([row({ onHammer: false, onPremium: false, onLiveFee: false })], NY, WORKED)).toBe(0);
  });

  it('leaves out rows that do not match', () => {
    const rows = [row({ countryCode: 'US', stateCode: 'NJ', rate: 50_000 }), row({ countryCode: 'CA', rate: 50_000 })];
    expect(taxFromRows(rows, NY, WORKED)).toBe(0);
  });

  it('sums the exact products of matching rows and rounds once per line', () => {
    // two rows of 0.005 each: 0.01 together (per-row rounding would give 0.02)
    const rows = [row({ rate: 5_000, onPremium: false }), row({ countryCode: 'US', stateCode: 'NY', rate: 5_000, onPremium: false })];
    expect(taxFromRows(rows, NY, { hammer: 5, premium: 0, liveFee: 0 })).toBe(1); // 0.25 + 0.25 = 0.5 cent -> 1
    expect(taxFromRows([row({ rate: 5_000, onPremium: false })], NY, { hammer: 5, premium: 0, liveFee: 0 })).toBe(0); // 0.25 cent
  });

  it('refuses a negative rate', () => {
    expect(() => taxFromRows([row({ rate: -1, name: 'VAT' })], NY, WORKED)).toThrow(
      "The rate of 'VAT' must be a rate of at least 0 with at most three decimals.",
    );
  });

  it('fees: total rounded once, labelled by fee type, labels adding up to the total', () => {
    const rows = [
      row({ name: 'Handling', rate: 1_000, onPremium: false }), // 1 % of 1,250.00 = 12.50
      row({ name: 'Handling', countryCode: 'US', stateCode: 'NY', rate: 500, onPremium: false }), // 6.25
      row({ name: 'Buyer protection', rate: 2_000, onHammer: false, onPremium: true }), // 2 % of 300 = 6.00
      row({ name: 'Nowhere', countryCode: 'FR', rate: 9_000 }),
    ];
    const r = feesFromRows(rows, NY, WORKED);
    expect(r.total).toBe(2_475);
    expect(r.byLabel).toEqual([
      { label: 'Handling', cents: 1_875 },
      { label: 'Buyer protection', cents: 600 },
    ]);
  });

  it('fees: splits the single rounding by largest remainder', () => {
    // each label exactly 0.5 cent: total 1 cent, given to the first label
    const rows = [row({ name: 'A', rate: 5_000, onPremium: false }), row({ name: 'B', rate: 5_000, onPremium: false })];
    expect(feesFromRows(rows, NY, { hammer: 10, premium: 0, liveFee: 0 })).toEqual({
      total: 1,
      byLabel: [{ label: 'A', cents: 1 }],
    });
    // 0.3 + 0.7 cent: total 1, to B (the larger remainder)
    const rows2 = [row({ name: 'A', rate: 3_000, onPremium: false }), row({ name: 'B', rate: 7_000, onPremium: false })];
    expect(feesFromRows(rows2, NY, { hammer: 10, premium: 0, liveFee: 0 })).toEqual({
      total: 1,
      byLabel: [{ label: 'B', cents: 1 }],
    });
  });

  it('fees: none matching gives zero and no labels', () => {
    expect(feesFromRows([row({ countryCode: 'FR' })], NY, WORKED)).toEqual({ total: 0, byLabel: [] });
  });
});
