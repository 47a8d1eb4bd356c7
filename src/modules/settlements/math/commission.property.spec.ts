/**
 * Property test: random plans and lots settled by the real code and by a second, deliberately
 * simple implementation written here (slice by slice with plain BigInt fractions, rounding by
 * floor((2n + d) / 2d)), which must agree to the cent on every line and on the net due.
 */
import fc from 'fast-check';
import { settlementLine, settlementTotals, type CommissionTerms, type LineInput, type LineState } from './commission';

const D = 100_000n;
const round = (num: bigint): number => Number((2n * num + D) / (2n * D)); // non-negative numerators only

function simpleLine(input: LineInput, t: CommissionTerms): { commission: number; buyIn: number; fees: number; tax: number; net: number } {
  if (input.state === 'held') return { commission: 0, buyIn: 0, fees: 0, tax: 0, net: 0 };
  let commission = 0;
  if (input.state === 'sold') {
    const h = BigInt(input.hammerCents);
    if (input.override?.commissionCents != null) commission = input.override.commissionCents;
    else if (input.override?.rate != null) commission = round(h * BigInt(input.override.rate));
    else {
      let num = 0n;
      for (const tier of t.tiers) {
        const lo = BigInt(tier.fromCents);
        const hi = tier.toCents == null ? h : BigInt(Math.min(tier.toCents, input.hammerCents));
        if (hi > lo) num += (hi - lo) * BigInt(tier.rate);
      }
      commission = round(num);
      if (commission < t.minimumCommissionCents) commission = t.minimumCommissionCents;
    }
  }
  const buyIn = input.state === 'unsold' ? t.buyInFeeCents + round(BigInt(input.reserveCents ?? 0) * BigInt(t.buyInRate)) : 0;
  const fees = t.photographyFeeCents + t.insuranceFeeCents + t.lottingFeeCents;
  const tax = round(BigInt(commission + buyIn) * BigInt(t.commissionTaxRate));
  const hammer = input.state === 'sold' ? input.hammerCents : 0;
  return { commission, buyIn, fees, tax, net: hammer - commission - buyIn - fees - tax };
}

const cents = (max: number) => fc.integer({ min: 0, max });
const rate = fc.integer({ min: 0, max: 60_000 });

const tiersArb = fc.array(fc.tuple(fc.integer({ min: 1, max: 500_000 }), rate), { minLength: 0, maxLength: 4 }).chain((bounded) =>
  rate.map((lastRate) => {
    let from = 0;
    const tiers = bounded.map(([width, r]) => {
      const tier = { fromCents: from, toCents: from + width, rate: r };
      from += width;
      return tier;
    });
    return [...tiers, { fromCents: from, toCents: null, rate: lastRate }];
  }),
);

const termsArb: fc.Arbitrary<CommissionTerms> = fc.record({
  tiers: tiersArb,
  minimumCommissionCents: cents(10_000),
  buyInFeeCents: cents(5_000),
  buyInRate: rate,
  photographyFeeCents: cents(5_000),
  insuranceFeeCents: cents(5_000),
  lottingFeeCents: cents(5_000),
  commissionTaxRate: fc.integer({ min: 0, max: 25_000 }),
});

const lineArb: fc.Arbitrary<LineInput> = fc.record({
  state: fc.constantFrom<LineState>('sold', 'sold', 'sold', 'unsold', 'passed', 'returned', 'held'),
  hammerCents: cents(5_000_000),
  reserveCents: fc.option(cents(2_000_000), { nil: null }),
  override: fc.option(
    fc.oneof(
      fc.record({ rate, commissionCents: fc.constant(null) }),
      fc.record({ rate: fc.constant(null), commissionCents: cents(100_000) }),
    ),
    { nil: null, freq: 4 },
  ),
});

describe('settlement arithmetic: property test against a simple implementation', () => {
  it('agrees to the cent on every line and on the net due', () => {
    fc.assert(
      fc.property(
        termsArb,
        fc.array(lineArb, { maxLength: 12 }),
        fc.array(fc.record({ kind: fc.constantFrom('expense' as const, 'advance' as const), amountCents: cents(100_000) }), {
          maxLength: 3,
        }),
        (terms, inputs, adjustments) => {
          const lines = inputs.map((input) => ({ ...settlementLine(input, terms), state: input.state }));
          let expectedNet = 0;
          inputs.forEach((input, i) => {
            const s = simpleLine(input, terms);
            expect([lines[i].commissionCents, lines[i].buyInFeeCents, lines[i].feesCents, lines[i].taxCents, lines[i].netCents]).toEqual([
              s.commission,
              s.buyIn,
              s.fees,
              s.tax,
              s.net,
            ]);
            expectedNet += s.net;
          });
          for (const a of adjustments) expectedNet -= a.amountCents;
          expect(settlementTotals(lines, adjustments).netDueCents).toBe(expectedNet);
        },
      ),
      { numRuns: 500 },
    );
  });
});
