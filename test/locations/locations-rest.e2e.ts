import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';

const VERIFY = 'Please verify that your country and postal code are in the correct format.';
const place = (city: string, extra: object = {}) => ({
  facilityName: `${city} rooms`,
  addressStreet1: `1 ${city} Street`,
  addressCity: city,
  countryCode: 'US',
  stateCode: 'NY',
  postalCode: '10016',
  ...extra,
});

describe('/api/locations: the REST resource for react-admin (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  const ids: Record<string, number> = {};

  const post = (s: SignedIn, body: object) => s.agent.post('/api/locations').set('X-CSRF-Token', s.csrf).send(body);
  const put = (s: SignedIn, id: number | string, body: object) =>
    s.agent.put(`/api/locations/${id}`).set('X-CSRF-Token', s.csrf).send(body);
  const remove = (s: SignedIn, id: number | string) => s.agent.delete(`/api/locations/${id}`).set('X-CSRF-Token', s.csrf);
  const list = (s: SignedIn, q: Record<string, unknown> = {}) =>
    s.agent.get('/api/locations').query(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, JSON.stringify(v)])));

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    owner = await signIn(t.server, 'house-a', 'owner');
    for (const city of ['Albany', 'Buffalo', 'Cortland', 'Dunkirk', 'Elmira']) {
      const res = await post(owner, place(city));
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
      ids[city] = res.body.id;
    }
  });
  afterAll(() => t.close());

  it('create (POST) answers 201 with the record and its id; the first is primary', async () => {
    const res = await owner.agent.get(`/api/locations/${ids.Albany}`).expect(200);
    expect(res.body).toMatchObject({
      id: ids.Albany,
      addressID: ids.Albany,
      addressCity: 'Albany',
      primary: true,
      countryName: 'United States',
      stateName: 'New York',
      version: 1,
    });
  });

  it('getList: sort, range, Content-Range', async () => {
    const res = await list(owner, { sort: ['addressCity', 'DESC'], range: [0, 1] }).expect(200);
    expect(res.body.map((r: { addressCity: string }) => r.addressCity)).toEqual(['Elmira', 'Dunkirk']);
    expect(res.headers['content-range']).toBe('locations 0-1/5');
    const page2 = await list(owner, { sort: ['addressCity', 'DESC'], range: [2, 3] }).expect(200);
    expect(page2.body.map((r: { addressCity: string }) => r.addressCity)).toEqual(['Cortland', 'Buffalo']);
    expect(page2.headers['content-range']).toBe('locations 2-3/5');
    const beyond = await list(owner, { range: [10, 19] }).expect(200);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['content-range']).toBe('locations */5');
  });

  it('getList without sort: primary first, then creation order', async () => {
    const res = await list(owner).expect(200);
    expect(res.body.map((r: { id: number }) => r.id)).toEqual(['Albany', 'Buffalo', 'Cortland', 'Dunkirk', 'Elmira'].map((c) => ids[c]));
  });

  it('getList filters: q (text), primary, countryCode; getMany as filter id list', async () => {
    expect((await list(owner, { filter: { q: 'buff' } }).expect(200)).body.map((r: { id: number }) => r.id)).toEqual([ids.Buffalo]);
    expect((await list(owner, { filter: { q: '100%' } }).expect(200)).body).toEqual([]);
    expect((await list(owner, { filter: { primary: true } }).expect(200)).body.map((r: { id: number }) => r.id)).toEqual([ids.Albany]);
    expect((await list(owner, { filter: { countryCode: 'FR' } }).expect(200)).body).toEqual([]);
    const many = await list(owner, { filter: { id: [ids.Cortland, ids.Elmira] } }).expect(200);
    expect(many.body.map((r: { id: number }) => r.id).sort()).toEqual([ids.Cortland, ids.Elmira].sort());
  });

  it('getList refuses unknown sort fields, filters and malformed queries with a 400', async () => {
    expect((await list(owner, { sort: ['house_id', 'ASC'] }).expect(400)).body.message).toBe('Cannot sort by house_id.');
    expect((await list(owner, { filter: { deletedAt: null } }).expect(400)).body.message).toBe('Cannot filter by deletedAt.');
    await owner.agent.get('/api/locations?range=oops').expect(400);
  });

  it('update (PUT) with the record react-admin sends back (display fields and version included)', async () => {
    const current = (await owner.agent.get(`/api/locations/${ids.Buffalo}`).expect(200)).body;
    const res = await put(owner, ids.Buffalo, { ...current, addressStreet2: 'Suite 4', stateCode: 'NY' }).expect(200);
    expect(res.body).toMatchObject({ id: ids.Buffalo, addressStreet2: 'Suite 4', version: current.version + 1 });
    // the old version again: 409
    const stale = await put(owner, ids.Buffalo, { ...current, addressStreet2: 'Suite 5' }).expect(409);
    expect(stale.body.code).toBe('STALE_VERSION');
  });

  it('update making another location primary unmarks the old one', async () => {
    await put(owner, ids.Cortland, { ...place('Cortland'), primary: true }).expect(200);
    const primaries = (await list(owner, { filter: { primary: true } }).expect(200)).body.map((r: { id: number }) => r.id);
    expect(primaries).toEqual([ids.Cortland]);
    const unmark = await put(owner, ids.Cortland, { ...place('Cortland'), primary: false }).expect(400);
    expect(unmark.body.errors).toEqual({ primary: 'A primary location cannot be unmarked. Make another location primary instead.' });
  });

  it('field errors come back as { errors: { field: message } } (react-admin shows them beside the fields)', async () => {
    const res = await post(owner, { countryCode: 'CA' }).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Street Address 1 is required',
      errors: {
        addressStreet1: 'Street Address 1 is required',
        addressCity: 'City is required',
        stateCode: 'Province is required',
        postalCode: 'Postal Code is required',
      },
    });
    const postal = await post(owner, place('Bad', { postalCode: 'ABCDE' })).expect(400);
    expect(postal.body).toEqual({ statusCode: 400, code: '302', message: VERIFY, errors: { postalCode: VERIFY } });
    const total = (await list(owner).expect(200)).headers['content-range'];
    expect(total).toBe('locations 0-4/5');
  });

  it('delete answers the deleted record with its id; the primary and unknown ids are refused', async () => {
    const res = await remove(owner, ids.Dunkirk).expect(200);
    expect(res.body).toMatchObject({ id: ids.Dunkirk, addressCity: 'Dunkirk' });
    await owner.agent.get(`/api/locations/${ids.Dunkirk}`).expect(404);
    await remove(owner, ids.Dunkirk).expect(404);
    const primary = await remove(owner, ids.Cortland).expect(409);
    expect(primary.body.message).toBe('A new primary location must be designated before the current primary can be deleted.');
    await remove(owner, 'nope').expect(404);
  });

  it('access: reading needs a signed-in user; create, update and delete need accessSensitive', async () => {
    await request(t.server).get('/api/locations').expect(401);
    const none = await signIn(t.server, 'house-a', 'none');
    await list(none).expect(200);
    await none.agent.get(`/api/locations/${ids.Elmira}`).expect(200);
    await post(none, place('Nope')).expect(403);
    await put(none, ids.Elmira, place('Nope')).expect(403);
    await remove(none, ids.Elmira).expect(403);
    expect((await none.agent.get(`/api/locations/${ids.Elmira}`).expect(200)).body.addressCity).toBe('Elmira');
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await request(t.server).get('/api/docs-json').expect(200)).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/locations',
        '/api/locations/{id}',
        '/app/house/address',
        '/app/house/address/address-delete/{addressID}',
        '/app/house/{houseRef}/location',
        '/app/country',
        '/app/states',
      ]),
    );
    expect(doc.paths['/api/locations'].get.tags).toEqual(['locations']);
  });

  it("house B sees none of house A's locations in its list", async () => {
    const b = await signIn(t.server, 'house-b', 'owner');
    const res = await list(b).expect(200);
    expect(res.body).toEqual([]);
    expect(res.headers['content-range']).toBe('locations */0');
    expect((await list(b, { filter: { id: Object.values(ids) } }).expect(200)).body).toEqual([]);
    expect(houses.b.id).not.toBe(houses.a.id);
  });
});
