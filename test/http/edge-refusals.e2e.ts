import request from 'supertest';
import { House } from '../../src/modules/houses/house.entity';
import { HouseAddress } from '../../src/modules/houses/locations/house-address.entity';
import { SAFE_INPUT_TEXT } from '../../src/core/http/safe-input';
import type { FactoryGroup } from '../invoice-details/factory';
import { smallGroup } from '../invoice-editing/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { CatalogRoute, fillPath, listRoutes, wordBefore } from '../support/route-catalog';
import { changedTables, houseChecksums } from '../support/row-checksums';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The edge rules over every route the application registers (read from the Express router, so a
 * route added later is covered without touching this file): text PostgreSQL cannot store, JSON
 * nested 1,300 deep and fields named like built-in object members are refused with a 400 before
 * anything runs, and change nothing (row checksums of the house, as the tenancy test takes them).
 */

const DEEP = 1_300;
const deepJson = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;
const deepArray = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;

/** Raw JSON bodies (so `__proto__` and lone surrogates arrive exactly as a hostile client sends them). */
const UNSAFE_BODIES: { label: string; json: string; code: string }[] = [
  { label: 'NUL in a text field', json: JSON.stringify({ subject: 'a\u0000b', notes: 'x' }), code: 'INVALID_TEXT' },
  { label: 'NUL in a key', json: '{"no\\u0000te": "x"}', code: 'INVALID_TEXT' },
  { label: 'lone high surrogate', json: '{"subject": "\\ud800", "message": "m"}', code: 'INVALID_TEXT' },
  { label: 'lone low surrogate in a list', json: '{"invoiceIDs": [1], "notes": ["\\udc00"]}', code: 'INVALID_TEXT' },
  { label: `objects ${DEEP} deep`, json: deepJson, code: 'TOO_DEEP' },
  { label: `arrays ${DEEP} deep`, json: deepArray, code: 'TOO_DEEP' },
];

/** Built-in member names a body may carry as its own keys: each is an unknown field. */
const BUILT_IN_NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'];

const isWrite = (m: string) => !['GET', 'HEAD', 'OPTIONS'].includes(m);

