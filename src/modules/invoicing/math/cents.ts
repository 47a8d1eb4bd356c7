/**
 * Guards and sums for integer cents. Amounts stay JS numbers (what the entities map) but every
 * value entering the arithmetic is checked to be a safe integer, and sums and rate products are
 * exact: in numbers while every operand and result is a safe integer (where number arithmetic is
 * exact), in BigInt otherwise, so a fraction of a cent or a float can never slip in and a sum can
 * never lose precision. The number path only spares the BigInt conversions of ordinary amounts.
 */
import { roundHalfUp, type Cents, type RateMilli } from '../../../core/money/money';
import { InvoiceMathError, InvoiceMathErrorCode } from './errors';

export function assertCents(value: Cents, what: string, opts: { allowNegative?: boolean } = {}): void {
  if (!Number.isSafeInteger(value)) {
    throw new InvoiceMathError(InvoiceMathErrorCode.INVALID_AMOUNT, `${what} must be a whole number of cents.`);
  }
  if (!opts.allowNegative && value < 0) {
    throw new InvoiceMathError(InvoiceMathErrorCode.INVALID_AMOUNT, `${what} cannot be negative.`);
  }
}

export function assertRate(rate: RateMilli, what: string): void {
  if (!Number.isSafeInteger(rate) || rate < 0) {
    throw new InvoiceMathError(InvoiceMathErrorCode.INVALID_RATE, `${what} must be a rate of at least 0 with at most three decimals.`);
  }
}

/** Converts an exact BigInt amount of cents back to a number, refusing anything beyond 2^53. */
export function toCents(value: bigint): Cents {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) {
    throw new InvoiceMathError(InvoiceMathErrorCode.INVALID_AMOUNT, 'The amount is too large.');
  }
  return n;
}

/**
 * The exact sum. Safe integers add exactly as numbers as long as every partial sum stays a safe
 * integer (a partial sum beyond 2^53 rounds to at least 2^53, which the check sees), so that is
 * tried first; anything else (a fraction, a partial sum past 2^53) takes the BigInt path, which
 * keeps the errors it always gave.
 */
export function sumCents(values: Iterable<Cents>): Cents {
  const list = Array.isArray(values) ? (values as readonly Cents[]) : [...values];
  let fast = 0;
  for (let i = 0; i < list.length; i++) {
    fast += list[i];
    if (!Number.isSafeInteger(list[i]) || !Number.isSafeInteger(fast)) return sumCentsExact(list);
  }
  return fast;
}

function sumCentsExact(values: readonly Cents[]): Cents {
  let sum = 0n;
  for (const v of values) sum += BigInt(v);
  return toCents(sum);
}

/** 100 % in thousandths of a percent: the denominator of every exact rate product. */
export const RATE_SCALE = 100_000n;

/** Rounds an exact sum of rate products (a numerator over RATE_SCALE) half up to cents, once. */
export function roundExact(sum: bigint): Cents {
  return toCents(roundHalfUp(sum, RATE_SCALE));
}

const SCALE = Number(RATE_SCALE);

/**
 * `a + cents x rate` when every value and the result are safe integers (then the number arithmetic
 * is exact: a result beyond 2^53 rounds to at least 2^53, which the check sees), else null, and the
 * caller takes the BigInt path. Lets the per-line arithmetic skip BigInt for ordinary amounts.
 */
export function addRateProduct(a: number, cents: Cents, rate: RateMilli): number | null {
  const product = cents * rate;
  const sum = a + product;
  return Number.isSafeInteger(cents) && Number.isSafeInteger(rate) && Number.isSafeInteger(product) && Number.isSafeInteger(sum)
    ? sum
    : null;
}

/** roundExact of a numerator that is a safe integer, in numbers: the same half-up rounding (away from zero on halves). */
export function roundExactSafe(sum: number): Cents {
  const r = sum % SCALE;
  const q = (sum - r) / SCALE;
  if (r === 0) return q;
  return Math.abs(r) * 2 >= SCALE ? (sum < 0 ? q - 1 : q + 1) : q;
}
