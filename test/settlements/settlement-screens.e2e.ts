import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { SETTLEMENT_TEXT } from '../../src/modules/settlements/settlements.errors';
import { waitFor } from '../support/wait-for';
import { createInvoicedGroup, type FactoryGroup } from '../invoice-details/factory';
import { q } from '../invoice-marks/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

/**
 * The calls behind the settlement screens (issue 17), over HTTP on real PostgreSQL and Bull on
 * Redis: "create for a sale" as a job with progress (idempotent), a consignor's settlement over a
 * date range across sales, the totals of the whole filtered list, and the plan form's field
 * messages; each with its messages, the settlement-access denial and the other house's ids.
 */
describe('settlement screens (REST)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let clerk: SignedIn;
  let invoicesOnly: SignedIn;
  let other: SignedIn;
  let spring: FactoryGroup;
  let summer: FactoryGroup;
  let autumn: FactoryGroup;
  let otherSale: FactoryGroup;
  let ann: number;
  let ben: number;
  let otherConsignor: number;

  const get = (s: SignedIn, path: string, query: Json = {}) =>
    s.agent.get(path).query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])));
  const post = (s: SignedIn, path: string, body: object = {}) => s.agent.post(path).set('X-CSRF-Token', s.csrf).send(body);
  const finished = (s: SignedIn, jobId: string) =>
    waitFor(
      async () => (await s.agent.get(`/api/jobs/${jobId}`).expect(200)).body,
      (j) => j.status === 'completed' || j.status === 'failed',
      'the settlements-for-sale job',
    );
  const sale = (houseId: number, title: string, eventDate: string, hammers: number[]) =>
    createInvoicedGroup(t.em(), {
      houseId,
      title,
      sessions: [{ eventDate }],
      bidders: [{ firstName: 'Pat', lastName: 'Payer' }],
      lots: hammers.map((hammer) => ({ bidder: 0, hammer, paidDate: '2025-12-01' })),
    });

  beforeAll(async () => {
    t = await createTestApp();
    houses = await seedTwoHouses(t.em());
    [clerk, invoicesOnly, other] = await Promise.all([
      signIn(t.server, 'house-a', 'accessSettlement'),
      signIn(t.server, 'house-a', 'accessInvoices'),
      signIn(t.server, 'house-b', 'owner'),
    ]);
    spring = await sale(houses.a.id, 'Spring Sale', '2025-03-15T15:00:00Z', [10_000, 20_000]);
    summer = await sale(houses.a.id, 'Summer Sale', '2025-06-15T15:00:00Z', [40_000]);
    autumn = await sale(houses.a.id, 'Autumn Sale', '2025-10-15T15:00:00Z', [100_000, 50_000]);
    otherSale = await sale(houses.b.id, 'Other House Sale', '2025-06-15T15:00:00Z', [5_000]);
    ann = (await post(clerk, '/api/consignors', { name: 'Ann Ashby' }).expect(201)).body.id;
    ben = (await post(clerk, '/api/consignors', { name: 'Ben Brook' }).expect(201)).body.id;
    otherConsignor = (await post(other, '/api/consignors', { name: 'Other Olga' }).expect(201)).body.id;
    const consign = (s: SignedIn, id: number, lotIds: number[]) =>
      post(s, `/api/consignors/${id}/lots`, { lots: lotIds.map((lotId) => ({ lotId })) }).expect(200);
    await consign(clerk, ann, [...spring.lotIds, ...summer.lotIds, autumn.lotIds[0]]);
    await consign(clerk, ben, [autumn.lotIds[1]]);
    await consign(other, otherConsignor, otherSale.lotIds);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('POST /api/settlements/for-sale/jobs', () => {
    it('refuses without settlement access, a missing sale, and another house sale', async () => {
      const denied = await post(invoicesOnly, '/api/settlements/for-sale/jobs', { saleId: autumn.auctionGroupId });
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe(PERMISSION_DENIED_TEXT);
      const bad = await post(clerk, '/api/settlements/for-sale/jobs', {});
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toMatchObject({ saleId: 'Sale is required.' });
      const foreign = await post(clerk, '/api/settlements/for-sale/jobs', { saleId: otherSale.auctionGroupId });
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe(SETTLEMENT_TEXT.saleNotFound);
      expect((await q(t, 'select count(*)::int as n from job_run where name = ?', ['settlements-for-sale']))[0].n).toBe(0);
    });

    it('ends with the refusal a clerk can act on when no plan applies', async () => {
      const job = (await post(clerk, '/api/settlements/for-sale/jobs', { saleId: autumn.auctionGroupId }).expect(202)).body;
      const done = await finished(clerk, job.id);
      expect(done.status).toBe('completed');
      expect(done.result).toEqual({ run: null, error: SETTLEMENT_TEXT.noPlan('Ann Ashby') });
      expect((await q(t, 'select count(*)::int as n from settlement'))[0].n).toBe(0);
    });

    it('settles every consignor of the sale with progress; a double click is one run; a later run rebuilds', async () => {
      await post(clerk, '/api/commission-plans', {
        name: 'Default 10 %',
        isHouseDefault: true,
        tiers: [{ fromCents: 0, toCents: null, rate: 10_000 }],
      }).expect(201);
      const [a, b] = await Promise.all([
        post(clerk, '/api/settlements/for-sale/jobs', { saleId: autumn.auctionGroupId }),
        post(clerk, '/api/settlements/for-sale/jobs', { saleId: autumn.auctionGroupId }),
      ]);
      expect([a.status, b.status]).toEqual([202, 202]);
      expect(b.body.id).toBe(a.body.id);
      const done = await finished(clerk, a.body.id);
      expect(done.status).toBe('completed');
      expect(done.progress).toMatchObject({ done: 2, total: 2, message: 'Settled Ben Brook' });
      expect(done.result.error).toBeNull();
      expect(done.result.run.settlements.map((s: Json) => [s.consignorName, s.netDueCents])).toEqual([
        ['Ann Ashby', 90_000],
        ['Ben Brook', 45_000],
      ]);
      // The other house cannot read the run.
      expect((await other.agent.get(`/api/jobs/${a.body.id}`)).status).toBe(404);

      const again = (await post(clerk, '/api/settlements/for-sale/jobs', { saleId: autumn.auctionGroupId }).expect(202)).body;
      expect(again.id).not.toBe(a.body.id);
      expect((await finished(clerk, again.id)).status).toBe('completed');
      const rows = await q(t, 'select consignor_id, status from settlement where auction_group_id = ? order by consignor_id', [
        autumn.auctionGroupId,
      ]);
      expect(rows).toEqual([
        { consignor_id: ann, status: 'draft' },
        { consignor_id: ben, status: 'draft' },
      ]);
    });
  });

  describe('POST /api/settlements/for-consignor (a date range)', () => {
    it('names each wrong field', async () => {
      const bad = await post(clerk, '/api/settlements/for-consignor', { from: '2025-13-01', to: 'soon' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toMatchObject({
        consignorId: 'Consignor is required.',
        from: 'Start date must be YYYY-MM-DD.',
        to: 'End date must be YYYY-MM-DD.',
      });
      const order = await post(clerk, '/api/settlements/for-consignor', { consignorId: ann, from: '2025-06-30', to: '2025-01-01' });
      expect(order.status).toBe(400);
      expect(order.body.errors).toEqual({ to: SETTLEMENT_TEXT.rangeOrder });
    });

    it('refuses without settlement access and for another house consignor', async () => {
      const body = { consignorId: ann, from: '2025-01-01', to: '2025-12-31' };
      expect((await post(invoicesOnly, '/api/settlements/for-consignor', body)).status).toBe(403);
      const foreign = await post(other, '/api/settlements/for-consignor', body);
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe(SETTLEMENT_TEXT.consignorNotFound);
      const empty = await post(clerk, '/api/settlements/for-consignor', { consignorId: ann, from: '2024-01-01', to: '2024-12-31' });
      expect(empty.status).toBe(409);
      expect(empty.body.message).toBe(SETTLEMENT_TEXT.noLotsInRange);
    });

    it("settles the consignor's lots of every sale in the range, not those already on another settlement; re-running rebuilds", async () => {
      const body = { consignorId: ann, from: '2025-03-01', to: '2025-10-31' };
      const dry = (await post(clerk, '/api/settlements/for-consignor', { ...body, dryRun: true }).expect(200)).body;
      expect(dry).toMatchObject({ saleId: null, periodFrom: '2025-03-01', periodTo: '2025-10-31', dryRun: true });
      expect((await q(t, 'select count(*)::int as n from settlement where auction_group_id is null'))[0].n).toBe(0);

      const run = (await post(clerk, '/api/settlements/for-consignor', body).expect(200)).body;
      // Spring 100 + 200 and summer 400, less 10 %; the autumn lot is on the autumn sale's draft already.
      expect(run.settlements).toEqual([
        expect.objectContaining({ consignorName: 'Ann Ashby', lotCount: 3, hammerCents: 70_000, netDueCents: 63_000 }),
      ]);
      expect(run.alreadySettled).toBe(1);
      const again = (await post(clerk, '/api/settlements/for-consignor', body).expect(200)).body;
      expect(again.settlements[0].id).toBe(run.settlements[0].id);
      const detail = (await get(clerk, `/api/settlements/${run.settlements[0].id}`).expect(200)).body;
      expect(detail).toMatchObject({
        saleId: null,
        saleName: null,
        periodFrom: '2025-03-01',
        periodTo: '2025-10-31',
        consignorName: 'Ann Ashby',
      });
      expect(detail.lines).toHaveLength(3);

      // A narrower range: its lot is on the wider range's draft, so nothing is left to settle (no draft made).
      const narrow = (
        await post(clerk, '/api/settlements/for-consignor', { consignorId: ann, from: '2025-06-01', to: '2025-06-30' }).expect(200)
      ).body;
      expect(narrow.settlements).toEqual([]);
      expect(narrow.alreadySettled).toBe(1);
    });
  });

  describe('GET /api/settlements/totals', () => {
    it('sums the whole filtered list, not a page', async () => {
      const list = await get(clerk, '/api/settlements', { range: [0, 0] }).expect(200);
      expect(list.body).toHaveLength(1);
      const all = (await get(clerk, '/api/settlements', { range: [0, 99] }).expect(200)).body as Json[];
      const totals = (await get(clerk, '/api/settlements/totals', { range: [0, 0] }).expect(200)).body;
      const sum = (f: string) => all.reduce((a, r) => a + r[f], 0);
      expect(totals).toEqual([
        {
          currencyCode: all[0].currencyCode,
          count: all.length,
          hammerCents: sum('hammerCents'),
          commissionCents: sum('commissionCents'),
          netDueCents: sum('netDueCents'),
          paidCents: 0,
          balanceCents: sum('netDueCents'),
        },
      ]);
      const bens = (await get(clerk, '/api/settlements/totals', { filter: { consignorId: ben, status: 'draft' } }).expect(200)).body;
      expect(bens).toEqual([expect.objectContaining({ count: 1, hammerCents: 50_000, netDueCents: 45_000 })]);
      expect((await get(clerk, '/api/settlements/totals', { filter: { status: 'paid' } }).expect(200)).body).toEqual([]);
    });

    it('refuses a bad filter and users without settlement access; another house sees only its own', async () => {
      const bad = await get(clerk, '/api/settlements/totals', { filter: { status: 'late' } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Status must be draft, ready or paid.');
      const denied = await get(invoicesOnly, '/api/settlements/totals');
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe(PERMISSION_DENIED_TEXT);
      expect((await get(other, '/api/settlements/totals', { filter: { consignorId: ann } }).expect(200)).body).toEqual([]);
      expect((await get(other, '/api/settlements/totals').expect(200)).body).toEqual([]);
    });
  });

  describe('the plan form: messages beside their fields', () => {
    it('names the field of a wrong tier, fee or rate', async () => {
      const tiers = await post(clerk, '/api/commission-plans', {
        name: 'Broken',
        tiers: [{ fromCents: 0, toCents: 100_000, rate: 15_000 }],
      });
      expect(tiers.status).toBe(400);
      expect(tiers.body.errors).toEqual({ tiers: 'The last commission tier (1) must be open-ended.' });
      const fee = await post(clerk, '/api/commission-plans', {
        name: 'Broken',
        tiers: [{ fromCents: 0, toCents: null, rate: 15_000 }],
        lottingFeeCents: -1,
      });
      expect(fee.body.errors).toEqual({ lottingFeeCents: 'The lotting fee cannot be negative.' });
      const rate = await post(clerk, '/api/commission-plans', {
        name: 'Broken',
        tiers: [{ fromCents: 0, toCents: null, rate: 15_000 }],
        commissionTaxRate: -5,
      });
      expect(rate.body.errors).toEqual({
        commissionTaxRate: 'The tax on commission must be a rate of at least 0 with at most three decimals.',
      });
      const name = await post(clerk, '/api/commission-plans', { name: '  ', tiers: [{ fromCents: 0, toCents: null, rate: 1 }] });
      expect(name.body.errors).toEqual({ name: 'Name is required.' });
    });
  });
});
