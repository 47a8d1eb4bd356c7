/**
 * Money is an integer number of minor units (cents) with its currency code; rates are exact
 * decimals with 3 places held as integers in thousandths of a percent (6.250 % = 6250).
 * No floating point touches an amount.
 */
export type Cents = number;
/** Thousandths of a percent: 100 % = 100000. */
export type RateMilli = number;

export interface Money {
  cents: Cents;
  currency: string;
}

const RATE_SCALE = 100_000n; // 100 % expressed in thousandths of a percent

/** Rounds a rational n/d half up (away from zero for halves), for signed n and positive d. */
export function roundHalfUp(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('denominator must be positive');
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

/** cents x rate, rounded half up once. */
export function applyRate(cents: Cents, rate: RateMilli): Cents {
  return Number(roundHalfUp(BigInt(cents) * BigInt(rate), RATE_SCALE));
}

/** The exact (unrounded) product as a fraction over RATE_SCALE, for summing before one rounding. */
export function rateProduct(cents: Cents, rate: RateMilli): bigint {
  return BigInt(cents) * BigInt(rate);
}

export function roundRateSum(sum: bigint): Cents {
  return Number(roundHalfUp(sum, RATE_SCALE));
}

/**
 * Parses a decimal amount typed by a person ("1,234.5", "$12", "-3.25") into cents.
 * Returns null when it is not a number or has more than two decimals.
 */
export function parseAmountToCents(input: string | number): Cents | null {
  const raw = typeof input === 'number' ? String(input) : input;
  const s = raw.replace(/[\s,$€£]/g, '');
  const m = /^([+-]?)(\d*)(?:\.(\d{0,2}))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const cents = Number(m[2] || '0') * 100 + Number((m[3] ?? '').padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] === '-' ? -cents : cents;
}

/** Parses a rate with at most three decimals ("6.25", "6.250") into thousandths of a percent. */
export function parseRate(input: string | number): RateMilli | null {
  const s = String(input).trim();
  const m = /^(\d+)(?:\.(\d{0,3}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0') || '0');
}

/** "6.250" for 6250. */
export function formatRate(rate: RateMilli): string {
  const whole = Math.trunc(rate / 1000);
  const frac = String(Math.abs(rate % 1000)).padStart(3, '0');
  return `${whole}.${frac}`;
}

/** "1234.50" (no grouping, always two decimals); negative amounts keep their sign. */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
