import { ErrorKind } from './domain-error';

/** Exhaustive: adding a kind without a status is a compile error. */
export function httpStatusOf(kind: ErrorKind): number {
  switch (kind) {
    case 'bad_request':
      return 400;
    case 'validation':
      return 400;
    case 'unauthenticated':
      return 401;
    case 'forbidden':
      return 403;
    case 'not_found':
      return 404;
    case 'conflict':
      return 409;
    case 'payload_too_large':
      return 413;
    case 'rate_limited':
      return 429;
    case 'unavailable':
      return 503;
    default: {
      const never: never = kind;
      return never;
    }
  }
}
