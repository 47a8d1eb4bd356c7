import simpleRestProvider from 'ra-data-simple-rest';
import { useDataProvider, type DataProvider } from 'react-admin';
import { APP_LIST_RESOURCES } from './appListResources';
import { httpClient } from './httpClient';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** react-admin CRUD on /api, plus typed non-CRUD calls (the spec's /app/... calls). */
export interface AppDataProvider extends DataProvider {
  call<T = unknown>(method: HttpMethod, path: string, body?: unknown): Promise<T>;
}

const crud = simpleRestProvider('/api', httpClient);

async function call<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const payload = body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body);
  const { json } = await httpClient(path, { method, body: payload });
  return json as T;
}

export const dataProvider: AppDataProvider = {
  ...crud,
  // A spec list call mapped to a resource (appListResources.ts), else ra-data-simple-rest on /api.
  getList: (resource, params) => (APP_LIST_RESOURCES[resource]?.(call, params) ?? crud.getList(resource, params)) as never,
  call,
};

export const useAppDataProvider = () => useDataProvider<AppDataProvider>();
