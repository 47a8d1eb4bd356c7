import * as fs from 'node:fs';
import { CliError, requiredText } from './cli-command';

/**
 * The scaffolding the import commands share (import-lots, import-images, import-consignors,
 * import-results): the `--catalog` id, the file named as the argument, checked to exist and to be
 * a file within the size limit, before any database work. Refusals are CliErrors (exit 1).
 */

/** `--catalog`: required, a session id (a whole number, not 0). */
export function catalogIdOption(raw: unknown): number {
  const catalogRaw = requiredText('--catalog', raw);
  if (!/^\d{1,9}$/.test(catalogRaw) || Number(catalogRaw) === 0)
    throw new CliError(`--catalog must be a catalog id, a whole number (got "${catalogRaw}").`);
  return Number(catalogRaw);
}

/** An option among a few values (compared in lower case), or the default when absent. */
export function choiceOption<T extends string>(name: string, raw: string | undefined, choices: readonly T[], fallback: T): T {
  const value = (raw ?? fallback).toLowerCase();
  if (!(choices as readonly string[]).includes(value))
    throw new CliError(`${name} must be ${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1]} (got "${raw}").`);
  return value as T;
}

/**
 * The file argument: named (else `usage` says how), accepted by `check` (its name, e.g. the
 * extension), a readable file, at most `maxBytes` (else `tooLarge`). Returns the file's path.
 */
export function importFileArgument(
  file: string | undefined,
  o: { usage: string; maxBytes: number; tooLarge: string; check?: (file: string) => void },
): string {
  if (!file) throw new CliError(o.usage);
  o.check?.(file);
  let size: number;
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) throw new CliError(`"${file}" is not a file.`);
    size = st.size;
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`Cannot read "${file}": ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}.`);
  }
  if (size > o.maxBytes) throw new CliError(o.tooLarge);
  return file;
}

/** `3 lots`, `1 lot`. */
export const counted = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
