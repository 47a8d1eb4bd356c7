import { CanActivate, ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { DomainError, PERMISSION_DENIED_TEXT } from '../errors/domain-error';
import { ACCESS_RULE, AccessRule } from './access.decorators';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/app-config';
import { CSRF_HEADER, Principal, PRINCIPAL_RESOLVER, PrincipalResolver, sessionCookieName } from './principal';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** RFC 9110: the authentication scheme is case-insensitive. */
const BEARER = /^bearer(?:\s+|$)/i;

/** Path parameters that name the caller's house by id; any other value answers 404. */
const HOUSE_ID_PARAMS = ['houseID', 'houseId'] as const;

type AuthedRequest = Request & { principal?: Principal };

/**
 * The one guard. Order matters: authenticate, then CSRF (a forged write changes nothing),
 * then tenancy (another house's ref answers 404 whatever the flags), then flags.
 * A handler without a declared rule is denied, never open.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger('AccessGuard');
  private readonly sessionCookie: string;

  constructor(
    private readonly reflector: Reflector,
    @Inject(PRINCIPAL_RESOLVER) private readonly resolver: PrincipalResolver,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'cookieSecure'>,
  ) {
    // Only the name this deployment sets is read: with Secure cookies a plain `ar_session` is ignored.
    this.sessionCookie = sessionCookieName(config.cookieSecure);
  }

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [ctx.getHandler(), ctx.getClass()]);
    const req = ctx.switchToHttp().getRequest<AuthedRequest>();
    if (!rule) {
      this.logger.error(`No access rule declared on ${ctx.getClass().name}.${ctx.getHandler().name}: denied`);
      throw new DomainError('forbidden', 'FORBIDDEN', PERMISSION_DENIED_TEXT);
    }
    const principal = await this.authenticate(req);
    if (rule.kind === 'public') {
      if (principal) req.principal = principal;
      return true;
    }
    if (!principal) throw new DomainError('unauthenticated', 'UNAUTHENTICATED', 'Please sign in.');
    this.checkCsrf(req, principal);
    this.checkTenancy(req, principal);
    if (rule.kind === 'flags' && !rule.flags.every((f) => principal.flags[f])) {
      throw new DomainError('forbidden', 'FORBIDDEN', PERMISSION_DENIED_TEXT);
    }
    if (rule.kind === 'anyFlag' && !rule.flags.some((f) => principal.flags[f])) {
      throw new DomainError('forbidden', 'FORBIDDEN', PERMISSION_DENIED_TEXT);
    }
    if (rule.kind === 'superUser' && !principal.isSuperUser) {
      throw new DomainError('forbidden', 'FORBIDDEN', PERMISSION_DENIED_TEXT);
    }
    req.principal = principal;
    return true;
  }

  private async authenticate(req: AuthedRequest): Promise<Principal | null> {
    const auth = req.headers.authorization;
    if (auth && BEARER.test(auth)) {
      const principal = await this.resolver.fromApiToken(auth.replace(BEARER, '').trim());
      if (!principal) throw new DomainError('unauthenticated', 'INVALID_TOKEN', 'The API token is invalid or revoked.');
      return principal;
    }
    const token = (req.cookies as Record<string, string> | undefined)?.[this.sessionCookie];
    return token ? this.resolver.fromSessionToken(token) : null;
  }

  private checkCsrf(req: AuthedRequest, p: Principal): void {
    if (p.via !== 'session' || SAFE_METHODS.has(req.method)) return;
    const sent = req.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || !p.csrfToken || !sameString(sent, p.csrfToken)) {
      throw new DomainError('forbidden', 'CSRF_TOKEN_INVALID', 'Missing or invalid CSRF token.');
    }
  }

  private checkTenancy(req: AuthedRequest, p: Principal): void {
    const houseRef = req.params?.houseRef;
    if (houseRef !== undefined && houseRef !== p.houseRef) throw DomainError.notFound('House');
    // The spec's `/cps/app/house/{houseID}/...` calls name the house by its number.
    for (const name of HOUSE_ID_PARAMS) {
      const houseId = req.params?.[name];
      if (houseId !== undefined && houseId !== String(p.houseId)) throw DomainError.notFound('House');
    }
    // Legacy clients send `Authorization: {houseRef}*`: accepted only when it names the caller's house.
    const auth = req.headers.authorization;
    if (auth && !BEARER.test(auth) && auth !== `${p.houseRef}*`) {
      throw new DomainError('forbidden', 'HOUSE_MISMATCH', 'The Authorization header names another house.');
    }
  }
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
