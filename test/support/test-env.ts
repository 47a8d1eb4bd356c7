import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { portAnswers } from '../../src/core/config/runtime';

/** What global setup found, handed to the test workers through the environment. */
export interface TestEnv {
  adminUrl: string;
  templateDb: string;
  redisUrl: string | null;
}

export function readTestEnv(): TestEnv {
  const raw = process.env.AR_TEST_ENV;
  if (!raw) throw new Error('AR_TEST_ENV is not set: run the tests through jest (global setup)');
  return JSON.parse(raw) as TestEnv;
}

/** Where the run's demo template keeps its stored files (test-app.ts; global teardown removes them). */
export function demoFilesDir(templateName: string): string {
  return path.join(os.tmpdir(), `${templateName}-files`);
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function sql(url: string, text: string, params: unknown[] = []): Promise<{ rows: Record<string, unknown>[] }> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text, params);
  } finally {
    await c.end();
  }
}

/** DATABASE_URL when set, else PostgreSQL on 127.0.0.1:5432 when it answers, else null (embedded). */
export async function findPostgres(): Promise<string | null> {
  if (process.env.DATABASE_URL) return withDatabase(process.env.DATABASE_URL, 'postgres');
  if (await portAnswers('127.0.0.1', 5432, 500)) return 'postgres://postgres@127.0.0.1:5432/postgres';
  return null;
}

export async function findRedis(): Promise<string | null> {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  return (await portAnswers('127.0.0.1', 6379, 300)) ? 'redis://127.0.0.1:6379' : null;
}
