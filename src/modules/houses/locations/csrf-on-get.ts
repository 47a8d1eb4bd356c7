import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { CSRF_HEADER, Principal } from '../../../core/auth/principal';
import { DomainError } from '../../../core/errors/domain-error';

/**
 * The spec documents one state-changing GET (`GET /app/house/address/address-delete/{id}`). The
 * global guard checks CSRF on unsafe methods only, and a SameSite=Lax cookie still rides along on a
 * top-level cross-site GET (a link, a redirect). So this GET demands the same `X-CSRF-Token` header
 * a POST would: a cross-site page cannot set it. Bearer-token callers are exempt, as in the guard.
 */
export function requireCsrfHeader(req: Request, p: Principal): void {
  if (p.via !== 'session') return;
  const sent = req.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || !p.csrfToken || !sameString(sent, p.csrfToken)) {
    throw new DomainError('forbidden', 'CSRF_TOKEN_INVALID', 'Missing or invalid CSRF token.');
  }
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
