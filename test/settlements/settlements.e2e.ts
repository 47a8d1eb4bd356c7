import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { createInvoicedGroup, type FactoryGroup } from '../invoice-details/factory';
import { q } from '../invoice-marks/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { MONEY_SALE_PLAN } from '../support/money-sale';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

/**
 * /api/consignors, /api/commission-plans and /api/settlements over HTTP on real PostgreSQL
 * (docs/settlements.md, docs/decisions/settlements.md): the worked statement of the docs settled
 * from collected money, held lots with their reasons, adjustments, ready, payouts, corrections,
 * never paid twice, settlement access and the tenancy matrix.
 */
describe('consignor settlements (REST)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let clerk: SignedIn;
  let invoicesOnly: SignedIn;
  let none: SignedIn;
  let other: SignedIn;
  let g: FactoryGroup;
  let extraLots: { unsold: number; passed: number; withdrawn: number };
  let alice: number;
  let bob: number;
  let cara: number;

  const get = (s: SignedIn, path: string, query: Json = {}) =>
    s.agent.get(path).query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])));
  const post = (s: SignedIn, path: string, body: object = {}) => s.agent.post(path).set('X-CSRF-Token', s.csrf).send(body);
  const put = (s: SignedIn, path: string, body: object) => s.agent.put(path).set('X-CSRF-Token', s.csrf).send(body);
  const count = async (table: string) => (await q<{ n: number }>(t, `select count(*)::int as n from ${table}`))[0].n;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    [owner, clerk, invoicesOnly, none, other] = await Promise.all([
      signIn(t.server, 'house-a', 'owner'),
      signIn(t.server, 'house-a', 'accessSettlement'),
      signIn(t.server, 'house-a', 'accessInvoices'),
      signIn(t.server, 'house-a', 'none'),
      signIn(t.server, 'house-b', 'owner'),
    ]);
    g = await createInvoicedGroup(t.em(), {
      houseId: houses.a.id,
      title: 'Autumn Fine Art',
      sessions: [{ eventDate: '2025-10-10T23:00:00Z' }],
      bidders: [
        { firstName: 'Paid', lastName: 'Buyer' },
        { firstName: 'Mixed', lastName: 'Buyer' },
        { firstName: 'Trouble', lastName: 'Buyer' },
      ],
      lots: [
        { bidder: 0, hammer: 125_000, paidDate: '2025-10-20' }, // A
        { bidder: 0, hammer: 8_000, paidDate: '2025-10-20' }, // B: minimum
        { bidder: 1, hammer: 200_000, paidDate: '2025-10-21' }, // D: 12 % override
        { bidder: 1, hammer: 50_000 }, // Bob: not paid yet
        { bidder: 2, hammer: 30_000, paidDate: '2025-10-22', disputeRef: 'D-77' }, // Bob: disputed
        { bidder: 2, hammer: 40_000 }, // Bob: refunded
      ],
    });
    // The refund of lot 5, as the refund path records it (the line unmarked paid, a refund row on it).
    await q(
      t,
      `insert into invoice_payment (house_id, invoice_id, line_id, amount_cents, kind, source, status, reason)
       values (?, ?, ?, 40000, 'refund', 'card', 'settled', 'damaged in transit')`,
      [houses.a.id, g.invoiceIds[2], g.lineIds[5]],
    );
    const lot = async (num: string, reserve: number | null, status = 's') =>
      (
        await q<{ id: number }>(
          t,
          `insert into lot (house_id, catalog_id, lot_ref, lot_number, title, description, reserve_cents, status)
           values (?, ?, ?, ?, ?, '', ?, ?) returning id`,
          [houses.a.id, g.catalogIds[0], `LX${num}`, num, `Lot ${num}`, reserve, status],
        )
      )[0].id;
    extraLots = { unsold: await lot('90', 40_000), passed: await lot('91', null), withdrawn: await lot('92', 10_000, 'd') };
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('access: settlement access, nothing else', () => {
    it.each(['/api/consignors', '/api/commission-plans', '/api/settlements'])(
      '%s refuses users without settlement access (403)',
      async (path) => {
        for (const s of [none, invoicesOnly]) {
          const res = await get(s, path);
          expect(res.status).toBe(403);
          expect(res.body.message).toBe(PERMISSION_DENIED_TEXT);
        }
        expect((await get(clerk, path)).status).toBe(200);
      },
    );

    it('refuses writes without settlement access, changing nothing', async () => {
      expect((await post(invoicesOnly, '/api/consignors', { name: 'X' })).status).toBe(403);
      expect((await post(invoicesOnly, '/api/settlements/for-sale', { saleId: g.auctionGroupId })).status).toBe(403);
      expect(await count('consignor')).toBe(0);
    });
  });

  describe('/api/consignors', () => {
    it('creates, lists (Content-Range, q, sort), reads and edits', async () => {
      const bad = await post(clerk, '/api/consignors', { name: ' ', email: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toMatchObject({ email: 'Email is not a valid address.' });

      const a = await post(clerk, '/api/consignors', {
        name: 'Alice Arden',
        company: 'Arden Estates',
        email: 'alice@example.com',
        payoutMethod: 'bank_transfer',
        taxId: '12-345',
      });
      expect(a.status).toBe(201);
      expect(a.body).toMatchObject({ id: expect.any(Number), name: 'Alice Arden', payoutMethod: 'bank_transfer', version: 1 });
      expect(a.body.houseId).toBeUndefined();
      alice = a.body.id;
      bob = (await post(clerk, '/api/consignors', { name: 'Bob Brook' })).body.id;

      const list = await get(clerk, '/api/consignors', { sort: ['name', 'DESC'], range: [0, 0] });
      expect(list.headers['content-range']).toBe('consignors 0-0/2');
      expect(list.body.map((c: Json) => c.name)).toEqual(['Bob Brook']);
      expect((await get(clerk, '/api/consignors', { filter: { q: 'arden' } })).body.map((c: Json) => c.id)).toEqual([alice]);
      expect((await get(clerk, '/api/consignors', { sort: ['taxId', 'ASC'] })).status).toBe(400);

      const edited = await put(clerk, `/api/consignors/${alice}`, { ...a.body, phone: '555-0100' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ phone: '555-0100', version: 2 });
      expect((await put(clerk, `/api/consignors/${alice}`, { ...a.body, phone: 'x' })).status).toBe(409); // stale version 1
      expect((await get(clerk, `/api/consignors/${alice}`)).body.phone).toBe('555-0100');
    });

    it("another house's consignor is not found, to read or to change", async () => {
      expect((await get(other, `/api/consignors/${alice}`)).status).toBe(404);
      expect((await put(other, `/api/consignors/${alice}`, { name: 'Taken' })).status).toBe(404);
      expect((await post(other, `/api/consignors/${alice}/lots`, { lots: [{ lotId: g.lotIds[0] }] })).status).toBe(404);
      expect((await get(other, '/api/consignors')).headers['content-range']).toBe('consignors */0');
    });
  });

  describe('/api/commission-plans', () => {
    it('refuses bad tiers and fees with a clear message', async () => {
      const res = await post(clerk, '/api/commission-plans', { ...MONEY_SALE_PLAN, tiers: [{ fromCents: 100, toCents: null, rate: 1 }] });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Commission tier 1 must start at 0.00 (found 1.00).');
      expect((await post(clerk, '/api/commission-plans', { ...MONEY_SALE_PLAN, lottingFeeCents: -1 })).body.message).toBe(
        'The lotting fee cannot be negative.',
      );
    });

    it('keeps one house default', async () => {
      expect((await post(clerk, '/api/commission-plans', MONEY_SALE_PLAN)).status).toBe(201);
      const again = await post(clerk, '/api/commission-plans', { ...MONEY_SALE_PLAN, name: 'Second' });
      expect(again.status).toBe(400);
      expect(again.body.errors).toEqual({ isHouseDefault: 'The house already has a default commission plan.' });
    });

    it("a sale plan must name the house's own sale", async () => {
      const res = await post(other, '/api/commission-plans', {
        ...MONEY_SALE_PLAN,
        isHouseDefault: false,
        auctionGroupId: g.auctionGroupId,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ auctionGroupId: 'Sale not found.' });
    });
  });

  describe('consigning lots', () => {
    it("records the consignor and overrides; another house's lot refuses the whole call", async () => {
      const mine = [g.lotIds[0], g.lotIds[1], extraLots.unsold, extraLots.passed];
      const foreign = await post(clerk, `/api/consignors/${alice}/lots`, { lots: [{ lotId: g.lotIds[0] }, { lotId: 999_999 }] });
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe('Lot not found.');
      expect((await q(t, 'select count(*)::int as n from lot where consignor_id is not null'))[0].n).toBe(0);

      const both = await post(clerk, `/api/consignors/${alice}/lots`, {
        lots: [{ lotId: g.lotIds[0], commissionRate: 1, commissionCents: 1 }],
      });
      expect(both.status).toBe(400);

      const res = await post(clerk, `/api/consignors/${alice}/lots`, {
        lots: [...mine.map((lotId) => ({ lotId })), { lotId: g.lotIds[2], commissionRate: 12_000 }],
      });
      expect(res.status).toBe(200);
      expect(
        (
          await post(clerk, `/api/consignors/${bob}/lots`, {
            lots: [3, 4, 5].map((i) => ({ lotId: g.lotIds[i] })).concat([{ lotId: extraLots.withdrawn }]),
          })
        ).status,
      ).toBe(200);
    });
  });

  describe('/api/settlements/sales', () => {
    it("lists the house's sales with consigned lots, for settlement users only", async () => {
      const res = await get(clerk, '/api/settlements/sales');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([{ id: g.auctionGroupId, name: 'Autumn Fine Art' }]);
      expect((await get(other, '/api/settlements/sales')).body).toEqual([]);
      expect((await get(invoicesOnly, '/api/settlements/sales')).status).toBe(403);
    });
  });

  describe('/api/settlements', () => {
    let aliceSettlement: number;
    let bobSettlement: number;

    it('a dry run answers the numbers and writes nothing', async () => {
      const res = await post(clerk, '/api/settlements/for-sale', { saleId: g.auctionGroupId, dryRun: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ saleName: 'Autumn Fine Art', dryRun: true, currencyCode: 'USD' });
      expect(res.body.settlements.find((s: Json) => s.consignorId === alice)).toMatchObject({ id: null, netDueCents: 270_579 });
      expect(await count('settlement')).toBe(0);
    });

    it("creates every consignor's settlement of the sale: the worked statement, held lots with their reasons", async () => {
      const res = await post(clerk, '/api/settlements/for-sale', { saleId: g.auctionGroupId });
      expect(res.status).toBe(200);
      const byName = Object.fromEntries(res.body.settlements.map((s: Json) => [s.consignorName, s]));
      // docs/settlements.md: lots A, B, D sold and paid, C bought in, E passed.
      expect(byName['Alice Arden']).toMatchObject({
        lotCount: 5,
        heldCount: 0,
        hammerCents: 333_000,
        commissionCents: 44_000,
        buyInFeeCents: 3_000,
        feesCents: 11_250,
        taxCents: 4_171,
        netDueCents: 270_579,
      });
      aliceSettlement = byName['Alice Arden'].id;
      bobSettlement = byName['Bob Brook'].id;

      const bobs = (await get(clerk, `/api/settlements/${bobSettlement}`)).body;
      expect(bobs.lines.map((l: Json) => [l.state, l.heldReason])).toEqual([
        ['held', 'Held: the buyer has not paid yet.'],
        ['held', 'Held: the buyer disputed the lot (dispute D-77).'],
        ['held', 'Held: the buyer was refunded (damaged in transit).'],
        ['returned', null],
      ]);
      expect(bobs).toMatchObject({ status: 'draft', heldCount: 3, hammerCents: 0, netDueCents: -2_250 });
    });

    it('lists with filters, sort and Content-Range; reads one with its lines', async () => {
      const list = await get(clerk, '/api/settlements', {
        filter: { saleId: g.auctionGroupId, status: 'draft' },
        sort: ['consignorName', 'ASC'],
      });
      expect(list.status).toBe(200);
      expect(list.headers['content-range']).toBe('settlements 0-1/2');
      expect(list.body.map((s: Json) => s.consignorName)).toEqual(['Alice Arden', 'Bob Brook']);
      expect((await get(clerk, '/api/settlements', { filter: { consignorId: bob } })).body.map((s: Json) => s.id)).toEqual([bobSettlement]);
      expect((await get(clerk, '/api/settlements', { filter: { status: 'lost' } })).status).toBe(400);
      const one = (await get(clerk, `/api/settlements/${aliceSettlement}`)).body;
      expect(one.lines.find((l: Json) => l.lotId === g.lotIds[2])).toMatchObject({
        state: 'sold',
        commissionCents: 24_000,
        taxCents: 2_130,
        netCents: 171_620,
      });
      expect(one.lines.find((l: Json) => l.lotId === extraLots.unsold)).toMatchObject({
        state: 'unsold',
        buyInFeeCents: 3_000,
        netCents: -5_516,
      });
    });

    it('expenses and advances with notes come off the net due (draft only)', async () => {
      const bad = await post(clerk, `/api/settlements/${aliceSettlement}/adjustments`, { kind: 'expense', amountCents: 0, note: '' });
      expect(bad.status).toBe(400);
      await post(clerk, `/api/settlements/${aliceSettlement}/adjustments`, {
        kind: 'expense',
        amountCents: 12_000,
        note: 'Restoration of lot 1',
      });
      const res = await post(clerk, `/api/settlements/${aliceSettlement}/adjustments`, {
        kind: 'advance',
        amountCents: 50_000,
        note: 'Advance paid in September',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ expensesCents: 12_000, advancesCents: 50_000, netDueCents: 208_579, balanceCents: 208_579 });
      expect(res.body.adjustments.map((a: Json) => a.note)).toEqual(['Restoration of lot 1', 'Advance paid in September']);
    });

    it('a re-run rebuilds the drafts in place, keeping their adjustments', async () => {
      const before = (await get(clerk, `/api/settlements/${aliceSettlement}`)).body.lines as Json[];
      // A stored line that no longer matches the run is rewritten; the others are kept as they are.
      await q(t, 'update settlement_line set commission_cents = 1, net_cents = 1 where id = ?', [before[0].id]);
      const res = await post(clerk, '/api/settlements/for-sale', { saleId: g.auctionGroupId });
      expect(res.body.settlements.find((s: Json) => s.consignorId === alice)).toMatchObject({ id: aliceSettlement, netDueCents: 208_579 });
      expect(await count('settlement')).toBe(2);
      const after = (await get(clerk, `/api/settlements/${aliceSettlement}`)).body.lines as Json[];
      expect(after).toEqual(before);
    });

    it('pays only a ready settlement, part then the rest, never more and never twice', async () => {
      const early = await post(clerk, `/api/settlements/${aliceSettlement}/mark-paid`, {
        method: 'check',
        reference: '1001',
        paidDate: '2025-11-01',
      });
      expect(early.status).toBe(409);
      expect(early.body.message).toBe('Only a ready settlement can be paid: mark it ready first.');

      expect((await post(clerk, `/api/settlements/${aliceSettlement}/ready`)).body.status).toBe('ready');
      expect(
        (await post(clerk, `/api/settlements/${aliceSettlement}/adjustments`, { kind: 'expense', amountCents: 1, note: 'late' })).status,
      ).toBe(409);

      const part = await post(clerk, `/api/settlements/${aliceSettlement}/payouts`, {
        method: 'check',
        reference: '1001',
        paidDate: '2025-11-01',
        amountCents: 100_000,
      });
      expect(part.status).toBe(200);
      expect(part.body).toMatchObject({ status: 'ready', paidCents: 100_000, balanceCents: 108_579 });

      const over = await post(clerk, `/api/settlements/${aliceSettlement}/payouts`, {
        method: 'check',
        paidDate: '2025-11-02',
        amountCents: 108_580,
      });
      expect(over.status).toBe(409);
      expect(over.body.message).toBe('The payout is more than the balance due (1085.79).');

      const paid = await post(clerk, `/api/settlements/${aliceSettlement}/mark-paid`, {
        method: 'bank_transfer',
        reference: 'WIRE-77',
        paidDate: '2025-11-03',
      });
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ status: 'paid', paidCents: 208_579, balanceCents: 0, paidAt: expect.any(String) });
      expect(paid.body.payouts.map((p: Json) => [p.kind, p.method, p.reference, p.amountCents])).toEqual([
        ['payout', 'check', '1001', 100_000],
        ['payout', 'bank_transfer', 'WIRE-77', 108_579],
      ]);

      const twice = await post(clerk, `/api/settlements/${aliceSettlement}/mark-paid`, { method: 'check', paidDate: '2025-11-04' });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('This settlement is already paid.');
      expect(
        (await post(clerk, `/api/settlements/${aliceSettlement}/payouts`, { method: 'check', paidDate: '2025-11-04', amountCents: 1 })).body
          .message,
      ).toBe('This settlement is already paid.');
      expect(await count('settlement_payout')).toBe(2);
    });

    it('a consignor who owes the house has nothing to pay', async () => {
      await post(clerk, `/api/settlements/${bobSettlement}/ready`);
      const res = await post(clerk, `/api/settlements/${bobSettlement}/mark-paid`, { method: 'check', paidDate: '2025-11-04' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('The consignor owes the house: there is nothing to pay.');
    });

    it('pay on hammer settles an uninvoiced lot; two mark-paid calls at once pay once', async () => {
      const plan = (
        await post(owner, '/api/commission-plans', {
          ...MONEY_SALE_PLAN,
          name: 'On hammer',
          isHouseDefault: false,
          settlementBasis: 'hammer',
        })
      ).body.id;
      cara = (await post(owner, '/api/consignors', { name: 'Cara Cole', commissionPlanId: plan })).body.id;
      // Sold at 1,000.00 but not invoiced: held under "pay when paid", settled under "pay on hammer".
      const [{ id: lotId }] = await q<{ id: number }>(
        t,
        `insert into lot (house_id, catalog_id, lot_ref, lot_number, title, description, winning_approval_id, hammer_cents)
         values (?, ?, 'LX93', '93', 'Lot 93', '', ?, 100000) returning id`,
        [houses.a.id, g.catalogIds[0], g.approvalIds[0]],
      );
      await post(owner, `/api/consignors/${cara}/lots`, { lots: [{ lotId }] });
      const run = await post(owner, '/api/settlements/for-sale', { saleId: g.auctionGroupId });
      const mine = run.body.settlements.find((x: Json) => x.consignorId === cara);
      // 1,000.00 - 150.00 - 22.50 - 13.31 (150.00 x 8.875 % = 13.3125)
      expect(mine).toMatchObject({ heldCount: 0, commissionCents: 15_000, taxCents: 1_331, netDueCents: 81_419 });
      await post(owner, `/api/settlements/${mine.id}/ready`);
      const both = await Promise.all(
        [owner, clerk].map((s) =>
          post(s, `/api/settlements/${mine.id}/mark-paid`, { method: 'check', reference: 'C-1', paidDate: '2025-11-04' }),
        ),
      );
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await q(t, 'select count(*)::int as n from settlement_payout where settlement_id = ?', [mine.id]))[0].n).toBe(1);
    });

    it('corrections are signed ledger rows with a note; a paid settlement reopens to ready', async () => {
      const noNote = await post(clerk, `/api/settlements/${aliceSettlement}/payouts`, {
        kind: 'correction',
        method: 'check',
        paidDate: '2025-11-05',
        amountCents: -100_000,
      });
      expect(noNote.status).toBe(400);
      expect(noNote.body.errors).toEqual({ note: 'A correction needs a note saying why.' });
      const bounced = await post(clerk, `/api/settlements/${aliceSettlement}/payouts`, {
        kind: 'correction',
        method: 'check',
        reference: '1001',
        paidDate: '2025-11-05',
        amountCents: -100_000,
        note: 'Check 1001 bounced',
      });
      expect(bounced.status).toBe(200);
      expect(bounced.body).toMatchObject({ status: 'ready', paidCents: 108_579, balanceCents: 100_000, paidAt: null });
      const tooLow = await post(clerk, `/api/settlements/${aliceSettlement}/payouts`, {
        kind: 'correction',
        method: 'check',
        paidDate: '2025-11-05',
        amountCents: -200_000,
        note: 'x',
      });
      expect(tooLow.body.message).toBe('A correction cannot take the amount paid below zero.');
      const again = await post(clerk, `/api/settlements/${aliceSettlement}/payouts`, {
        method: 'check',
        reference: '1002',
        paidDate: '2025-11-06',
        amountCents: 100_000,
      });
      expect(again.body).toMatchObject({ status: 'paid', balanceCents: 0 });
      expect(again.body.payouts.map((p: Json) => p.createdByUserId)).toEqual(Array(4).fill(clerk.user.userID));
    });

    it('a lot collected later is settled by the next run; a settled lot is never settled again', async () => {
      await q(t, `update invoice_line set paid = true, paid_date = '2025-11-10' where id = ?`, [g.lineIds[3]]);
      const res = await post(clerk, '/api/settlements/for-sale', { saleId: g.auctionGroupId });
      // Alice's five lots, Bob's returned lot and Cara's lot are on ready or paid settlements.
      expect(res.body.alreadySettled).toBe(7);
      expect(res.body.settlements.map((s: Json) => s.consignorName)).toEqual(['Bob Brook']);
      const bobs = (await get(clerk, `/api/settlements/${bobSettlement}`)).body;
      expect(bobs.status).toBe('ready'); // ready settlements are not rebuilt
      const fresh = res.body.settlements.find((s: Json) => s.consignorId === bob);
      expect(fresh.id).not.toBe(bobSettlement);
      const detail = (await get(clerk, `/api/settlements/${fresh.id}`)).body;
      expect(detail.lines.find((l: Json) => l.lotId === g.lotIds[3])).toMatchObject({ state: 'sold', hammerCents: 50_000 });
    });

    it("another house's settlements and sales are not found; its list is empty", async () => {
      expect((await get(other, `/api/settlements/${aliceSettlement}`)).status).toBe(404);
      expect((await post(other, `/api/settlements/${aliceSettlement}/ready`)).status).toBe(404);
      expect((await post(other, `/api/settlements/${aliceSettlement}/mark-paid`, { method: 'check', paidDate: '2025-11-04' })).status).toBe(
        404,
      );
      expect(
        (await post(other, `/api/settlements/${aliceSettlement}/payouts`, { method: 'check', paidDate: '2025-11-04', amountCents: 1 }))
          .status,
      ).toBe(404);
      expect(
        (await post(other, `/api/settlements/${aliceSettlement}/adjustments`, { kind: 'expense', amountCents: 1, note: 'x' })).status,
      ).toBe(404);
      expect(await count('settlement_payout')).toBe(5);
      const run = await post(other, '/api/settlements/for-sale', { saleId: g.auctionGroupId });
      expect(run.status).toBe(404);
      expect(run.body.message).toBe('Sale not found.');
      expect((await get(other, '/api/settlements')).headers['content-range']).toBe('settlements */0');
      expect((await get(clerk, '/api/settlements/abc')).status).toBe(404);
    });
  });
});
