import type { INestApplication } from '@nestjs/common';
import { parse } from 'path-to-regexp';

/** One method + path the HTTP server answers, as Express registered it. */
export interface CatalogRoute {
  /** Upper case: GET, POST, PUT, PATCH, DELETE (or any other verb a controller declares). */
  method: string;
  /** The Express 5 path pattern, e.g. `/app/house/:houseRef/superuser/:userRef`. */
  path: string;
  /** Named path parameters in order (`:name` and `*name` wildcards). */
  params: string[];
  /** Static path segments, in order (for guessing what a bare `:id` names). */
  segments: Segment[];
}

export type Segment = { kind: 'static'; text: string } | { kind: 'param'; name: string; wildcard: boolean; optional: boolean };

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: (...args: unknown[]) => unknown }[] };
}

/**
 * Nest mounts middleware applied `forRoutes('*')` (request logging, the ORM request context) as
 * Express routes on `/{*path}` for every verb; their wrapper passes on to `next()` unless it already
 * saw the request. They answer nothing themselves, so they are not endpoints.
 */
const isNestMiddleware = (layer: ExpressLayer): boolean =>
  !!layer.route?.stack.length && layer.route.stack.every((s) => String(s.handle).includes('handledRequests'));

/**
 * Every route the application registers, read from the Express 5 router stack (`app.router.stack`;
 * Express 4 kept it in `app._router`). Routes come from Nest controllers, Swagger and the admin
 * mount alike; middleware layers without a route (static files under /ar) are not routes.
 * `exclude` drops test-only routes (the probe module).
 */
export function listRoutes(app: INestApplication, opts: { exclude?: (path: string) => boolean } = {}): CatalogRoute[] {
  const server = app.getHttpAdapter().getInstance() as { router?: { stack: ExpressLayer[] }; _router?: { stack: ExpressLayer[] } };
  const stack = (server.router ?? server._router)?.stack;
  if (!stack) throw new Error('No Express router stack found: has the Express version changed?');
  const exclude = opts.exclude ?? ((p: string) => p === '/probe' || p.startsWith('/probe/'));
  const out: CatalogRoute[] = [];
  const seen = new Set<string>();
  for (const layer of stack) {
    if (!layer.route || isNestMiddleware(layer)) continue;
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const path of paths) {
      if (typeof path !== 'string') throw new Error(`Route with a non-string path (${String(path)}): teach the catalog about it`);
      if (exclude(path)) continue;
      const segments = parsePath(path);
      for (const [m, on] of Object.entries(layer.route.methods)) {
        // HEAD is answered by the GET route; `_all` (router.all) is tried as a read and a write.
        if (!on || m === 'head') continue;
        for (const method of m === '_all' ? ['GET', 'POST'] : [m.toUpperCase()]) {
          const key = `${method} ${path}`;
          if (seen.has(key)) continue;
          seen.add(key);
          out.push({ method, path, params: segments.flatMap((s) => (s.kind === 'param' ? [s.name] : [])), segments });
        }
      }
    }
  }
  return out;
}

/** Splits an Express 5 (path-to-regexp 8) pattern into static text and parameters. */
export function parsePath(path: string): Segment[] {
  const out: Segment[] = [];
  const walk = (tokens: ReturnType<typeof parse>['tokens'], optional: boolean) => {
    for (const t of tokens) {
      if (t.type === 'text') out.push({ kind: 'static', text: t.value });
      else if (t.type === 'param') out.push({ kind: 'param', name: t.name, wildcard: false, optional });
      else if (t.type === 'wildcard') out.push({ kind: 'param', name: t.name, wildcard: true, optional });
      else walk(t.tokens, true);
    }
  };
  walk(parse(path).tokens, false);
  return out;
}

/** The concrete URL for a route, each parameter replaced by `valueOf(name)` (URL-encoded). */
export function fillPath(route: CatalogRoute, valueOf: (param: string) => string): string {
  return route.segments.map((s) => (s.kind === 'static' ? s.text : encodeURIComponent(valueOf(s.name)))).join('');
}

/** The static words of a path, e.g. `/api/jobs/:id` -> ['api', 'jobs']. */
export function staticWords(route: CatalogRoute): string[] {
  return route.segments.flatMap((s) => (s.kind === 'static' ? s.text.split('/').filter(Boolean) : []));
}

/** The static word right before a parameter (`/api/jobs/:id` -> `jobs` for `id`). */
export function wordBefore(route: CatalogRoute, param: string): string | undefined {
  let last: string | undefined;
  for (const s of route.segments) {
    if (s.kind === 'param' && s.name === param) return last;
    if (s.kind === 'static') {
      const words = s.text.split('/').filter(Boolean);
      if (words.length) last = words[words.length - 1];
    }
  }
  return undefined;
}
