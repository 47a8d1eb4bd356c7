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
    const run = (i: number): void => {
      if (i === parsers.length) return next();
      parsers[i](req, res, (err?: unknown) => (err ? next(translate(err)) : run(i + 1)));
    };
    run(0);
  };
}

function translate(err: unknown): unknown {
  const type = (err as { type?: string }).type;
  if (type === 'entity.parse.failed') return new DomainError('bad_request', 'MALFORMED_JSON', 'The request body is not valid JSON.');
  if (type === 'entity.too.large') return new DomainError('payload_too_large', 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported')
    return new DomainError('bad_request', 'UNSUPPORTED_ENCODING', 'The request body encoding is not supported.');
  return err;
}
