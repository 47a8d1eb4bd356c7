import { eachConcurrently } from './each-concurrently';
import { DROPS_AT_ONCE } from './stale-databases';
import * as fs from 'node:fs';
import { demoFilesDir, sql, TestEnv } from './test-env';

export default async function globalTeardown(): Promise<void> {
  const g = globalThis as { __testEnv?: TestEnv; __embeddedPg?: { stop(): Promise<void> } };
  if (g.__testEnv) {
    const { adminUrl, templateDb } = g.__testEnv;
    // This run's template and every database its files made (other runs' databases are theirs).
    const { rows } = await sql(adminUrl, `select datname from pg_database where datname = $1 or datname like $1 || '\\_%'`, [templateDb]);
    const names = rows.map((r) => String(r.datname));
    const drop = (name: string) =>
      sql(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).then(
        () => undefined,
        () => undefined,
      );
    await eachConcurrently(
      names.filter((n) => n !== templateDb),
      DROPS_AT_ONCE,
      drop,
    );
    if (names.includes(templateDb)) await drop(templateDb);
    fs.rmSync(demoFilesDir(`${templateDb}_demo`), { recursive: true, force: true });
  }
  await g.__embeddedPg?.stop();
}
