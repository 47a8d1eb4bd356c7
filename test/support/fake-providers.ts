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
interface FakeAnswer {
  status: number;
  body: unknown;
  html?: boolean;
  /** Sent as is with this content type (e.g. application/sdp) instead of JSON. */
  text?: string;
  headers?: Record<string, string>;
}

async function startFake(answer: (call: ProviderCall) => FakeAnswer | Promise<FakeAnswer>): Promise<FakeProvider> {
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
      void (async () => {
        const out: FakeAnswer = failing ? { status: failing, body: { message: 'failing on purpose' } } : await answer(call);
        const headers = out.headers ?? {};
        if (out.text !== undefined) res.writeHead(out.status, { 'content-type': String(out.body), ...headers }).end(out.text);
        else if (out.html) res.writeHead(out.status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(String(out.body));
        else res.writeHead(out.status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(out.body));
      })().catch((err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(err.message));
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

// The browser page posts its WHIP offer from the admin's origin: the director allows any origin.
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-expose-headers': 'location',
};

/**
 * Millicast's `POST /api/publish_token` (Bearer API secret) -> `{ status, data: { token } }`; and its
 * WHIP director `POST /api/whip/{stream}` (Bearer publish token, application/sdp offer) -> 201 with the
 * SDP answer and the resource's Location, `DELETE` on that Location ends the publish. `answerOffer`
 * makes the answer (a real peer, e.g. a second browser page); without it WHIP answers 503.
 */
export function startFakeMillicast(answerOffer?: (offerSdp: string) => Promise<string>): Promise<FakeProvider> {
  let n = 0;
  let resources = 0;
  const tokens = new Set<string>();
  return startFake(async (c) => {
    if (c.method === 'OPTIONS') return { status: 204, body: 'text/plain', text: '', headers: CORS };
    if (c.path.startsWith('/api/whip/')) {
      if (c.headers.authorization === undefined || !tokens.has(c.headers.authorization.replace(/^Bearer /, '')))
        return { status: 401, body: { status: 'fail' }, headers: CORS };
      if (c.method === 'DELETE') return { status: 200, body: {}, headers: CORS };
      if (c.method !== 'POST' || c.headers['content-type'] !== 'application/sdp' || !answerOffer)
        return { status: c.method === 'POST' ? 503 : 404, body: {}, headers: CORS };
      const sdp = await answerOffer(String(c.body));
      return { status: 201, body: 'application/sdp', text: sdp, headers: { ...CORS, location: `${c.path}/resource/${++resources}` } };
    }
    if (c.method !== 'POST' || c.path !== '/api/publish_token') return { status: 404, body: {} };
    if (c.headers.authorization !== `Bearer ${MILLICAST_SECRET}`) return { status: 401, body: { status: 'fail' } };
    const token = `publish-token-${++n}`;
    tokens.add(token);
    return { status: 200, body: { status: 'success', data: { id: n, token, streams: (c.body as any).streams } } };
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
