import { StaticUsStateTaxRates, stateSalesTax, usesStateSalesTax, type TaxRateProvider } from './sales-tax';
import { US_STATE_RATES } from './us-state-rates';

const WORKED = { hammer: 125_000, premium: 30_000, liveFee: 3_750 };

describe('US state sales tax (processor p)', () => {
  const table = new StaticUsStateTaxRates();

  it('the table covers the 50 states and DC with whole thousandths of a percent', () => {
    expect(Object.keys(US_STATE_RATES)).toHaveLength(51);
    for (const r of Object.values(US_STATE_RATES)) {
      expect(Number.isSafeInteger(r)).toBe(true);
      expect(r).toBeGreaterThanOrEqual(0);
      expect(r).toBeLessThan(10_000);
    }
  });

  it('answers US states (case-insensitive) and nothing else', () => {
    expect(table.rateFor('US', 'NY')).toBe(4_000);
    expect(table.rateFor('us', 'ca')).toBe(7_250);
    expect(table.rateFor('US', 'OR')).toBe(0);
    expect(table.rateFor('US', 'XX')).toBeNull();
    expect(table.rateFor('US', null)).toBeNull();
    expect(table.rateFor('CA', 'ON')).toBeNull();
    expect(table.rateFor('US', 'constructor')).toBeNull();
  });

  it('applies only for processor p and a US bidder', () => {
    expect(usesStateSalesTax('p', { countryCode: 'US', stateCode: 'NY' })).toBe(true);
    expect(usesStateSalesTax('p', { countryCode: 'us' })).toBe(true);
    expect(usesStateSalesTax('w', { countryCode: 'US', stateCode: 'NY' })).toBe(false);
    expect(usesStateSalesTax(null, { countryCode: 'US', stateCode: 'NY' })).toBe(false);
    expect(usesStateSalesTax('p', { countryCode: 'CA', stateCode: 'ON' })).toBe(false);
  });

  it('taxes hammer + BP + live fee at the state rate, rounded once', () => {
    // MA 6.25 % of 1,587.50 = 99.21875 -> 99.22
    expect(stateSalesTax(table, { countryCode: 'US', stateCode: 'MA' }, WORKED)).toEqual({ tax: 9_922, rate: 6_250, error: false });
    // MN 6.875 % of 1,587.50 = 109.140625 -> 109.14
    expect(stateSalesTax(table, { countryCode: 'US', stateCode: 'MN' }, WORKED).tax).toBe(10_914);
    // a half cent rounds up: MA 6.25 % of 0.08 = 0.005 -> 0.01; of 0.07 = 0.004375 -> 0.00
    expect(stateSalesTax(table, { countryCode: 'US', stateCode: 'MA' }, { hammer: 8, premium: 0, liveFee: 0 }).tax).toBe(1);
    expect(stateSalesTax(table, { countryCode: 'US', stateCode: 'MA' }, { hammer: 7, premium: 0, liveFee: 0 }).tax).toBe(0);
  });

  it('a state with no sales tax is zero and not an error', () => {
    expect(stateSalesTax(table, { countryCode: 'US', stateCode: 'DE' }, WORKED)).toEqual({ tax: 0, rate: 0, error: false });
  });

  it('an unknown or missing state is flagged, not guessed', () => {
    expect(stateSalesTax(table, { countryCode: 'US', stateCode: 'ZZ' }, WORKED)).toEqual({ tax: 0, rate: null, error: true });
    expect(stateSalesTax(table, { countryCode: 'US' }, WORKED)).toEqual({ tax: 0, rate: null, error: true });
  });

  it('falls back to the province field when the state code is not known', () => {
    expect(stateSalesTax(table, { countryCode: 'US', stateCode: 'New York', province: 'NY' }, WORKED).rate).toBe(4_000);
  });

  it('works with any provider behind the interface', () => {
    const flat: TaxRateProvider = { rateFor: () => 10_000 };
    expect(stateSalesTax(flat, { countryCode: 'US', stateCode: 'NY' }, WORKED).tax).toBe(15_875);
  });
});
