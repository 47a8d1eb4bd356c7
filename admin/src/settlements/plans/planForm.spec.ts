import { describe, expect, it } from '@jest/globals';
import {
  amountCents,
  planDraft,
  planPayload,
  rateMilli,
  rateText,
  tiersSummary,
  validatePlan,
  type CommissionPlanRecord,
  type PlanValues,
} from './planForm';

const values = (over: Partial<PlanValues> = {}): PlanValues => ({
  ...planDraft(null),
  name: 'Standard',
  tiers: [
    { upTo: '1,000.00', rate: '15' },
    { upTo: '', rate: '10' },
  ],
  minimumCommission: '25',
  buyInFee: '10.00',
  buyInRate: '5',
  photographyFee: '15',
  insuranceFee: '2.50',
  lottingFee: '5',
  commissionTaxRate: '8.875',
  ...over,
});

describe('commission plan form', () => {
  it('reads amounts and rates exactly (no floating point)', () => {
    expect(amountCents('1,000.50')).toBe(100_050);
    expect(amountCents('0.29')).toBe(29);
    expect(amountCents('')).toBe(0);
    for (const bad of ['-1', '1.234', 'abc', '1e3']) expect(amountCents(bad)).toBeNull();
    expect(rateMilli('8.875')).toBe(8_875);
    expect(rateMilli('15 %')).toBe(15_000);
    expect(rateMilli('0.1')).toBe(100);
    for (const bad of ['-1', '1.2345', 'x']) expect(rateMilli(bad)).toBeNull();
    expect(rateText(8_875)).toBe('8.875');
    expect(rateText(15_000)).toBe('15');
  });

  it('sends marginal tiers that start where the previous ends, in cents and thousandths', () => {
    expect(planPayload(values())).toEqual({
      name: 'Standard',
      isHouseDefault: false,
      auctionGroupId: null,
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
      settlementBasis: 'paid',
    });
    expect(planPayload(values({ scope: 'sale', auctionGroupId: 7 }), 3)).toMatchObject({ auctionGroupId: 7, version: 3 });
  });

  it('reads a plan back into the same values', () => {
    const body = planPayload(values({ scope: 'house' }));
    const back = planDraft({ id: 1, version: 1, ...body } as unknown as CommissionPlanRecord);
    expect(planPayload(back)).toEqual(body);
  });

  it('names each wrong field', () => {
    expect(validatePlan(values())).toEqual({});
    expect(
      validatePlan(
        values({
          name: ' ',
          scope: 'sale',
          tiers: [
            { upTo: '', rate: '15' },
            { upTo: '', rate: 'x' },
          ],
          buyInFee: '1.234',
          commissionTaxRate: '-1',
        }),
      ),
    ).toEqual({
      name: 'Name is required.',
      auctionGroupId: 'Choose the sale this plan applies to.',
      'tiers.0.upTo': 'Enter where this tier ends, above where it starts (blank for the last tier).',
      'tiers.1.rate': 'Enter a rate of at least 0 % with at most three decimals.',
      buyInFee: 'Enter an amount of at least 0.00 with at most two decimals.',
      commissionTaxRate: 'Enter a rate of at least 0 % with at most three decimals.',
    });
  });

  it('summarises tiers for the list', () => {
    const fmt = (c: number) => (c / 100).toFixed(2);
    expect(tiersSummary([{ fromCents: 0, toCents: null, rate: 12_500 }], fmt)).toBe('12.5 % flat');
    expect(
      tiersSummary(
        [
          { fromCents: 0, toCents: 100_000, rate: 15_000 },
          { fromCents: 100_000, toCents: null, rate: 10_000 },
        ],
        fmt,
      ),
    ).toBe('0.00-1000.00 @ 15 %, 1000.00+ @ 10 %');
  });
});
