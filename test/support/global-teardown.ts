import { sql, TestEnv } from './test-env';

/** Drops at most this many databases at once: their DROPs share the checkpoints PostgreSQL 15 forces. */
const DROPS_AT_ONCE = 8;

export default async function globalTeardown(): Promise<void> {
  const g = globalThis as { __testEnv?: TestEnv; __embeddedPg?: { stop(): Promise<void> } };
  if (g.__testEnv) {
    const { adminUrl, templateDb } = g.__testEnv;
    // This run's template and every database its files made (other runs' databases are theirs).
    const { rows } = await sql(adminUrl, `select datname from pg_database where datname = $1 or datname like $1 || '\\_%'`, [templateDb]);
    const names = rows.map((r) => String(r.datname));
    const queue = names.filter((n) => n !== templateDb);
    const drop = (name: string) => sql(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await Promise.all(
      Array.from({ length: DROPS_AT_ONCE }, async () => {
        for (let name = queue.shift(); name; name = queue.shift()) await drop(name);
      }),
    );
    if (names.includes(templateDb)) await drop(templateDb);
  }
  await g.__embeddedPg?.stop();
}
