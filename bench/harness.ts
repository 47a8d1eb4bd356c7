import 'reflect-metadata';
import * as fs from 'node:fs';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Type } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { EntityManager, MikroORM as PgMikroORM } from '@mikro-orm/postgresql';
import { Client, Pool } from 'pg';
import { loadConfig } from '../src/core/config/app-config';
import { Runtime } from '../src/core/config/runtime';
import { buildOrmOptions } from '../src/core/database/mikro-orm.options';
import { createApp } from '../src/core/http/create-app';
import { DEMO_PASSWORD, loadDemoData } from '../src/demo/demo-data';
import { SESSION_COOKIE } from '../src/core/auth/principal';
import { httpProbe } from './load-generator';
import { BenchPlan, BenchShape, loopProbe, Probe, sequentialProbe } from './measurement';

export { measurePlan } from './measurement';
export type { BenchPlan, BenchResult, BenchShape, Measurement, Probe, Sample, Slice } from './measurement';

/**
 * One benchmark, one file `bench/benchmarks/<name>.bench.ts` with `export default defineBenchmark({...})`.
 * `setup` runs once (extra data, a captured body); its result is handed to `run`, which
 * declares the probes (it measures nothing itself).
 */
export interface Benchmark<S = unknown> {
  /** Short id, used by `--only`. */
  name: string;
  /** The figure's name in the table, e.g. `GET /app/house/user`. */
  title: string;
  /** One sentence: what is compared with what. */
  description: string;
  setup?(ctx: BenchContext): Promise<S>;
  run(ctx: BenchContext, state: S): BenchPlan | Promise<BenchPlan>;
}

export function defineBenchmark<S = void>(b: Benchmark<S>): Benchmark<S> {
  return b;
}

/** Thrown by a benchmark whose subject does not exist yet (reported as skipped, not failed: no figure is invented). */
export class BenchSkipped extends Error {}

export interface HttpTarget {
  path: string;
  method?: string;
  /** JSON-encoded unless a string. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the signed-in user's session cookie (and CSRF token on writes). Default true. */
  auth?: boolean;
  expectStatus?: number;
}

export interface SignedInUser {
  houseId: number;
  houseRef: string;
  userId: number;
  userRef: string;
  /** The raw session token (the cookie's value). */
  sessionToken: string;
  csrfToken: string;
}

export interface BenchEnvOptions {
  /** Demo data size (1: several hundred lots and about a hundred bidders; 10: thousands of lots, a thousand bidders). */
  size: number;
  shape: BenchShape;
  log?: (line: string) => void;
}

export interface BareResponse {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** Everything a benchmark may use: the real app, the signed-in user, a bare pg pool and the probe makers. */
export class BenchContext {
  constructor(
    readonly app: NestExpressApplication,
    readonly baseUrl: string,
    readonly databaseUrl: string,
    /** Bare `pg` pool on the bench database, as large as the app's own pool. */
    readonly db: Pool,
    readonly user: SignedInUser,
    readonly size: number,
    readonly shape: BenchShape,
    readonly log: (line: string) => void,
  ) {}

  /** A fresh entity manager of the running app (for setup and checks). */
  em(): EntityManager {
    return this.app.get(MikroORM).em.fork() as EntityManager;
  }

  /** The real app over HTTP: keep-alive connections firing `target` back to back. Checks the status first. */
  http(label: string, target: HttpTarget): Probe {
    const req = this.request(target);
    const probe = httpProbe(label, () => ({ url: `${this.baseUrl}${target.path}`, ...req }));
    return {
      ...probe,
      open: async () => {
        const r = await this.fetch(target);
        if (r.status !== req.expectStatus) {
          throw new Error(`${req.method} ${target.path} answered ${r.status} (expected ${req.expectStatus}): ${r.text.slice(0, 300)}`);
        }
      },
    };
  }

