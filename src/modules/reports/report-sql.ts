/**
 * What the report downloads' reads share: SQL fragments, row readers and the keyset condition. Each
 * report's reads (`*.query.ts`) stream batches (keyset-batches.ts); every query names the house, and
 * reports read results, bids, bidders and invoices read-only (docs/decisions/report-downloads.md).
 * Money columns are bigint and come back as text: Number().
 */

export type Execute = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
export type Row = Record<string, unknown>;

/** A sold lot: a result (winning approval and hammer) on a lot that is not deleted (as Sale Results). */
export const SOLD = `l.winning_approval_id is not null and l.hammer_cents is not null and l.status <> 'd'`;
/** A bid that counts: not cancelled, from a bidder still registered. */
export const LIVE_BID = `b.cancelled_at is null and b.approval_id is not null`;
/** The channel invoices charge by: the result's, else the registration's (invoice-builder.ts). */
export const CHANNEL = `coalesce(l.result_channel, a.channel)`;
/** Lots in catalog order: number (padded), extension, id. */
export const LOT_KEYS = `lpad(coalesce(l.lot_number, ''), 8, '0'), coalesce(l.lot_ext, ''), l.id`;

export const num = (v: unknown) => Number(v);
export const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
/** `and (keys) > (?, …)` after the last row of the previous batch (nothing for the first). */
export const after = (keys: string, row: Row | null, values: (r: Row) => unknown[]) =>
  row
    ? {
        sql: `and (${keys}) > (${values(row)
          .map(() => '?')
          .join(', ')})`,
        params: values(row),
      }
    : { sql: '', params: [] };

/**
 * Rows whose member is of the house. The member's house is checked here, not in the SQL join: with
 * stale statistics (right after a large import) the planner scanned the house's members for every
 * row (seconds per batch) instead of reading the member by key.
 */
export function ownMembers(rows: readonly Row[], houseId: number): Row[] {
  return rows.filter((r) => num(r.member_house_id) === houseId);
}

export async function* mapBatches<T, U>(batches: AsyncIterable<T[]>, f: (t: T) => U): AsyncGenerator<U[]> {
  for await (const b of batches) yield b.map(f);
}
