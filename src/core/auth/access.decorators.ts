import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { AccessFlag } from './access-flags';
import { Principal } from './principal';

export type AccessRule =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'flags'; flags: AccessFlag[] }
  | { kind: 'anyFlag'; flags: AccessFlag[] }
  | { kind: 'superUser' };

export const ACCESS_RULE = 'access:rule';

/** Open to anyone (sign-in, health). Every other handler must declare what it needs. */
export const Public = () => SetMetadata(ACCESS_RULE, { kind: 'public' } satisfies AccessRule);
/** Any signed-in staff user of the house. */
export const SignedIn = () => SetMetadata(ACCESS_RULE, { kind: 'signedIn' } satisfies AccessRule);
/** Every listed flag is required. */
export const RequireAccess = (...flags: [AccessFlag, ...AccessFlag[]]) =>
  SetMetadata(ACCESS_RULE, { kind: 'flags', flags } satisfies AccessRule);
/** Any one of the listed flags is enough (a call two screens share, e.g. the Lot page's consignor and the settlements'). */
export const RequireAnyAccess = (...flags: [AccessFlag, AccessFlag, ...AccessFlag[]]) =>
  SetMetadata(ACCESS_RULE, { kind: 'anyFlag', flags } satisfies AccessRule);
/** Internal staff only. */
export const RequireSuperUser = () => SetMetadata(ACCESS_RULE, { kind: 'superUser' } satisfies AccessRule);

/** The authenticated caller; only on handlers that are not @Public(). */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  return ctx.switchToHttp().getRequest().principal;
});
