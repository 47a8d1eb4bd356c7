import request from 'supertest';
import { EntityManager } from '@mikro-orm/postgresql';
import { createTestApp, TestApp } from '../support/test-app';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { StaffUser } from '../../src/modules/houses/staff-user.entity';
import { ApiTokensService } from '../../src/modules/houses/identity/api-tokens.service';

const VERIFY = 'Please verify that your country and postal code are in the correct format.';
const NY = {
  facilityName: 'Main Saleroom',
  addressStreet1: '120 Madison Avenue',
  addressCity: 'New York',
  countryCode: 'US',
  stateCode: 'NY',
  postalCode: '10016',
  addressPhone: '(212) 555-0100',
  email: 'office@house-a.example',
};
const BOSTON = {
  facilityName: 'Boston Gallery',
  addressStreet1: '45 Newbury Street',
  addressCity: 'Boston',
  countryCode: 'US',
  stateCode: 'MA',
  postalCode: '02116',
};

interface Row {
  id: number;
  primary: boolean;
  deleted: boolean;
  version: number;
  city: string;
}

describe('Locations: the documented calls (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;

  const rows = async (houseId = houses.a.id): Promise<Row[]> =>
    (await t
      .em()
      .getConnection()
      .execute(
        'select id, "primary", deleted_at is not null as deleted, version, address_city as city from house_address where house_id = ? order by id',
        [houseId],
      )) as Row[];
  const live = async (houseId = houses.a.id) => (await rows(houseId)).filter((r) => !r.deleted);
  const save = (s: SignedIn, body: object, houseRef = houses.a.houseRef) =>
    s.agent.post(`/app/house/${houseRef}/location`).set('X-CSRF-Token', s.csrf).send(body);
  const del = (s: SignedIn, id: number | string) => s.agent.get(`/app/house/address/address-delete/${id}`).set('X-CSRF-Token', s.csrf);
  const create = async (body: object): Promise<number> => {
    const res = await save(owner, body);
    if (res.status !== 200) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.data.addressID;
  };

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    owner = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t.close());

  describe('list, save and the primary rules', () => {
    it('GET /app/house/address answers data.houseAddresses, empty for a house without locations', async () => {
      const res = await owner.agent.get('/app/house/address').expect(200);
      expect(res.body).toEqual({ data: { houseAddresses: [] } });
    });

    it('POST /app/house/{houseRef}/location creates a location, answering data.data.status "success" and the addressID; the first is primary even when sent as not primary', async () => {
      const res = await save(owner, { ...NY, primary: false }).expect(200);
      expect(res.body.data.data).toMatchObject({ status: 'success', addressID: expect.any(Number) });
      const id = res.body.data.data.addressID;
      expect(await live()).toEqual([{ id, primary: true, deleted: false, version: 1, city: 'New York' }]);
    });

    it('lists the House address fields of the spec and the form fields to prefill the edit modal', async () => {
      const res = await owner.agent.get('/app/house/address').expect(200);
      expect(res.body.data.houseAddresses).toEqual([
        {
          id: expect.any(Number),
          addressID: expect.any(Number),
          facilityName: 'Main Saleroom',
          addressStreet1: '120 Madison Avenue',
          addressStreet2: null,
          addressCity: 'New York',
          countryCode: 'US',
          countryName: 'United States',
          showStates: true,
          stateCode: 'NY',
          province: null,
          stateName: 'New York',
          postalCode: '10016',
          addressPhone: '(212) 555-0100',
          addressFax: null,
          email: 'office@house-a.example',
          timeZoneID: null,
          location: 'New York, NY, United States',
          primary: true,
          version: 1,
        },
      ]);
      const row = res.body.data.houseAddresses[0];
      expect(row.id).toBe(row.addressID);
    });

    it('a second location is not primary unless asked; marking it primary unmarks the old one', async () => {
      const [first] = await live();
      const second = await create({ ...BOSTON });
      expect((await live()).map((r) => [r.id, r.primary])).toEqual([
        [first.id, true],
        [second, false],
      ]);
      await save(owner, { ...BOSTON, addressID: second, primary: true }).expect(200);
      expect((await live()).map((r) => [r.id, r.primary])).toEqual([
        [first.id, false],
        [second, true],
      ]);
      // the primary is listed first
      const list = (await owner.agent.get('/app/house/address').expect(200)).body.data.houseAddresses;
      expect(list.map((a: { id: number; primary: boolean }) => [a.id, a.primary])).toEqual([
        [second, true],
        [first.id, false],
      ]);
    });

    it('a new location may be created as the primary, replacing the old one', async () => {
      const before = await live();
      const third = await create({ ...NY, facilityName: 'Annex', primary: true });
      const after = await live();
      expect(after.filter((r) => r.primary).map((r) => r.id)).toEqual([third]);
      expect(after).toHaveLength(before.length + 1);
      // restore: make the first location primary again
      await save(owner, { ...NY, addressID: before[0].id, primary: true }).expect(200);
    });

    it('a primary cannot be unmarked: refused with a clear message, nothing changes', async () => {
      const before = await live();
      const primary = before.find((r) => r.primary)!;
      const res = await save(owner, { ...NY, addressCity: 'Elsewhere', addressID: primary.id, primary: false }).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'PRIMARY_CANNOT_BE_UNMARKED',
        message: 'A primary location cannot be unmarked. Make another location primary instead.',
        errors: { primary: 'A primary location cannot be unmarked. Make another location primary instead.' },
      });
      expect(await live()).toEqual(before);
    });

    it('edits a location in place (addressID), keeping the primary when primary is not sent, clearing emptied fields', async () => {
      const primary = (await live()).find((r) => r.primary)!;
      await save(owner, { ...NY, addressID: primary.id, addressCity: 'Manhattan', addressPhone: '', email: null }).expect(200);
      const list = (await owner.agent.get('/app/house/address').expect(200)).body.data.houseAddresses;
      const edited = list.find((a: { id: number }) => a.id === primary.id);
      expect(edited).toMatchObject({
        addressCity: 'Manhattan',
        primary: true,
        addressPhone: null,
        email: null,
        version: primary.version + 1,
      });
    });

    it('accepts a listed row posted back whole (display fields ignored), using its id', async () => {
      const list = (await owner.agent.get('/app/house/address').expect(200)).body.data.houseAddresses;
      const row = list[list.length - 1];
      const res = await save(owner, { ...row, addressID: undefined, facilityName: 'Renamed' }).expect(200);
      expect(res.body.data.data.addressID).toBe(row.id);
      expect((await live()).length).toBe(list.length);
    });

    it('refuses an edit of an older version (409), so concurrent edits do not overwrite each other', async () => {
      const row = (await live()).find((r) => !r.primary)!;
      // someone else saves first (version moves on), then our edit of the version we read arrives
      await save(owner, { ...BOSTON, addressID: row.id, addressCity: 'Cambridge', version: row.version }).expect(200);
      const before = await rows();
      const res = await save(owner, { ...BOSTON, addressID: row.id, addressCity: 'Salem', version: row.version }).expect(409);
      expect(res.body).toEqual({
        statusCode: 409,
        code: 'STALE_VERSION',
        message: 'This location was changed by someone else. Reload it and try again.',
      });
      expect(await rows()).toEqual(before);
    });

    it('concurrent "make primary" saves leave exactly one primary', async () => {
      const all = await live();
      await Promise.all(all.map((r) => save(owner, { ...BOSTON, addressID: r.id, primary: true }).expect(200)));
      expect((await live()).filter((r) => r.primary)).toHaveLength(1);
    });

    it('stores GB as UK and derives the time zone of a one-zone country; a sent time zone wins', async () => {
      const id = await create({
        addressStreet1: '1 The Mall',
        addressCity: 'London',
        countryCode: 'GB',
        stateCode: 'LND',
        postalCode: 'SW1A 1AA',
      });
      const fr = await create({
        addressStreet1: '1 rue de Rivoli',
        addressCity: 'Paris',
        countryCode: 'FR',
        province: 'Île-de-France',
        postalCode: '75001',
      });
      const tz = await create({ ...BOSTON, timeZoneID: 'America/New_York' });
      const list = (await owner.agent.get('/app/house/address').expect(200)).body.data.houseAddresses;
      expect(list.find((a: { id: number }) => a.id === id)).toMatchObject({
        countryCode: 'UK',
        countryName: 'United Kingdom',
        stateName: 'City of London',
        timeZoneID: 'Europe/London',
        showStates: true,
      });
      expect(list.find((a: { id: number }) => a.id === fr)).toMatchObject({
        countryCode: 'FR',
        stateCode: null,
        province: 'Île-de-France',
        stateName: 'Île-de-France',
        showStates: false,
        timeZoneID: 'Europe/Paris',
      });
      expect(list.find((a: { id: number }) => a.id === tz)).toMatchObject({ timeZoneID: 'America/New_York' });
    });
  });

  describe('rejections: each message, nothing saved', () => {
    let count: number;
    beforeEach(async () => {
      count = (await rows()).length;
    });
    afterEach(async () => {
      expect((await rows()).length).toBe(count);
    });

    it('an empty form names every required field ("{field} is required")', async () => {
      const res = await save(owner, {}).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Street Address 1 is required',
        errors: {
          addressStreet1: 'Street Address 1 is required',
          addressCity: 'City is required',
          countryCode: 'Country is required',
          province: 'State/Province is required',
          postalCode: 'Postal Code is required',
        },
      });
    });

    it.each([
      ['US', { stateCode: 'State is required', postalCode: 'Zip Code is required' }],
      ['CA', { stateCode: 'Province is required', postalCode: 'Postal Code is required' }],
      ['AU', { stateCode: 'State/Territory is required', postalCode: 'Postal Code is required' }],
      ['UK', { stateCode: 'County is required', postalCode: 'Postal Code is required' }],
      ['FR', { province: 'State/Province is required', postalCode: 'Postal Code is required' }],
    ])('country %s: the country-specific labels in the required messages', async (countryCode, errors) => {
      const res = await save(owner, { addressStreet1: '1 Main St', addressCity: 'Town', countryCode }).expect(400);
      expect(res.body.errors).toEqual(errors);
    });

    it("a bad postal code answers error code 302 with the spec's text", async () => {
      const res = await save(owner, { ...NY, postalCode: '1001' }).expect(400);
      expect(res.body).toEqual({ statusCode: 400, code: '302', message: VERIFY, errors: { postalCode: VERIFY } });
    });

    it('a UK postal code is checked as GB; a bad one is a 302', async () => {
      const res = await save(owner, {
        addressStreet1: '1 The Mall',
        addressCity: 'London',
        countryCode: 'UK',
        stateCode: 'LND',
        postalCode: '90210',
      }).expect(400);
      expect(res.body.code).toBe('302');
    });

    it('an unknown country (or a tax pseudo-entry) answers error code 302', async () => {
      for (const countryCode of ['ZZ', 'ALL', 'EU']) {
        const res = await save(owner, { ...NY, countryCode }).expect(400);
        expect(res.body).toMatchObject({ code: '302', message: VERIFY, errors: { countryCode: 'Please select a valid country.' } });
      }
    });

    it('a postal code without a country: "Please select a country first"', async () => {
      const res = await save(owner, { ...NY, countryCode: '' }).expect(400);
      expect(res.body.errors).toEqual({ countryCode: 'Country is required', postalCode: 'Please select a country first' });
    });

    it("a state not in the country's list", async () => {
      const res = await save(owner, { ...NY, stateCode: 'XX' }).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Please select a valid State.',
        errors: { stateCode: 'Please select a valid State.' },
      });
    });

    it.each([
      ['facilityName', 75, 'Facility Name'],
      ['addressStreet1', 50, 'Street Address 1'],
      ['addressStreet2', 50, 'Street Address 2'],
      ['addressCity', 50, 'City'],
      ['postalCode', 32, 'Zip Code'],
      ['addressPhone', 40, 'Phone'],
      ['addressFax', 40, 'Fax'],
    ])('%s over %i characters: "%s cannot be more than …"', async (field, max, label) => {
      const res = await save(owner, { ...NY, [field]: 'x'.repeat(max + 1) }).expect(400);
      expect(res.body.errors).toEqual({ [field]: `${label} cannot be more than ${max} characters.` });
    });

    it('a free-text province over 50 characters', async () => {
      const res = await save(owner, {
        addressStreet1: '1',
        addressCity: 'Paris',
        countryCode: 'FR',
        province: 'p'.repeat(51),
        postalCode: '75001',
      }).expect(400);
      expect(res.body.errors).toEqual({ province: 'State/Province cannot be more than 50 characters.' });
    });

    it('an email over 60 characters or not an email', async () => {
      const long = await save(owner, { ...NY, email: `${'a'.repeat(49)}@example.com` }).expect(400);
      expect(long.body.errors).toEqual({ email: 'Email cannot be more than 60 characters.' });
      const bad = await save(owner, { ...NY, email: 'office at house' }).expect(400);
      expect(bad.body.errors).toEqual({ email: 'Please enter a valid email address' });
    });

    it('an invalid time zone', async () => {
      const res = await save(owner, { ...NY, timeZoneID: 'Nowhere/Land' }).expect(400);
      expect(res.body.errors).toEqual({ timeZoneID: 'Please select a valid time zone.' });
    });

    it('wrong types and unknown fields', async () => {
      const typed = await save(owner, { ...NY, addressCity: 42, primary: 'yes' }).expect(400);
      expect(Object.keys(typed.body.errors).sort()).toEqual(['addressCity', 'primary']);
      const unknown = await save(owner, { ...NY, isAdmin: true }).expect(400);
      expect(unknown.body.code).toBe('UNKNOWN_FIELDS');
    });

    it('an unknown or deleted addressID is a 404', async () => {
      const res = await save(owner, { ...NY, addressID: 999999 }).expect(404);
      expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Location not found.' });
    });
  });

  describe('delete', () => {
    it('GET /app/house/address/address-delete/{id} answers data.success and the location leaves the list', async () => {
      const id = await create({ ...BOSTON, facilityName: 'To delete' });
      const res = await del(owner, id).expect(200);
      expect(res.body).toEqual({ data: { success: true } });
      const list = (await owner.agent.get('/app/house/address').expect(200)).body.data.houseAddresses;
      expect(list.map((a: { id: number }) => a.id)).not.toContain(id);
      // soft-deleted: the row stays for what was printed with it
      expect((await rows()).find((r) => r.id === id)).toMatchObject({ deleted: true });
      await del(owner, id).expect(404);
      await save(owner, { ...BOSTON, addressID: id }).expect(404);
    });

    it("refuses to delete the primary with the spec's text", async () => {
      const before = await rows();
      const primary = before.find((r) => r.primary && !r.deleted)!;
      const res = await del(owner, primary.id).expect(409);
      expect(res.body).toEqual({
        statusCode: 409,
        code: 'PRIMARY_NOT_DELETABLE',
        message: 'A new primary location must be designated before the current primary can be deleted.',
      });
      expect(await rows()).toEqual(before);
    });

    it('refuses to delete the sale location of a session', async () => {
      const id = await create({ ...BOSTON, facilityName: 'Sale venue' });
      const em: EntityManager = t.em();
      const group = em.create(AuctionGroup, { house: houses.a.id, groupName: 'Spring Sale' });
      em.create(Catalog, {
        house: houses.a.id,
        group,
        catalogRef: `C${id}x${Date.now()}`,
        title: 'Day 1',
        saleType: 'live',
        eventDate: new Date(),
        address: id,
      });
      await em.flush();
      const before = await rows();
      const res = await del(owner, id).expect(409);
      expect(res.body).toEqual({
        statusCode: 409,
        code: 'LOCATION_IN_USE',
        message: 'This location is the sale location of 1 session and cannot be deleted. Choose another location for that session first.',
      });
      expect(await rows()).toEqual(before);
    });

    it('needs the X-CSRF-Token header although it is a GET (a cross-site link cannot delete)', async () => {
      const id = await create({ ...BOSTON, facilityName: 'CSRF target' });
      const before = await rows();
      const none = await owner.agent.get(`/app/house/address/address-delete/${id}`).expect(403);
      expect(none.body).toEqual({ statusCode: 403, code: 'CSRF_TOKEN_INVALID', message: 'Missing or invalid CSRF token.' });
      await owner.agent.get(`/app/house/address/address-delete/${id}`).set('X-CSRF-Token', 'forged').expect(403);
      expect(await rows()).toEqual(before);
      await del(owner, id).expect(200);
    });

    it('an API token (no ambient credentials) deletes without a CSRF token', async () => {
      const id = await create({ ...BOSTON, facilityName: 'Token target' });
      const em = t.em();
      const user = await em.findOneOrFail(StaffUser, { userName: 'owner', house: houses.a.id }, { populate: ['house'] });
      const { token } = await new ApiTokensService(em).create(user, 'locations test');
      const res = await request(t.server)
        .get(`/app/house/address/address-delete/${id}`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      expect(res.body).toEqual({ data: { success: true } });
    });

    it('unknown and malformed ids are 404', async () => {
      await del(owner, 999999).expect(404);
      await del(owner, 'abc').expect(404);
    });
  });

  describe('access', () => {
    it('reading the list needs only a signed-in user; without one, 401', async () => {
      await request(t.server).get('/app/house/address').expect(401);
      const none = await signIn(t.server, 'house-a', 'none');
      const res = await none.agent.get('/app/house/address').expect(200);
      expect(res.body.data.houseAddresses.length).toBeGreaterThan(0);
    });

    it('saving and deleting need accessSensitive: 403 with the permission text, nothing changes', async () => {
      const before = await rows();
      const target = before.find((r) => !r.primary && !r.deleted)!;
      for (const userName of ['none', 'accessInvoices']) {
        const s = await signIn(t.server, 'house-a', userName);
        const saved = await save(s, { ...BOSTON }).expect(403);
        expect(saved.body).toEqual({
          statusCode: 403,
          code: 'FORBIDDEN',
          message: 'You do not have permissions to view this page. Please contact your system administrator.',
        });
        await del(s, target.id).expect(403);
      }
      expect(await rows()).toEqual(before);
      const sensitive = await signIn(t.server, 'house-a', 'accessSensitive');
      await save(sensitive, { ...BOSTON, facilityName: 'By sensitive user' }).expect(200);
    });

    it('saving needs the CSRF token like any write', async () => {
      const before = await rows();
      const res = await owner.agent.post(`/app/house/${houses.a.houseRef}/location`).send(NY).expect(403);
      expect(res.body.code).toBe('CSRF_TOKEN_INVALID');
      expect(await rows()).toEqual(before);
    });
  });
});
