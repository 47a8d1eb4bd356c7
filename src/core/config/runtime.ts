import * as net from 'node:net';
import { AppConfig } from './app-config';
import { startEmbeddedPostgres } from '../database/embedded-postgres';

/** What the process actually connects to, decided once at start. */
export interface Runtime {
  config: AppConfig;
  databaseUrl: string;
  /** null: no Redis; queued jobs run in-process. */
  redisUrl: string | null;
  /** This process consumes queued jobs (roles `all` and `worker`). */
  processJobs: boolean;
  /** This process fires scheduled tasks (roles `all` and `worker`); each still runs once per cluster. */
  runSchedules: boolean;
  stopEmbedded?: () => Promise<void>;
}

export async function resolveRuntime(config: AppConfig, log: (m: string) => void): Promise<Runtime> {
  let databaseUrl = config.databaseUrl;
  let stopEmbedded: Runtime['stopEmbedded'];
  if (!databaseUrl) {
    log(`DATABASE_URL is not set: starting the embedded PostgreSQL (${config.embeddedPg.dir}, 127.0.0.1:${config.embeddedPg.port})`);
    const pg = await startEmbeddedPostgres({ dir: config.embeddedPg.dir, port: config.embeddedPg.port, database: 'auction', log });
    databaseUrl = pg.url;
    stopEmbedded = pg.stop;
  }
  let redisUrl: string | null = config.redisUrl ?? null;
  if (redisUrl) {
    const u = new URL(redisUrl);
    if (!(await portAnswers(u.hostname, Number(u.port || 6379), 2000))) {
      throw new Error(`REDIS_URL is set but Redis does not answer at ${u.hostname}:${u.port || 6379}`);
    }
  } else if (await portAnswers('127.0.0.1', 6379, 300)) {
    redisUrl = 'redis://127.0.0.1:6379';
    log('REDIS_URL is not set: using Redis on 127.0.0.1:6379');
  } else {
    log('REDIS_URL is not set and no Redis answers on 127.0.0.1:6379: queued jobs run in-process');
  }
  const background = config.role !== 'api';
  return { config, databaseUrl, redisUrl, processJobs: background, runSchedules: background, stopEmbedded };
}

export function portAnswers(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
