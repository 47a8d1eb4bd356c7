import { sql, TestEnv } from './test-env';

export default async function globalTeardown(): Promise<void> {
  const g = globalThis as { __testEnv?: TestEnv; __embeddedPg?: { stop(): Promise<void> } };
  if (g.__testEnv) {
    // This run's template and any clone a crashed worker left behind (other runs' databases are theirs).
    const { rows } = await sql(g.__testEnv.adminUrl, `select datname from pg_database where datname = $1 or datname like $1 || '\\_%'`, [
      g.__testEnv.templateDb,
    ]);
    for (const r of rows) {
      await sql(g.__testEnv.adminUrl, `DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`).catch(() => undefined);
    }
  }
  await g.__embeddedPg?.stop();
}