  /**
   * A bare Node http server (no framework) answering with `handler`, loaded exactly as `http`
   * loads the app: the framework floor. The server lives while the benchmark runs.
   */
  bareHttp(
    label: string,
    handler: (req: http.IncomingMessage) => Promise<BareResponse> | BareResponse,
    target: HttpTarget = { path: '/' },
  ): Probe {
    const server = http.createServer((req, res) => {
      req.resume();
      req.once('end', () => {
        Promise.resolve()
          .then(() => handler(req))
          .then(
            (r) => {
              const body = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
              res.writeHead(r.status ?? 200, {
                'content-type': 'application/json; charset=utf-8',
                'content-length': Buffer.byteLength(body),
                ...r.headers,
              });
              res.end(body);
            },
            (e: unknown) => {
              res.writeHead(500, { 'content-type': 'text/plain' });
              res.end(String(e));
            },
          );
      });
    });
    server.keepAliveTimeout = 60_000;
    const req = this.request(target);
    let url = '';
    const probe = httpProbe(label, () => ({ url, ...req }));
    return {
      ...probe,
      open: async () => {
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${target.path}`;
        const r = await fetch(url, { method: req.method, headers: req.headers, body: req.body });
        if (r.status !== req.expectStatus) throw new Error(`bare server answered ${r.status}: ${(await r.text()).slice(0, 300)}`);
      },
      close: async () => {
        if (!server.listening) return;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  /** An operation through the bare pg pool, in closed loops (the database floor). */
  pg(label: string, unit: string, op: (db: Pool) => Promise<unknown>): Probe {
    return loopProbe(label, unit, () => op(this.db));
  }

  /**
   * The app's own services called in this process, each operation in a fresh MikroORM request
   * context as an HTTP request gets: the request without HTTP, routing, guard and serialization.
   * `get` resolves a provider of the running app (`ctx.app.get`).
   */
  inApp(label: string, unit: string, op: (get: <T>(token: Type<T>) => T) => Promise<unknown>): Probe {
    const orm = this.app.get(MikroORM);
    const get = <T>(token: Type<T>): T => this.app.get(token);
    return loopProbe(label, unit, () => RequestContext.create(orm.em, () => op(get)));
  }

  /** Any in-process operation (a query builder, a pure function), in closed loops. */
  loop(label: string, unit: string, op: () => Promise<unknown>): Probe {
    return loopProbe(label, unit, op);
  }

  /** A heavy operation (invoicing a sale, an import) timed run by run, with an untimed reset before each. */
  sequential(
    label: string,
    unit: string,
    opts: { iterations: number; warmup?: number; beforeEach?: () => Promise<unknown> },
    op: () => Promise<unknown>,
  ): Probe {
    return sequentialProbe(label, unit, opts, op);
  }

  /** One request to the app, for checks and for capturing a body a floor should answer. */
  async fetch(target: HttpTarget): Promise<{ status: number; headers: Headers; text: string; json(): unknown }> {
    const req = this.request(target);
    const res = await fetch(`${this.baseUrl}${target.path}`, { method: req.method, headers: req.headers, body: req.body });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
  }

  private request(target: HttpTarget): { method: string; headers: Record<string, string>; body?: string; expectStatus: number } {
    const method = (target.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { accept: 'application/json', ...target.headers };
    if (target.auth !== false) {
      headers.cookie = `${SESSION_COOKIE}=${this.user.sessionToken}`;
      if (method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = this.user.csrfToken;
    }
    let body: string | undefined;
    if (target.body !== undefined) {
      body = typeof target.body === 'string' ? target.body : JSON.stringify(target.body);
      headers['content-type'] ??= 'application/json';
    }
    return { method, headers, body, expectStatus: target.expectStatus ?? 200 };
  }
}

/** The PostgreSQL server to create the bench database on: DATABASE_URL's server, or 127.0.0.1:5432. */
export function adminDatabaseUrl(): string {
  const u = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  u.pathname = '/postgres';
  return u.toString();
}

async function adminSql(url: string, text: string): Promise<void> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/**
 * A bench run's world: its own database (created, migrated, filled with the demo data at the
 * chosen size, dropped at the end even on failure), the real app on 127.0.0.1, a signed-in user.
 */
export class BenchEnvironment {
  private constructor(
    readonly ctx: BenchContext,
    private readonly cleanups: (() => Promise<unknown>)[],
  ) {}

  static async start(opts: BenchEnvOptions): Promise<BenchEnvironment> {
    const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
    const cleanups: (() => Promise<unknown>)[] = [];
    const runCleanups = async () => {
      for (const c of cleanups.splice(0).reverse()) await c().catch((e) => log(`cleanup failed: ${e instanceof Error ? e.message : e}`));
    };
    try {
      // Express reads NODE_ENV when the app is created: measure what production runs.
      process.env.NODE_ENV ??= 'production';
      const admin = adminDatabaseUrl();
      const name = `bench_${randomBytes(5).toString('hex')}`;
      const dbUrl = new URL(admin);
      dbUrl.pathname = `/${name}`;
      const databaseUrl = dbUrl.toString();
      try {
        await adminSql(admin, `CREATE DATABASE ${name}`);
      } catch (e) {
        throw new Error(
          `cannot create the bench database on ${new URL(admin).host} (set DATABASE_URL to a PostgreSQL server you may create databases on): ${e instanceof Error ? e.message : e}`,
        );
      }
      cleanups.push(() => adminSql(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => log(`dropped database ${name}`)));
      log(`database ${name}: migrating and loading demo data (size ${opts.size})`);

      const t0 = Date.now();
      const ormOptions = buildOrmOptions(databaseUrl);
      const orm = await PgMikroORM.init({ ...ormOptions, migrations: { ...ormOptions.migrations, silent: true } });
      try {
        await orm.getMigrator().up();
        const summary = await loadDemoData(orm.em.fork(), { size: opts.size });
        await orm.em.getConnection().execute('analyze');
        log(
          `  ${summary.lots} lots, ${summary.bidders} bidders, ${summary.sessions} sessions in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
        );
      } finally {
        await orm.close();
      }

      const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-bench-files-'));
      cleanups.push(async () => fs.rmSync(storageDir, { recursive: true, force: true }));
      const config = loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        DATABASE_URL: databaseUrl,
        QUEUE_PREFIX: `bench${randomBytes(4).toString('hex')}`,
        STORAGE_DIR: storageDir,
        DEMO_DATA: 'off',
        RUN_MIGRATIONS: 'false',
        COOKIE_SECURE: 'false',
        FILE_URL_SECRET: randomBytes(24).toString('hex'),
      });
      // No Redis and no job processing: benchmarks measure requests, not the background.
      const runtime: Runtime = { config, databaseUrl, redisUrl: null, processJobs: false, runSchedules: false };
      const app = await createApp(runtime);
      cleanups.push(() => app.close());
      await app.listen(0, '127.0.0.1');
      const baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;

