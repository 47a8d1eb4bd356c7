import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { chain } from './chain';

const run = (handler: RequestHandler) =>
  new Promise<unknown>(
    (resolve) => void handler({} as Request, {} as Response, ((err?: unknown) => resolve(err ?? 'done')) as NextFunction),
  );

describe('chain', () => {
  it('runs the handlers in order, each after the previous calls next, then next once', async () => {
    const seen: string[] = [];
    const h =
      (name: string): RequestHandler =>
      (_req, _res, next) =>
        void setImmediate(() => (seen.push(name), next()));
    await expect(run(chain(h('a'), h('b'), h('c')))).resolves.toBe('done');
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('passes an error, given or thrown, to next and skips the rest', async () => {
    const err = new Error('x');
    let after = false;
    const rest: RequestHandler = () => void (after = true);
    await expect(run(chain((_q, _s, next) => next(err), rest))).resolves.toBe(err);
    await expect(
      run(
        chain(() => {
          throw err;
        }, rest),
      ),
    ).resolves.toBe(err);
    expect(after).toBe(false);
  });
});
