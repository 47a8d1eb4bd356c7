import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../errors/domain-error';

/**
 * Text PostgreSQL cannot store (a NUL character) or that is not text at all (a lone UTF-16
 * surrogate, which no UTF-8 encoder can write), and JSON nested far deeper than any call's payload,
 * are refused here, once, for every route, before a body or query reaches a pipe, a rule or the
 * database. The same text is treated alike everywhere: no route strips or replaces it on its own.
 */

/** Deeper than any payload of the API (the floor edit's `data.attributes.invoiceDetails[i].hammer` is 4). */
export const MAX_JSON_DEPTH = 32;

export const SAFE_INPUT_TEXT = {
  text: 'Text must not contain NUL characters or unpaired UTF-16 surrogates.',
  depth: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`,
} as const;

/** `String.prototype.isWellFormed` (Node 20; ES2024, newer than the lib this project compiles against). */
type MaybeWellFormed = string & { isWellFormed?: () => boolean };
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `s` holds a NUL or a lone surrogate. */
export function isUnsafeText(s: string): boolean {
  if (s.includes('\u0000')) return true;
  const w = s as MaybeWellFormed;
  return w.isWellFormed ? !w.isWellFormed() : LONE_SURROGATE.test(s);
}

export const invalidText = () => new DomainError('bad_request', 'INVALID_TEXT', SAFE_INPUT_TEXT.text);

/**
 * Names of the members every object inherits (`toString`, `constructor`, `__proto__`, ...). No field
 * of this API is named so, and as a body's own key each one slips past `key in obj` checks and
 * class-validator's whitelist (the instance "has" it), so it is refused here as an unknown field.
 */
const BUILT_IN_MEMBERS: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'prototype']);

export const builtInField = (path: string, key: string) =>
  new DomainError('bad_request', 'UNKNOWN_FIELDS', `Unknown field(s): ${path}.`, { [path]: `property ${key} should not exist` });
export const tooDeep = () => new DomainError('bad_request', 'TOO_DEEP', SAFE_INPUT_TEXT.depth);

/**
 * Walks a parsed body or query without recursion (a hostile depth cannot overflow the stack) and
 * throws INVALID_TEXT for unsafe text in any key or string, TOO_DEEP past MAX_JSON_DEPTH, and
 * UNKNOWN_FIELDS for a key named like a built-in member.
 */
export function assertSafeInput(root: unknown): void {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: root, depth: 0, path: '' }];
  while (stack.length) {
    const { value, depth, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (isUnsafeText(value)) throw invalidText();
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) throw tooDeep();
    if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({ value: v, depth: depth + 1, path: `${path}[${i}]` }));
      continue;
    }
    for (const key of Object.keys(value)) {
      if (isUnsafeText(key)) throw invalidText();
      const at = path ? `${path}.${key}` : key;
      if (BUILT_IN_MEMBERS.has(key)) throw builtInField(at, key);
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, path: at });
    }
  }
}

/** `%00` anywhere in the URL (path or query) is a NUL once decoded. */
const ENCODED_NUL = /%00/i;

/** Express middleware, mounted right after the body parsers. */
export function refuseUnsafeInput(req: Request, _res: Response, next: NextFunction): void {
  try {
    if (ENCODED_NUL.test(req.originalUrl)) throw invalidText();
    assertSafeInput(req.query);
    assertSafeInput(req.body);
    next();
  } catch (err) {
    next(err);
  }
}
