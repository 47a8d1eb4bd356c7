import type { AuthProvider, UserIdentity } from 'react-admin';
import { onPasswordResetPage, session } from './session';
import type { ShellUser } from './types';

export interface LoginParams {
  house: string;
  username: string;
  password: string;
}

/** Cookie-session auth against /api/auth (docs/api-contract-shell.md). */
export const authProvider: AuthProvider = {
  async login({ house, username, password }: LoginParams) {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ house, username, password }),
    });
    const body = await res.json().catch(() => null);
    if (!res.ok) throw new Error(body?.message || 'Unable to sign in. Please try again later.');
    session.set(body.data);
  },

  async logout() {
    const token = session.csrfToken;
    session.clear();
    if (token) {
      // Best effort: the cookie may already be gone; the local state is cleared anyway.
      await fetch('/api/auth/logout', {
        method: 'POST',
        credentials: 'include',
        headers: { 'X-CSRF-Token': token },
      }).catch(() => undefined);
    }
    return '/login';
  },

  async checkAuth() {
    if (onPasswordResetPage()) throw { redirectTo: false, message: false };
    // message: false - no "please log in" toast on a plain first visit.
    if (!(await session.ensure())) throw { redirectTo: '/login', message: false };
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      session.clear();
      throw { redirectTo: '/login', message: false };
    }
    // 403 and the rest are the page's business, not a reason to sign out.
  },

  async getIdentity(): Promise<UserIdentity & { user: ShellUser }> {
    const s = await session.ensure();
    if (!s) throw new Error('Not signed in');
    return { id: s.user.userRef, fullName: s.user.userName, user: s.user };
  },

  /** Permissions are the user's access flags and house settings, read by canAccess. */
  async getPermissions(): Promise<ShellUser | null> {
    return (await session.ensure())?.user ?? null;
  },
};
