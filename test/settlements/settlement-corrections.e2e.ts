import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { readPdfText } from '../../src/modules/invoicing/documents/pdf-text.testing';
import type { FactoryGroup } from '../invoice-details/factory';
import { q } from '../invoice-marks/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createThreeLotPaidSale, FLAT_PLAN } from '../support/money-sale';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

/**
 * Per-lot commission overrides changed from a draft settlement (the draft rebuilt, the change audited),
 * expenses and advances, and payout corrections, over HTTP on real PostgreSQL: the rules (draft only,
 * one of rate or amount, exact cents, corrections only with a note and within what was paid), who
 * recorded each row, the statement showing them, settlement access and another house refused.
 */
describe('settlement overrides, adjustments and corrections (REST)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let clerk: SignedIn;
  let invoicesOnly: SignedIn;
  let other: SignedIn;
  let g: FactoryGroup;
  let ann: number;
  let annS: number;
  let benS: number;

  const get = (s: SignedIn, path: string) => s.agent.get(path);
  const post = (s: SignedIn, path: string, body: object = {}) => s.agent.post(path).set('X-CSRF-Token', s.csrf).send(body);
  const put = (s: SignedIn, path: string, body: object) => s.agent.put(path).set('X-CSRF-Token', s.csrf).send(body);
  const del = (s: SignedIn, path: string, body: object = {}) => s.agent.delete(path).set('X-CSRF-Token', s.csrf).send(body);
  const count = async (table: string) => (await q<{ n: number }>(t, `select count(*)::int as n from ${table}`))[0].n;
  const override = (lotId: number) => `/api/settlements/${annS}/lots/${lotId}/override`;
  const lineOf = (s: Json, lotId: number) => s.lines.find((l: Json) => l.lotId === lotId);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    [clerk, invoicesOnly, other] = await Promise.all([
      signIn(t.server, 'house-a', 'accessSettlement'),
      signIn(t.server, 'house-a', 'accessInvoices'),
      signIn(t.server, 'house-b', 'owner'),
    ]);
    g = await createThreeLotPaidSale(t, houses.a.id, 'Winter Sale');
    const plan = await post(clerk, '/api/commission-plans', FLAT_PLAN);
    expect(plan.status).toBe(201);
    ann = (await post(clerk, '/api/consignors', { name: 'Ann Ashby' })).body.id;
    const ben = (await post(clerk, '/api/consignors', { name: 'Ben Boyd' })).body.id;
    await post(clerk, `/api/consignors/${ann}/lots`, { lots: [{ lotId: g.lotIds[0] }, { lotId: g.lotIds[1] }] });
    await post(clerk, `/api/consignors/${ben}/lots`, { lots: [{ lotId: g.lotIds[2] }] });
    const run = await post(clerk, '/api/settlements/for-sale', { saleId: g.auctionGroupId });
    expect(run.status).toBe(200);
    annS = run.body.settlements.find((s: Json) => s.consignorId === ann).id;
    benS = run.body.settlements.find((s: Json) => s.consignorId === ben).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts from the plan: 15 % plus 10 % tax, no override', async () => {
    const s = (await get(clerk, `/api/settlements/${annS}`)).body;
    expect(lineOf(s, g.lotIds[0])).toMatchObject({ commissionCents: 15_000, taxCents: 1_500, netCents: 83_500, override: null });
    expect(s).toMatchObject({ commissionCents: 22_500, netDueCents: 125_250, history: [] });
  });

  describe('a lot override from the draft', () => {
    it('refuses users without settlement access and other houses, changing nothing', async () => {
      for (const res of [
        await put(invoicesOnly, override(g.lotIds[0]), { rate: 12_000 }),
        await del(invoicesOnly, override(g.lotIds[0])),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(PERMISSION_DENIED_TEXT);
      }
      const foreign = await put(other, override(g.lotIds[0]), { rate: 12_000 });
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe('Settlement not found.');
      expect((await del(other, override(g.lotIds[0]))).status).toBe(404);
      expect(await count('lot_commission_override')).toBe(0);
      expect(await count('settlement_audit')).toBe(0);
    });

    it('validates: one of rate or amount, rates up to 100 %, exact cents, a lot of this settlement', async () => {
      const cases: [object, Json][] = [
        [{}, { rate: 'Give a commission rate or a fixed commission.' }],
        [{ rate: 12_000, commissionCents: 500 }, { rate: 'Give a commission rate or a fixed commission, not both.' }],
        [{ rate: 100_001 }, { rate: 'The rate cannot be more than 100 %.' }],
        [{ rate: -1 }, { rate: 'The rate cannot be negative.' }],
        [{ commissionCents: 12.5 }, { commissionCents: 'Amount must be a whole number of cents.' }],
      ];
      for (const [body, errors] of cases) {
        const res = await put(clerk, override(g.lotIds[0]), body);
        expect(res.status).toBe(400);
        expect(res.body.errors).toMatchObject(errors);
      }
      const bens = await put(clerk, override(g.lotIds[2]), { rate: 12_000 }); // Ben's lot, not on Ann's settlement
      expect(bens.status).toBe(404);
      expect(bens.body.message).toBe('Lot not found.');
      expect((await put(clerk, `/api/settlements/${annS}/lots/abc/override`, { rate: 1 })).status).toBe(404);
      expect(await count('settlement_audit')).toBe(0);
    });

    it('sets a rate: the draft is rebuilt at once, the change audited; other drafts untouched', async () => {
      const benBefore = (await get(clerk, `/api/settlements/${benS}`)).body.version;
      const res = await put(clerk, override(g.lotIds[0]), { rate: 12_000, note: 'Agreed with Ann by phone' });
      expect(res.status).toBe(200);
      // 1,000.00 x 12 % = 120.00, tax 12.00, net 868.00; lot 2 keeps 15 %: 75.00 + 7.50.
      expect(lineOf(res.body, g.lotIds[0])).toMatchObject({
        commissionCents: 12_000,
        taxCents: 1_200,
        netCents: 86_800,
        override: { rate: 12_000, commissionCents: null },
      });
      expect(res.body).toMatchObject({ id: annS, status: 'draft', commissionCents: 19_500, taxCents: 1_950, netDueCents: 128_550 });
      expect(res.body.history).toEqual([
        expect.objectContaining({
          action: 'override.set',
          lotId: g.lotIds[0],
          before: null,
          after: { rate: 12_000, commissionCents: null },
          note: 'Agreed with Ann by phone',
          userName: 'accessSettlement',
        }),
      ]);
      expect((await get(clerk, `/api/settlements/${benS}`)).body.version).toBe(benBefore);
      // The override is the lot's: a later run of the sale keeps it.
      const rerun = await post(clerk, '/api/settlements/for-sale', { saleId: g.auctionGroupId });
      expect(rerun.body.settlements.find((s: Json) => s.id === annS).netDueCents).toBe(128_550);
    });

    it('replaces it with a fixed amount; the same value again is no change', async () => {
      const res = await put(clerk, override(g.lotIds[0]), { commissionCents: 5_000 });
      expect(lineOf(res.body, g.lotIds[0])).toMatchObject({ commissionCents: 5_000, taxCents: 500, netCents: 94_500 });
      expect(res.body.history.at(-1)).toMatchObject({
        before: { rate: 12_000, commissionCents: null },
        after: { rate: null, commissionCents: 5_000 },
      });
      await put(clerk, override(g.lotIds[0]), { commissionCents: 5_000 });
      expect(await count('settlement_audit')).toBe(2);
    });

    it('clears it: back to the plan', async () => {
      const res = await del(clerk, override(g.lotIds[0]), { note: 'Typed on the wrong lot' });
      expect(res.status).toBe(200);
      expect(lineOf(res.body, g.lotIds[0])).toMatchObject({ commissionCents: 15_000, override: null });
      expect(res.body.netDueCents).toBe(125_250);
      expect(res.body.history.map((h: Json) => h.action)).toEqual(['override.set', 'override.set', 'override.clear']);
      expect(res.body.history.at(-1)).toMatchObject({ after: null, note: 'Typed on the wrong lot' });
      expect(await count('lot_commission_override')).toBe(0);
    });
  });

  describe('adjustments and corrections', () => {
    it('adds an expense and an advance to the draft, exact cents, naming who recorded them', async () => {
      const bad = await post(clerk, `/api/settlements/${annS}/adjustments`, { kind: 'expense', amountCents: 12.5, note: 'Frame' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toMatchObject({ amountCents: 'Amount must be a whole number of cents.' });
      await post(clerk, `/api/settlements/${annS}/adjustments`, { kind: 'expense', amountCents: 4_250, note: 'Reframing lot 1' });
      const res = await post(clerk, `/api/settlements/${annS}/adjustments`, { kind: 'advance', amountCents: 20_000, note: 'Advance' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ expensesCents: 4_250, advancesCents: 20_000, netDueCents: 101_000 });
      expect(res.body.adjustments.map((a: Json) => [a.kind, a.amountCents, a.note, a.createdByName])).toEqual([
        ['expense', 4_250, 'Reframing lot 1', 'accessSettlement'],
        ['advance', 20_000, 'Advance', 'accessSettlement'],
      ]);
    });

    it('refuses adjustments and corrections without settlement access, and for another house', async () => {
      for (const res of [
        await post(invoicesOnly, `/api/settlements/${annS}/adjustments`, { kind: 'expense', amountCents: 1, note: 'x' }),
        await post(invoicesOnly, `/api/settlements/${annS}/payouts`, {
          kind: 'correction',
          method: 'check',
          paidDate: '2025-12-20',
          amountCents: -1,
          note: 'x',
        }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(PERMISSION_DENIED_TEXT);
      }
      const foreign = await post(other, `/api/settlements/${annS}/payouts`, {
        kind: 'correction',
        method: 'check',
        paidDate: '2025-12-20',
        amountCents: -1,
        note: 'x',
      });
      expect(foreign.status).toBe(404);
      expect(await count('settlement_adjustment')).toBe(2);
      expect(await count('settlement_payout')).toBe(0);
    });

    it('a ready settlement is frozen: no override, no adjustment', async () => {
      expect((await post(clerk, `/api/settlements/${annS}/ready`)).body.status).toBe('ready');
      for (const res of [
        await put(clerk, override(g.lotIds[1]), { rate: 10_000 }),
        await del(clerk, override(g.lotIds[1])),
        await post(clerk, `/api/settlements/${annS}/adjustments`, { kind: 'expense', amountCents: 100, note: 'Late' }),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body.message).toBe('Only a draft settlement can be changed.');
      }
    });

    it('on a paid settlement only a correction row, with a note, within what was paid', async () => {
      const paid = await post(clerk, `/api/settlements/${annS}/mark-paid`, { method: 'check', reference: '2001', paidDate: '2025-12-20' });
      expect(paid.body).toMatchObject({ status: 'paid', paidCents: 101_000, balanceCents: 0 });
      const again = await post(clerk, `/api/settlements/${annS}/payouts`, { method: 'check', paidDate: '2025-12-21', amountCents: 100 });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This settlement is already paid.');
      const body = { kind: 'correction', method: 'check', reference: '2001', paidDate: '2025-12-22' };
      const noNote = await post(clerk, `/api/settlements/${annS}/payouts`, { ...body, amountCents: -1_000 });
      expect(noNote.status).toBe(400);
      expect(noNote.body.errors).toEqual({ note: 'A correction needs a note saying why.' });
      const above = await post(clerk, `/api/settlements/${annS}/payouts`, { ...body, amountCents: 1, note: 'Extra' });
      expect(above.status).toBe(409);
      const cents = await post(clerk, `/api/settlements/${annS}/payouts`, { ...body, amountCents: -10.5, note: 'Half' });
      expect(cents.status).toBe(400);
      const res = await post(clerk, `/api/settlements/${annS}/payouts`, { ...body, amountCents: -1_000, note: 'Check written 10.00 over' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'ready', paidCents: 100_000, balanceCents: 1_000 });
      expect(res.body.payouts.map((p: Json) => [p.kind, p.amountCents, p.note, p.createdByName])).toEqual([
        ['payout', 101_000, null, 'accessSettlement'],
        ['correction', -1_000, 'Check written 10.00 over', 'accessSettlement'],
      ]);
    });

    it('the statement shows the expense, the advance and the correction with their notes', async () => {
      const res = await clerk.agent
        .get(`/api/settlements/${annS}/statement.pdf`)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      const text = (await readPdfText(res.body as Buffer)).pages.join('\n').replace(/\s+/g, ' ');
      expect(text).toContain('Expense Reframing lot 1 -$42.50');
      expect(text).toContain('Advance Advance -$200.00');
      expect(text).toContain('Correction: Check written 10.00 over');
      expect(text).toContain('-$10.00');
      expect(text).toContain('Balance due $10.00');
    });
  });
});
