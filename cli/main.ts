import 'reflect-metadata';
import { LoggerService } from '@nestjs/common';
import { CommandFactory, CommandRunnerService } from 'nest-commander';
import { loadConfig } from '../src/core/config/app-config';
import { ConfigError } from '../src/core/config/env-schema';
import { resolveRuntime, Runtime } from '../src/core/config/runtime';
import { APP_VERSION } from '../src/core/paths';
import { CLI_COMMANDS, CliModule } from './cli.module';
import { CliError, cliNote, describeFailure } from './cli-command';

/** True when commander will only print help, the version or an unknown-command error. */
export function onlyNeedsHelp(args: string[]): boolean {
  const own = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
  if (!own.length || own[0] === 'help' || !(own[0] in CLI_COMMANDS)) return true;
  return own.some((a) => a === '-h' || a === '--help' || a === '-V' || a === '--version');
}

/**
 * Nest's warnings and errors as plain lines on stderr. A failed start is left out: main() reports
 * it once, as `error: ...`, instead of Nest's coloured stack.
 */
const cliLogger: LoggerService = {
  log: () => undefined,
  warn: (message: unknown, context?: unknown) => cliNote(`warning: ${context ? `[${String(context)}] ` : ''}${String(message)}`),
  error: (message: unknown, ...rest: unknown[]) => {
    if (rest.includes('ExceptionHandler')) return;
    cliNote(`error: ${message instanceof Error ? message.message : String(message)}`);
  },
};

/** What one command run came to: its exit code, and whether the application started at all. */
export interface CliRun {
  exitCode: number;
  started: boolean;
}

/**
 * Runs one command, `args` as after `npm run cli --`, with the configuration read from `env`:
 * the whole of what the process does but exit. Failures print `error: ...` on stderr and give exit
 * code 1 (a command may also set process.exitCode itself, which counts). `main()` runs it once
 * per process; the tests also run it in their own process (test/support/cli-process.ts).
 */
export async function runCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliRun> {
  let runtime: Runtime | undefined;
  let started = false;
  let failed = 0;
  const fail = (err: unknown) => {
    const { exitCode, message } = describeFailure(err);
    if (message) cliNote(message);
    if (exitCode !== 0) failed = exitCode;
  };
  try {
    let module;
    if (onlyNeedsHelp(args)) {
      module = CliModule.forHelp();
    } else {
      // As the server's prepareRuntime, with the start-up notes on stderr and no background work.
      runtime = { ...(await resolveRuntime(loadConfig(env), (m) => cliNote(`· ${m}`))), processJobs: false, runSchedules: false };
      module = CliModule.forRoot(runtime);
    }
    const app = await CommandFactory.createWithoutRunning(module, {
      version: APP_VERSION,
      logger: cliLogger,
      // Throw instead of exiting, so a database that does not answer still ends in our handler.
      abortOnError: false,
      // Commander's own errors (unknown command or option, missing value, --help, --version).
      errorHandler: (err) => {
        throw err;
      },
      // Anything a command throws, and the commander errors rethrown above.
      serviceErrorHandler: fail,
    });
    started = true;
    try {
      // Commander names the program after argv[1] in its usage lines.
      await app.get(CommandRunnerService).run([process.execPath, 'npm run cli --', ...args]);
    } finally {
      await app.close();
    }
  } catch (err) {
    fail(err instanceof ConfigError ? new CliError(err.message) : err);
  } finally {
    await runtime?.stopEmbedded?.().catch((e: unknown) => cliNote(`error: stopping the embedded PostgreSQL: ${String(e)}`));
  }
  return { exitCode: failed || Number(process.exitCode ?? 0), started };
}

/**
 * `npm run cli -- <command>` (through scripts/run-cli.mjs, which builds first when needed).
 * The process ends by itself once the application is closed and the embedded PostgreSQL (if this
 * process started it) is stopped.
 */
async function main(): Promise<void> {
  process.argv[1] = 'npm run cli --';
  const { exitCode, started } = await runCli(process.argv.slice(2));
  process.exitCode = exitCode;
  // A start that failed half-way (the database refused) leaves what Nest had opened (Redis
  // connections) with nothing to close it: end the process. A command that ran closes everything
  // and the process ends by itself, which the tests check.
  if (!started) setTimeout(() => process.exit(), 500).unref();
}

if (require.main === module) void main();