      const pool = new Pool({ connectionString: databaseUrl, max: buildOrmOptions(databaseUrl).pool?.max ?? 10 });
      cleanups.push(() => pool.end());

      const user = await signIn(baseUrl, 'demo', 'owner', DEMO_PASSWORD);
      log(`app on ${baseUrl}, signed in as demo/owner`);
      const ctx = new BenchContext(app, baseUrl, databaseUrl, pool, user, opts.size, opts.shape, log);
      return new BenchEnvironment(ctx, cleanups);
    } catch (e) {
      await runCleanups();
      throw e;
    }
  }

  /** Closes the app and the pool and drops the database. Safe to call twice. */
  async stop(): Promise<void> {
    for (const c of this.cleanups.splice(0).reverse()) {
      await c().catch((e) => this.ctx.log(`cleanup failed: ${e instanceof Error ? e.message : e}`));
    }
  }
}

async function signIn(baseUrl: string, house: string, username: string, password: string): Promise<SignedInUser> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ house, username, password }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`sign-in ${house}/${username} failed: ${res.status} ${text.slice(0, 300)}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('sign-in set no session cookie');
  const body = JSON.parse(text) as {
    data: { csrfToken: string; user: { userID: number; userRef: string; houseInfo: { houseID: number; houseRef: string } } };
  };
  return {
    houseId: body.data.user.houseInfo.houseID,
    houseRef: body.data.user.houseInfo.houseRef,
    userId: body.data.user.userID,
    userRef: body.data.user.userRef,
    sessionToken: decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1).split(';')[0]),
    csrfToken: body.data.csrfToken,
  };
}
