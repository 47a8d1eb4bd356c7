/**
 * Rows written with PostgreSQL's COPY FROM STDIN on a transaction's own connection: the cheapest
 * way to insert many rows (no statement text per row, no bind parameters, no JSON to unpack), and,
 * being on the transaction's connection, inside its transaction. Used by the invoice creation,
 * whose lines are most of its work.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from '@mikro-orm/postgresql';
import type { ClientBase } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type CopyValue = string | number | boolean | null | undefined | object;

/** COPY's text format needs these four escaped; everything else travels as is. */
const SPECIAL = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * One value in COPY's text format: `\N` for null, `t`/`f` for booleans, numbers as their exact
 * decimal text (amounts are safe integers of cents), objects and arrays as their JSON (for jsonb).
 */
export function copyField(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Cannot COPY the number ${value}.`);
    return String(value);
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return hasSpecial(text) ? text.replace(SPECIAL, (c) => ESCAPES[c]) : text;
}

/** Whether the text holds one of the four: a plain scan, cheaper than a regular expression for a row's short texts. */
function hasSpecial(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 || c === 10 || c === 13 || c === 9) return true;
  }
  return false;
}

/** One row (its fields in column order) as a line of COPY text. */
export function copyLine(values: readonly CopyValue[]): string {
  let line = copyField(values[0]);
  for (let i = 1; i < values.length; i++) line += '\t' + copyField(values[i]);
  return line + '\n';
}

/** The pg client a knex transaction runs on (knex's transaction client always answers its own). */
export async function transactionClient(trx: Knex.Transaction): Promise<ClientBase> {
  return (await (trx.client as { acquireConnection(): Promise<ClientBase> }).acquireConnection()) as ClientBase;
}

/** Sends `text` (lines from copyLine) into `table`'s `columns` with one COPY. */
export async function copyRows(client: ClientBase, table: string, columns: readonly string[], text: string): Promise<void> {
  const sql = `COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`;
  await pipeline(Readable.from([text]), client.query(copyFrom(sql)));
}

/**
 * COPYs run one after another on one client without the caller waiting for them: `send` returns
 * at once, so the caller computes the next rows while PostgreSQL stores the previous ones. Each
 * COPY starts when the one before it has finished (pg refuses to queue queries itself); after a
 * failure nothing more is sent, `failed` turns true, and `done` throws that failure.
 */
export class CopyQueue {
  private tail: Promise<void> = Promise.resolve();
  private error: { cause: unknown } | null = null;

  constructor(private readonly client: ClientBase) {}

  get failed(): boolean {
    return this.error !== null;
  }

  /** Queues one COPY; the promise settles when it has run (or was skipped after a failure). */
  send(table: string, columns: readonly string[], text: string): Promise<void> {
    this.tail = this.tail.then(async () => {
      if (this.error) return;
      try {
        await copyRows(this.client, table, columns, text);
      } catch (cause) {
        this.error = { cause };
      }
    });
    return this.tail;
  }

  /** Waits for every queued COPY; throws the first failure. */
  async done(): Promise<void> {
    await this.tail;
    if (this.error) throw this.error.cause;
  }
}
