/**
 * Tax and fee rows of an invoice template (INVOICE-MATH.md, rules 3 and 4).
 *
 * Matching: the row's country is the bidder's or ALL; for countries with states (US, CA, AU, UK/GB)
 * the row's state is the bidder's state/province or ALL. Decisions the spec leaves open:
 * - A row with no state (null) in a country with states covers the whole country, like ALL: the
 *   template only requires a state for US and CA rows, so an AU or UK row without one must mean
 *   "all of it".
 * - A row whose country is ALL ignores its state: a state only means something inside a country.
 * - A bidder with no country matches only ALL rows; one with no state matches only ALL/no-state rows.
 *
 * Rounding: the exact products (cents x thousandths of a percent) of every matching row are summed
 * and rounded half up ONCE per line, so two rows never add two half-cents.
 *
 * Fee labels: the fee total is that single rounding; the per-label amounts shown on the invoice are
 * an allocation of it (largest remainder), so the labels always add up to the Other they explain,
 * at the cost of a label occasionally being one cent off its own stand-alone rounding.
 */
import type { Cents, RateMilli } from '../../../core/money/money';
import { ALL, bidderStates, hasStates, normaliseCountryCode, normaliseStateCode, type BidderAddress } from './address';
import { addRateProduct, assertCents, assertRate, RATE_SCALE, roundExact, roundExactSafe, toCents } from './cents';

export interface ChargeRow {
  /** The tax type or fee type, shown as the label of a fee. */
  name: string;
  /** Thousandths of a percent (6.250 % = 6250). */
  rate: RateMilli;
  /** A country code, or 'ALL'. 'UK' and 'GB' are the same country. */
  countryCode: string;
  /** A state/province code, 'ALL', or null/absent (whole country). Optional so template row entities fit as they are. */
  stateCode?: string | null;
  onHammer: boolean;
  onPremium: boolean;
  onLiveFee: boolean;
}

/** The components a row can tick. */
export interface ChargeBase {
  hammer: Cents;
  premium: Cents;
  liveFee: Cents;
}

export interface FeeAmount {
  label: string;
  cents: Cents;
}

export interface FeeResult {
  /** All matching fee rows, rounded once. Carried in the line's Other. */
  total: Cents;
  /** The total split by fee type (labels with a zero amount left out); always sums to `total`. */
  byLabel: FeeAmount[];
}

export function rowMatches(row: ChargeRow, bidder: BidderAddress): boolean {
  const rowCountry = normaliseCountryCode(row.countryCode);
  if (rowCountry === ALL) return true;
  if (rowCountry === null || rowCountry !== normaliseCountryCode(bidder.countryCode)) return false;
  if (!hasStates(rowCountry)) return true;
  const rowState = normaliseStateCode(row.stateCode);
  if (rowState === null || rowState === ALL) return true;
  return bidderStates(bidder).includes(rowState);
}

export function matchingRows(rows: readonly ChargeRow[], bidder: BidderAddress): ChargeRow[] {
  return rows.filter((row) => rowMatches(row, bidder));
}

function assertBase(base: ChargeBase): void {
  assertCents(base.hammer, 'Hammer');
  assertCents(base.premium, "Buyer's premium");
  assertCents(base.liveFee, 'Live fee');
}

/** One row's exact amount over 100 000: rate x (the components it ticks). */
export function exactRowAmount(row: ChargeRow, base: ChargeBase): bigint {
  assertRate(row.rate, `The rate of '${row.name}'`);
  let on = 0n;
  if (row.onHammer) on += BigInt(base.hammer);
  if (row.onPremium) on += BigInt(base.premium);
  if (row.onLiveFee) on += BigInt(base.liveFee);
  return on * BigInt(row.rate);
}

/**
 * exactRowAmount in numbers, or null when a value or the result is not a safe integer (then the
 * caller takes the BigInt path). Checks the rate first, as exactRowAmount does.
 */
function safeRowAmount(row: ChargeRow, base: ChargeBase): number | null {
  assertRate(row.rate, `The rate of '${row.name}'`);
  let on = 0;
  if (row.onHammer) on += base.hammer;
  if (row.onPremium) on += base.premium;
  if (row.onLiveFee) on += base.liveFee;
  return Number.isSafeInteger(on) ? addRateProduct(0, on, row.rate) : null;
}

