import { httpClient } from '../api/httpClient';
import { session } from '../auth/session';

/**
 * A GET that changes something (the spec documents `GET /app/house/address/address-delete/{id}`):
 * the server wants the CSRF token on it as on a write, so it is sent here too.
 */
export async function getWithCsrf<T>(path: string): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = (await session.ensure())?.csrfToken;
  if (token) headers.set('X-CSRF-Token', token);
  const { json } = await httpClient(path, { method: 'GET', headers });
  return json as T;
}
