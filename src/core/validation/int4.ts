/**
 * PostgreSQL `integer` (int4): every id column. A larger number cannot name a row, and sent to the
 * database it is an error (a 500), not "not found": so every id is checked against this once.
 */
export const MAX_ID = 2_147_483_647;

/** A positive int4 id from a JSON number, else null. */
export function idFromNumber(v: unknown): number | null {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 1 && v <= MAX_ID ? v : null;
}

/**
 * A positive int4 id from a number or its decimal digits (surrounding spaces allowed, as legacy
 * forms send them), else null. Used for ids in bodies and query strings.
 */
export function idFromInput(v: unknown): number | null {
  if (typeof v === 'number') return idFromNumber(v);
  if (typeof v !== 'string' || !/^\s*\d{1,10}\s*$/.test(v)) return null;
  return idFromNumber(Number(v));
}

/**
 * An id in a URL path: canonical digits only (no sign, spaces or leading zeros), 1 to MAX_ID, else
 * null. One URL per record: `/x/007` is not `/x/7`.
 */
export function idFromPath(raw: unknown): number | null {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  return idFromNumber(Number(raw));
}
