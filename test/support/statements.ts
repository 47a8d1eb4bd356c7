import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The SQL statements sent while `fn` runs: every query reaches PostgreSQL through the ORM's knex
 * (entity reads, `execute`, and the bound and array reads of core/database/bound-query.ts alike),
 * which reports each one. Counts what the whole app sends meanwhile, so run nothing else at once.
 */
export async function statementsSent<T>(em: EntityManager, fn: () => PromiseLike<T>): Promise<{ result: T; sql: string[] }> {
  const knex = em.getKnex();
  const sql: string[] = [];
  const record = (q: { sql: string }) => sql.push(q.sql);
  knex.on('query', record);
  try {
    return { result: await fn(), sql };
  } finally {
    knex.off('query', record);
  }
}
