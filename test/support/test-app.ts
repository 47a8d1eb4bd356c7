import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Type } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig } from '../../src/core/config/app-config';
import { Runtime } from '../../src/core/config/runtime';
import { createApp } from '../../src/core/http/create-app';
import { loadDemoData } from '../../src/demo/demo-data';
import { arrangeDemoChargingGroup } from '../../src/demo/demo-charging';
import { arrangeDemoTimedBids } from '../../src/demo/demo-timed-bids';
import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from './test-database';
import { deleteRedisKeys } from './redis-keys';
import { readTestEnv, sql } from './test-env';

export interface TestApp {
  app: NestExpressApplication;
  /** The HTTP server, for supertest. */
  server: ReturnType<NestExpressApplication['getHttpServer']>;
  db: TestDatabase;
  runtime: Runtime;
  /** A fresh entity manager on the test database. */
  em(): EntityManager;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Load the demo data (houses demo and other) before starting. */
  demo?: boolean;
  /** Use Redis (Bull) when available; false forces the in-process queue. Default true. */
  redis?: boolean;
  processJobs?: boolean;
  runSchedules?: boolean;
  env?: Record<string, string>;
  /** Reuse a database (several instances on one database); it is not dropped on close. */
  database?: TestDatabase;
  /** Test-only modules mounted in the real app (probe controllers, test job handlers). */
  extraModules?: Type[];
}

/** The real application on its own database (and its own Redis key prefix), as production builds it. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const env = readTestEnv();
  const ownDb = !opts.database;
  const db = opts.database ?? (await createTestDatabase());
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-files-'));
  const prefix = `artest${randomBytes(4).toString('hex')}`;
  const redisUrl = opts.redis === false ? null : env.redisUrl;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: db.url,
    QUEUE_PREFIX: prefix,
    STORAGE_DIR: storageDir,
    DEMO_DATA: 'off',
    ...opts.env,
  });
  const runtime: Runtime = {
    config,
    databaseUrl: db.url,
    redisUrl,
    processJobs: opts.processJobs ?? true,
    runSchedules: opts.runSchedules ?? false,
  };
  if (opts.demo) {
    const orm = await MikroORM.init((await import('../../src/core/database/mikro-orm.options')).buildOrmOptions(db.url));
    await loadDemoData(orm.em.fork() as EntityManager, {});
    await orm.close();
  }
  const app = await createApp(runtime, { extraModules: opts.extraModules });
  // The demo's charging group and timed bids are made by the application's own services (demo-charging.ts, demo-timed-bids.ts).
  if (opts.demo) {
    await arrangeDemoChargingGroup(app);
    await arrangeDemoTimedBids(app);
  }
  const orm = app.get(MikroORM);
  return {
    app,
    server: app.getHttpServer(),
    db,
    runtime,
    em: () => orm.em.fork() as EntityManager,
    close: async () => {
      await app.close();
      if (redisUrl) await deleteRedisKeys(redisUrl, `${prefix}:*`);
      fs.rmSync(storageDir, { recursive: true, force: true });
      if (ownDb) await db.drop();
    },
  };
}

/**
 * The demo data, loaded and arranged once per run into `<template>_demo` (global teardown drops it
 * with the run's other databases), so each browser file clones it instead of loading it again
 * (seconds per file). Built with jobs held: the arrangement's queued runs (invoice creation and
 * sending) stay `queued` in job_run, and each clone's app dispatches them on start, as it did when
 * every file arranged its own. The first worker builds it under an advisory lock; the others wait.
 */
let demoTemplate: string | undefined;
async function demoTemplateName(): Promise<string> {
  if (demoTemplate) return demoTemplate;
  const env = readTestEnv();
  const name = `${env.templateDb}_demo`;
  const lock = new Client({ connectionString: env.adminUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', [name]);
    const { rows } = await lock.query('select 1 from pg_database where datname = $1', [name]);
    if (!rows.length) {
      const db = await createTestDatabase();
      try {
        const t = await createTestApp({ demo: true, redis: false, processJobs: false, database: db });
        await t.close();
        await sql(env.adminUrl, `ALTER DATABASE ${db.name} RENAME TO ${name}`);
      } catch (e) {
        await db.drop();
        throw e;
      }
    }
  } finally {
    await lock.end(); // ends the session, which releases the lock
  }
  return (demoTemplate = name);
}

/** The app listening on a free port with the demo data, serving the built admin (browser tests). */
export async function startTestServer(opts: TestAppOptions = {}): Promise<{ baseUrl: string; testApp: TestApp; close(): Promise<void> }> {
  // The demo data comes from the run's demo template unless the caller brings a database.
  const cloned = (opts.demo ?? true) && !opts.database ? await createTestDatabase(await demoTemplateName()) : undefined;
  const created = await createTestApp(cloned ? { ...opts, demo: false, database: cloned } : { demo: true, ...opts });
  const close = async () => {
    await created.close();
    await cloned?.drop();
  };
  const testApp: TestApp = { ...created, close };
  await testApp.app.listen(0, '127.0.0.1');
  const address = testApp.app.getHttpServer().address() as { port: number };
  return { baseUrl: `http://127.0.0.1:${address.port}`, testApp, close: () => testApp.close() };
}
