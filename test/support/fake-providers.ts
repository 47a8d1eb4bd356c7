import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake provider received. */
export interface ProviderCall {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakeProvider {
  url: string;
  calls: ProviderCall[];
  /** Makes the next answers fail with this status (0: back to normal). */
  failWith(status: number): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for an outside HTTP API (the tests run on a closed network): real HTTP, the
 * provider's documented paths and answer shapes, every request recorded.
 */
async function startFake(answer: (call: ProviderCall) => { status: number; body: unknown; html?: boolean }): Promise<FakeProvider> {
  const calls: ProviderCall[] = [];
  let failing = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        /* kept as text */
      }
      const call = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      calls.push(call);
      const out: { status: number; body: unknown; html?: boolean } = failing
        ? { status: failing, body: { message: 'failing on purpose' } }
        : answer(call);
      if (out.html) res.writeHead(out.status, { 'content-type': 'text/html; charset=utf-8' }).end(String(out.body));
      else res.writeHead(out.status, { 'content-type': 'application/json' }).end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    failWith: (status) => (failing = status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const MILLICAST_SECRET = 'test-millicast-secret';

/** Millicast's `POST /api/publish_token` (Bearer API secret) -> `{ status, data: { token } }`. */
export function startFakeMillicast(): Promise<FakeProvider> {
  let n = 0;
  return startFake((c) => {
    if (c.method !== 'POST' || c.path !== '/api/publish_token') return { status: 404, body: {} };
    if (c.headers.authorization !== `Bearer ${MILLICAST_SECRET}`) return { status: 401, body: { status: 'fail' } };
    return { status: 200, body: { status: 'success', data: { id: ++n, token: `publish-token-${n}`, streams: (c.body as any).streams } } };
  });
}

export const DOMO_CLIENT = { id: 'domo-client', secret: 'domo-secret' };

/**
 * Domo's OAuth client-credentials token and `POST /v1/stories/embed/auth` -> `{ authentication }`; and
 * its embed page (`POST /embed/pages/{id}` with the form field embedToken), which shows the token it got.
 */
export function startFakeDomo(): Promise<FakeProvider> {
  const basic = `Basic ${Buffer.from(`${DOMO_CLIENT.id}:${DOMO_CLIENT.secret}`).toString('base64')}`;
  return startFake((c) => {
    if (c.path.startsWith('/oauth/token?grant_type=client_credentials'))
      return c.headers.authorization === basic ? { status: 200, body: { access_token: 'domo-access' } } : { status: 401, body: {} };
    if (c.method === 'POST' && c.path === '/v1/stories/embed/auth')
      return c.headers.authorization === 'Bearer domo-access'
        ? { status: 200, body: { authentication: `embed-for-${(c.body as any).authorizations[0].filters[0].values[0]}` } }
        : { status: 401, body: {} };
    if (c.method === 'POST' && c.path.startsWith('/embed/pages/')) {
      const token = new URLSearchParams(String(c.body ?? '')).get('embedToken') ?? '';
      const esc = token.replace(/[^A-Za-z0-9_-]/g, '');
      return { status: 200, html: true, body: `<!doctype html><title>Dashboard</title><h1>House dashboard</h1><p id="token">${esc}</p>` };
    }
    return { status: 404, body: {} };
  });
}