/** Tax from the template rows that match the bidder: exact products summed, rounded once. */
export function taxFromRows(rows: readonly ChargeRow[], bidder: BidderAddress, base: ChargeBase): Cents {
  assertBase(base);
  const matching = matchingRows(rows, bidder);
  let fast: number | null = 0;
  for (let i = 0; i < matching.length && fast !== null; i++) {
    const amount = safeRowAmount(matching[i], base);
    fast = amount === null ? null : addRateProduct(fast, amount, 1);
  }
  if (fast !== null) return roundExactSafe(fast);
  let sum = 0n;
  for (const row of matching) sum += exactRowAmount(row, base);
  return roundExact(sum);
}

/** Fees from the matching fee rows: total rounded once, split by fee type. */
export function feesFromRows(rows: readonly ChargeRow[], bidder: BidderAddress, base: ChargeBase): FeeResult {
  assertBase(base);
  const matching = matchingRows(rows, bidder);
  if (!matching.length) return { total: 0, byLabel: [] };
  return safeFees(matching, base) ?? exactFees(matching, base);
}

/**
 * feesFromRows in numbers while every amount stays a safe integer (the exact products are never
 * negative here, so `%` and the division below are BigInt's truncating `%` and `/`), else null.
 */
function safeFees(matching: readonly ChargeRow[], base: ChargeBase): FeeResult | null {
  const exactByLabel = new Map<string, number>();
  let sum = 0;
  for (const row of matching) {
    const exact = safeRowAmount(row, base);
    if (exact === null) return null;
    const label = row.name.trim();
    const byLabel = addRateProduct(exactByLabel.get(label) ?? 0, exact, 1);
    const next = addRateProduct(sum, exact, 1);
    if (byLabel === null || next === null) return null;
    exactByLabel.set(label, byLabel);
    sum = next;
  }
  const total = roundExactSafe(sum);
  const scale = Number(RATE_SCALE);
  const entries = [...exactByLabel.entries()].map(([label, exact], order) => ({
    label,
    order,
    cents: (exact - (exact % scale)) / scale,
    remainder: exact % scale,
  }));
  let extra = total - entries.reduce((s, e) => s + e.cents, 0);
  const byRemainder = entries.length > 1 ? [...entries].sort((a, b) => b.remainder - a.remainder || a.order - b.order) : entries;
  for (const e of byRemainder) {
    if (extra <= 0) break;
    e.cents += 1;
    extra -= 1;
  }
  return { total, byLabel: entries.filter((e) => e.cents !== 0).map((e) => ({ label: e.label, cents: e.cents })) };
}

function exactFees(matching: readonly ChargeRow[], base: ChargeBase): FeeResult {
  const exactByLabel = new Map<string, bigint>();
  let sum = 0n;
  for (const row of matching) {
    const exact = exactRowAmount(row, base);
    const label = row.name.trim();
    exactByLabel.set(label, (exactByLabel.get(label) ?? 0n) + exact);
    sum += exact;
  }
  const total = roundExact(sum);
  // Largest remainder: floor every label, then hand the cents the single rounding added to the
  // labels with the largest remainders (first label first on ties). Amounts are never negative here.
  const entries = [...exactByLabel.entries()].map(([label, exact], order) => ({
    label,
    order,
    cents: exact / RATE_SCALE,
    remainder: exact % RATE_SCALE,
  }));
  let extra = BigInt(total) - entries.reduce((s, e) => s + e.cents, 0n);
  const byRemainder = [...entries].sort((a, b) => (a.remainder === b.remainder ? a.order - b.order : a.remainder > b.remainder ? -1 : 1));
  for (const e of byRemainder) {
    if (extra <= 0n) break;
    e.cents += 1n;
    extra -= 1n;
  }
  return {
    total,
    byLabel: entries.filter((e) => e.cents !== 0n).map((e) => ({ label: e.label, cents: toCents(e.cents) })),
  };
}
