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
import { demoFilesDir, readTestEnv, sql } from './test-env';
import { waitFor } from './wait-for';

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
  /** Start the app's file storage as a copy of this folder (the demo template's stored files). */
  filesFrom?: string;
  /** Use this folder as the file storage and keep it on close (the demo template's). */
  keepFilesIn?: string;
}

/** The real application on its own database (and its own Redis key prefix), as production builds it. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const env = readTestEnv();
  const ownDb = !opts.database;
  const db = opts.database ?? (await createTestDatabase());
  const storageDir = opts.keepFilesIn ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ar-files-'));
  if (opts.keepFilesIn) fs.mkdirSync(storageDir, { recursive: true });
  if (opts.filesFrom && fs.existsSync(opts.filesFrom)) fs.cpSync(opts.filesFrom, storageDir, { recursive: true });
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
      if (!opts.keepFilesIn) fs.rmSync(storageDir, { recursive: true, force: true });
      if (ownDb) await db.drop();
    },
  };
}

/**
 * The demo data, loaded and arranged once per run into `<template>_demo` (global teardown drops it
 * with the run's other databases), so each browser file clones it instead of loading it again
 * (seconds per file). Built in two steps, as a file's own app used to see it: the arrangement with
 * jobs held (its queued runs, the charging group's creation and two sends, stay `queued`), then
 * a second app on the same database that dispatches those runs on start, as each clone's app did,
 * and is closed once none is left queued or running. Their stored files (the sent invoices' PDFs)
 * are kept in `demoFilesDir` and copied into each clone's storage. The first worker builds it
 * under an advisory lock; the others wait.
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
        const arranged = await createTestApp({ demo: true, redis: false, processJobs: false, database: db });
        await arranged.close();
        const worker = await createTestApp({ redis: false, database: db, keepFilesIn: demoFilesDir(name) });
        await jobsSettled(worker);
        await worker.close();
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

/** Waits until no job run is queued or running (the demo's held runs, dispatched on start). */
async function jobsSettled(t: TestApp): Promise<void> {
  const { failed } = await waitFor(
    async () =>
      (
        await t
          .em()
          .getConnection()
          .execute<{ open: number; failed: number }[]>(
            `select count(*) filter (where status in ('queued', 'running'))::int as open, count(*) filter (where status = 'failed')::int as failed from job_run`,
          )
      )[0],
    (v) => v.failed > 0 || v.open === 0,
    "the demo template's held jobs",
    120_000,
    100,
  );
  if (failed) throw new Error(`The demo template's held jobs: ${failed} failed`);
}

/** The app listening on a free port with the demo data, serving the built admin (browser tests). */
export async function startTestServer(opts: TestAppOptions = {}): Promise<{ baseUrl: string; testApp: TestApp; close(): Promise<void> }> {
  // The demo data comes from the run's demo template unless the caller brings a database.
  const template = (opts.demo ?? true) && !opts.database ? await demoTemplateName() : undefined;
  const cloned = template ? await createTestDatabase(template) : undefined;
  const created = await createTestApp(
    template ? { ...opts, demo: false, database: cloned, filesFrom: demoFilesDir(template) } : { demo: true, ...opts },
  );
  const close = async () => {
    await created.close();
    await cloned?.drop();
  };
  const testApp: TestApp = { ...created, close };
  await testApp.app.listen(0, '127.0.0.1');
  const address = testApp.app.getHttpServer().address() as { port: number };
  return { baseUrl: `http://127.0.0.1:${address.port}`, testApp, close: () => testApp.close() };
}
