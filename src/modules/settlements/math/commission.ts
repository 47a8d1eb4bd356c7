/**
 * The settlement arithmetic of one consigned lot (docs/settlements.md): pure functions on integer
 * cents and rates in thousandths of a percent, with the invoice arithmetic's helpers.
 *
 * Why marginal tiers: like the buyer's premium steps, each slice of the hammer is charged its own
 * tier's rate, so the commission never jumps when a hammer crosses a boundary; the slices' exact
 * products are summed and rounded half up once (`exactPremium` does exactly that for any table).
 */
import { rateProduct, type Cents, type RateMilli } from '../../../core/money/money';
import { assertCents, assertRate, exactPremium, InvoiceMathError, roundExact, sumCents, validatePremiumSteps } from '../../invoicing/math';
import { SettlementsError, SettlementsErrorCode } from '../settlements.errors';

export interface CommissionTier {
  fromCents: Cents;
  /** null for the last, open-ended tier. */
  toCents?: Cents | null;
  rate: RateMilli;
}

/** What a commission plan charges; every amount per lot. */
export interface CommissionTerms {
  /** A flat percentage is one open tier from 0. */
  tiers: readonly CommissionTier[];
  minimumCommissionCents: Cents;
  /** Unsold (bought in): a fixed fee plus a rate of the reserve. */
  buyInFeeCents: Cents;
  buyInRate: RateMilli;
  photographyFeeCents: Cents;
  insuranceFeeCents: Cents;
  lottingFeeCents: Cents;
  /** Tax on the house's commission and buy-in fee; 0 where none is configured. */
  commissionTaxRate: RateMilli;
}

/** A per-lot override: the agreed commission of that lot, as a rate of the hammer or a fixed amount. */
export interface CommissionOverride {
  rate?: RateMilli | null;
  commissionCents?: Cents | null;
}

export type LineState = 'sold' | 'unsold' | 'passed' | 'returned' | 'held';

export interface LineInput {
  state: LineState;
  /** Sold: the hammer collected on (the invoice line's, floor edits included). Otherwise ignored. */
  hammerCents: Cents;
  /** Unsold: the reserve the lot was bought in below (null: none). */
  reserveCents?: Cents | null;
  override?: CommissionOverride | null;
}

export interface LineAmounts {
  hammerCents: Cents;
  commissionCents: Cents;
  buyInFeeCents: Cents;
  photographyFeeCents: Cents;
  insuranceFeeCents: Cents;
  lottingFeeCents: Cents;
  feesCents: Cents;
  taxCents: Cents;
  /** What the line adds to the consignor's due: hammer less every charge (negative for an unsold lot with fees). */
  netCents: Cents;
}

export const ZERO_LINE: Readonly<LineAmounts> = Object.freeze({
  hammerCents: 0,
  commissionCents: 0,
  buyInFeeCents: 0,
  photographyFeeCents: 0,
  insuranceFeeCents: 0,
  lottingFeeCents: 0,
  feesCents: 0,
  taxCents: 0,
  netCents: 0,
});

/** A refused plan: the message, also beside its field (`tiers`, `buyInRate`...) so the plan form shows it there. */
function planError(message: string, field = 'tiers'): SettlementsError {
  return new SettlementsError(SettlementsErrorCode.INVALID_PLAN, message, { [field]: message });
}

/** Tiers follow the premium steps' rules (from 0, contiguous, open-ended last); messages name tiers. */
export function validateTiers(tiers: readonly CommissionTier[]): void {
  if (!tiers.length) throw planError('A commission plan needs at least one tier (a flat rate is one tier from 0.00).');
  try {
    validatePremiumSteps(tiers);
  } catch (e) {
    if (e instanceof InvoiceMathError)
      throw planError(
        e.message
          .replace(/Premium step/g, 'Commission tier')
          .replace(/premium step/g, 'commission tier')
          .replace(/where step/g, 'where tier'),
      );
    throw e;
  }
}

/** Refuses terms that would give a wrong statement: bad tiers, fractional cents, negative fees, bad rates. */
export function validateTerms(t: CommissionTerms): void {
  validateTiers(t.tiers);
  const amounts: [Cents, string, keyof CommissionTerms][] = [
    [t.minimumCommissionCents, 'The minimum commission', 'minimumCommissionCents'],
    [t.buyInFeeCents, 'The buy-in fee', 'buyInFeeCents'],
    [t.photographyFeeCents, 'The photography fee', 'photographyFeeCents'],
    [t.insuranceFeeCents, 'The insurance fee', 'insuranceFeeCents'],
    [t.lottingFeeCents, 'The lotting fee', 'lottingFeeCents'],
  ];
  const check = (field: keyof CommissionTerms, fn: () => void) => {
    try {
      fn();
    } catch (e) {
      if (e instanceof InvoiceMathError) throw planError(e.message, field);
      throw e;
    }
  };
  for (const [v, what, field] of amounts) check(field, () => assertCents(v, what));
  check('buyInRate', () => assertRate(t.buyInRate, 'The buy-in rate'));
  check('commissionTaxRate', () => assertRate(t.commissionTaxRate, 'The tax on commission'));
}

