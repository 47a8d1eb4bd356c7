import express, { NextFunction, Request, Response } from 'express';
import { DomainError } from '../errors/domain-error';

/** JSON and form parsers whose failures become domain errors (clear codes, no parser internals). */
export function bodyParsers(limit: string) {
  // JSON:API clients (the spec's PATCH invoice) send application/vnd.api+json.
  const parsers = [
    express.json({ limit, type: ['application/json', 'application/*+json'] }),
    express.urlencoded({ extended: true, limit }),
  ];
  return (req: Request, res: Response, next: NextFunction) => {
    // GET and HEAD carry no body this API reads: skip the parsers' content-type checks, but a GET
    // that does send one still has it parsed (and refused by NoBodyGuard as unknown fields).
    if ((req.method === 'GET' || req.method === 'HEAD') && !hasBody(req)) return next();
    const run = (i: number): void => {
      if (i === parsers.length) return next();
      parsers[i](req, res, (err?: unknown) => (err ? next(translate(err)) : run(i + 1)));
    };
    run(0);
  };
}

/** As type-is's hasBody: a body is announced by Transfer-Encoding or a Content-Length. */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;
}

function translate(err: unknown): unknown {
  const type = (err as { type?: string }).type;
  if (type === 'entity.parse.failed') return new DomainError('bad_request', 'MALFORMED_JSON', 'The request body is not valid JSON.');
  if (type === 'entity.too.large') return new DomainError('payload_too_large', 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported')
    return new DomainError('bad_request', 'UNSUPPORTED_ENCODING', 'The request body encoding is not supported.');
  return err;
}
