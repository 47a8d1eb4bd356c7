import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { deleteRedisKeys } from './redis-keys';
import { readTestEnv } from './test-env';

/** The repository root and the built CLI entry (`npm run cli` builds it through `scripts/run-cli.mjs`). */
export const ROOT = path.resolve(__dirname, '../..');
export const CLI_ENTRY = path.join(ROOT, 'dist', 'cli', 'main.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a node script (the built CLI, or `scripts/run-cli.mjs`) in a child process against a
 * database, as an operator would: exit code, stdout and stderr. A child that does not exit by
 * itself (an open handle) rejects on the timeout.
 */
export function runCliProcess(
  file: string,
  args: string[],
  databaseUrl: string,
  opts: { env?: Record<string, string>; timeoutMs?: number; input?: string; cwd?: string } = {},
): Promise<CliResult> {
  const timeoutMs = opts.timeoutMs ?? 90_000;
  // A prefix of its own, whose keys (jobs the command enqueued) are deleted once it exits.
  const ownPrefix = opts.env?.QUEUE_PREFIX ? null : `arcli${randomBytes(3).toString('hex')}`;
  const redisUrl = readTestEnv().redisUrl ?? '';
  return new Promise<CliResult>((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], {
      cwd: opts.cwd ?? ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        ...(ownPrefix ? { QUEUE_PREFIX: ownPrefix } : {}),
        LOG_LEVEL: 'silent',
        ...opts.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`cli ${args.join(' ')} did not exit within ${timeoutMs} ms (open handle?)\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  }).then(async (result) => {
    if (ownPrefix && redisUrl) await deleteRedisKeys(redisUrl, `${ownPrefix}:*`);
    return result;
  });
}

/** Builds dist/ when it is missing or older than the sources, exactly as `npm run cli` does; throws when the build fails. */
export async function buildCli(): Promise<void> {
  const built = await runCliProcess(path.join(ROOT, 'scripts', 'run-cli.mjs'), ['--version'], 'postgres://unused@127.0.0.1:1/unused', {
    timeoutMs: 600_000,
  });
  if (built.code !== 0) throw new Error(`building the CLI failed:\n${built.stderr}`);
}
