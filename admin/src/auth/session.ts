import type { SessionAnswer, ShellUser } from './types';

export type Session = SessionAnswer['data'];

/**
 * The signed-in user and CSRF token, kept in memory only (the session itself is
 * an httpOnly cookie). Plain fetch here: the http client depends on this module.
 */
let current: Session | null = null;
// Set once the server said "no session", so the login page does not ask again and again.
let signedOut = false;
let loading: Promise<Session | null> | null = null;

/** The password-reset page loads no user (spec: "The password-reset path skips the user load"). */
export const onPasswordResetPage = (): boolean => /\/password-reset\/?$/.test(window.location.pathname);

export const session = {
  get user(): ShellUser | null {
    return current?.user ?? null;
  },
  get csrfToken(): string | null {
    return current?.csrfToken ?? null;
  },
  set(value: Session): void {
    current = value;
    signedOut = false;
  },
  clear(): void {
    current = null;
    signedOut = true;
  },
  /** The cached session, or GET /api/auth/session once (null when signed out). */
  ensure(): Promise<Session | null> {
    if (current || signedOut || onPasswordResetPage()) return Promise.resolve(current);
    loading ??= load().finally(() => (loading = null));
    return loading;
  },
};

async function load(): Promise<Session | null> {
  const res = await fetch('/api/auth/session', {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (res.status === 401) {
    signedOut = true;
    return null;
  }
  if (!res.ok) throw new Error(`Session check failed (${res.status})`);
  current = ((await res.json()) as SessionAnswer).data;
  return current;
}