/** Commission on a sold lot: the override when there is one, else the marginal tiers raised to the minimum. */
export function commissionOf(hammer: Cents, terms: CommissionTerms, override?: CommissionOverride | null): Cents {
  assertCents(hammer, 'Hammer');
  if (override?.commissionCents != null) {
    assertCents(override.commissionCents, 'The commission override');
    return override.commissionCents;
  }
  if (override?.rate != null) {
    assertRate(override.rate, 'The commission override rate');
    return roundExact(rateProduct(hammer, override.rate));
  }
  const byTiers = roundExact(exactPremium(hammer, terms.tiers));
  return Math.max(byTiers, terms.minimumCommissionCents);
}

/** Buy-in fee of an unsold lot: the fixed fee plus the rate of the reserve, rounded once. */
export function buyInFeeOf(reserve: Cents | null | undefined, terms: CommissionTerms): Cents {
  const base = reserve ?? 0;
  assertCents(base, 'Reserve');
  return terms.buyInFeeCents + roundExact(rateProduct(base, terms.buyInRate));
}

/** Tax on what the house charges for selling (commission and buy-in fee), rounded once per line. */
export function commissionTaxOf(commission: Cents, buyInFee: Cents, terms: CommissionTerms): Cents {
  if (!terms.commissionTaxRate) return 0;
  return roundExact(rateProduct(commission + buyInFee, terms.commissionTaxRate));
}

/**
 * One settlement line. Held lines count nowhere (zero). Fixed fees are charged on every consigned
 * lot that is settled (sold, unsold, passed, returned): the photography, insurance and lotting work
 * was done whatever the outcome. Commission only on sold lots, buy-in fee only on unsold ones.
 */
export function settlementLine(input: LineInput, terms: CommissionTerms): LineAmounts {
  if (input.state === 'held') return { ...ZERO_LINE };
  const sold = input.state === 'sold';
  const hammerCents = sold ? input.hammerCents : 0;
  const commissionCents = sold ? commissionOf(hammerCents, terms, input.override) : 0;
  const buyInFeeCents = input.state === 'unsold' ? buyInFeeOf(input.reserveCents, terms) : 0;
  const { photographyFeeCents, insuranceFeeCents, lottingFeeCents } = terms;
  const feesCents = sumCents([photographyFeeCents, insuranceFeeCents, lottingFeeCents]);
  const taxCents = commissionTaxOf(commissionCents, buyInFeeCents, terms);
  const netCents = hammerCents - sumCents([commissionCents, buyInFeeCents, feesCents, taxCents]);
  return {
    hammerCents,
    commissionCents,
    buyInFeeCents,
    photographyFeeCents,
    insuranceFeeCents,
    lottingFeeCents,
    feesCents,
    taxCents,
    netCents,
  };
}

export interface Adjustment {
  kind: 'expense' | 'advance';
  amountCents: Cents;
}

export interface SettlementTotals {
  lotCount: number;
  heldCount: number;
  hammerCents: Cents;
  commissionCents: Cents;
  buyInFeeCents: Cents;
  feesCents: Cents;
  taxCents: Cents;
  expensesCents: Cents;
  advancesCents: Cents;
  /** Sum of the line nets less expenses and advances: what the house owes the consignor. */
  netDueCents: Cents;
}

/** Totals are sums of the rounded lines (never recomputed from unrounded parts). */
export function settlementTotals(
  lines: readonly (LineAmounts & { state: LineState })[],
  adjustments: readonly Adjustment[],
): SettlementTotals {
  const sum = (f: (l: LineAmounts) => Cents) => sumCents(lines.map(f));
  for (const a of adjustments) assertCents(a.amountCents, a.kind === 'expense' ? 'An expense' : 'An advance');
  const expensesCents = sumCents(adjustments.filter((a) => a.kind === 'expense').map((a) => a.amountCents));
  const advancesCents = sumCents(adjustments.filter((a) => a.kind === 'advance').map((a) => a.amountCents));
  return {
    lotCount: lines.length,
    heldCount: lines.filter((l) => l.state === 'held').length,
    hammerCents: sum((l) => l.hammerCents),
    commissionCents: sum((l) => l.commissionCents),
    buyInFeeCents: sum((l) => l.buyInFeeCents),
    feesCents: sum((l) => l.feesCents),
    taxCents: sum((l) => l.taxCents),
    expensesCents,
    advancesCents,
    netDueCents: sum((l) => l.netCents) - expensesCents - advancesCents,
  };
}
