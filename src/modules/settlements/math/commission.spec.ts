import { SettlementsError } from '../settlements.errors';
import {
  buyInFeeOf,
  commissionOf,
  commissionTaxOf,
  settlementLine,
  settlementTotals,
  validateTerms,
  validateTiers,
  type CommissionTerms,
} from './commission';

// The worked plan of docs/settlements.md: 0-1,000.00 @ 15 %, 1,000.00+ @ 10 %, minimum 25.00,
// buy-in 10.00 + 5 % of the reserve, fees 15.00 + 2.50 + 5.00, tax on commission 8.875 %.
const PLAN: CommissionTerms = {
  tiers: [
    { fromCents: 0, toCents: 100_000, rate: 15_000 },
    { fromCents: 100_000, toCents: null, rate: 10_000 },
  ],
  minimumCommissionCents: 2_500,
  buyInFeeCents: 1_000,
  buyInRate: 5_000,
  photographyFeeCents: 1_500,
  insuranceFeeCents: 250,
  lottingFeeCents: 500,
  commissionTaxRate: 8_875,
};
const FLAT: CommissionTerms = {
  ...PLAN,
  tiers: [{ fromCents: 0, toCents: null, rate: 20_000 }],
  minimumCommissionCents: 0,
  buyInFeeCents: 0,
  buyInRate: 0,
  photographyFeeCents: 0,
  insuranceFeeCents: 0,
  lottingFeeCents: 0,
  commissionTaxRate: 0,
};

function refusal(fn: () => unknown): SettlementsError {
  try {
    fn();
  } catch (e) {
    if (e instanceof SettlementsError) return e;
    throw e;
  }
  throw new Error('expected a SettlementsError');
}

describe('commission (marginal tiers, minimum, override)', () => {
  it('a flat rate: 20 % of 1,234.56 = 246.912 -> 246.91', () => {
    expect(commissionOf(123_456, FLAT)).toBe(24_691);
  });

  it('charges each slice at its own tier: 1,250.00 -> 1,000.00 x 15 % + 250.00 x 10 % = 175.00', () => {
    expect(commissionOf(125_000, PLAN)).toBe(17_500);
  });

  it('a hammer exactly on a tier boundary is charged only by the lower tier: 1,000.00 -> 150.00', () => {
    expect(commissionOf(100_000, PLAN)).toBe(15_000);
  });

  it('rounds once over the slices, half up', () => {
    // 0.10 x 5 % = 0.005 -> 0.01
    expect(commissionOf(10, { ...FLAT, tiers: [{ fromCents: 0, toCents: null, rate: 5_000 }] })).toBe(1);
    // two slices of 0.004 each: 0.008 -> 0.01 once (two roundings would give 0.00)
    const tiers = [
      { fromCents: 0, toCents: 10, rate: 4_000 },
      { fromCents: 10, toCents: null, rate: 4_000 },
    ];
    expect(commissionOf(20, { ...FLAT, tiers })).toBe(1);
  });

  it('raises a small commission to the minimum: 80.00 x 15 % = 12.00 -> 25.00', () => {
    expect(commissionOf(8_000, PLAN)).toBe(2_500);
    // above the minimum it is not touched: 200.00 x 15 % = 30.00
    expect(commissionOf(20_000, PLAN)).toBe(3_000);
  });

  it('a per-lot override rate replaces the tiers and the minimum: 2,000.00 x 12 % = 240.00; 80.00 x 12 % = 9.60', () => {
    expect(commissionOf(200_000, PLAN, { rate: 12_000 })).toBe(24_000);
    expect(commissionOf(8_000, PLAN, { rate: 12_000 })).toBe(960);
  });

  it('a per-lot fixed commission is taken as agreed, whatever the hammer', () => {
    expect(commissionOf(500_000, PLAN, { commissionCents: 10_000 })).toBe(10_000);
    expect(commissionOf(500_000, PLAN, { commissionCents: 0 })).toBe(0);
  });

  it('a zero hammer with no minimum is no commission', () => {
    expect(commissionOf(0, FLAT)).toBe(0);
  });

  it('refuses a fractional or negative hammer', () => {
    expect(() => commissionOf(10.5, PLAN)).toThrow('Hammer must be a whole number of cents.');
    expect(() => commissionOf(-1, PLAN)).toThrow('Hammer cannot be negative.');
  });
});

describe('buy-in fee, tax on commission', () => {
  it('buy-in: 10.00 + 5 % of a 400.00 reserve = 30.00; no reserve: the fixed fee alone', () => {
    expect(buyInFeeOf(40_000, PLAN)).toBe(3_000);
    expect(buyInFeeOf(null, PLAN)).toBe(1_000);
  });

  it('tax on commission and buy-in fee, rounded once: 175.00 x 8.875 % = 15.53125 -> 15.53', () => {
    expect(commissionTaxOf(17_500, 0, PLAN)).toBe(1_553);
    expect(commissionTaxOf(2_500, 0, PLAN)).toBe(222); // 2.21875
    expect(commissionTaxOf(0, 3_000, PLAN)).toBe(266); // 2.6625
    expect(commissionTaxOf(17_500, 0, { ...PLAN, commissionTaxRate: 0 })).toBe(0);
  });
});