describe('edge refusals on every route: unsafe text, deep JSON, built-in member names', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let g: FactoryGroup;
  let locationId: number;
  let a: SignedIn;
  let routes: CatalogRoute[];

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    g = await smallGroup(t, houses.a.id);
    const em = t.em();
    const address = em.create(HouseAddress, {
      house: em.getReference(House, houses.a.id),
      facilityName: 'Hall',
      addressStreet1: '1 Main St',
      addressCity: 'Springfield',
      countryCode: 'US',
      stateCode: 'IL',
      postalCode: '62701',
    });
    await em.flush();
    locationId = address.id;
    a = await signIn(t.server, 'house-a', 'owner');
    routes = listRoutes(t.app).filter((r) => !r.path.startsWith('/api/docs') && r.path !== '/' && r.path !== '/ar');
  });
  afterAll(() => t?.close());

  /** House A's real ids, so a body that got through would reach real rows. */
  function valueOf(r: CatalogRoute, param: string): string {
    if (param === 'houseRef') return houses.a.houseRef;
    const word = (wordBefore(r, param) ?? param).toLowerCase();
    if (param === 'catalogId' || word.startsWith('catalog')) return String(g.catalogIds[0]);
    if (param === 'addressID' || word.startsWith('location') || word.startsWith('address')) return String(locationId);
    if (word.startsWith('invoicegroup') || word === 'invoice-groups') return String(g.groupId);
    if (word.startsWith('invoice-template')) return String(g.templateId);
    if (word.startsWith('invoice')) return String(g.invoiceIds[0]);
    return '1';
  }

  function send(r: CatalogRoute, url: string, raw?: string, contentType = 'application/json') {
    const m = r.method.toLowerCase() as 'post';
    let req = a.agent[m](url).redirects(0).set('X-CSRF-Token', a.csrf);
    if (raw !== undefined) req = req.set('Content-Type', contentType).send(raw);
    return req.then((res) => res);
  }

  it('covers the write routes the issue names', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /app/house/:houseRef/invoiceMessage',
        'POST /app/house/:houseRef/invoiceGroup/:id/bulkNote',
        'POST /app/house/:houseRef/additionalCharges',
        'PATCH /app/house/:houseRef/invoice/:id',
      ]),
    );
  });

  it('NUL, lone surrogates and 1,300-deep JSON answer 400 on every write route and change nothing', async () => {
    const before = await houseChecksums(t, houses.a.id);
    const failures: string[] = [];
    for (const r of routes.filter((x) => isWrite(x.method))) {
      const url = fillPath(r, (p) => valueOf(r, p));
      for (const b of UNSAFE_BODIES) {
        const res = await send(r, url, b.json);
        if (res.status !== 400 || res.body.code !== b.code)
          failures.push(`${r.method} ${url} ${b.label} -> ${res.status} ${res.text.slice(0, 160)}`);
      }
      // The JSON:API media type the spec's PATCH uses goes through the same rule.
      const vnd = await send(r, url, UNSAFE_BODIES[2].json, 'application/vnd.api+json');
      if (vnd.status !== 400 || vnd.body.code !== 'INVALID_TEXT') failures.push(`${r.method} ${url} vnd.api+json -> ${vnd.status}`);
    }
    expect({ failures, changed: changedTables(before, await houseChecksums(t, houses.a.id)) }).toEqual({ failures: [], changed: [] });
  });

  it('the answer is one shape with one code per rule', async () => {
    const res = await send(
      routes.find((r) => r.path === '/app/house/:houseRef/invoiceMessage')!,
      `/app/house/${houses.a.houseRef}/invoiceMessage`,
      '{"subject":"\\ud800","message":"m","bidderID":1}',
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'INVALID_TEXT', message: SAFE_INPUT_TEXT.text });
    const deep = await request(t.server).post('/api/auth/login').set('Content-Type', 'application/json').send(deepJson);
    expect(deep.body).toEqual({ statusCode: 400, code: 'TOO_DEEP', message: SAFE_INPUT_TEXT.depth });
  });

  it('sign-in with a NUL in the house, user name or password answers 400 INVALID_TEXT (never 500)', async () => {
    for (const field of ['house', 'username', 'password']) {
      const body = { house: 'house-a', username: 'owner', password: 'x', [field]: 'a\u0000' };
      const res = await request(t.server).post('/api/auth/login').send(body);
      expect({ field, status: res.status, code: res.body.code }).toEqual({ field, status: 400, code: 'INVALID_TEXT' });
    }
  });

  it('a NUL or lone surrogate in any query (raw, or escaped inside a react-admin JSON filter) answers 400 on every GET route', async () => {
    const failures: string[] = [];
    for (const r of routes.filter((x) => x.method === 'GET')) {
      const url = fillPath(r, (p) => valueOf(r, p));
      for (const qs of [
        `q=a%00b`,
        `search=%00`,
        `filter=${encodeURIComponent('{"q":"a\\u0000"}')}`,
        `filter=${encodeURIComponent('{"q":"\\ud800"}')}`,
      ]) {
        const res = await send(r, `${url}?${qs}`);
        const parsesJson = qs.startsWith('filter') && !/^\/api\/(locations|invoices|invoice-templates|invoice-groups)$/.test(r.path);
        // Raw %00 is refused everywhere; an escape inside JSON only where the route reads `filter` as JSON.
        if (parsesJson) {
          if (res.status >= 500) failures.push(`${r.method} ${url}?${qs} -> ${res.status}`);
        } else if (res.status !== 400 || res.body.code !== 'INVALID_TEXT')
          failures.push(`${r.method} ${url}?${qs} -> ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a NUL in a path answers 400 INVALID_TEXT', async () => {
    const res = await a.agent.get(`/app/house/${houses.a.houseRef}/superuser/a%00b`);
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'INVALID_TEXT' });
  });

  it('an unknown field is refused (400) on every write route, also on those that take no body at all, changing nothing', async () => {
    const before = await houseChecksums(t, houses.a.id);
    const failures: string[] = [];
    for (const r of routes.filter((x) => isWrite(x.method))) {
      const url = fillPath(r, (p) => valueOf(r, p));
      const res = await send(r, url, '{"zzUnknownField": 1}');
      if (res.status !== 400) failures.push(`${r.method} ${url} -> ${res.status} ${res.text.slice(0, 160)}`);
    }
    // Routes without @Body(): the NoBodyGuard names the field.
    const del = await send(
      routes.find((r) => r.method === 'DELETE' && r.path === '/api/locations/:id')!,
      `/api/locations/${locationId}`,
      '{"colour": 1}',
    );
    expect(del.body).toEqual({
      statusCode: 400,
      code: 'UNKNOWN_FIELDS',
      message: 'Unknown field(s): colour.',
      errors: { colour: 'property colour should not exist' },
    });
    expect({ failures, changed: changedTables(before, await houseChecksums(t, houses.a.id)) }).toEqual({ failures: [], changed: [] });
  });

  it('a GET that sends a body still has it read (the parsers skip only body-less GETs): unsafe text and unknown fields are refused', async () => {
    const list = routes.find((r) => r.method === 'GET' && r.path === '/api/locations')!;
    expect((await send(list, '/api/locations', '{"colour": 1}')).body).toEqual({
      statusCode: 400,
      code: 'UNKNOWN_FIELDS',
      message: 'Unknown field(s): colour.',
      errors: { colour: 'property colour should not exist' },
    });
    expect((await send(list, '/api/locations', '{"colour": "a\\u0000b"}')).body.code).toBe('INVALID_TEXT');
    expect((await send(list, '/api/locations')).status).toBe(200);
  });

  it('fields named like built-in object members are refused as unknown (400) on every write route, changing nothing', async () => {
    const before = await houseChecksums(t, houses.a.id);
    const failures: string[] = [];
    for (const r of routes.filter((x) => isWrite(x.method))) {
      const url = fillPath(r, (p) => valueOf(r, p));
      for (const name of BUILT_IN_NAMES) {
        const res = await send(r, url, `{${JSON.stringify(name)}: "x"}`);
        const named = res.body?.code === 'UNKNOWN_FIELDS' || Object.keys(res.body?.errors ?? {}).some((k) => k.split('.').pop() === name);
        if (res.status !== 400 || !named) failures.push(`${r.method} ${url} {${name}} -> ${res.status} ${res.text.slice(0, 160)}`);
        if (res.status < 300) a = await signIn(t.server, 'house-a', 'owner'); // e.g. logout ended the session
      }
    }
    expect({ failures, changed: changedTables(before, await houseChecksums(t, houses.a.id)) }).toEqual({ failures: [], changed: [] });
  });
});
