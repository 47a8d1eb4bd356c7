import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import { ROOT } from './cli-process';
import type { TestApp } from './test-app';
import { readTestEnv } from './test-env';

/** The built worker entry (`buildCli()` builds dist/ when stale). */
export const WORKER_ENTRY = path.join(ROOT, 'dist', 'src', 'worker.js');

/**
 * The built worker (APP_ROLE=worker) as a child process on the test app's database and queue
 * prefix, as a crashed or restarted container would run it: the crash tests kill it with SIGKILL.
 * `lockSeconds` is Bull's job lock: a killed worker's job is delivered again that soon.
 */
export function spawnWorker(
  t: TestApp,
  o: { storageDir: string; lockSeconds: number; onOutput: (chunk: string) => void; env?: Record<string, string> },
): ChildProcess {
  const w = spawn(process.execPath, [WORKER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      APP_ROLE: 'worker',
      DATABASE_URL: t.db.url,
      REDIS_URL: readTestEnv().redisUrl ?? '',
      QUEUE_PREFIX: t.runtime.config.queuePrefix,
      JOB_LOCK_SECONDS: String(o.lockSeconds),
      RUN_MIGRATIONS: 'false',
      DEMO_DATA: 'off',
      STORAGE_DIR: o.storageDir,
      LOG_LEVEL: 'warn',
      ...o.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  w.stdout!.on('data', (c) => o.onOutput(String(c)));
  w.stderr!.on('data', (c) => o.onOutput(String(c)));
  return w;
}

/** SIGKILL, and wait until it is gone (nothing when it already exited). */
export async function killProcess(w: ChildProcess | null): Promise<void> {
  if (!w || w.exitCode !== null || w.signalCode !== null) return;
  const exited = new Promise((r) => w.once('exit', r));
  w.kill('SIGKILL');
  await exited;
}
