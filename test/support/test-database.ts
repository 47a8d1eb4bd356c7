import { randomBytes } from 'node:crypto';
import { readTestEnv, sql, withDatabase } from './test-env';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database cloned from the run's template (or from `template`, e.g. the demo one). */
export async function createTestDatabase(template?: string): Promise<TestDatabase> {
  const env = readTestEnv();
  const name = `${env.templateDb}_${randomBytes(5).toString('hex')}`;
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
  return {
    name,
    url: withDatabase(env.adminUrl, name),
    drop: () => sql(env.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined),
  };
}
