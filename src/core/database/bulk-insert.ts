import { EntityManager } from '@mikro-orm/postgresql';

/**
 * Multi-row INSERT ... RETURNING id in batches, by entity property names (relations by id).
 * For set-based writes (demo data, imports, invoice creation): no unit of work, no per-row round trip.
 * Columns left out take their database defaults.
 */
export async function bulkInsert<T extends object>(
  em: EntityManager,
  entity: new (...args: never[]) => T,
  rows: Partial<Record<keyof T, unknown>>[],
  batchSize = 2000,
): Promise<number[]> {
  if (!rows.length) return [];
  const meta = em.getMetadata().get(entity.name);
  const column = (prop: string): string => {
    const p = meta.properties[prop as keyof typeof meta.properties];
    if (!p) throw new Error(`${entity.name} has no property ${prop}`);
    return p.fieldNames[0];
  };
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += batchSize) {
    const batch = rows.slice(i, i + batchSize).map((row) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(row)) if (v !== undefined) out[column(k)] = v;
      return out;
    });
    const query = em.getKnex().insert(batch).into(meta.tableName).returning('id');
    // Inside em.transactional(), run in that transaction (a bare knex query would commit on its own).
    const trx = em.getTransactionContext();
    const inserted = await (trx ? query.transacting(trx) : query);
    ids.push(...inserted.map((r: { id: number }) => r.id));
  }
  return ids;
}
