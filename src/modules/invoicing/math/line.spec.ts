import type { ChargeRow } from './charge-rows';
import { InvoiceMathError } from './errors';
import { computeLotLine, type LotLineInput } from './line';
import { StaticUsStateTaxRates } from './sales-tax';

const STEPS = [
  { fromCents: 0, toCents: 100_000, rate: 25_000 },
  { fromCents: 100_000, toCents: null, rate: 20_000 },
];
const TAX_ALL: ChargeRow = {
  name: 'Sales Tax',
  rate: 6_250,
  countryCode: 'ALL',
  stateCode: null,
  onHammer: true,
  onPremium: true,
  onLiveFee: false,
};
const TAX_US: ChargeRow = { ...TAX_ALL, name: 'NY Tax', countryCode: 'US', stateCode: 'NY', rate: 8_875 };
const FEE: ChargeRow = { ...TAX_ALL, name: 'Handling', rate: 1_000, onPremium: false };

function input(p: Partial<LotLineInput> = {}): LotLineInput {
  return {
    hammer: 125_000,
    channel: 'INV',
    bidder: { countryCode: 'FR' },
    group: { premiumSteps: STEPS, liveFeeRate: 3_000 },
    template: { taxRows: [TAX_ALL], feeRows: [] },
    processorType: 'w',
    ...p,
  };
}

function errorOf(fn: () => unknown): InvoiceMathError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InvoiceMathError) return e;
    throw e;
  }
  throw new Error('expected an InvoiceMathError');
}

