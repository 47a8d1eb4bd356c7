import { changedTables, houseChecksums } from '../support/row-checksums';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ACCESS_FLAGS, AccessFlags } from '../../src/core/auth/access-flags';
import { MailMessage } from '../../src/core/mail/mail-message.entity';
import { JobRun } from '../../src/core/queue/job-run.entity';
import { Approval } from '../../src/modules/bidders/approval.entity';
import { Member } from '../../src/modules/bidders/member.entity';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { BuyersPremiumStep } from '../../src/modules/catalogs/buyers-premium-step.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { House } from '../../src/modules/houses/house.entity';
import { ApiTokensService } from '../../src/modules/houses/identity/api-tokens.service';
import { hashPassword, newRef } from '../../src/modules/houses/identity/secrets';
import { HouseAddress } from '../../src/modules/houses/locations/house-address.entity';
import { StaffUser } from '../../src/modules/houses/staff-user.entity';
import { Lot } from '../../src/modules/lots/lot.entity';
import { LotImage } from '../../src/modules/lots/lot-image.entity';
import { ImageUpload } from '../../src/modules/lots/images/image-upload.entity';
import { InvoiceGroup } from '../../src/modules/invoicing/groups/invoice-group.entity';
import { InvoiceGroupCatalog } from '../../src/modules/invoicing/groups/invoice-group-catalog.entity';
import { Invoice } from '../../src/modules/invoicing/invoices/invoice.entity';
import { InvoiceLine } from '../../src/modules/invoicing/invoices/invoice-line.entity';
import { InvoiceTemplate } from '../../src/modules/invoicing/templates/invoice-template.entity';
import { FIXTURE_PASSWORD, FixtureHouse, seedTwoHouses, signIn, TwoHouses } from '../support/fixtures';
import { CatalogRoute, fillPath, listRoutes, wordBefore } from '../support/route-catalog';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Tenancy over every route the application registers, read from the Express router at run time:
 * a route added later by anyone is attacked here without touching this file.
 *
 * A staff user of house B (owner with every flag, a super user, and an API token) calls every
 * route with house A's houseRef, house id and real row ids in the path. A route naming anything
 * by a path parameter must refuse (400/401/403/404); a route without parameters may answer B's
 * own data, but never anything of house A. Afterwards every house-A row of every table with a
 * house_id column is byte-for-byte unchanged.
 *
 * Parameters resolve to house A's rows seeded in `seedHouseRows` below; a new house-owned table
 * gets its ids attacked once a row of it is seeded there (until then its ids fall back to `1`).
 * `TENANCY_DEBUG=1 npx jest test/identity/tenancy.e2e.ts` prints every request and status.
 */

/**
 * Routes anyone may call without signing in, each with its reason. Every other route must answer
 * 401 (or 403) to an anonymous caller: adding a public route means adding it here, on purpose.
 */
