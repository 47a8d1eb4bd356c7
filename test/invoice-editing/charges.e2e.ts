import request from 'supertest';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { CHARGES_TEXT } from '../../src/modules/invoicing/editing/charges/charges.rules';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import type { FactoryGroup } from '../invoice-details/factory';
import { exec, fingerprint, payInvoice, payLines, post, Row, smallGroup, STALE_TEXT, stored } from './support';

/**
 * `POST /app/house/{houseRef}/additionalCharges` (spec 000 sections 4, 5 and 7): the per-lot and
 * invoice-level forms, where the charges go, every refusal, the version check and its race, the
 * audit record, and additional charges once an invoice is paid (processor p, online payment).
 */
describe('POST additionalCharges (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;
  let perLot: FactoryGroup;
  let perInvoice: FactoryGroup;

  const url = () => `/app/house/${houses.a.houseRef}/additionalCharges`;
  const charges = (body: unknown, s: SignedIn = a) => post(s, url(), body);
  const version = async (invoiceId: number) => (await stored(t, invoiceId)).invoice.version as number;
  /** A fresh per-lot group for a test that changes payment state. */
  const freshPerLot = () => smallGroup(t, houses.a.id);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em(), { paymentProcessingEnabled: true });
    perLot = await smallGroup(t, houses.a.id);
    perInvoice = await smallGroup(t, houses.a.id, { applyCostPerLot: true, title: 'Invoice-level group' });
    a = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  describe('per-lot form (template charging per lot: applyCostPerLot false)', () => {
    it('puts the charges on the lot line, re-prices, bumps the version and answers the invoice', async () => {
      const id = perLot.invoiceIds[2]!; // Chloe, Ontario: tax may be entered
      const before = await stored(t, id);
      const line = before.lines[0];
      const res = await charges({
        invoiceID: id,
        lotID: perLot.lotIds[5],
        suppress: false,
        restricted: false,
        paid: false,
        tax: '3.00',
        shipping: '$1,012.50',
        insurance: 2,
        other: -5,
        additionalCharge: false,
        version: before.invoice.version,
      }).expect(200);
      expect(res.body.data).toMatchObject({
        success: true,
        invoiceID: id,
        version: before.invoice.version + 1,
        additionalCharge: false,
        changed: true,
        invoices: [{ invoiceID: id, version: before.invoice.version + 1, additionalCharge: false, changed: true }],
      });
      const after = await stored(t, id);
      expect(after.lines[0]).toMatchObject({
        tax_entered_cents: 300,
        shipping_cents: 101_250,
        insurance_cents: 200,
        other_staff_cents: -500,
        total_cents: line.total_cents + 300 + 101_250 + 200 - 500,
        tax_cents: line.tax_cents + 300,
      });
      expect(after.invoice).toMatchObject({
        invoice_total_cents: before.invoice.invoice_total_cents + 101_250,
        balance_cents: before.invoice.balance_cents + 101_250,
        version: before.invoice.version + 1,
      });
      // The answer is the invoice as every read call shows it, with what staff entered on the lot.
      const inv = res.body.data.invoice;
      expect(inv).toMatchObject({
        invoiceID: id,
        version: before.invoice.version + 1,
        invoiceTotalCents: after.invoice.invoice_total_cents,
        additionalCharge: false,
        additionalPriceInfo: null,
      });
      expect(inv.invoiceDetails[0]).toMatchObject({
        enteredCharges: { tax: 3, shipping: 1012.5, insurance: 2, other: -5 },
        enteredChargesCents: { tax: 300, shipping: 101_250, insurance: 200, other: -500 },
      });
      // Who changed what, before and after.
      expect(after.audit[0]).toMatchObject({ action: 'charges', user_name: 'owner' });
      expect(after.audit[0].before).toMatchObject({ [`line:${line.id}.shipping_cents`]: '0', [`line:${line.id}.other_staff_cents`]: '0' });
      expect(after.audit[0].after).toMatchObject({
        [`line:${line.id}.shipping_cents`]: '101250',
        [`line:${line.id}.other_staff_cents`]: '-500',
      });
    });

    it('saves every lot of an invoice sent together (one version, one change, one audit record)', async () => {
      const id = perLot.invoiceIds[0]!;
      const v = await version(id);
      const before = await stored(t, id);
      const res = await charges(
        [0, 1, 2].map((i) => ({ invoiceID: id, lotID: perLot.lotIds[i], shipping: 10 + i, insurance: 0, other: 0, version: v })),
      ).expect(200);
      expect(res.body.data).toMatchObject({ version: v + 1, changed: true });
      const after = await stored(t, id);
      expect(after.lines.map((l) => l.shipping_cents)).toEqual([1000, 1100, 1200]);
      expect(after.audit.length).toBe(before.audit.length + 1);
    });

    it('US invoice under processor p: the tax sent is not taken (computed); other countries take it', async () => {
      const id = perLot.invoiceIds[0]!;
      const before = await stored(t, id);
      await charges({ invoiceID: id, lotID: perLot.lotIds[0], tax: 50, insurance: 7, version: before.invoice.version }).expect(200);
      const after = await stored(t, id);
      expect(after.lines[0]).toMatchObject({ tax_entered_cents: 0, tax_cents: before.lines[0].tax_cents, insurance_cents: 700 });
      // Only tax sent: nothing to change.
      const same = await charges({ invoiceID: id, lotID: perLot.lotIds[0], tax: 50, version: after.invoice.version }).expect(200);
      expect(same.body.data).toMatchObject({ changed: false, version: after.invoice.version });
    });

    it('the same values again change nothing: same version, no audit record', async () => {
      const id = perLot.invoiceIds[0]!;
      const before = await stored(t, id);
      const res = await charges({ invoiceID: id, lotID: perLot.lotIds[1], shipping: 11, version: before.invoice.version }).expect(200);
      expect(res.body.data).toMatchObject({ success: true, changed: false, version: before.invoice.version });
      expect(await stored(t, id)).toEqual(before);
    });

    it('refuses the invoice-level form on a per-lot invoice, and a lot of another invoice', async () => {
      const id = perLot.invoiceIds[0]!;
      const before = await fingerprint(t, id);
      const wrong = await charges({ invoiceID: id, shipping: 1 }).expect(400);
      expect(wrong.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: CHARGES_TEXT.perLot,
        errors: { lotID: CHARGES_TEXT.perLot },
      });
      const other = await charges({ invoiceID: id, lotID: perLot.lotIds[5], shipping: 1 }).expect(404);
      expect(other.body).toEqual({ statusCode: 404, code: 'LINE_NOT_FOUND', message: 'Lot not found on this invoice.' });
      expect(await fingerprint(t, id)).toBe(before);
    });

    it('field errors with clear messages; nothing changes', async () => {
      const id = perLot.invoiceIds[0]!;
      const before = await fingerprint(t, id);
      const res = await charges({ invoiceID: id, lotID: perLot.lotIds[0], shipping: '-1', insurance: '2.345', other: 'abc' }).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Shipping must be a number of at least 0 with no more than two decimals.',
        errors: {
          shipping: 'Shipping must be a number of at least 0 with no more than two decimals.',
          insurance: 'Insurance must be a number of at least 0 with no more than two decimals.',
          other: 'Other must be a number with no more than two decimals.',
        },
      });
      expect((await charges({ invoiceID: id, lotID: perLot.lotIds[0] }).expect(400)).body.errors).toEqual({
        charges: 'Enter at least one charge.',
      });
      expect((await charges({}).expect(400)).body.errors).toMatchObject({ invoiceID: 'Invoice id must be a positive whole number.' });
      expect((await charges({ invoiceID: id, lotID: perLot.lotIds[0], other: -999_999 }).expect(400)).body.errors).toEqual({
        other: CHARGES_TEXT.negativeLot,
      });
      expect((await charges({ invoiceID: 99_999_999, shipping: 1 }).expect(404)).body.code).toBe('INVOICE_NOT_FOUND');
      expect(await fingerprint(t, id)).toBe(before);
    });

    it('refuses a paid lot (not additional: a house without online payment) and a hidden lot', async () => {
      const g = await freshPerLot();
      const id = g.invoiceIds[0]!;
      await payLines(t, houses.a.id, id, [g.lineIds[0]]);
      await exec(t, 'update invoice_line set suppress = true where id = ?', [g.lineIds[1]]);
      const before = await fingerprint(t, id);
      const paid = await charges({ invoiceID: id, lotID: g.lotIds[0], shipping: 1 }).expect(409);
      expect(paid.body).toEqual({ statusCode: 409, code: 'NOT_ALLOWED', message: CHARGES_TEXT.paidLot('Lot 1') });
      const hidden = await charges({ invoiceID: id, lotID: g.lotIds[1], shipping: 1 }).expect(409);
      expect(hidden.body.message).toBe(CHARGES_TEXT.hiddenLot('Lot 2'));
      await exec(t, `update invoice set online_payment_stat = 'p' where id = ?`, [id]);
      expect((await charges({ invoiceID: id, lotID: g.lotIds[2], shipping: 1 }).expect(409)).body.message).toBe(CHARGES_TEXT.pending);
      await exec(t, `update invoice set online_payment_stat = null where id = ?`, [id]);
      expect(await fingerprint(t, id)).toBe(before);
    });
  });

  describe('invoice-level form (template charging per invoice: applyCostPerLot true)', () => {
    it("puts the charges on the invoice; isLastInvoice answers the group's totals strip", async () => {
      const id = perInvoice.invoiceIds[2]!;
      const before = await stored(t, id);
      const res = await charges({
        invoiceID: id,
        tax: 1,
        shipping: 20,
        insurance: 3.5,
        other: -1.25,
        additionalCharge: false,
        isLastInvoice: true,
        version: before.invoice.version,
      }).expect(200);
      const after = await stored(t, id);
      expect(after.invoice).toMatchObject({
        tax_cents: 100,
        shipping_cents: 2000,
        insurance_cents: 350,
        other_cents: -125,
        invoice_total_cents: before.invoice.invoice_total_cents + 100 + 2000 + 350 - 125,
      });
      expect(after.lines).toEqual(before.lines.map((l) => ({ ...l, updated_at: expect.anything() })));
      const details = await a.agent.get(`/app/house/${houses.a.houseRef}/invoiceGroup/${perInvoice.groupId}/groupDetailInfo`).expect(200);
      expect(res.body.data.totals).toEqual(details.body.data.totals);
      expect(res.body.data.invoice.invoiceCharges).toEqual({ tax: 1, shipping: 20, insurance: 3.5, other: -1.25 });
      // Without isLastInvoice, no totals.
      const again = await charges({ invoiceID: id, shipping: 21, version: after.invoice.version }).expect(200);
      expect(again.body.data.totals).toBeUndefined();
    });

    it('refuses the per-lot form, and a paid invoice when charges are not additional', async () => {
      const id = perInvoice.invoiceIds[1]!;
      expect((await charges({ invoiceID: id, lotID: perInvoice.lotIds[3], shipping: 1 }).expect(400)).body.message).toBe(
        CHARGES_TEXT.perInvoice,
      );
      await exec(t, 'update house set payment_processing_enabled = false where id = ?', [houses.a.id]);
      try {
        await payInvoice(t, houses.a.id, id);
        const before = await fingerprint(t, id);
        expect((await charges({ invoiceID: id, shipping: 1 }).expect(409)).body.message).toBe(CHARGES_TEXT.paidInvoice);
        expect(await fingerprint(t, id)).toBe(before);
      } finally {
        await exec(t, 'update house set payment_processing_enabled = true where id = ?', [houses.a.id]);
      }
    });
  });

  describe('the version', () => {
    it('a stale version answers 409 with the text, and changes nothing', async () => {
      const id = perLot.invoiceIds[1]!;
      const v = await version(id);
      const before = await fingerprint(t, id);
      const res = await charges({ invoiceID: id, lotID: perLot.lotIds[3], shipping: 5, version: v - 1 + 7 }).expect(409);
      expect(res.body).toEqual({ statusCode: 409, code: 'STALE_VERSION', message: STALE_TEXT });
      expect(await fingerprint(t, id)).toBe(before);
    });

    it("two staff saving the same version at once: one wins, the other gets 409; the winner's amount is stored", async () => {
      const id = perLot.invoiceIds[1]!;
      const v = await version(id);
      const [r1, r2] = await Promise.all([
        charges({ invoiceID: id, lotID: perLot.lotIds[3], shipping: 101, version: v }),
        charges({ invoiceID: id, lotID: perLot.lotIds[3], shipping: 202, version: v }),
      ]);
      expect([r1.status, r2.status].sort()).toEqual([200, 409]);
      const winner = r1.status === 200 ? 10_100 : 20_200;
      expect((r1.status === 409 ? r1 : r2).body.message).toBe(STALE_TEXT);
      const after = await stored(t, id);
      expect(after.lines.find((l: Row) => l.lot_id === perLot.lotIds[3])!.shipping_cents).toBe(winner);
      expect(after.invoice.version).toBe(v + 1);
    });

    it('many staff saving different invoices at once all succeed (no transaction waits on a second pool connection)', async () => {
      const g = await smallGroup(t, houses.a.id, {
        bidders: Array.from({ length: 16 }, (_, i) => ({ firstName: `Busy${i}`, lastName: 'Staff', platform: 'INV' as const })),
        lots: Array.from({ length: 16 }, (_, i) => ({ bidder: i, hammer: 10_000 + i })),
      });
      const started = Date.now();
      const results = await Promise.all(
        g.lotIds.map((lotID, i) => charges({ invoiceID: g.invoiceIds[i], lotID, shipping: 5, version: 1 })),
      );
      expect(results.map((r) => r.status)).toEqual(g.lotIds.map(() => 200));
      expect(Date.now() - started).toBeLessThan(15_000);
    }, 20_000);

    it('legacy callers without a version: last writer wins', async () => {
      const id = perLot.invoiceIds[1]!;
      await charges({ invoiceID: id, lotID: perLot.lotIds[4], shipping: 1 }).expect(200);
      await charges({ invoiceID: id, lotID: perLot.lotIds[4], shipping: 2 }).expect(200);
      expect((await stored(t, id)).lines.find((l: Row) => l.lot_id === perLot.lotIds[4])!.shipping_cents).toBe(200);
    });
  });

  describe('additional charges (processor p with online payment, invoice paid)', () => {
    it("every visible lot paid by card: the charges become the lot's additional charge; the lot keeps its own", async () => {
      const g = await freshPerLot();
      const id = g.invoiceIds[2]!; // Ontario: tax may be entered
      await payLines(t, houses.a.id, id, [g.lineIds[5]]);
      const before = await stored(t, id);
      const res = await charges({
        invoiceID: id,
        lotID: g.lotIds[5],
        tax: 1,
        shipping: 15,
        additionalCharge: true,
        version: before.invoice.version,
      }).expect(200);
      expect(res.body.data).toMatchObject({ additionalCharge: true, changed: true, version: before.invoice.version + 1 });
      const after = await stored(t, id);
      expect(after.additional).toEqual([
        expect.objectContaining({
          line_id: g.lineIds[5],
          tax_cents: 100,
          shipping_cents: 1500,
          insurance_cents: 0,
          other_cents: 0,
          hidden: false,
          paid: false,
        }),
      ]);
      expect(after.lines[0]).toMatchObject({ shipping_cents: 0, tax_entered_cents: 0, total_cents: before.lines[0].total_cents });
      expect(after.invoice).toMatchObject({ invoice_total_cents: before.invoice.invoice_total_cents + 1600, balance_cents: 1600 });
      expect(after.audit[0].after).toMatchObject({
        [`additional:line:${g.lineIds[5]}.shipping_cents`]: '1500',
        [`additional:line:${g.lineIds[5]}.tax_cents`]: '100',
      });
      // As the read calls show it: Add'l on the line, its status, totals with and without it.
      const inv = res.body.data.invoice;
      expect(inv.invoiceDetails[0].additionalPriceInfo).toMatchObject({
        tax: 1,
        shipping: 15,
        total: 16,
        totalCents: 1600,
        status: 'Not Sent',
        locked: false,
        hidden: false,
      });
      expect(inv).toMatchObject({
        additionalCharge: true,
        additionalTotal: 16,
        additionalTotalCents: 1600,
        invoiceTotalCents: after.invoice.invoice_total_cents,
      });
      expect(inv.totalPriceCents.shipping).toBe(0);
      const d = (await a.agent.get(`/app/house/${houses.a.houseRef}/invoiceGroup/${g.groupId}/groupDetailInfo`).expect(200)).body.data;
      expect(d.totalPriceWithAdditionalChargesCents.shipping - d.totalPriceCents.shipping).toBe(1500);
      expect(d.totalPriceWithAdditionalChargesCents.tax - d.totalPriceCents.tax).toBe(100);
      expect(d.totals.invoiceTotal).toBe(d.totalAmount);

      // Changed again: the same row; set to zero: removed.
      await charges({ invoiceID: id, lotID: g.lotIds[5], shipping: 20, version: after.invoice.version }).expect(200);
      expect((await stored(t, id)).additional).toEqual([expect.objectContaining({ shipping_cents: 2000, tax_cents: 100 })]);
      await charges({ invoiceID: id, lotID: g.lotIds[5], tax: 0, shipping: 0, version: after.invoice.version + 1 }).expect(200);
      const cleared = await stored(t, id);
      expect(cleared.additional).toEqual([]);
      expect(cleared.invoice.invoice_total_cents).toBe(before.invoice.invoice_total_cents);
    });

    it("invoice fully paid (ACH), invoice-level charging: the invoice's own additional charge", async () => {
      const g = await smallGroup(t, houses.a.id, { applyCostPerLot: true });
      const id = g.invoiceIds[1]!;
      await payInvoice(t, houses.a.id, id, { methodId: 11 });
      const res = await charges({ invoiceID: id, insurance: 4, isLastInvoice: true }).expect(200);
      expect(res.body.data.additionalCharge).toBe(true);
      const after = await stored(t, id);
      expect(after.additional).toEqual([expect.objectContaining({ line_id: null, insurance_cents: 400 })]);
      expect(after.invoice).toMatchObject({ insurance_cents: 0, balance_cents: 400 });
      expect(res.body.data.invoice.additionalPriceInfo).toMatchObject({ insurance: 4, status: 'Not Sent' });
      expect(res.body.data.totals.totalInsurance).toBe(4);
    });

    it('locked when paid or pending', async () => {
      const g = await freshPerLot();
      const id = g.invoiceIds[2]!;
      await payLines(t, houses.a.id, id, [g.lineIds[5]]);
      await charges({ invoiceID: id, lotID: g.lotIds[5], shipping: 15 }).expect(200);
      for (const [set, reset] of [
        [`online_payment_stat = 'p'`, 'online_payment_stat = null'],
        [`paid = true, paid_date = '2026-11-12'`, 'paid = false, paid_date = null'],
      ]) {
        await exec(t, `update invoice_additional_charge set ${set} where invoice_id = ?`, [id]);
        const before = await fingerprint(t, id);
        const res = await charges({ invoiceID: id, lotID: g.lotIds[5], shipping: 25 }).expect(409);
        expect(res.body).toEqual({ statusCode: 409, code: 'NOT_ALLOWED', message: CHARGES_TEXT.locked });
        expect(await fingerprint(t, id)).toBe(before);
        await exec(t, `update invoice_additional_charge set ${reset} where invoice_id = ?`, [id]);
      }
    });

    it('only on an invoice paid by card or ACH, and only while no additional charge was paid', async () => {
      const g = await freshPerLot();
      const cash = g.invoiceIds[2]!;
      await payLines(t, houses.a.id, cash, [g.lineIds[5]], { methodId: 101 });
      expect((await charges({ invoiceID: cash, lotID: g.lotIds[5], shipping: 1 }).expect(409)).body.message).toBe(
        CHARGES_TEXT.notCardOrAch,
      );

      const card = g.invoiceIds[0]!;
      await payLines(t, houses.a.id, card, [g.lineIds[0], g.lineIds[1], g.lineIds[2]], { methodId: 4 });
      await charges({ invoiceID: card, lotID: g.lotIds[0], shipping: 5 }).expect(200);
      await exec(
        t,
        `update invoice_additional_charge set paid = true, paid_date = '2026-11-12', payment_method_id = 4 where invoice_id = ?`,
        [card],
      );
      const before = await fingerprint(t, card);
      expect((await charges({ invoiceID: card, lotID: g.lotIds[1], shipping: 5 }).expect(409)).body.message).toBe(
        CHARGES_TEXT.additionalPaid,
      );
      expect(await fingerprint(t, card)).toBe(before);
      // Its status as shown.
      const shown = (await a.agent.get(`/api/invoices/${card}`).expect(200)).body;
      expect(shown.invoiceDetails.find((l: Row) => l.invoiceDetailID === g.lineIds[0]).additionalPriceInfo).toMatchObject({
        status: 'Paid 11/12/2026',
        paid: true,
        paymentMethod: 'MasterCard',
        locked: true,
      });
    });

    it('without online payment (processor p, payment processing off) a paid lot is refused instead', async () => {
      const g = await freshPerLot();
      const id = g.invoiceIds[2]!;
      await payLines(t, houses.a.id, id, [g.lineIds[5]]);
      await exec(t, 'update house set payment_processing_enabled = false where id = ?', [houses.a.id]);
      try {
        expect((await charges({ invoiceID: id, lotID: g.lotIds[5], shipping: 1 }).expect(409)).body.message).toBe(
          CHARGES_TEXT.paidLot('Lot 6'),
        );
        expect((await stored(t, id)).additional).toEqual([]);
      } finally {
        await exec(t, 'update house set payment_processing_enabled = true where id = ?', [houses.a.id]);
      }
    });
  });

  describe('access', () => {
    it("signed out: 401; without accessInvoices: 403 with the spec's text; without the CSRF token: 403", async () => {
      const id = perLot.invoiceIds[0]!;
      const before = await fingerprint(t, id);
      const body = { invoiceID: id, lotID: perLot.lotIds[0], shipping: 99 };
      await request(t.server).post(url()).send(body).expect(401);
      const none = await signIn(t.server, 'house-a', 'none');
      expect((await charges(body, none).expect(403)).body.message).toBe(PERMISSION_DENIED_TEXT);
      expect((await a.agent.post(url()).send(body).expect(403)).body.code).toBe('CSRF_TOKEN_INVALID');
      const clerk = await signIn(t.server, 'house-a', 'accessInvoices');
      expect(await fingerprint(t, id)).toBe(before);
      await charges({ ...body, shipping: 98 }, clerk).expect(200);
      expect((await stored(t, id)).audit[0]).toMatchObject({ user_name: 'accessInvoices' });
    });
  });
});
