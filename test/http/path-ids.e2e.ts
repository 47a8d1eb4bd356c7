import { eachConcurrently } from '../support/each-concurrently';
import { seedTwoHouses, signIn, SignedIn } from '../support/fixtures';
import { CatalogRoute, fillPath, listRoutes } from '../support/route-catalog';
import { changedTables, houseChecksums } from '../support/row-checksums';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * One answer for a path id that cannot name a record, on every route with an id (read from the
 * Express router, so a new route is covered without touching this file): 404, the same as an id
 * of another house or of a deleted record (core/http/id-param.ts).
 */

/** Path parameters that are not integer ids, each with its reason. */
const NOT_INTEGER_IDS: { param: string; path?: string; reason: string }[] = [
  { param: 'houseRef', reason: 'the tenancy guard answers 404 for any house that is not the caller’s' },
  { param: 'userRef', reason: 'a text reference (U…), looked up by the house' },
  { param: 'catalogRef', reason: 'a text reference (C…), looked up by the house (bulk bidding, EOA)' },
];

/** Requests at once per malformed id (their database round trips overlap). */
const IN_FLIGHT = 4;

const MALFORMED = ['abc', '0', '-1', '1e3', '1.5', '007', '12abc', '2147483648', '99999999999', ' 1'];

const isIdParam = (r: CatalogRoute, p: string) => !NOT_INTEGER_IDS.some((n) => n.param === p && (!n.path || n.path === r.path));

describe('malformed path ids answer 404 on every route with an id', () => {
  let t: TestApp;
  let a: SignedIn;
  let houseId: number;
  let houseRef: string;
  let routes: CatalogRoute[];

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    const houses = await seedTwoHouses(t.em());
    houseId = houses.a.id;
    houseRef = houses.a.houseRef;
    // The super user has every flag and passes the super-user-only routes (the dev outbox) too.
    a = await signIn(t.server, 'house-a', 'super');
    routes = listRoutes(t.app).filter((r) => r.params.some((p) => isIdParam(r, p)));
  });
  afterAll(() => t?.close());

  it('finds the routes with ids (documented calls and REST resources)', () => {
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/locations/:id',
        'DELETE /api/invoice-templates/:id',
        'PATCH /app/house/:houseRef/invoice/:id',
        'GET /app/house/:houseRef/invoice/:id/audit',
        'GET /app/house/:houseRef/invoiceGroup/:id/groupDetailInfo',
        'POST /api/catalogs/:catalogId/results/import',
        'GET /app/house/address/address-delete/:addressID',
      ]),
    );
  });

  it.each(MALFORMED)('%j answers 404 everywhere and changes nothing', async (bad) => {
    const before = await houseChecksums(t, houseId);
    const failures: string[] = [];
    // A few requests in flight: every one is refused before it touches a record, whatever the order.
    await eachConcurrently(routes, IN_FLIGHT, async (r) => {
      const url = fillPath(r, (p) => (p === 'houseRef' ? houseRef : isIdParam(r, p) ? bad : '1'));
      const m = r.method.toLowerCase() as 'post';
      let req = a.agent[m](url).set('X-CSRF-Token', a.csrf);
      if (!['GET', 'DELETE'].includes(r.method)) req = req.send({});
      const res = await req;
      if (res.status !== 404) failures.push(`${r.method} ${url} -> ${res.status} ${res.text.slice(0, 120)}`);
    });
    expect({ failures, changed: changedTables(before, await houseChecksums(t, houseId)) }).toEqual({ failures: [], changed: [] });
  });
});
