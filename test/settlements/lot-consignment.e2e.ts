import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import type { FactoryGroup } from '../invoice-details/factory';
import { q } from '../invoice-marks/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createThreeLotPaidSale, FLAT_PLAN } from '../support/money-sale';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

/**
 * The Lot page's consignment over HTTP on real PostgreSQL: `GET/PUT /api/lots/:id/consignment`
 * (the lot's consignor), `PUT/DELETE /api/lots/:id/consignment/override` (its commission override,
 * same rules and audit as the settlement screen's) and `GET /api/consignor-choices`: each message,
 * who may call what, another house's lot and consignor refused, a draft rebuilt, ready and paid
 * settlements frozen.
 */
describe('lot consignment (REST)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let calendar: SignedIn;
  let settlement: SignedIn;
  let none: SignedIn;
  let other: SignedIn;
  let g: FactoryGroup;
  let ann: number;
  let ben: number;
  let foreignConsignor: number;
  let annS: number;

  const get = (s: SignedIn, path: string) => s.agent.get(path);
  const post = (s: SignedIn, path: string, body: object = {}) => s.agent.post(path).set('X-CSRF-Token', s.csrf).send(body);
  const put = (s: SignedIn, path: string, body: object) => s.agent.put(path).set('X-CSRF-Token', s.csrf).send(body);
  const del = (s: SignedIn, path: string, body: object = {}) => s.agent.delete(path).set('X-CSRF-Token', s.csrf).send(body);
  const count = async (table: string) => (await q<{ n: number }>(t, `select count(*)::int as n from ${table}`))[0].n;
  const consignment = (lotId: number) => `/api/lots/${lotId}/consignment`;
  const override = (lotId: number) => `/api/lots/${lotId}/consignment/override`;
  const consignorOf = async (lotId: number) => (await q(t, 'select consignor_id from lot where id = ?', [lotId]))[0].consignor_id;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    [owner, calendar, settlement, none, other] = await Promise.all([
      signIn(t.server, 'house-a', 'owner'),
      signIn(t.server, 'house-a', 'accessCalendar'),
      signIn(t.server, 'house-a', 'accessSettlement'),
      signIn(t.server, 'house-a', 'none'),
      signIn(t.server, 'house-b', 'owner'),
    ]);
    g = await createThreeLotPaidSale(t, houses.a.id, 'Spring Sale');
    const plan = await post(owner, '/api/commission-plans', FLAT_PLAN);
    expect(plan.status).toBe(201);
    ann = (await post(owner, '/api/consignors', { name: 'Ann Ashby', email: 'ann@example.com' })).body.id;
    ben = (await post(owner, '/api/consignors', { name: 'Ben Boyd' })).body.id;
    foreignConsignor = (await post(other, '/api/consignors', { name: 'Cy Foreign' })).body.id;
    // Ben consigns lot 2 the settlements' way; lot 1 gets its consignor from the Lot page below.
    expect((await post(owner, `/api/consignors/${ben}/lots`, { lots: [{ lotId: g.lotIds[1] }] })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('consignor choices', () => {
    it("lists the house's consignors (id, name, email) to calendar staff, with Content-Range", async () => {
      const res = await get(calendar, '/api/consignor-choices?sort=["name","ASC"]&range=[0,24]&filter={"q":"a"}');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([{ id: ann, name: 'Ann Ashby', email: 'ann@example.com' }]);
      expect(res.headers['content-range']).toBe('consignor-choices 0-0/1');
      const all = await get(settlement, '/api/consignor-choices');
      expect(all.body.map((c: Json) => c.name)).toEqual(['Ann Ashby', 'Ben Boyd']);
      expect((await get(other, '/api/consignor-choices')).body.map((c: Json) => c.name)).toEqual(['Cy Foreign']);
    });

    it('refuses staff with neither calendar nor settlement access', async () => {
      const res = await get(none, '/api/consignor-choices');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(PERMISSION_DENIED_TEXT);
    });
  });

  describe("the lot's consignor", () => {
    it('reads the consignor for calendar staff, and the override, settlement and history only with settlement access', async () => {
      const cal = await get(calendar, consignment(g.lotIds[1]));
      expect(cal.status).toBe(200);
      expect(cal.body).toEqual({ id: g.lotIds[1], consignorId: ben, consignorName: 'Ben Boyd' });
      const set = await get(settlement, consignment(g.lotIds[0]));
      expect(set.body).toEqual({ id: g.lotIds[0], consignorId: null, consignorName: null, override: null, settlement: null, history: [] });
    });

    it('refuses other houses (404, the same as no lot) and staff without access (403)', async () => {
      for (const res of [
        await get(other, consignment(g.lotIds[0])),
        await get(owner, consignment(999_999)),
        await get(owner, '/api/lots/x1/consignment'),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Lot not found.');
      }
      const denied = await get(none, consignment(g.lotIds[0]));
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe(PERMISSION_DENIED_TEXT);
    });

    it("validates the consignor: an id or null, and one of the house's; another house's lot writes nothing", async () => {
      const cases: [object, string][] = [
        [{}, 'Consignor must be a consignor id, or null for none.'],
        [{ consignorId: 'Ann' }, 'Consignor must be a consignor id, or null for none.'],
        [{ consignorId: 0 }, 'Consignor must be a consignor id, or null for none.'],
        [{ consignorId: foreignConsignor }, 'Consignor not found.'],
      ];
      for (const [body, message] of cases) {
        const res = await put(calendar, consignment(g.lotIds[0]), body);
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual({ consignorId: message });
      }
      const foreign = await put(other, consignment(g.lotIds[0]), { consignorId: null });
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe('Lot not found.');
      expect((await put(none, consignment(g.lotIds[0]), { consignorId: ann })).status).toBe(403);
      expect(await consignorOf(g.lotIds[0])).toBeNull();
    });

    it('sets, clears and sets again the consignor from the Lot page (calendar access)', async () => {
      const set = await put(calendar, consignment(g.lotIds[0]), { consignorId: ann });
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ id: g.lotIds[0], consignorId: ann, consignorName: 'Ann Ashby' });
      expect(await consignorOf(g.lotIds[0])).toBe(ann);
      expect((await put(calendar, consignment(g.lotIds[0]), { consignorId: null })).body.consignorId).toBeNull();
      expect(await consignorOf(g.lotIds[0])).toBeNull();
      expect((await put(settlement, consignment(g.lotIds[0]), { consignorId: ann })).body).toMatchObject({
        consignorId: ann,
        override: null,
      });
    });
  });

  describe("the lot's commission override", () => {
    it('needs settlement access; another house answers 404; nothing written', async () => {
      for (const res of [await put(calendar, override(g.lotIds[0]), { rate: 12_000 }), await del(calendar, override(g.lotIds[0]))]) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(PERMISSION_DENIED_TEXT);
      }
      for (const res of [await put(other, override(g.lotIds[0]), { rate: 12_000 }), await del(other, override(g.lotIds[0]))]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Lot not found.');
      }
      expect(await count('lot_commission_override')).toBe(0);
      expect(await count('settlement_audit')).toBe(0);
    });

    it("validates as the settlement screen's override; a lot without a consignor is refused", async () => {
      const cases: [object, Json][] = [
        [{}, { rate: 'Give a commission rate or a fixed commission.' }],
        [{ rate: 12_000, commissionCents: 500 }, { rate: 'Give a commission rate or a fixed commission, not both.' }],
        [{ rate: 100_001 }, { rate: 'The rate cannot be more than 100 %.' }],
        [{ rate: -1 }, { rate: 'The rate cannot be negative.' }],
        [{ rate: 1.5 }, { rate: 'The rate must be a whole number of thousandths of a percent.' }],
        [{ commissionCents: 12.5 }, { commissionCents: 'Amount must be a whole number of cents.' }],
        [{ commissionCents: -1 }, { commissionCents: 'The commission cannot be negative.' }],
      ];
      for (const [body, errors] of cases) {
        const res = await put(settlement, override(g.lotIds[0]), body);
        expect(res.status).toBe(400);
        expect(res.body.errors).toMatchObject(errors);
      }
      const unconsigned = await put(settlement, override(g.lotIds[2]), { rate: 12_000 });
      expect(unconsigned.status).toBe(409);
      expect(unconsigned.body.message).toBe("Choose the lot's consignor first: a commission override is agreed with the consignor.");
      expect(await count('settlement_audit')).toBe(0);
    });

    it('sets an override before any settlement, audited without one; the same value again writes nothing; the run uses it', async () => {
      const res = await put(settlement, override(g.lotIds[0]), { rate: 12_000, note: 'Agreed at intake' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ override: { rate: 12_000, commissionCents: null }, settlement: null });
      expect(res.body.history).toEqual([
        expect.objectContaining({
          action: 'override.set',
          before: null,
          after: { rate: 12_000, commissionCents: null },
          note: 'Agreed at intake',
          userName: 'accessSettlement',
          settlementId: null,
        }),
      ]);
      expect((await put(settlement, override(g.lotIds[0]), { rate: 12_000 })).status).toBe(200);
      expect(await count('settlement_audit')).toBe(1);

      const run = await post(owner, '/api/settlements/for-sale', { saleId: g.auctionGroupId });
      expect(run.status).toBe(200);
      annS = run.body.settlements.find((s: Json) => s.consignorId === ann).id;
      const s = (await get(owner, `/api/settlements/${annS}`)).body;
      // 1,000.00 x 12 % = 120.00, tax 12.00.
      expect(s.lines.find((l: Json) => l.lotId === g.lotIds[0])).toMatchObject({ commissionCents: 12_000, taxCents: 1_200 });
      expect((await get(owner, consignment(g.lotIds[0]))).body.settlement).toEqual({ id: annS, status: 'draft' });
    });

    it('on a draft: the draft is rebuilt at once and the change is in its history; the consignor cannot change', async () => {
      const res = await put(owner, override(g.lotIds[0]), { commissionCents: 5_000, note: 'Fixed fee agreed' });
      expect(res.status).toBe(200);
      expect(res.body.override).toEqual({ rate: null, commissionCents: 5_000 });
      expect(res.body.history.map((h: Json) => h.settlementId)).toEqual([null, annS]);
      const s = (await get(owner, `/api/settlements/${annS}`)).body;
      expect(s.lines.find((l: Json) => l.lotId === g.lotIds[0])).toMatchObject({ commissionCents: 5_000, taxCents: 500 });
      expect(s.history).toEqual([expect.objectContaining({ action: 'override.set', note: 'Fixed fee agreed', userName: 'owner' })]);

      const moved = await put(owner, consignment(g.lotIds[0]), { consignorId: ben });
      expect(moved.status).toBe(409);
      expect(moved.body.message).toBe(`This lot is on settlement S-${annS} (draft): its consignor cannot change.`);
      expect(await consignorOf(g.lotIds[0])).toBe(ann);
      // The same consignor again is no change: answered, not refused.
      expect((await put(owner, consignment(g.lotIds[0]), { consignorId: ann })).status).toBe(200);
    });

    it("clears an override back to the plan (DELETE): the draft's line returns to 15 %, both changes audited", async () => {
      const benS = (await get(owner, consignment(g.lotIds[1]))).body.settlement.id;
      expect((await put(owner, override(g.lotIds[1]), { rate: 10_000 })).status).toBe(200);
      const res = await del(owner, override(g.lotIds[1]), { note: 'Back to the plan' });
      expect(res.status).toBe(200);
      expect(res.body.override).toBeNull();
      expect(res.body.history.map((h: Json) => [h.action, h.after, h.note, h.settlementId])).toEqual([
        ['override.set', { rate: 10_000, commissionCents: null }, null, benS],
        ['override.clear', null, 'Back to the plan', benS],
      ]);
      // 500.00 x 15 % = 75.00 again.
      const s = (await get(owner, `/api/settlements/${benS}`)).body;
      expect(s.lines.find((l: Json) => l.lotId === g.lotIds[1])).toMatchObject({ commissionCents: 7_500, override: null });
    });

    it('ready and paid settlements are frozen: 409 naming the settlement, nothing written', async () => {
      expect((await post(owner, `/api/settlements/${annS}/ready`)).status).toBe(200);
      const audits = await count('settlement_audit');
      for (const res of [await put(owner, override(g.lotIds[0]), { rate: 10_000 }), await del(owner, override(g.lotIds[0]))]) {
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(`This lot is on settlement S-${annS}, which is ready: only a draft settlement can be changed.`);
      }
      expect((await post(owner, `/api/settlements/${annS}/mark-paid`, { method: 'check', paidDate: '2025-12-10' })).status).toBe(200);
      const paid = await put(owner, override(g.lotIds[0]), { rate: 10_000 });
      expect(paid.status).toBe(409);
      expect(paid.body.message).toBe(`This lot is on settlement S-${annS}, which is paid: only a draft settlement can be changed.`);
      const moved = await put(owner, consignment(g.lotIds[0]), { consignorId: null });
      expect(moved.body.message).toBe(`This lot is on settlement S-${annS} (paid): its consignor cannot change.`);
      expect(await count('settlement_audit')).toBe(audits);
      expect((await get(owner, consignment(g.lotIds[0]))).body).toMatchObject({
        consignorId: ann,
        override: { rate: null, commissionCents: 5_000 },
        settlement: { id: annS, status: 'paid' },
      });
    });
  });
});
