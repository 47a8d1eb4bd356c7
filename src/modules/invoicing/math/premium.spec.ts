import { InvoiceMathError } from './errors';
import { buyersPremium, exactPremium, validatePremiumSteps, type PremiumStep } from './premium';

// 0-1,000.00 @ 25 %, 1,000.00+ @ 20 %
const TWO_STEPS: PremiumStep[] = [
  { fromCents: 0, toCents: 100_000, rate: 25_000 },
  { fromCents: 100_000, toCents: null, rate: 20_000 },
];

function errorOf(fn: () => unknown): InvoiceMathError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InvoiceMathError) return e;
    throw e;
  }
  throw new Error('expected an InvoiceMathError');
}

describe("buyer's premium (marginal steps)", () => {
  it('charges each slice at its own rate: the worked number 1,250.00 -> 300.00', () => {
    // 1,000.00 x 25 % + 250.00 x 20 % = 250.00 + 50.00
    expect(buyersPremium(125_000, TWO_STEPS)).toBe(30_000);
  });

  it('a hammer exactly on a step boundary is charged only by the lower step', () => {
    expect(buyersPremium(100_000, TWO_STEPS)).toBe(25_000);
    // one cent past the boundary: that cent is at 20 %
    expect(buyersPremium(100_001, TWO_STEPS)).toBe(25_000); // 250.00 + 0.002 -> 250.00
    expect(exactPremium(100_001, TWO_STEPS)).toBe(100_000n * 25_000n + 1n * 20_000n);
  });

  it('a zero hammer has a zero premium', () => {
    expect(buyersPremium(0, TWO_STEPS)).toBe(0);
  });

  it('a hammer above the last bounded step uses the open-ended step for the rest', () => {
    const steps: PremiumStep[] = [
      { fromCents: 0, toCents: 50_000, rate: 25_000 },
      { fromCents: 50_000, toCents: 500_000, rate: 20_000 },
      { fromCents: 500_000, toCents: null, rate: 12_000 },
    ];
    // 500 x 25 % + 4,500 x 20 % + 5,000 x 12 % = 125 + 900 + 600 = 1,625.00
    expect(buyersPremium(1_000_000, steps)).toBe(162_500);
  });

  it('applies a three-decimal rate exactly', () => {
    // 1,234.56 x 17.125 % = 211.4184 -> 211.42
    expect(buyersPremium(123_456, [{ fromCents: 0, toCents: null, rate: 17_125 }])).toBe(21_142);
  });

  it('rounds a half cent up', () => {
    // 0.10 x 5 % = 0.005 -> 0.01 ; 0.10 x 4.999 % = 0.004999 -> 0.00
    expect(buyersPremium(10, [{ fromCents: 0, toCents: null, rate: 5_000 }])).toBe(1);
    expect(buyersPremium(10, [{ fromCents: 0, toCents: null, rate: 4_999 }])).toBe(0);
  });

  it('rounds once over the slices, not once per slice', () => {
    const steps: PremiumStep[] = [
      { fromCents: 0, toCents: 100, rate: 1_500 }, // 1.00 x 1.5 % = 0.015
      { fromCents: 100, toCents: null, rate: 2_500 }, // 0.20 x 2.5 % = 0.005
    ];
    // exact 0.020 -> 0.02 (rounding each slice would give 0.02 + 0.01 = 0.03)
    expect(buyersPremium(120, steps)).toBe(2);
  });

  it('a table with no steps charges no premium', () => {
    expect(buyersPremium(125_000, [])).toBe(0);
  });

  it('accepts an open-ended step given as undefined (the entity mapping)', () => {
    expect(buyersPremium(125_000, [{ fromCents: 0, rate: 10_000 }])).toBe(12_500);
  });

  it('stays exact for very large hammers', () => {
    expect(buyersPremium(9_000_000_000_000, [{ fromCents: 0, toCents: null, rate: 12_345 }])).toBe(1_111_050_000_000);
  });

  describe('validation', () => {
    it('refuses a first step not starting at 0', () => {
      const e = errorOf(() => validatePremiumSteps([{ fromCents: 100, toCents: null, rate: 1000 }]));
      expect(e.code).toBe('INVALID_PREMIUM_STEPS');
      expect(e.kind).toBe('validation');
      expect(e.message).toBe('Premium step 1 must start at 0.00 (found 1.00).');
    });

    it('refuses a gap between steps', () => {
      const e = errorOf(() =>
        validatePremiumSteps([
          { fromCents: 0, toCents: 100_000, rate: 25_000 },
          { fromCents: 120_000, toCents: null, rate: 20_000 },
        ]),
      );
      expect(e.message).toBe('Premium step 2 must start at 1000.00, where step 1 ends (found 1200.00).');
    });

    it('refuses overlapping steps', () => {
      const e = errorOf(() =>
        validatePremiumSteps([
          { fromCents: 0, toCents: 100_000, rate: 25_000 },
          { fromCents: 90_000, toCents: null, rate: 20_000 },
        ]),
      );
      expect(e.message).toBe('Premium step 2 must start at 1000.00, where step 1 ends (found 900.00).');
    });

    it('refuses a step that does not increase', () => {
      const e = errorOf(() =>
        validatePremiumSteps([
          { fromCents: 0, toCents: 0, rate: 25_000 },
          { fromCents: 0, toCents: null, rate: 20_000 },
        ]),
      );
      expect(e.message).toBe('Premium step 1 must end above where it starts (0.00 to 0.00).');
    });

    it('refuses a bounded last step', () => {
      const e = errorOf(() => validatePremiumSteps([{ fromCents: 0, toCents: 100_000, rate: 25_000 }]));
      expect(e.message).toBe('The last premium step (1) must be open-ended.');
    });

    it('refuses an open-ended step before the last', () => {
      const e = errorOf(() =>
        validatePremiumSteps([
          { fromCents: 0, toCents: null, rate: 25_000 },
          { fromCents: 100_000, toCents: null, rate: 20_000 },
        ]),
      );
      expect(e.message).toBe('Premium step 1 is open-ended but is not the last step.');
    });

    it('refuses a negative or fractional rate', () => {
      expect(errorOf(() => validatePremiumSteps([{ fromCents: 0, toCents: null, rate: -1 }])).message).toBe(
        'Premium step 1: the rate must be at least 0 with at most three decimals.',
      );
      expect(errorOf(() => validatePremiumSteps([{ fromCents: 0, toCents: null, rate: 2.5 }])).code).toBe('INVALID_PREMIUM_STEPS');
    });

    it('refuses fractional cents in a step', () => {
      expect(
        errorOf(() =>
          validatePremiumSteps([
            { fromCents: 0, toCents: 10.5, rate: 1000 },
            { fromCents: 10.5, toCents: null, rate: 1000 },
          ]),
        ).message,
      ).toBe('Premium step 1: amounts must be whole numbers of cents.');
    });

    it('accepts a rate of zero and a valid table', () => {
      expect(() => validatePremiumSteps([{ fromCents: 0, toCents: null, rate: 0 }])).not.toThrow();
      expect(() => validatePremiumSteps(TWO_STEPS)).not.toThrow();
    });

    it('refuses a negative or fractional hammer', () => {
      expect(errorOf(() => buyersPremium(-1, TWO_STEPS)).message).toBe('Hammer cannot be negative.');
      expect(errorOf(() => buyersPremium(1.5, TWO_STEPS)).message).toBe('Hammer must be a whole number of cents.');
    });
  });
});
