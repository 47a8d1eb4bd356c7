import * as path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { buildOrmOptions } from '../../src/core/database/mikro-orm.options';
import { startEmbeddedPostgres } from '../../src/core/database/embedded-postgres';
import { assertCaseFilesRun } from './case-files';
import { dropStaleClones } from './stale-databases';
import { findPostgres, findRedis, sql, TestEnv, withDatabase } from './test-env';

/**
 * Once per run: find PostgreSQL (or start the embedded one) and Redis, and build a migrated
 * template database. Each test file then clones it (CREATE DATABASE ... TEMPLATE), which takes
 * a fraction of a second; global teardown drops them all.
 */
export default async function globalSetup(): Promise<void> {
  assertCaseFilesRun(path.resolve(__dirname, '..'));
  let adminUrl = await findPostgres();
  if (!adminUrl) {
    const pg = await startEmbeddedPostgres({ dir: path.resolve(__dirname, '../../.tmp/test-postgres'), port: 5499, database: 'postgres' });
    adminUrl = pg.url;
    (globalThis as { __embeddedPg?: { stop(): Promise<void> } }).__embeddedPg = pg;
  }
  await dropStaleClones(adminUrl);
  const templateDb = `ar_test_${process.pid}`;
  await sql(adminUrl, `DROP DATABASE IF EXISTS ${templateDb}`);
  await sql(adminUrl, `CREATE DATABASE ${templateDb}`);
  const orm = await MikroORM.init(buildOrmOptions(withDatabase(adminUrl, templateDb)));
  try {
    await orm.getMigrator().up();
  } finally {
    await orm.close();
    // Entity metadata discovered here must not leak into in-band test contexts (mikro-orm#3783).
    for (const key of Object.keys(globalThis)) if (key.startsWith('mikro-orm-')) delete (globalThis as Record<string, unknown>)[key];
  }
  const env: TestEnv = { adminUrl, templateDb, redisUrl: await findRedis() };
  process.env.AR_TEST_ENV = JSON.stringify(env);
  (globalThis as { __testEnv?: TestEnv }).__testEnv = env;
}
