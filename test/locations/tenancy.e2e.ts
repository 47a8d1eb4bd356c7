import { createTestApp, TestApp } from '../support/test-app';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';

const NY = { addressStreet1: '120 Madison Avenue', addressCity: 'New York', countryCode: 'US', stateCode: 'NY', postalCode: '10016' };
const NOT_FOUND = { statusCode: 404, code: 'NOT_FOUND', message: 'Location not found.' };

/** House B's owner (every flag) against house A's locations, through both faces: always 404, never a change. */
describe('Locations tenancy matrix (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;
  let b: SignedIn;
  let primaryA: number;
  let otherA: number;

  const snapshot = async () => t.em().getConnection().execute('select * from house_address order by id');

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    a = await signIn(t.server, 'house-a', 'owner');
    b = await signIn(t.server, 'house-b', 'owner');
    const save = (s: SignedIn, houseRef: string, body: object) =>
      s.agent.post(`/app/house/${houseRef}/location`).set('X-CSRF-Token', s.csrf).send(body).expect(200);
    primaryA = (await save(a, houses.a.houseRef, { ...NY, facilityName: 'A main' })).body.data.data.addressID;
    otherA = (await save(a, houses.a.houseRef, { ...NY, facilityName: 'A annex' })).body.data.data.addressID;
    await save(b, houses.b.houseRef, { ...NY, facilityName: 'B main' });
  });
  afterAll(() => t.close());

  it('list: each house sees only its own locations (documented call and REST)', async () => {
    const listA = (await a.agent.get('/app/house/address').expect(200)).body.data.houseAddresses.map(
      (x: { facilityName: string }) => x.facilityName,
    );
    const listB = (await b.agent.get('/app/house/address').expect(200)).body.data.houseAddresses.map(
      (x: { facilityName: string }) => x.facilityName,
    );
    expect(listA).toEqual(['A main', 'A annex']);
    expect(listB).toEqual(['B main']);
    const rest = (
      await b.agent
        .get('/api/locations')
        .query({ filter: JSON.stringify({ id: [primaryA, otherA] }) })
        .expect(200)
    ).body;
    expect(rest).toEqual([]);
  });

  it.each([
    ['read (REST getOne)', (id: number) => b.agent.get(`/api/locations/${id}`)],
    [
      'edit (documented POST with addressID)',
      (id: number) =>
        b.agent
          .post(`/app/house/${houses.b.houseRef}/location`)
          .set('X-CSRF-Token', b.csrf)
          .send({ ...NY, addressID: id, facilityName: 'hijacked' }),
    ],
    [
      'edit making it primary',
      (id: number) =>
        b.agent
          .post(`/app/house/${houses.b.houseRef}/location`)
          .set('X-CSRF-Token', b.csrf)
          .send({ ...NY, addressID: id, primary: true }),
    ],
    [
      'edit (REST PUT)',
      (id: number) =>
        b.agent
          .put(`/api/locations/${id}`)
          .set('X-CSRF-Token', b.csrf)
          .send({ ...NY, facilityName: 'hijacked' }),
    ],
    ['delete (documented GET)', (id: number) => b.agent.get(`/app/house/address/address-delete/${id}`).set('X-CSRF-Token', b.csrf)],
    ['delete (REST DELETE)', (id: number) => b.agent.delete(`/api/locations/${id}`).set('X-CSRF-Token', b.csrf)],
  ])("house B cannot %s house A's location: 404, rows unchanged", async (_what, call) => {
    for (const id of [primaryA, otherA]) {
      const before = await snapshot();
      const res = await call(id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
      expect(await snapshot()).toEqual(before);
    }
  });

  it("house B cannot save through house A's houseRef: 404, nothing created", async () => {
    const before = await snapshot();
    const res = await b.agent
      .post(`/app/house/${houses.a.houseRef}/location`)
      .set('X-CSRF-Token', b.csrf)
      .send({ ...NY, facilityName: 'planted' });
    expect(res.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('house A is unaffected: still two locations, A main primary', async () => {
    const list = (await a.agent.get('/app/house/address').expect(200)).body.data.houseAddresses;
    expect(list.map((x: { id: number; primary: boolean; facilityName: string }) => [x.id, x.primary, x.facilityName])).toEqual([
      [primaryA, true, 'A main'],
      [otherA, false, 'A annex'],
    ]);
  });
});
