import { Readable } from 'node:stream';
import { Logger, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { AllExceptionsFilter } from '../../../core/errors/all-exceptions.filter';

/**
 * An answer with one long list, as JSON text in chunks: byte for byte `JSON.stringify(envelope)`
 * with the list filled in, the list's items mapped and serialised a batch at a time as the reader
 * pulls (a whole group's invoices are megabytes: no one string, no tree of every view at once).
 */
export function* jsonWithList<T>(
  /** The answer with the list empty, where it belongs among the keys (its key must name nothing else in the envelope). */
  envelope: object,
  key: string,
  items: readonly T[],
  toJson: (item: T) => unknown,
  perChunk: number,
): Generator<string> {
  const [head, tail] = splitAtList(envelope, key);
  let chunk = head;
  for (let i = 0; i < items.length; i += perChunk) {
    chunk += (i === 0 ? '' : ',') + itemsJson(items, toJson, i, Math.min(i + perChunk, items.length));
    yield chunk;
    chunk = '';
  }
  yield chunk + tail;
}

/** A part of the list: its items and their mapper (each part may bring its own data, e.g. its invoices' lines). */
export interface ListPart<T> {
  items: readonly T[];
  toJson: (item: T) => unknown;
}

/**
 * The same text, the list's items arriving in parts as they are read (the parts' queries run side
 * by side; each part is serialised while the later ones are still on their way).
 */
export async function* jsonWithListParts<T>(
  envelope: object,
  key: string,
  parts: AsyncIterable<ListPart<T>>,
  perChunk: number,
): AsyncGenerator<string> {
  const [head, tail] = splitAtList(envelope, key);
  let chunk = head;
  let first = true;
  for await (const { items, toJson } of parts) {
    for (let i = 0; i < items.length; i += perChunk) {
      chunk += (first ? '' : ',') + itemsJson(items, toJson, i, Math.min(i + perChunk, items.length));
      first = false;
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + tail;
}

/** The envelope's JSON before and after the items of its empty list `key`. */
function splitAtList(envelope: object, key: string): [string, string] {
  const text = JSON.stringify(envelope);
  // Inside a JSON string every `"` is escaped, so `"key":[]` can only be that key and its empty list.
  const marker = `${JSON.stringify(key)}:[]`;
  const at = text.indexOf(marker);
  if (at < 0 || text.indexOf(marker, at + 1) >= 0) throw new Error(`The list ${key} must appear once, empty, in the envelope.`);
  return [text.slice(0, at + marker.length - 1), text.slice(at + marker.length - 1)];
}

/**
 * The items from..to as the inside of a JSON array. One JSON.stringify of the chunk's array, not one
 * per item joined: no string per item to copy again (about 30% less serialising time for a whole
 * group's invoices, docs/performance.md, session 15).
 */
function itemsJson<T>(items: readonly T[], toJson: (item: T) => unknown, from: number, to: number): string {
  const views: unknown[] = new Array(to - from);
  for (let j = from; j < to; j++) views[j - from] = toJson(items[j]);
  return JSON.stringify(views).slice(1, -1);
}

/** What Express answers JSON as. */
const JSON_TYPE = 'application/json; charset=utf-8';
const logger = new Logger('GroupDetailsJson');

/**
 * Chunks of JSON as a Nest answer (chunked, no Content-Length). A chunk that fails to build (a bug:
 * the data was read and checked before) answers the usual 500 when nothing was sent yet; after the
 * first byte the connection is cut, so a client never takes a truncated answer for a whole one.
 */
export function jsonStream(chunks: Iterable<string> | AsyncIterable<string>): StreamableFile {
  return new StreamableFile(Readable.from(chunks), { type: JSON_TYPE }).setErrorHandler((err, res) => {
    logger.error(err.stack ?? err.message);
    if (res.destroyed) return;
    if (res.headersSent) return res.destroy?.();
    const body = new AllExceptionsFilter().toBody(err);
    res.statusCode = body.statusCode;
    (res as unknown as Response).setHeader('Content-Type', JSON_TYPE);
    res.send(JSON.stringify(body));
  });
}
