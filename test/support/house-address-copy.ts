/** Runs SQL on the test database (the knex-style `execute` of MikroORM's connection). */
export type Sql = (q: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * The `house_address` columns a copied location takes over as they are (all but id, primary and
 * the facility name), quoted: `insert into house_address (cols, "primary", facility_name) select a.cols, ...`.
 */
export async function copiedAddressColumns(sql: Sql): Promise<string[]> {
  const rows = await sql(
    `select column_name from information_schema.columns
      where table_name = 'house_address' and column_name not in ('id', 'primary', 'facility_name')`,
  );
  return rows.map((c) => `"${String(c.column_name)}"`);
}
