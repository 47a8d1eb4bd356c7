import { CommandRunner } from 'nest-commander';
import { DomainError } from '../src/core/errors/domain-error';

type CommanderCommand = Parameters<CommandRunner['setCommand']>[0];

/** A refusal the operator can act on: printed as `error: <message>`, exit code 1, no stack. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

/** Results go to stdout (pipe them); progress and notes go to stderr. */
export const cliOut = (line: string): void => void process.stdout.write(`${line}\n`);
export const cliNote = (line: string): void => void process.stderr.write(`${line}\n`);

/**
 * Base of every command. nest-commander only overrides commander's exit on the root command,
 * so an unknown option or a missing required option of a subcommand would call process.exit()
 * straight away, skipping the shutdown (database pool, Redis, the embedded PostgreSQL). Every
 * subcommand therefore throws instead, and `cli/main.ts` turns the error into the exit code.
 */
export abstract class CliCommand extends CommandRunner {
  override setCommand(command: CommanderCommand): this {
    command.exitOverride((err) => {
      throw err;
    });
    return super.setCommand(command);
  }

  async run(params: string[], options: Record<string, unknown> = {}): Promise<void> {
    await this.execute(options, params);
  }

  protected abstract execute(options: Record<string, unknown>, params: string[]): Promise<void>;
}

/** How a failure reads and which exit code it gets. Commander already printed its own messages. */
export function describeFailure(err: unknown): { exitCode: number; message?: string } {
  const e = err as { code?: unknown; exitCode?: unknown; message?: unknown; stack?: unknown };
  if (typeof e?.code === 'string' && e.code.startsWith('commander.') && typeof e.exitCode === 'number') {
    return { exitCode: e.exitCode };
  }
  if (err instanceof CliError || err instanceof DomainError) return { exitCode: 1, message: `error: ${err.message}` };
  // System and database errors (they carry a code: ECONNREFUSED, 42P01, ...) read well alone;
  // anything else is a bug, and its stack is what the report needs.
  if (err instanceof Error)
    return { exitCode: 1, message: e.code !== undefined ? `error: ${shorten(err.message)}` : `error: ${err.stack ?? err.message}` };
  return { exitCode: 1, message: `error: ${String(err)}` };
}

/** Database errors quote their whole statement (thousands of values for a bulk insert): keep both ends. */
export function shorten(message: string, max = 600): string {
  if (message.length <= max) return message;
  const tail = Math.floor(max * 0.6);
  return `${message.slice(0, max - tail)} … ${message.slice(-tail)}`;
}

/** Parses a positive decimal option value, or refuses naming the option. */
export function positiveNumber(name: string, raw: unknown, max: number): number {
  const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
  if (!Number.isFinite(n) || n <= 0 || n > max || String(raw).trim() === '') {
    throw new CliError(`${name} must be a number greater than 0 and at most ${max} (got "${String(raw)}").`);
  }
  return n;
}

export function nonNegativeInteger(name: string, raw: unknown, max: number): number {
  const s = String(raw).trim();
  if (!/^\d+$/.test(s) || Number(s) > max) throw new CliError(`${name} must be a whole number from 0 to ${max} (got "${String(raw)}").`);
  return Number(s);
}

/** A required text option: present and not blank. */
export function requiredText(name: string, raw: unknown): string {
  const s = typeof raw === 'string' ? raw.trim() : '';
  if (!s) throw new CliError(`${name} is required.`);
  return s;
}
