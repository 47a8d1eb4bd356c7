import { randomBytes } from 'node:crypto';
import { readTestEnv, sql, withDatabase } from './test-env';

export interface TestDatabase {
  name: string;
  url: string;
  /**
   * Done with the database: global teardown drops it with the run's other databases. Dropping
   * here cost a file up to seconds on a busy server (PostgreSQL 15's DROP DATABASE waits for a
   * checkpoint of the whole server); teardown drops them side by side, sharing checkpoints.
   */
  drop(): Promise<void>;
}

/** A database named after the run's template (global teardown drops it, even after a crash). */
export function runDatabaseName(kind = ''): string {
  return `${readTestEnv().templateDb}_${kind}${randomBytes(5).toString('hex')}`;
}

/** A fresh, migrated database cloned from the run's template (or from `template`, e.g. the demo one). */
export async function createTestDatabase(template?: string): Promise<TestDatabase> {
  const env = readTestEnv();
  const name = runDatabaseName();
  for (let attempt = 0; ; attempt++) {
    try {
      await sql(env.adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template ?? env.templateDb}`);
      break;
    } catch (e) {
      // Two clones of one template at the same instant can collide ("being accessed by other users").
      if (attempt >= 20 || !String((e as Error).message).includes('being accessed')) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  return { name, url: withDatabase(env.adminUrl, name), drop: async () => undefined };
}
