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
  const text = JSON.stringify(envelope);
  // Inside a JSON string every `"` is escaped, so `"key":[]` can only be that key and its empty list.
  const marker = `${JSON.stringify(key)}:[]`;
  const at = text.indexOf(marker);
  if (at < 0 || text.indexOf(marker, at + 1) >= 0) throw new Error(`The list ${key} must appear once, empty, in the envelope.`);
  let chunk = text.slice(0, at + marker.length - 1);
  for (let i = 0; i < items.length; i += perChunk) {
    const parts: string[] = [];
    for (let j = i; j < Math.min(i + perChunk, items.length); j++) parts.push(JSON.stringify(toJson(items[j])) ?? 'null'); // as in an array
    chunk += (i === 0 ? '' : ',') + parts.join(',');
    yield chunk;
    chunk = '';
  }
  yield chunk + text.slice(at + marker.length - 1);
}

/** What Express answers JSON as. */
const JSON_TYPE = 'application/json; charset=utf-8';
const logger = new Logger('GroupDetailsJson');

/**
 * Chunks of JSON as a Nest answer (chunked, no Content-Length). A chunk that fails to build (a bug:
 * the data was read and checked before) answers the usual 500 when nothing was sent yet; after the
 * first byte the connection is cut, so a client never takes a truncated answer for a whole one.
 */
export function jsonStream(chunks: Iterable<string>): StreamableFile {
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
