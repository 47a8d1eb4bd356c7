import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { CSRF_HEADER, type Principal } from '../../../core/auth/principal';
import { DomainError } from '../../../core/errors/domain-error';

/**
 * The spec makes two writes GETs (`publishlots`, `setcoverimage`). The global guard checks the CSRF
 * token on unsafe methods only, and a SameSite=Lax cookie still rides a top-level GET from another
 * site: these two ask for the token themselves, so a link on another page cannot publish a sale.
 */
export function requireCsrfOnGetWrite(req: Request, p: Principal): void {
  if (p.via !== 'session') return;
  const sent = req.headers[CSRF_HEADER];
  const a = Buffer.from(typeof sent === 'string' ? sent : '');
  const b = Buffer.from(p.csrfToken ?? '');
  if (!b.length || a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new DomainError('forbidden', 'CSRF_TOKEN_INVALID', 'Missing or invalid CSRF token.');
  }
}