const PUBLIC_ROUTES: { method: string; path: string | RegExp; reason: string }[] = [
  { method: 'POST', path: '/api/auth/login', reason: 'sign-in itself: the same 401 for any unknown house, user or password' },
  {
    method: 'POST',
    path: '/app/house/user/forgotPassword',
    reason: 'password reset request: the same answer whatever matched; mails only the named user (test/identity/password-reset.e2e.ts)',
  },
  {
    method: 'POST',
    path: '/app/house/user/resetPassword',
    reason: "password reset: authorised by the emailed link's signed single-use token, not a session",
  },
  { method: 'GET', path: '/api/health', reason: 'load-balancer health check: database/queue status, no house data' },
  { method: 'GET', path: /^\/api\/docs/, reason: 'OpenAPI document and Swagger UI: describe the API, hold no data' },
  { method: 'GET', path: '/', reason: 'redirect to the admin at /ar/' },
  { method: 'GET', path: '/ar', reason: 'redirect to the admin at /ar/ (the static bundle holds no data)' },
  {
    method: 'PUT',
    path: '/cps/app/image/upload/:uploadID',
    reason: "image upload's signed PUT: authorised by its HMAC-signed, expiring, single-use URL, as a storage service's (test/lot-images)",
  },
  { method: 'GET', path: /^\/ah\//, reason: "the spec's legacy /ah/ menu links: redirects to their screens under /ar (no data)" },
];

/**
 * Routes whose path parameters name no house data (a country code, a static file): they may answer
 * 2xx to anyone signed in, and are still checked for house A's data in their answer. Empty today.
 */
const HOUSE_INDEPENDENT_ROUTES: { method: string; path: string | RegExp; reason: string }[] = [];

/** The statuses a refusal may take. 409 or 422 would reveal that A's record exists. */
const REFUSALS = new Set([400, 401, 403, 404]);

const matches = (list: { method: string; path: string | RegExp }[], r: CatalogRoute) =>
  list.some((e) => e.method === r.method && (typeof e.path === 'string' ? e.path === r.path : e.path.test(r.path)));

const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

/** Markers planted in every text column of house A's seeded rows; none may reach house B. */
const A_SECRET = 'zz-house-a-secret';

interface HouseSide {
  house: FixtureHouse;
  /** First row (lowest primary key) of the house in each table with a house_id column. */
  rows: Map<string, Record<string, unknown>>;
}

describe('tenancy: a user of house B reaches nothing of house A through any route', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let routes: CatalogRoute[];
  let houseTables: string[];
  let A: HouseSide;
  let B: HouseSide;
  /** Strings that identify house A's data. */
  let aMarkers: string[];
  /** Per write route whose path also answers GET: house B's own record, and whether B's write with it succeeded. */
  let recordBodies: Map<string, { body: Record<string, unknown>; accepted: boolean }>;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    const em = t.em();
    await em.nativeUpdate(House, { id: houses.a.id }, { name: `house-a Auctions ${A_SECRET}` });
    // A super user in house B too: super users are staff of their own house only.
    em.create(StaffUser, {
      house: houses.b.id,
      userRef: newRef('U'),
      userName: 'super',
      passwordHash: await hashPassword(FIXTURE_PASSWORD),
      isSuperUser: true,
      ...allFlags(),
    });
    await em.flush();
    await seedHouseRows(houses.a, A_SECRET);
    await seedHouseRows(houses.b, 'house-b-own');
    await inContext(async (cem) => {
      for (const h of [houses.a, houses.b]) {
        const user = await cem.findOneOrFail(StaffUser, { house: h.id, userName: 'owner' });
        await t.app.get(ApiTokensService).create(user, `${h.houseUserName} token`);
      }
    });
    // A live session of house A's owner, so staff_session has a row of A to protect.
    await signIn(t.server, 'house-a', 'owner');

    routes = listRoutes(t.app);
    houseTables = await tablesWithHouseId();
    A = { house: houses.a, rows: await firstRows(houses.a.id) };
    B = { house: houses.b, rows: await firstRows(houses.b.id) };
    recordBodies = await collectRecordBodies();
    const aUsers = await q<{ user_ref: string }>('select user_ref from staff_user where house_id = ?', [houses.a.id]);
    aMarkers = [A_SECRET, houses.a.houseRef, 'house-a', ...aUsers.map((u) => u.user_ref)];
  });
  afterAll(() => t?.close());

  it('reads the routes from the Express router: the known ones are there, the ORM/logging middleware is not', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'GET /app/house/user',
        'GET /app/house/:houseRef/superuser/:userRef',
        'GET /app/house/:houseRef/paymentProcessorType',
        'GET /api/jobs/:id',
      ]),
    );
    expect(keys.filter((k) => k.includes('{*'))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("resolves path parameters to house A's real rows (userRef, id of a job, houseRef)", async () => {
    expect([...A.rows.keys()]).toEqual(
      expect.arrayContaining([
        'staff_user',
        'house_address',
        'auction_group',
        'catalog',
        'member',
        'approval',
        'lot',
        'job_run',
        'mail_outbox',
        'api_token',
        'staff_session',
      ]),
    );
    expect(Object.keys(await snapshot(houses.a.id))).toEqual(['house', ...houseTables]);
    const superuser = routes.find((r) => r.path === '/app/house/:houseRef/superuser/:userRef')!;
    expect(fillPath(superuser, (p) => resolveParam(superuser, p, A).value)).toBe(
      `/app/house/${houses.a.houseRef}/superuser/${A.rows.get('staff_user')!.user_ref}`,
    );
    const job = routes.find((r) => r.path === '/api/jobs/:id')!;
    expect(fillPath(job, (p) => resolveParam(job, p, A).value)).toBe(`/api/jobs/${A.rows.get('job_run')!.id}`);
  });

  it('every allow-listed public route exists (no stale exemptions)', () => {
    for (const e of [...PUBLIC_ROUTES, ...HOUSE_INDEPENDENT_ROUTES]) {
      expect({ entry: `${e.method} ${e.path}`, found: routes.some((r) => matches([e], r)) }).toEqual({
        entry: `${e.method} ${e.path}`,
        found: true,
      });
    }
  });

  it('without a session every route but the allow-listed public ones answers 401 (or 403), and changes nothing', async () => {
    const before = await snapshot(houses.a.id);
    const failures: string[] = [];
    for (const r of routes) {
      if (matches(PUBLIC_ROUTES, r)) continue;
      const url = fillPath(r, (p) => resolveParam(r, p, A).value);
      const res = await send(request(t.server), r.method, url, isWrite(r.method) ? {} : undefined);
      if (res.status !== 401 && res.status !== 403) failures.push(`${r.method} ${url} -> ${res.status} ${short(res)}`);
    }
    expect({ failures, changedInA: changed(before, await snapshot(houses.a.id)) }).toEqual({ failures: [], changedInA: [] });
  });

  describe.each([
    ['house B owner (every flag, session)', 'owner', 'session'],
    ['house B super user (session)', 'super', 'session'],
    ['house B owner (API token)', 'owner', 'token'],
  ] as const)('as %s', (_label, userName, via) => {
    it('every route naming house A or its rows by a path parameter refuses with 400/401/403/404; the others show nothing of A; A is unchanged', async () => {
      const before = await snapshot(houses.a.id);
      let last = before;
      const caller = await callerFor(userName, via);
      const failures: string[] = [];
      const checked: string[] = [];
      for (const r of routes) {
        if (matches(PUBLIC_ROUTES, r)) continue;
        for (const variant of variantsOf(r)) {
          const url = fillPath(r, (p) => variant.valueOf(p));
          for (const body of isWrite(r.method) ? bodiesFor(r, variant) : [undefined]) {
            const res = await caller.send(r.method, url, body?.body);
            const what = `${r.method} ${url}${body ? ` with ${body.label}` : ''} (${variant.label})`;
            checked.push(`${what} -> ${res.status}`);
            const leaks = leaked(res, url);
            if (res.status >= 500) failures.push(`${what} -> ${res.status} (server error) ${short(res)}`);
            else if (r.params.length && !matches(HOUSE_INDEPENDENT_ROUTES, r) && !REFUSALS.has(res.status)) {
              failures.push(`${what} -> ${res.status}, expected a refusal (400/401/403/404): ${short(res)}`);
            } else if (body?.acceptedByB && res.status === 400) {
              // B's own write with this very body succeeded: a 400 here means the house check came too late or not at all.
              failures.push(`${what} -> 400 although the body is valid (B's own write with it succeeded): expected 403/404: ${short(res)}`);
            } else if (leaks.length) failures.push(`${what} -> ${res.status} shows house A's ${leaks.join(', ')}: ${short(res)}`);
            if (isWrite(r.method)) {
              // Whatever it answered, a write must leave every row of house A as it was.
              const now = await snapshot(houses.a.id);
              const diff = changed(last, now);
              if (diff.length) failures.push(`${what} -> ${res.status} changed house A's ${diff.join(', ')}`);
              last = now;
              if (res.status < 300) await caller.ensureSignedIn(); // e.g. logout ended the session
            }
          }
        }
        // Parameterless reads also get house A's ids in the query string (filters, ra-data-simple-rest).
        if (!r.params.length && !isWrite(r.method)) {
          const qurl = `${r.path}?${aQueryString()}`;
          const qres = await caller.send(r.method, qurl);
          checked.push(`${r.method} ${qurl} -> ${qres.status}`);
          const qleaks = leaked(qres, qurl);
          if (qres.status >= 500) failures.push(`${r.method} ${qurl} -> ${qres.status} (server error) ${short(qres)}`);
          else if (qleaks.length)
            failures.push(`${r.method} ${qurl} -> ${qres.status} shows house A's ${qleaks.join(', ')}: ${short(qres)}`);
        }
      }
      expect(checked.length).toBeGreaterThan(0);
      if (process.env.TENANCY_DEBUG) console.log(checked.join('\n'));
      expect({ failures, changedInA: changed(before, await snapshot(houses.a.id)) }).toEqual({ failures: [], changedInA: [] });
    });
  });

  it("sanity, the other way round: the same routes with house B's own ref and rows never answer 5xx", async () => {
    const before = await snapshot(houses.a.id);
    const caller = await callerFor('owner', 'session');
    const failures: string[] = [];
    const ok: string[] = [];
    for (const r of routes) {
      const url = fillPath(r, (p) => resolveParam(r, p, B).value);
      for (const body of isWrite(r.method)
        ? [
            { label: '{}', body: {} },
            ...(recordBodies.has(routeKey(r)) ? [{ label: 'its own record', body: recordBodies.get(routeKey(r))!.body }] : []),
          ]
        : [undefined]) {
        const res = await caller.send(r.method, url, body?.body);
        if (res.status >= 500) failures.push(`${r.method} ${url}${body ? ` with ${body.label}` : ''} -> ${res.status} ${short(res)}`);
        if (res.status < 300 && r.params.length) ok.push(`${r.method} ${r.path}`);
        if (isWrite(r.method) && res.status < 300) await caller.ensureSignedIn();
      }
    }
    expect({ failures, changedInA: changed(before, await snapshot(houses.a.id)) }).toEqual({ failures: [], changedInA: [] });
    // The substitution reaches real handlers: with B's own values, parameterised reads do answer.
    expect(ok).toEqual(
      expect.arrayContaining(['GET /app/house/:houseRef/superuser/:userRef', 'GET /app/house/:houseRef/paymentProcessorType']),
    );
  });

  // ----------------------------------------------------------------------------------------------

  interface Caller {
    send(method: string, url: string, body?: object): Promise<request.Response>;
    ensureSignedIn(): Promise<void>;
  }

  /**
   * House B's user calling through a session or an API token. A session caller sends its CSRF
   * token on every request (some handlers demand it on a state-changing GET too), so a refusal
   * always comes from the house check, never from a missing token.
   */
  async function callerFor(userName: string, via: 'session' | 'token'): Promise<Caller> {
    if (via === 'token') {
      const token = await inContext(async (em) => {
        const user = await em.findOneOrFail(StaffUser, { house: houses.b.id, userName });
        return (await t.app.get(ApiTokensService).create(user, 'tenancy attack')).token;
      });
      return {
        send: (method, url, body) => send(request(t.server), method, url, body, { Authorization: `Bearer ${token}` }),
        ensureSignedIn: async () => undefined,
      };
    }
    let s = await signIn(t.server, 'house-b', userName);
    return {
      send: (method, url, body) => send(s.agent, method, url, body, { 'X-CSRF-Token': s.csrf }),
      ensureSignedIn: async () => {
        if ((await s.agent.get('/api/auth/session')).status === 401) s = await signIn(t.server, 'house-b', userName);
      },
    };
  }

  function send(
    client: ReturnType<typeof request> | ReturnType<typeof request.agent>,
    method: string,
    url: string,
    body?: object,
    headers: Record<string, string> = {},
  ) {
    const m = method.toLowerCase() as 'get';
    let req = (client as unknown as Record<string, (u: string) => request.Test>)[m](url).redirects(0);
    for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
    if (body !== undefined) req = req.send(body);
    return req.then((r) => r);
  }

  const routeKey = (r: CatalogRoute) => `${r.method} ${r.path}`;

  interface Variant {
    label: string;
    valueOf(param: string): string;
  }

  /**
   * How a route is attacked: every parameter from house A; and, when the path names a house
   * (houseRef/houseID) next to other parameters, the caller's own house with A's row ids, which
   * the guard's house check lets through to the handler's own scoping.
   */
  function variantsOf(r: CatalogRoute): Variant[] {
    const out: Variant[] = [{ label: 'house A throughout', valueOf: (p) => resolveParam(r, p, A).value }];
    const house = r.params.filter((p) => resolveParam(r, p, A).source === 'house');
    if (house.length && house.length < r.params.length) {
      out.push({ label: "own house, A's rows", valueOf: (p) => resolveParam(r, p, house.includes(p) ? B : A).value });
    }
    return out;
  }

  /**
   * The bodies a write is attacked with: `{}`, and, when the same path also answers GET, house B's
   * own record from that GET with its ids swapped for house A's (a PUT of a whole record, as
   * react-admin sends it). `acceptedByB`: B's own write with that body succeeded during setup.
   */
  function bodiesFor(r: CatalogRoute, variant: Variant): { label: string; body: object; acceptedByB?: boolean }[] {
    const out: { label: string; body: object; acceptedByB?: boolean }[] = [{ label: '{}', body: {} }];
    const rec = recordBodies.get(routeKey(r));
    if (rec) {
      const body: Record<string, unknown> = { ...rec.body };
      for (const [k, v] of Object.entries(body)) {
        if (v === null || typeof v === 'object') continue;
        const inPath = r.params.find((p) => p === k) ?? (k === 'id' ? r.params[r.params.length - 1] : undefined);
        const resolved = inPath ? { value: variant.valueOf(inPath), source: 'row' } : resolveParam(r, k, A);
        // Ids and refs only (a house named in the body is house A's too); other fields stay B's.
        if (resolved.source === 'fallback' || resolved.source === 'column') continue;
        body[k] = typeof v === 'number' && /^\d+$/.test(resolved.value) ? Number(resolved.value) : resolved.value;
      }
      out.push({ label: "B's record with A's ids", body, acceptedByB: rec.accepted });
    }
    return out;
  }

  /** House A markers in an answer, except those the request itself carried (a 404 may echo its path). */
  function leaked(res: request.Response, url: string): string[] {
    const text = `${res.text ?? ''} ${JSON.stringify(res.headers)}`.toLowerCase();
    const sent = decodeURIComponent(url).toLowerCase();
    return aMarkers.filter((m) => !sent.includes(m.toLowerCase()) && text.includes(m.toLowerCase()));
  }

  const short = (res: request.Response) => (res.text ?? '').slice(0, 200);

  /** House A's ids under the query names clients use (`houseID`, `catalogID`, `filter`...). */
  function aQueryString(): string {
    const id = (table: string) => String(A.rows.get(table)?.id ?? 1);
    const qs = new URLSearchParams({
      houseID: String(houses.a.id),
      houseId: String(houses.a.id),
      catalogID: id('catalog'),
      groupID: id('auction_group'),
      addressID: id('house_address'),
      filter: JSON.stringify({ houseId: houses.a.id, house: houses.a.id }),
    });
    return qs.toString();
  }

  /**
   * The value for a path parameter, from the house's real rows:
   *  - houseRef / houseID / houseUserName: the house itself;
   *  - `<thing>ID` / `<thing>Ref`: the row of the table named after <thing> (`groupID` -> auction_group,
   *    `addressID` -> house_address, `userRef` -> staff_user.user_ref);
   *  - a bare `:id` / `:ref`: the table named after the word before it (`/api/jobs/:id` -> job_run);
   *  - any other name: a column of that name in a house table (`lotNumber` -> lot.lot_number);
   *  - else `1` (a parameter nobody can resolve is still attacked).
   */
  function resolveParam(
    route: CatalogRoute,
    param: string,
    side: HouseSide,
  ): { value: string; source: 'house' | 'row' | 'column' | 'fallback' } {
    const n = param.toLowerCase().replace(/[^a-z0-9]/g, '');
    if (n === 'houseref') return { value: side.house.houseRef, source: 'house' };
    if (n === 'houseid') return { value: String(side.house.id), source: 'house' };
    if (n === 'houseusername' || n === 'housealias') return { value: side.house.houseUserName, source: 'house' };
    let stems: string[] = [];
    let column: 'id' | 'ref' | null = null;
    if (n === 'id' || n === 'ref') {
      const word = wordBefore(route, param)
        ?.toLowerCase()
        .replace(/[^a-z0-9]/g, '');
      stems = word ? singulars(word) : [];
      column = n;
    } else if (n.endsWith('id')) {
      stems = [n.slice(0, -2)];
      column = 'id';
    } else if (n.endsWith('ref')) {
      stems = [n.slice(0, -3)];
      column = 'ref';
    }
    for (const stem of stems) {
      const row = side.rows.get(tableFor(stem) ?? '');
      if (!row) continue;
      if (column === 'id' && row.id != null) return { value: String(row.id), source: 'row' };
      if (column === 'ref') {
        const refCol = Object.keys(row).find((c) => c === `${stem}_ref`) ?? Object.keys(row).find((c) => c.endsWith('_ref'));
        if (refCol && row[refCol] != null) return { value: String(row[refCol]), source: 'row' };
      }
    }
    const snake = param.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
    const tables = [...side.rows.keys()].sort((x, y) => Number(snake.startsWith(y)) - Number(snake.startsWith(x)));
    for (const table of tables) {
      const v = side.rows.get(table)![snake];
      if (v != null && typeof v !== 'object') return { value: String(v), source: 'column' };
    }
    return { value: '1', source: 'fallback' };
  }

  /** The house table a stem names: exact, then `*_<stem>`, then `<stem>_*` (`group` -> auction_group). */
  function tableFor(stem: string): string | undefined {
    const flat = (s: string) => s.replace(/_/g, '');
    return (
      houseTables.find((tb) => flat(tb) === stem) ??
      houseTables.find((tb) => tb.endsWith(`_${stem}`)) ??
      houseTables.find((tb) => tb.startsWith(`${stem}_`))
    );
  }

  function singulars(word: string): string[] {
    const out = [word];
    if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
    if (word.endsWith('es')) out.push(word.slice(0, -2));
    if (word.endsWith('s')) out.push(word.slice(0, -1));
    return out;
  }

  /**
   * For every PUT/PATCH/POST whose path also answers GET: B's own record from that GET (unwrapped
   * from `data`), written back to B's own path to learn whether it is a valid body.
   */
  async function collectRecordBodies(): Promise<Map<string, { body: Record<string, unknown>; accepted: boolean }>> {
    const out = new Map<string, { body: Record<string, unknown>; accepted: boolean }>();
    const owner = await signIn(t.server, 'house-b', 'owner');
    const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
    for (const w of routes) {
      if (!['PUT', 'PATCH', 'POST'].includes(w.method) || matches(PUBLIC_ROUTES, w)) continue;
      const g = routes.find((r) => r.method === 'GET' && r.path === w.path);
      if (!g) continue;
      const res = await owner.agent.get(fillPath(g, (p) => resolveParam(g, p, B).value)).set('X-CSRF-Token', owner.csrf);
      let rec: unknown = res.body;
      if (isRecord(rec) && Object.keys(rec).length === 1 && isRecord(rec.data)) rec = rec.data;
      if (res.status !== 200 || !isRecord(rec)) continue;
      const put = await send(
        owner.agent,
        w.method,
        fillPath(w, (p) => resolveParam(w, p, B).value),
        rec,
        { 'X-CSRF-Token': owner.csrf },
      );
      out.set(routeKey(w), { body: rec, accepted: put.status < 300 });
    }
    return out;
  }

  // --- the database side ------------------------------------------------------------------------

  async function q<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await t.em().getConnection().execute(sql, params)) as T[];
  }

  async function tablesWithHouseId(): Promise<string[]> {
    const rows = await q<{ table_name: string }>(
      `select c.table_name from information_schema.columns c
         join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
        where c.table_schema = 'public' and c.column_name = 'house_id' and tb.table_type = 'BASE TABLE'
        order by c.table_name`,
    );
    return rows.map((r) => r.table_name);
  }

  async function firstRows(houseId: number): Promise<Map<string, Record<string, unknown>>> {
    const out = new Map<string, Record<string, unknown>>();
    for (const table of houseTables) {
      const rows = await q(`select * from "${table}" where house_id = ? order by 1 limit 1`, [houseId]);
      if (rows[0]) out.set(table, rows[0]);
    }
    return out;
  }

  /** Row count and md5 per house table (test/support/row-checksums.ts): cheap enough after every write. */
  const snapshot = (houseId: number) => houseChecksums(t, houseId);
  /** The tables whose house-A content differs between two snapshots. */
  const changed = changedTables;

  function inContext<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return RequestContext.create(t.app.get(MikroORM).em, () => fn(t.app.get(EntityManager)));
  }

  /** One row of each house-owned kind for the house, text columns carrying the marker. */
  async function seedHouseRows(h: FixtureHouse, marker: string): Promise<void> {
    const em = t.em();
    const house = em.getReference(House, h.id);
    const address = em.create(HouseAddress, {
      house,
      facilityName: `${marker} hall`,
      addressStreet1: `1 ${marker} st`.slice(0, 50),
      addressCity: 'Springfield',
      countryCode: 'US',
      stateCode: 'IL',
      postalCode: '62701',
      email: 'a@example.com',
    });
    const group = em.create(AuctionGroup, { house, groupName: `${marker} sale` });
    em.create(BuyersPremiumStep, { group, fromCents: 0, rate: 25_000 });
    const catalog = em.create(Catalog, {
      house,
      group,
      catalogRef: newRef('C'),
      title: `${marker} session`,
      saleType: 'live',
      eventDate: new Date('2026-06-01T15:00:00Z'),
      address,
    });
    const member = em.create(Member, {
      house,
      memberRef: newRef('M'),
      firstName: marker,
      lastName: 'Bidder',
      email: `${marker}@example.com`,
      platform: 'INV',
    });
    const approval = em.create(Approval, { house, group, member, paddleNumber: 7, channel: 'INV' });
    const lot = em.create(Lot, {
      house,
      catalog,
      lotRef: newRef('L'),
      lotNumber: '1',
      title: `${marker} lot`,
      description: marker,
      hammerCents: 10_000,
      winningApproval: approval,
      resultChannel: 'INV',
    });
    // An invoiced group: template, group, its session, one invoice with one line.
    const template = em.create(InvoiceTemplate, {
      house,
      groupName: `${marker} template`,
      subject: marker,
      fromName: marker,
      fromEmail: 'a@example.com',
    });
    const invoiceGroup = em.create(InvoiceGroup, { house, title: `${marker} group`, template, currencyCode: 'USD', invoiceCreated: true });
    em.create(InvoiceGroupCatalog, { group: invoiceGroup, catalog, sessionDate: '2026-06-01' });
    const invoice = em.create(Invoice, {
      house,
      group: invoiceGroup,
      invoiceNumber: 1,
      approval,
      member,
      firstName: marker,
      lastName: 'Bidder',
      email: `${marker}@example.com`,
      channel: 'INV',
      currencyCode: 'USD',
      itemCount: 1,
      hammerTotalCents: 10_000,
      invoiceTotalCents: 10_000,
      balanceCents: 10_000,
    });
    em.create(InvoiceLine, {
      house,
      invoice,
      lot,
      catalog,
      lotRef: lot.lotRef,
      lotNumber: '1',
      lotTitle: `${marker} lot`,
      hammerCents: 10_000,
      premiumCents: 0,
      liveFeeCents: 0,
      taxCents: 0,
      totalCents: 10_000,
    });
    em.create(LotImage, { house, lot, sequence: 0, url: `/x/${marker}.jpg`, displayKey: `house/${h.id}/${marker}.jpg` });
    em.create(ImageUpload, {
      house,
      catalog,
      storageKey: `house/${h.id}/catalog/uploads/${marker}`,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    em.create(JobRun, {
      id: randomUUID(),
      queue: 'maintenance',
      name: 'tenancy-probe',
      houseId: h.id,
      payload: { marker },
      status: 'completed',
    });
    em.create(MailMessage, {
      houseId: h.id,
      kind: 'test',
      fromAddress: 'house@example.com',
      toAddress: `${marker}@example.com`,
      subject: marker,
      textBody: marker,
      status: 'sent',
    });
    await em.flush();
  }
});

function allFlags(): AccessFlags {
  return Object.fromEntries(ACCESS_FLAGS.map((f) => [f, true])) as AccessFlags;
}
