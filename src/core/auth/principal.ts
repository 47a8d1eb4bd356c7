import { AccessFlags } from './access-flags';

/** Who is calling: a staff user through a browser session or an API token acting as that user. */
export interface Principal {
  userId: number;
  userRef: string;
  userName: string;
  houseId: number;
  houseRef: string;
  flags: AccessFlags;
  isSuperUser: boolean;
  via: 'session' | 'token';
  sessionId?: string;
  csrfToken?: string;
}

/** Implemented by the houses module, which owns sessions and tokens; core only consumes it. */
export interface PrincipalResolver {
  fromSessionToken(token: string): Promise<Principal | null>;
  fromApiToken(token: string): Promise<Principal | null>;
}

export const PRINCIPAL_RESOLVER = Symbol('PRINCIPAL_RESOLVER');
export const SESSION_COOKIE = 'ar_session';
/** Where cookies are Secure: `__Host-` makes the browser refuse it unless Secure, Path=/ and without Domain (no subdomain can plant it). */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const sessionCookieName = (secure: boolean): string => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
export const CSRF_HEADER = 'x-csrf-token';
