import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { runCli } from '../../cli/main';
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

let inProcessTurn: Promise<unknown> = Promise.resolve();

/**
 * The same command run in the test's own process, through the CLI's own entry (`runCli` of
 * cli/main.ts, which `main()` calls in the built process): the exit code, and what it wrote on
 * stdout and stderr. It saves a process start (loading the modules again) per command; each
 * command family also keeps a spawned run, since the spawned CLI is what operators use. Runs one
 * at a time (stdout, stderr and the exit code are the process's own), in the order called.
 * Not for what only a process shows: stdin, a failed start's exit, handles left open.
 */
export function runCliInProcess(args: string[], databaseUrl: string, opts: { env?: Record<string, string> } = {}): Promise<CliResult> {
  const run = async (): Promise<CliResult> => {
    const ownPrefix = opts.env?.QUEUE_PREFIX ? null : `arcli${randomBytes(3).toString('hex')}`;
    const redisUrl = readTestEnv().redisUrl ?? '';
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      ...(ownPrefix ? { QUEUE_PREFIX: ownPrefix } : {}),
      LOG_LEVEL: 'silent',
      ...opts.env,
    };
    let stdout = '';
    let stderr = '';
    const out = process.stdout.write;
    const err = process.stderr.write;
    const exitCode = process.exitCode;
    process.exitCode = undefined;
    process.stdout.write = ((c: string | Uint8Array) => ((stdout += String(c)), true)) as typeof process.stdout.write;
    process.stderr.write = ((c: string | Uint8Array) => ((stderr += String(c)), true)) as typeof process.stderr.write;
    try {
      const result = await runCli(args, env);
      return { code: result.exitCode, stdout, stderr };
    } finally {
      process.stdout.write = out;
      process.stderr.write = err;
      process.exitCode = exitCode;
      if (ownPrefix && redisUrl) await deleteRedisKeys(redisUrl, `${ownPrefix}:*`);
    }
  };
  const result = inProcessTurn.then(run, run);
  inProcessTurn = result.catch(() => undefined);
  return result;
}

/** Builds dist/ when it is missing or older than the sources, exactly as `npm run cli` does; throws when the build fails. */
export async function buildCli(): Promise<void> {
  const built = await runCliProcess(path.join(ROOT, 'scripts', 'run-cli.mjs'), ['--version'], 'postgres://unused@127.0.0.1:1/unused', {
    timeoutMs: 600_000,
  });
  if (built.code !== 0) throw new Error(`building the CLI failed:\n${built.stderr}`);
}
