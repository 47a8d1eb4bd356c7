/**
 * Guards and sums for integer cents. Amounts stay JS numbers (what the entities map) but every
 * value entering the arithmetic is checked to be a safe integer, and sums are accumulated in
 * BigInt, so a fraction of a cent or a float can never slip in and a sum can never lose precision.
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

export function sumCents(values: Iterable<Cents>): Cents {
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
