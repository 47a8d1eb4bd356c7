import type { TestApp } from './test-app';

/**
 * Columns a read may write: a session's sliding expiry is touched by any request once it is a minute
 * old, which a long test on a loaded machine reaches (path-ids saw `staff_session` change).
 */
const SLIDING: Record<string, string[]> = { staff_session: ['last_seen_at', 'expires_at'] };

/**
 * Row count and an md5 of every row of a house, per table with a house_id column, plus the house
 * row itself (as test/identity/tenancy.e2e.ts takes it): one query, cheap after every request.
 */
export async function houseChecksums(t: TestApp, houseId: number): Promise<Record<string, string>> {
  const conn = t.em().getConnection();
  const tables = (
    (await conn.execute(
      `select c.table_name from information_schema.columns c
         join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
        where c.table_schema = 'public' and c.column_name = 'house_id' and tb.table_type = 'BASE TABLE'
        order by c.table_name`,
    )) as { table_name: string }[]
  ).map((r) => r.table_name);
  const parts = [`select 'house' as tb, 1 as n, md5(h::text) as h from house h where id = ?`];
  for (const table of tables) {
    const row = SLIDING[table] ? `(to_jsonb(x) - ${SLIDING[table].map((c) => `'${c}'`).join(' - ')})::text` : 'x::text';
    parts.push(
      `select '${table}', count(*)::int, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) from "${table}" x where house_id = ?`,
    );
  }
  const rows = (await conn.execute(
    parts.join(' union all '),
    parts.map(() => houseId),
  )) as { tb: string; n: number; h: string }[];
  return Object.fromEntries(rows.map((r) => [r.tb, `${r.n} rows, md5 ${r.h}`]));
}

/** The tables whose content differs between two checksums. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>): string[] =>
  Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