describe('one lot line', () => {
  it('the worked line: 1,250.00 + 300.00 + 37.50 + 96.88 = 1,684.38', () => {
    const l = computeLotLine(input());
    expect(l).toMatchObject({
      hammer: 125_000,
      premium: 30_000,
      liveFee: 3_750,
      tax: 9_688,
      taxSource: 'template',
      taxCalculationError: false,
      other: 0,
      shipping: 0,
      insurance: 0,
      total: 168_438,
      overridden: { hammer: false, premium: false, liveFee: false },
    });
  });

  it('Floor lines pay no live fee', () => {
    const l = computeLotLine(input({ channel: 'Floor' }));
    expect(l.liveFee).toBe(0);
    expect(l.total).toBe(125_000 + 30_000 + 9_688);
  });

  it('a zero hammer gives a zero line (plus what staff entered)', () => {
    const l = computeLotLine(input({ hammer: 0, staff: { shipping: 1_500 } }));
    expect(l).toMatchObject({ premium: 0, liveFee: 0, tax: 0, other: 0, total: 1_500 });
  });

  it('carries fees in Other, labelled, with the staff Other added', () => {
    const l = computeLotLine(input({ template: { taxRows: [], feeRows: [FEE] }, staff: { other: 500 } }));
    expect(l.fees).toEqual([{ label: 'Handling', cents: 1_250 }]);
    expect(l.feesTotal).toBe(1_250);
    expect(l.otherStaff).toBe(500);
    expect(l.other).toBe(1_750);
    expect(l.total).toBe(125_000 + 30_000 + 3_750 + 1_750);
  });

  it('a negative Other (a discount) lowers the total, even below zero', () => {
    const l = computeLotLine(input({ staff: { other: -10_000, shipping: 2_000, insurance: 300 } }));
    expect(l.other).toBe(-10_000);
    expect(l.total).toBe(168_438 - 10_000 + 2_000 + 300);
    const big = computeLotLine(input({ hammer: 100, template: { taxRows: [], feeRows: [] }, staff: { other: -1_000 } }));
    expect(big.total).toBe(100 + 25 + 3 - 1_000);
  });

  it('refuses negative shipping, insurance or entered tax, and fractional cents', () => {
    expect(errorOf(() => computeLotLine(input({ staff: { shipping: -1 } }))).message).toBe('Shipping cannot be negative.');
    expect(errorOf(() => computeLotLine(input({ staff: { insurance: -1 } }))).message).toBe('Insurance cannot be negative.');
    expect(errorOf(() => computeLotLine(input({ staff: { tax: -1 } }))).message).toBe('Tax cannot be negative.');
    expect(errorOf(() => computeLotLine(input({ staff: { other: 0.5 } }))).message).toBe('Other must be a whole number of cents.');
  });

  it('adds staff-entered tax to the computed tax', () => {
    const l = computeLotLine(input({ staff: { tax: 12 } }));
    expect(l).toMatchObject({ taxComputed: 9_688, taxEntered: 12, tax: 9_700, total: 168_450 });
  });

  describe('processor p and US bidders', () => {
    const us = { countryCode: 'US', stateCode: 'NY' };
    const rates = new StaticUsStateTaxRates();

    it('ignores the template tax rows (US and ALL) and uses the state rate on hammer + BP + live fee', () => {
      const l = computeLotLine(
        input({ processorType: 'p', bidder: us, taxRates: rates, template: { taxRows: [TAX_ALL, TAX_US], feeRows: [FEE] } }),
      );
      // NY 4 % of 1,587.50 = 63.50
      expect(l).toMatchObject({ tax: 6_350, taxSource: 'state-table', stateTaxRate: 4_000, taxCalculationError: false });
      // fees still apply
      expect(l.feesTotal).toBe(1_250);
      expect(l.total).toBe(125_000 + 30_000 + 3_750 + 6_350 + 1_250);
    });

    it('rounds the state tax once per line: half a cent up', () => {
      // MA 6.25 %: 0.08 hammer, no premium, no live fee -> 0.005 -> 0.01
      const l = computeLotLine(
        input({
          hammer: 8,
          channel: 'Floor',
          processorType: 'p',
          bidder: { countryCode: 'US', stateCode: 'MA' },
          taxRates: rates,
          group: { premiumSteps: [], liveFeeRate: 0 },
        }),
      );
      expect(l.tax).toBe(1);
    });

    it('uses the template rows for the same bidder when the processor is not p', () => {
      const l = computeLotLine(input({ processorType: 's', bidder: us, template: { taxRows: [TAX_ALL, TAX_US], feeRows: [] } }));
      // (6.25 % + 8.875 %) of 1,550.00 = 234.4375 -> 234.44
      expect(l.tax).toBe(23_444);
    });

    it('uses the template rows for a non-US bidder under processor p', () => {
      const l = computeLotLine(input({ processorType: 'p', bidder: { countryCode: 'CA', stateCode: 'ON' }, taxRates: rates }));
      expect(l).toMatchObject({ tax: 9_688, taxSource: 'template' });
    });

    it('flags an address whose state has no rate, with zero tax', () => {
      const l = computeLotLine(input({ processorType: 'p', bidder: { countryCode: 'US', stateCode: 'ZZ' }, taxRates: rates }));
      expect(l).toMatchObject({ tax: 0, taxCalculationError: true, stateTaxRate: null });
    });

    it('refuses entered tax and a missing provider', () => {
      expect(errorOf(() => computeLotLine(input({ processorType: 'p', bidder: us, taxRates: rates, staff: { tax: 100 } }))).code).toBe(
        'TAX_NOT_ENTERABLE',
      );
      expect(errorOf(() => computeLotLine(input({ processorType: 'p', bidder: us }))).code).toBe('MISSING_TAX_RATE_PROVIDER');
    });
  });

  describe('floor overrides', () => {
    it('an overridden hammer replaces the hammer and moves premium, tax and fees with it', () => {
      const l = computeLotLine(
        input({ channel: 'Floor', overrides: { hammer: 100_000 }, template: { taxRows: [TAX_ALL], feeRows: [FEE] } }),
      );
      // premium 250.00; tax 6.25 % of 1,250.00 = 78.125 -> 78.13; fee 1 % of 1,000.00 = 10.00
      expect(l).toMatchObject({ hammer: 100_000, premium: 25_000, liveFee: 0, tax: 7_813, other: 1_000 });
      expect(l.total).toBe(100_000 + 25_000 + 7_813 + 1_000);
      expect(l.overridden).toEqual({ hammer: true, premium: false, liveFee: false });
    });

    it('overridden BP and live fee replace the computed values; tax is recomputed from them', () => {
      const l = computeLotLine(input({ channel: 'Floor', overrides: { premium: 20_000, liveFee: 1_000 } }));
      // tax 6.25 % of (1,250.00 + 200.00) = 90.625 -> 90.63
      expect(l).toMatchObject({ hammer: 125_000, premium: 20_000, liveFee: 1_000, tax: 9_063 });
      expect(l.total).toBe(125_000 + 20_000 + 1_000 + 9_063);
    });

    it('a zero override is an override; null means none', () => {
      expect(computeLotLine(input({ channel: 'Floor', overrides: { premium: 0 } })).premium).toBe(0);
      expect(computeLotLine(input({ channel: 'Floor', overrides: { premium: null } })).premium).toBe(30_000);
    });

    it('is refused on online channels and for negative amounts', () => {
      const e = errorOf(() => computeLotLine(input({ channel: 'INV', overrides: { hammer: 1 } })));
      expect(e.code).toBe('OVERRIDE_NOT_ALLOWED');
      expect(e.message).toBe("Hammer, buyer's premium and live fee can only be edited on Floor-channel lines.");
      expect(errorOf(() => computeLotLine(input({ channel: 'Floor', overrides: { premium: -5 } }))).message).toBe(
        "Buyer's premium cannot be negative.",
      );
    });
  });
});
