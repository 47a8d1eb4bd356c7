import request from 'supertest';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { InvoiceTemplatesService } from '../../src/modules/invoicing/templates/invoice-templates.service';
import { statementsSent } from '../support/statements';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { payload, postSettings, settingsUrl, templateRows } from './support';

/** /api/invoice-templates (react-admin, API consumers) and the tenancy matrix of both faces. */
describe('invoice templates: REST resource and tenancy (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;
  let b: SignedIn;
  let aIds: number[];
  let bId: number;

  const api = (s: SignedIn) => ({
    list: (qs = '') => s.agent.get(`/api/invoice-templates${qs}`),
    getOne: (id: number | string) => s.agent.get(`/api/invoice-templates/${id}`),
    create: (body: unknown) =>
      s.agent
        .post('/api/invoice-templates')
        .set('X-CSRF-Token', s.csrf)
        .send(body as object),
    update: (id: number | string, body: unknown) =>
      s.agent
        .put(`/api/invoice-templates/${id}`)
        .set('X-CSRF-Token', s.csrf)
        .send(body as object),
    remove: (id: number | string) => s.agent.delete(`/api/invoice-templates/${id}`).set('X-CSRF-Token', s.csrf),
  });

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    a = await signIn(t.server, 'house-a', 'owner');
    b = await signIn(t.server, 'house-b', 'owner');
    aIds = [];
    for (const name of ['Charlie', 'Alpha', 'Bravo']) {
      const res = await postSettings(a, houses.a.houseRef, payload({ groupName: name })).expect(200);
      aIds.push(res.body.data.data.groupSettingsID);
    }
    bId = (await postSettings(b, houses.b.houseRef, payload({ groupName: 'House B template' })).expect(200)).body.data.data.groupSettingsID;
  });
  afterAll(() => t.close());

  describe('react-admin conventions', () => {
    it('lists with id on every record and the total in Content-Range, sorted and ranged', async () => {
      const res = await api(a).list('?sort=["groupName","ASC"]&range=[0,1]').expect(200);
      expect(res.headers['content-range']).toBe('invoice-templates 0-1/3');
      expect(res.body.map((r: { groupName: string }) => r.groupName)).toEqual(['Alpha', 'Bravo']);
      expect(res.body[0]).toMatchObject({
        id: res.body[0].groupSettingsID,
        taxSettings: [expect.objectContaining({ taxRate: '6.125' })],
        version: 1,
      });
      const desc = await api(a).list('?sort=["groupName","DESC"]&range=[0,24]').expect(200);
      expect(desc.body.map((r: { groupName: string }) => r.groupName)).toEqual(['Charlie', 'Bravo', 'Alpha']);
    });

    it('filters by q and by id (getMany)', async () => {
      const q = await api(a)
        .list(`?filter=${encodeURIComponent(JSON.stringify({ q: 'rav' }))}`)
        .expect(200);
      expect(q.body.map((r: { groupName: string }) => r.groupName)).toEqual(['Bravo']);
      const many = await api(a)
        .list(`?filter=${encodeURIComponent(JSON.stringify({ id: [aIds[0], aIds[2]] }))}`)
        .expect(200);
      expect(many.body.map((r: { id: number }) => r.id).sort()).toEqual([aIds[0], aIds[2]].sort());
      const like = await api(a)
        .list(`?filter=${encodeURIComponent(JSON.stringify({ q: '%' }))}`)
        .expect(200);
      expect(like.body).toEqual([]);
    });

    it('refuses unknown sorts and filters with 400', async () => {
      expect((await api(a).list('?sort=["subject","ASC"]')).status).toBe(400);
      expect((await api(a).list(`?filter=${encodeURIComponent(JSON.stringify({ houseId: houses.b.id }))}`)).status).toBe(400);
    });

    it('creates (201) and reads one record', async () => {
      const res = await api(a)
        .create(payload({ groupName: 'Delta', id: 12345, groupSettingsID: aIds[0] }))
        .expect(201);
      expect(res.body).toMatchObject({ id: expect.any(Number), groupName: 'Delta', version: 1 });
      expect(aIds).not.toContain(res.body.id);
      const one = await api(a).getOne(res.body.id).expect(200);
      expect(one.body).toEqual(res.body);
      await api(a).remove(res.body.id).expect(200);
    });

    it('updates with the version it loaded: 400 without one, 409 when stale, the new record otherwise', async () => {
      const rec = (await api(a).getOne(aIds[1]).expect(200)).body;
      const { version: _v, ...noVersion } = rec;
      const missing = await api(a)
        .update(aIds[1], { ...noVersion, subject: 'x' })
        .expect(400);
      expect(missing.body.errors).toEqual({ version: 'Send the version of the template you loaded.' });
      const ok = await api(a)
        .update(aIds[1], { ...rec, subject: 'New subject' })
        .expect(200);
      expect(ok.body).toMatchObject({ id: aIds[1], subject: 'New subject', version: rec.version + 1 });
      const stale = await api(a)
        .update(aIds[1], { ...rec, subject: 'Lost' })
        .expect(409);
      expect(stale.body.message).toBe('This template was changed by someone else. Reload it to see their changes.');
    });

    it('answers the same field errors as the documented call', async () => {
      const rec = (await api(a).getOne(aIds[2]).expect(200)).body;
      const res = await api(a)
        .update(aIds[2], { ...rec, feeSettings: [{ feeType: 'Tax', feeRate: '1', feeCountryID: 'ALL', feeHammer: true }] })
        .expect(400);
      expect(res.body).toMatchObject({
        message: 'Please correct the errors noted and try saving again.',
        errors: { 'feeSettings.0.feeType': 'Taxes cannot be entered in the fees section, please use the taxes section above.' },
      });
    });

    it('deletes an unused template, answering the record; then 404', async () => {
      const id = (
        await api(a)
          .create(payload({ groupName: 'Temporary' }))
          .expect(201)
      ).body.id;
      const res = await api(a).remove(id).expect(200);
      expect(res.body).toMatchObject({ id, groupName: 'Temporary' });
      await api(a).getOne(id).expect(404);
      const left = await t.em().getConnection().execute('select count(*)::int as n from template_tax_row where template_id = ?', [id]);
      expect(left).toEqual([{ n: 0 }]);
    });

    it('a path id that is not a template id answers 404', async () => {
      for (const id of ['abc', '0', '-1', '99999999999']) await api(a).getOne(id).expect(404);
    });

    it('needs accessInvoices', async () => {
      const none = await signIn(t.server, 'house-a', 'none');
      await api(none).list().expect(403);
      await api(none).getOne(aIds[0]).expect(403);
      await request(t.server).get('/api/invoice-templates').expect(401);
    });
  });

  describe("tenancy: house B cannot read, list or change house A's templates", () => {
    let before: string;
    beforeAll(async () => {
      before = await templateRows(t, houses.a.id);
    });
    afterAll(async () => {
      expect(await templateRows(t, houses.a.id)).toBe(before);
    });

    it("B's lists never include A's templates, whatever the filter", async () => {
      const settings = await b.agent.get(`/app/house/${houses.b.houseRef}/invoiceSettings`).expect(200);
      expect(settings.body.data.invoiceSettings).toEqual([{ id: bId, name: 'House B template', payrixTemplate: false, active: true }]);
      const list = await api(b)
        .list(`?filter=${encodeURIComponent(JSON.stringify({ id: aIds }))}`)
        .expect(200);
      expect(list.body).toEqual([]);
      expect(list.headers['content-range']).toBe('invoice-templates */0');
      const all = await api(b).list().expect(200);
      expect(all.body.map((r: { id: number }) => r.id)).toEqual([bId]);
    });

    it("B reading A's template by id answers 404 on both faces", async () => {
      for (const id of aIds) {
        await b.agent.get(`${settingsUrl(houses.b.houseRef)}?groupSettingsID=${id}`).expect(404);
        await api(b).getOne(id).expect(404);
      }
    });

    it("B naming A's houseRef answers 404", async () => {
      await b.agent.get(`/app/house/${houses.a.houseRef}/invoiceSettings`).expect(404);
      await b.agent.get(`${settingsUrl(houses.a.houseRef)}?groupSettingsID=${aIds[0]}`).expect(404);
      await postSettings(b, houses.a.houseRef, payload({ groupSettingsID: aIds[0] })).expect(404);
    });

    it("B saving, updating or deleting A's template answers 404 and A's rows are unchanged", async () => {
      await postSettings(b, houses.b.houseRef, payload({ groupSettingsID: aIds[0], groupName: 'Hijacked' })).expect(404);
      await postSettings(b, houses.b.houseRef, payload({ invoiceGroupID: aIds[0], groupName: 'Hijacked' })).expect(404);
      const rec = (await api(a).getOne(aIds[0])).body;
      await api(b)
        .update(aIds[0], { ...rec, groupName: 'Hijacked' })
        .expect(404);
      await api(b).remove(aIds[0]).expect(404);
      expect(await templateRows(t, houses.a.id)).toBe(before);
    });

    it('the service other modules use answers integer rates for the own house and 404 for another', async () => {
      const service = t.app.get(InvoiceTemplatesService);
      const inContext = <T>(fn: () => Promise<T>) => RequestContext.create(t.app.get(MikroORM).em, fn);
      const snap = await inContext(() => service.snapshot(houses.a.id, aIds[0]));
      expect(snap.taxRows).toEqual([
        { name: 'Sales Tax', rate: 6125, countryCode: 'US', stateCode: 'NY', onHammer: true, onLiveFee: false, onPremium: true },
      ]);
      expect(snap.feeRows[0]).toMatchObject({ rate: 2500, countryCode: 'ALL', stateCode: null });
      expect(snap).toMatchObject({ chargesPerLot: false, active: true });
      await expect(inContext(() => service.snapshot(houses.b.id, aIds[0]))).rejects.toMatchObject({ kind: 'not_found' });
    });

    it("a B template cannot name A's location", async () => {
      const conn = t.em().getConnection();
      const [addr] = await conn.execute(
        `insert into house_address (house_id, address_street1, address_city, country_code, postal_code) values (?, '1 A St', 'A town', 'US', '10001') returning id`,
        [houses.a.id],
      );
      before = await templateRows(t, houses.a.id);
      const res = await postSettings(b, houses.b.houseRef, payload({ houseAddressID: addr.id })).expect(400);
      expect(res.body.errors).toEqual({ houseAddressID: 'Please select one of your locations.' });
    });
  });

  describe('the charging read of invoice arithmetic', () => {
    it('the charging read (one query) answers the rows of the snapshot, in sequence order, and 404 for another house', async () => {
      const service = t.app.get(InvoiceTemplatesService);
      const inContext = <T>(fn: () => Promise<T>) => RequestContext.create(t.app.get(MikroORM).em, fn);
      const tax = (taxType: string, taxRate: string, taxStateID: string) => ({
        taxType,
        taxRate,
        taxCountryID: 'US',
        taxStateID,
        taxHammer: true,
        taxLiveFee: false,
        taxPremium: true,
      });
      const fee = (feeType: string, feeRate: string) => ({
        feeType,
        feeRate,
        feeCountryID: 'ALL',
        feeStateID: 'ALL',
        feeHammer: true,
        feeLiveFee: true,
        feePremium: false,
      });
      const body = payload({
        groupName: 'Several rows',
        additionalChargesPerInvoice: false,
        additionalChargesPerLot: true,
        taxSettings: [tax('City', '1', 'NY'), tax('State', '4', 'NJ'), tax('County', '0.5', 'CT')],
        feeSettings: [fee('Handling', '2.5'), fee('Storage', '1.25')],
      });
      const id = (await postSettings(a, houses.a.houseRef, body).expect(200)).body.data.data.groupSettingsID;
      // Sequence order unlike id order: the read must order by sequence, as the snapshot does.
      const conn = t.em().getConnection();
      await conn.execute(`update template_tax_row set sequence = 10 - sequence where template_id = ?`, [id]);
      await conn.execute(`update template_fee_row set sequence = 10 - sequence where template_id = ?`, [id]);

      const { result: charging, sql } = await statementsSent(t.em(), () => inContext(() => service.charging(houses.a.id, id)));
      expect(sql).toHaveLength(1);
      const snap = await inContext(() => service.snapshot(houses.a.id, id));
      expect(charging).toEqual({ id, chargesPerLot: snap.chargesPerLot, taxRows: snap.taxRows, feeRows: snap.feeRows });
      expect(charging.taxRows.map((r) => r.name)).toEqual(['County', 'State', 'City']);
      expect(charging.feeRows.map((r) => [r.name, r.rate])).toEqual([
        ['Storage', 1250],
        ['Handling', 2500],
      ]);
      expect(charging.chargesPerLot).toBe(true);
      await expect(inContext(() => service.charging(houses.b.id, id))).rejects.toMatchObject({ kind: 'not_found' });
    });
  });
});
