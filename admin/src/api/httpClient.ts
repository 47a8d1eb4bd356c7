import { fetchUtils } from 'react-admin';
import { session } from '../auth/session';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** fetchJson with the session cookie, and the CSRF token on every write. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const method = (options.method ?? 'GET').toUpperCase();
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  if (WRITES.has(method)) {
    const token = (await session.ensure())?.csrfToken;
    if (token) headers.set('X-CSRF-Token', token);
  }
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' });
}