describe('settlement lines and totals: the worked statement of docs/settlements.md', () => {
  const a = settlementLine({ state: 'sold', hammerCents: 125_000 }, PLAN);
  const b = settlementLine({ state: 'sold', hammerCents: 8_000 }, PLAN);
  const c = settlementLine({ state: 'unsold', hammerCents: 0, reserveCents: 40_000 }, PLAN);
  const d = settlementLine({ state: 'sold', hammerCents: 200_000, override: { rate: 12_000 } }, PLAN);
  const e = settlementLine({ state: 'passed', hammerCents: 0 }, PLAN);
  const f = settlementLine({ state: 'held', hammerCents: 50_000 }, PLAN);

  it('lot A sold at 1,250.00: commission 175.00, fees 22.50, tax 15.53, net 1,036.97', () => {
    expect(a).toEqual({
      hammerCents: 125_000,
      commissionCents: 17_500,
      buyInFeeCents: 0,
      photographyFeeCents: 1_500,
      insuranceFeeCents: 250,
      lottingFeeCents: 500,
      feesCents: 2_250,
      taxCents: 1_553,
      netCents: 103_697,
    });
  });

  it('lot B sold at 80.00: minimum 25.00, tax 2.22, net 30.28', () => {
    expect(b).toMatchObject({ commissionCents: 2_500, taxCents: 222, netCents: 3_028 });
  });

  it('lot C bought in below a 400.00 reserve: buy-in 30.00, fees 22.50, tax 2.66, net -55.16', () => {
    expect(c).toMatchObject({
      hammerCents: 0,
      commissionCents: 0,
      buyInFeeCents: 3_000,
      feesCents: 2_250,
      taxCents: 266,
      netCents: -5_516,
    });
  });

  it('lot D sold at 2,000.00 with a 12 % override: commission 240.00, tax 21.30, net 1,716.20', () => {
    expect(d).toMatchObject({ commissionCents: 24_000, taxCents: 2_130, netCents: 171_620 });
  });

  it('lot E passed: the fixed fees only, net -22.50; a returned lot the same', () => {
    expect(e).toMatchObject({ commissionCents: 0, buyInFeeCents: 0, taxCents: 0, netCents: -2_250 });
    expect(settlementLine({ state: 'returned', hammerCents: 0 }, PLAN)).toEqual(e);
  });

  it('lot F held back counts nowhere', () => {
    expect(f).toMatchObject({ hammerCents: 0, commissionCents: 0, feesCents: 0, taxCents: 0, netCents: 0 });
  });

  it('totals are sums of the rounded lines; expenses and advances come off: net due 2,085.79', () => {
    const lines = [
      { ...a, state: 'sold' as const },
      { ...b, state: 'sold' as const },
      { ...c, state: 'unsold' as const },
      { ...d, state: 'sold' as const },
      { ...e, state: 'passed' as const },
      { ...f, state: 'held' as const },
    ];
    const totals = settlementTotals(lines, [
      { kind: 'expense', amountCents: 12_000 },
      { kind: 'advance', amountCents: 50_000 },
    ]);
    expect(totals).toEqual({
      lotCount: 6,
      heldCount: 1,
      hammerCents: 333_000,
      commissionCents: 44_000,
      buyInFeeCents: 3_000,
      feesCents: 11_250,
      taxCents: 4_171,
      expensesCents: 12_000,
      advancesCents: 50_000,
      netDueCents: 208_579,
    });
    // 3,330.00 - 440.00 - 30.00 - 112.50 - 41.71 - 120.00 - 500.00
    expect(totals.hammerCents - 44_000 - 3_000 - 11_250 - 4_171 - 12_000 - 50_000).toBe(totals.netDueCents);
  });

  it('refuses a negative or fractional expense', () => {
    expect(() => settlementTotals([], [{ kind: 'expense', amountCents: -1 }])).toThrow('An expense cannot be negative.');
    expect(() => settlementTotals([], [{ kind: 'advance', amountCents: 0.5 }])).toThrow('An advance must be a whole number of cents.');
  });
});

describe('plan validation', () => {
  it('refuses tiers that do not start at 0, leave a gap, or do not end open', () => {
    expect(refusal(() => validateTiers([])).message).toBe('A commission plan needs at least one tier (a flat rate is one tier from 0.00).');
    expect(refusal(() => validateTiers([{ fromCents: 100, toCents: null, rate: 1 }])).message).toBe(
      'Commission tier 1 must start at 0.00 (found 1.00).',
    );
    expect(
      refusal(() =>
        validateTiers([
          { fromCents: 0, toCents: 100, rate: 1 },
          { fromCents: 200, toCents: null, rate: 1 },
        ]),
      ).message,
    ).toBe('Commission tier 2 must start at 1.00, where tier 1 ends (found 2.00).');
    expect(refusal(() => validateTiers([{ fromCents: 0, toCents: 100, rate: 1 }])).message).toBe(
      'The last commission tier (1) must be open-ended.',
    );
  });

  it('refuses negative fees and fractional rates, as a 400 (validation)', () => {
    const e = refusal(() => validateTerms({ ...PLAN, lottingFeeCents: -5 }));
    expect(e).toMatchObject({ kind: 'validation', code: 'INVALID_PLAN', message: 'The lotting fee cannot be negative.' });
    expect(refusal(() => validateTerms({ ...PLAN, commissionTaxRate: 1.5 })).message).toBe(
      'The tax on commission must be a rate of at least 0 with at most three decimals.',
    );
    expect(() => validateTerms(PLAN)).not.toThrow();
  });
});
