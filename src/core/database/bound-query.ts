import type { Knex } from '@mikro-orm/knex';
import { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs SQL with real bind parameters ($1, $2, ...) in the entity manager's transaction, answering
 * its rows. `em.execute` formats every parameter into the SQL text first: for a JSON batch of
 * thousands of rows (jsonb_to_recordset) quoting the text and parsing it back cost more than the
 * statement (bench settle-sale). Bind strings, not JS arrays (knex spreads an array into a list):
 * `= any(?::int[])` with `intArray(ids)`, `jsonb_to_recordset(?::jsonb)` with `JSON.stringify(rows)`.
 */
export async function boundQuery<T = Record<string, unknown>>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const query = em.getKnex().raw(sql, params as Knex.RawBinding[]);
  const trx = em.getTransactionContext<Knex.Transaction>();
  const res = (await (trx ? query.transacting(trx) : query)) as { rows: T[] };
  return res.rows;
}

/**
 * The same, each row as an array of its values in the select list's order (pg's `rowMode: 'array'`):
 * no object keyed by column name per row, the cheaper read for thousands of rows mapped at once
 * (a whole group's invoice lines).
 */
export async function boundArrayQuery(em: EntityManager, sql: string, params: unknown[]): Promise<unknown[][]> {
  const query = em
    .getKnex()
    .raw(sql, params as Knex.RawBinding[])
    .options({ rowMode: 'array' });
  const trx = em.getTransactionContext<Knex.Transaction>();
  const res = (await (trx ? query.transacting(trx) : query)) as { rows: unknown[][] };
  return res.rows;
}
