import { STALE_INVOICE_TEXT } from '../../src/modules/invoicing/editing/core/editing.errors';
import { MARKS_CONFLICT_TEXT } from '../../src/modules/invoicing/editing/marks/marks.errors';
import { MARK_TEXT } from '../../src/modules/invoicing/editing/marks/marks.rules';
import { LINE_NOT_ON_INVOICE_TEXT } from '../../src/modules/invoicing/editing/marks/marks.service';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import {
  addAdditionalCharge,
  bidder,
  cents,
  FUTURE_US,
  group,
  invoiceRow,
  invoiceState,
  post,
  q,
  recordGatewayPayment,
  TODAY_ISO,
  TODAY_US,
} from './support';

type Json = Record<string, any>;

/** Paid, shipped and picked-up marks (spec 000 §4, §5, §7) over HTTP on real PostgreSQL: single and batch forms, money, statuses, refusals. */
describe('invoice marks: invoicePaidOnly(ByDetail), invoiceShippedOnly(ByDetail), payment-methods', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let customerOnly: SignedIn;
  let A: number;
  let ref: string;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    A = houses.a.id;
    ref = houses.a.houseRef;
    owner = await signIn(t.server, 'house-a', 'owner');
    customerOnly = await signIn(t.server, 'house-a', 'accessCustomer');
  });
  afterAll(() => t?.close());

  const paid = (body: unknown, s = owner) => post(s, ref, 'invoicePaidOnly', body);
  const paidLot = (body: unknown, s = owner) => post(s, ref, 'invoicePaidOnlyByDetail', body);
  const shipped = (body: unknown, s = owner) => post(s, ref, 'invoiceShippedOnly', body);
  const shippedLot = (body: unknown, s = owner) => post(s, ref, 'invoiceShippedOnlyByDetail', body);
  const view = async (groupId: number, invoiceId: number): Promise<Json> =>
    (await post(owner, ref, `invoiceGroup/${groupId}/groupDetailInfoByInvoice`, [invoiceId]).expect(200)).body.data.invoices[0];
  const lastAudit = async (invoiceId: number) =>
    (await q(t, 'select * from invoice_audit where invoice_id = ? order by id desc limit 1', [invoiceId]))[0];
  const payments = (invoiceId: number) => q(t, 'select * from invoice_payment where invoice_id = ? order by id', [invoiceId]);
  const check = (v: number) => ({ paid: true, paidDate: TODAY_US, paymentMethodID: 102, version: v });

  describe('GET invoiceGroup/{id}/payment-methods', () => {
    it("answers the house's cards and ACH with the spec's ids, then the offline methods", async () => {
      const g = await group(t, A, [bidder('Methods')], [{ bidder: 0, hammer: 10_000 }]);
      const res = await owner.agent.get(`/app/house/${ref}/invoiceGroup/${g.groupId}/payment-methods`).expect(200);
      expect(res.body).toEqual({
        data: {
          paymentMethods: [
            { id: 3, name: 'Visa', type: 'card' },
            { id: 4, name: 'MasterCard', type: 'card' },
            { id: 5, name: 'Discover', type: 'card' },
            { id: 6, name: 'American Express', type: 'card' },
            { id: 11, name: 'ACH', type: 'ach' },
            { id: 101, name: 'Cash', type: 'offline' },
            { id: 102, name: 'Check', type: 'offline' },
            { id: 103, name: 'Wire Transfer', type: 'offline' },
            { id: 104, name: 'PayPal', type: 'offline' },
            { id: 105, name: 'Other', type: 'offline' },
          ],
        },
      });
    });

    it('answers 404 for an unknown group or a malformed id, 403 without invoice access', async () => {
      const g = await group(t, A, [bidder('Methods2')], [{ bidder: 0, hammer: 10_000 }]);
      for (const id of ['999999', 'abc', '0']) {
        const res = await owner.agent.get(`/app/house/${ref}/invoiceGroup/${id}/payment-methods`);
        expect({ id, status: res.status, code: res.body.code }).toEqual({ id, status: 404, code: 'INVOICE_GROUP_NOT_FOUND' });
      }
      await customerOnly.agent.get(`/app/house/${ref}/invoiceGroup/${g.groupId}/payment-methods`).expect(403);
    });
  });

  describe('invoicePaidOnly (the whole invoice)', () => {
    it('Paid records the balance as offline payments, marks every visible lot paid, and the invoice reads Paid; Not Paid puts everything back', async () => {
      const g = await group(
        t,
        A,
        [bidder('Whole')],
        [
          { bidder: 0, hammer: 125_000 },
          { bidder: 0, hammer: 50_000 },
          { bidder: 0, hammer: 10_000, hidden: true },
        ],
      );
      const id = g.invoiceIds[0]!;
      const before = await view(g.groupId, id);
      expect(before).toMatchObject({ invoiceStatus: 'Sent', allPaid: false, invoicePaidCents: 0 });
      const total = before.invoiceTotalCents;
      expect(before.outStandingBalanceCents).toBe(total);

      const res = await paid({ invoiceID: id, ...check(before.version) }).expect(200);
      expect(res.body.data.success).toBe(true);
      const inv = res.body.data.invoices[0];
      expect(inv).toMatchObject({
        invoiceID: id,
        allPaid: true,
        invoiceStatus: 'Paid',
        invoiceTotalCents: total,
        invoicePaidCents: total,
        outStandingBalanceCents: 0,
        paidDate: TODAY_ISO,
        paymentMethodID: 102,
        paymentMethod: 'Check',
        version: before.version + 1,
      });
      const [l1, l2, hidden] = inv.invoiceDetails;
      for (const l of [l1, l2]) {
        expect(l).toMatchObject({ paid: true, paidDate: TODAY_ISO, paymentMethodID: 102, paymentMethod: 'Check', itemStatus: 'Paid' });
        expect(l.totalAmountPaidCents).toBe(l.totalAmountCents);
      }
      expect(hidden).toMatchObject({ suppress: true, paid: false, paidDate: null, paymentMethodID: null, totalAmountPaidCents: 0 });
      // The money: one offline payment per lot, what each owed, together the balance.
      const rows = await payments(id);
      expect(
        rows.map((p) => ({
          line: p.line_id,
          amount: cents(p.amount_cents),
          source: p.source,
          status: p.status,
          kind: p.kind,
          method: p.payment_method_id,
          voided: p.voided_at,
        })),
      ).toEqual([
        {
          line: g.lineIds[0],
          amount: l1.totalAmountCents,
          source: 'offline',
          status: 'settled',
          kind: 'payment',
          method: 102,
          voided: null,
        },
        {
          line: g.lineIds[1],
          amount: l2.totalAmountCents,
          source: 'offline',
          status: 'settled',
          kind: 'payment',
          method: 102,
          voided: null,
        },
      ]);
      expect(rows.reduce((s, p) => s + cents(p.amount_cents), 0)).toBe(total);
      const audit = await lastAudit(id);
      expect(audit).toMatchObject({ action: 'invoice.paid', user_name: 'owner', line_id: null });
      expect(audit.after).toMatchObject({ all_paid: true, payment_method_id: 102, payments_made_cents: String(total), balance_cents: '0' });
      // The group's reads agree (the details list and the totals strip).
      const details = (await owner.agent.get(`/app/house/${ref}/invoiceGroup/${g.groupId}/groupDetailInfo`).expect(200)).body.data;
      expect(details.totals).toMatchObject({ paymentsMade: total / 100, pendingCharges: 0 });

      // Not Paid: the payments are voided, the date and method cleared, the status back to Sent.
      const undo = (await paid({ invoiceID: id, paid: false, version: inv.version }).expect(200)).body.data.invoices[0];
      expect(undo).toMatchObject({
        allPaid: false,
        invoiceStatus: 'Sent',
        invoicePaidCents: 0,
        outStandingBalanceCents: total,
        invoiceTotalCents: total,
        paidDate: null,
        paymentMethodID: null,
        paymentMethod: null,
      });
      for (const l of undo.invoiceDetails)
        expect(l).toMatchObject({ paid: false, paidDate: null, paymentMethodID: null, totalAmountPaidCents: 0 });
      expect((await payments(id)).every((p) => p.voided_at !== null)).toBe(true);
      expect((await lastAudit(id)).action).toBe('invoice.unpaid');
    });

    it('with money already received online, Not Paid goes back to exactly that (Partial Paid), and the online payment stays', async () => {
      const g = await group(t, A, [bidder('Partly')], [{ bidder: 0, hammer: 80_000 }]);
      const id = g.invoiceIds[0]!;
      await recordGatewayPayment(t, A, id, 20_000);
      const before = await view(g.groupId, id);
      expect(before).toMatchObject({ invoiceStatus: 'Partial Paid', invoicePaidCents: 20_000 });
      const total = before.invoiceTotalCents;

      const marked = (await paid({ invoiceID: id, ...check(before.version) }).expect(200)).body.data.invoices[0];
      expect(marked).toMatchObject({ invoiceStatus: 'Paid', invoicePaidCents: total, outStandingBalanceCents: 0 });
      const offline = (await payments(id)).filter((p) => p.source === 'offline');
      expect(offline.map((p) => cents(p.amount_cents))).toEqual([total - 20_000]);

      const undone = (await paid({ invoiceID: id, paid: false, version: marked.version }).expect(200)).body.data.invoices[0];
      expect(undone).toMatchObject({
        invoiceStatus: 'Partial Paid',
        invoicePaidCents: 20_000,
        outStandingBalanceCents: total - 20_000,
        allPaid: false,
      });
      const rows = await payments(id);
      expect(rows.find((p) => p.source === 'card')!.voided_at).toBeNull();
      expect(rows.find((p) => p.source === 'offline')!.voided_at).not.toBeNull();
    });

    it('records invoice-level charges as an invoice-level payment beside the lots', async () => {
      const g = await group(t, A, [bidder('Charges')], [{ bidder: 0, hammer: 30_000 }], {
        0: { charges: { shipping: 2_500, insurance: 0, other: 0, tax: 0 } },
      });
      const id = g.invoiceIds[0]!;
      const before = await view(g.groupId, id);
      const lineTotal = before.invoiceDetails[0].totalAmountCents;
      expect(before.invoiceTotalCents).toBe(lineTotal + 2_500);
      await paid({ invoiceID: id, ...check(before.version) }).expect(200);
      expect((await payments(id)).map((p) => [p.line_id, cents(p.amount_cents)])).toEqual([
        [g.lineIds[0], lineTotal],
        [null, 2_500],
      ]);
      expect(await invoiceRow(t, id)).toMatchObject({ balance_cents: '0', payments_made_cents: String(lineTotal + 2_500) });
    });

    it('pays and marks the additional charges too, and Not Paid unmarks them; a pending one refuses', async () => {
      const g = await group(
        t,
        A,
        [bidder('Additional'), bidder('AdditionalPending')],
        [
          { bidder: 0, hammer: 30_000 },
          { bidder: 1, hammer: 30_000 },
        ],
      );
      const [id, pendingId] = g.invoiceIds.map(Number);
      const perLot = await addAdditionalCharge(t, A, id, 1_200, { lineId: g.lineIds[0] });
      const perInvoice = await addAdditionalCharge(t, A, id, 800);
      const before = await view(g.groupId, id);
      const lineTotal = before.invoiceDetails[0].totalAmountCents;
      expect(before.invoiceTotalCents).toBe(lineTotal + 2_000);
      await paid({ invoiceID: id, ...check(before.version) }).expect(200);
      expect((await payments(id)).map((p) => [p.line_id, p.additional_charge_id, cents(p.amount_cents)])).toEqual([
        [g.lineIds[0], null, lineTotal],
        [null, perLot, 1_200],
        [null, perInvoice, 800],
      ]);
      const charges = () =>
        q(t, 'select id, paid, paid_date, payment_method_id from invoice_additional_charge where invoice_id = ? order by id', [id]);
      expect((await charges()).map((c) => [c.id, c.paid, c.payment_method_id])).toEqual([
        [perLot, true, 102],
        [perInvoice, true, 102],
      ]);
      expect(await invoiceRow(t, id)).toMatchObject({ balance_cents: '0', all_paid: true });

      await paid({ invoiceID: id, paid: false, version: before.version + 1 }).expect(200);
      expect((await charges()).map((c) => [c.paid, c.paid_date, c.payment_method_id])).toEqual([
        [false, null, null],
        [false, null, null],
      ]);
      expect(await invoiceRow(t, id)).toMatchObject({ balance_cents: String(lineTotal + 2_000), payments_made_cents: '0' });

      await addAdditionalCharge(t, A, pendingId, 500, { onlinePaymentStat: 'p' });
      const state = await invoiceState(t, [pendingId]);
      expect((await paid({ invoiceID: pendingId, ...check(0), version: undefined }).expect(409)).body.code).toBe('PAYMENT_PENDING');
      expect(await invoiceState(t, [pendingId])).toEqual(state);
    });

    it('Paid again changes the date and method only (nothing more is recorded)', async () => {
      const g = await group(t, A, [bidder('Twice')], [{ bidder: 0, hammer: 30_000 }]);
      const id = g.invoiceIds[0]!;
      const first = (await paid({ invoiceID: id, ...check((await view(g.groupId, id)).version) }).expect(200)).body.data.invoices[0];
      const second = (
        await paid({ invoiceID: id, paid: true, paidDate: '11/01/26', paymentMethodID: 101, version: first.version }).expect(200)
      ).body.data.invoices[0];
      expect(second).toMatchObject({
        paidDate: '2026-11-01',
        paymentMethod: 'Cash',
        invoicePaidCents: first.invoicePaidCents,
        invoiceStatus: 'Paid',
      });
      expect((await payments(id)).length).toBe(1);
    });

    it('refuses bad input with a field error, and changes nothing', async () => {
      const g = await group(t, A, [bidder('Refusals')], [{ bidder: 0, hammer: 30_000 }]);
      const id = g.invoiceIds[0]!;
      const before = await invoiceState(t, [id]);
      const cases: [object, number, string, Record<string, string> | undefined][] = [
        [{ invoiceID: id, paid: true, paidDate: TODAY_US }, 400, 'VALIDATION_FAILED', { paymentMethodID: MARK_TEXT.methodRequired }],
        [
          { invoiceID: id, paid: true, paidDate: TODAY_US, paymentMethodID: null },
          400,
          'VALIDATION_FAILED',
          { paymentMethodID: MARK_TEXT.methodRequired },
        ],
        [
          { invoiceID: id, paid: true, paidDate: TODAY_US, paymentMethodID: 7 },
          400,
          'VALIDATION_FAILED',
          { paymentMethodID: MARK_TEXT.methodUnknown },
        ],
        [
          { invoiceID: id, paid: true, paidDate: FUTURE_US, paymentMethodID: 3 },
          400,
          'VALIDATION_FAILED',
          { paidDate: 'Paid date cannot be after today.' },
        ],
        [
          { invoiceID: id, paid: true, paidDate: '02/30/26', paymentMethodID: 3 },
          400,
          'VALIDATION_FAILED',
          { paidDate: MARK_TEXT.dateFormat.paid },
        ],
        [{ invoiceID: id, paid: true, paymentMethodID: 3 }, 400, 'VALIDATION_FAILED', { paidDate: MARK_TEXT.dateRequired.paid }],
        [{ invoiceID: id, paidDate: TODAY_US, paymentMethodID: 3 }, 400, 'VALIDATION_FAILED', { paid: 'paid must be true or false.' }],
        [
          { invoiceID: id, invoiceDetailID: g.lineIds[0], paid: false },
          400,
          'VALIDATION_FAILED',
          { invoiceDetailID: MARK_TEXT.invoiceDetailNotUsed('invoicePaidOnly') },
        ],
        [{ invoiceID: 'x', paid: false }, 400, 'VALIDATION_FAILED', { invoiceID: MARK_TEXT.invoiceID }],
        [{ invoiceID: id, paid: false, colour: 'red' }, 400, 'UNKNOWN_FIELDS', undefined],
        [{ invoiceID: 99_999_999, paid: false }, 404, 'INVOICE_NOT_FOUND', undefined],
      ];
      for (const [body, status, code, errors] of cases) {
        const res = await paid(body);
        expect({ body, status: res.status, code: res.body.code, errors: errors ? res.body.errors : undefined }).toEqual({
          body,
          status,
          code,
          errors,
        });
        if (errors) expect(res.body.message).toBe(Object.values(errors)[0]);
      }
      expect(await invoiceState(t, [id])).toEqual(before);
    });

    it('refuses a stale version with 409 and the reload message', async () => {
      const g = await group(t, A, [bidder('Stale')], [{ bidder: 0, hammer: 30_000 }]);
      const id = g.invoiceIds[0]!;
      const v = (await view(g.groupId, id)).version;
      const before = await invoiceState(t, [id]);
      const res = await paid({ invoiceID: id, ...check(v + 1) }).expect(409);
      expect(res.body).toMatchObject({ code: 'STALE_VERSION', message: STALE_INVOICE_TEXT });
      expect(await invoiceState(t, [id])).toEqual(before);
    });

    it('refuses while an online payment is pending (on a lot, on the invoice, or recorded), and on an invoice paid online', async () => {
      const g = await group(
        t,
        A,
        [bidder('LotPending'), bidder('InvoicePending'), bidder('RowPending'), bidder('PaidOnline')],
        [
          { bidder: 0, hammer: 10_000, onlinePaymentStat: 'p' },
          { bidder: 0, hammer: 10_000 },
          { bidder: 1, hammer: 10_000 },
          { bidder: 2, hammer: 10_000 },
          { bidder: 3, hammer: 10_000 },
        ],
        { 1: { onlinePaymentStat: 'u' }, 3: { onlinePaymentStat: 'a' } },
      );
      await recordGatewayPayment(t, A, g.invoiceIds[2]!, 5_000, { source: 'ach', status: 'pending' });
      const ids = g.invoiceIds.map(Number);
      const before = await invoiceState(t, ids);
      for (const id of ids.slice(0, 3)) {
        for (const body of [
          { invoiceID: id, ...check(0), version: undefined },
          { invoiceID: id, paid: false },
        ]) {
          const res = await paid(body).expect(409);
          expect(res.body).toMatchObject({ code: 'PAYMENT_PENDING', message: MARKS_CONFLICT_TEXT.invoicePending });
        }
      }
      for (const body of [
        { invoiceID: ids[3], ...check(0), version: undefined },
        { invoiceID: ids[3], paid: false },
      ]) {
        expect((await paid(body).expect(409)).body).toMatchObject({ code: 'PAID_ONLINE', message: MARKS_CONFLICT_TEXT.invoicePaidOnline });
      }
      expect(await invoiceState(t, ids)).toEqual(before);
    });

    it('needs invoice access and the CSRF token', async () => {
      const g = await group(t, A, [bidder('Access')], [{ bidder: 0, hammer: 10_000 }]);
      const id = g.invoiceIds[0]!;
      const before = await invoiceState(t, [id]);
      for (const path of ['invoicePaidOnly', 'invoicePaidOnlyByDetail', 'invoiceShippedOnly', 'invoiceShippedOnlyByDetail']) {
        expect((await post(customerOnly, ref, path, { invoiceID: id, paid: false })).status).toBe(403);
        expect((await owner.agent.post(`/app/house/${ref}/${path}`).send({ invoiceID: id, paid: false })).body.code).toBe(
          'CSRF_TOKEN_INVALID',
        );
      }
      expect(await invoiceState(t, [id])).toEqual(before);
    });
  });

  describe('invoicePaidOnlyByDetail (one lot)', () => {
    it('a lot marked paid records what it owes (Partial Paid); the last lot makes the invoice Paid; Not Paid on a lot voids its payment', async () => {
      const g = await group(
        t,
        A,
        [bidder('Lots')],
        [
          { bidder: 0, hammer: 60_000 },
          { bidder: 0, hammer: 40_000 },
        ],
      );
      const id = g.invoiceIds[0]!;
      const before = await view(g.groupId, id);
      const [t1, t2] = before.invoiceDetails.map((l: Json) => l.totalAmountCents);
      const total = before.invoiceTotalCents;

      const one = (
        await paidLot({
          invoiceID: id,
          invoiceDetailID: g.lineIds[0],
          paid: true,
          paidDate: TODAY_US,
          paymentMethodID: 3,
          version: before.version,
        }).expect(200)
      ).body.data.invoices[0];
      expect(one).toMatchObject({
        allPaid: false,
        invoiceStatus: 'Partial Paid',
        invoicePaidCents: t1,
        outStandingBalanceCents: total - t1,
        paidDate: null,
      });
      expect(one.invoiceDetails[0]).toMatchObject({
        paid: true,
        paidDate: TODAY_ISO,
        paymentMethod: 'Visa',
        totalAmountPaidCents: t1,
        itemStatus: 'Paid',
      });
      expect(one.invoiceDetails[1]).toMatchObject({ paid: false, totalAmountPaidCents: 0, itemStatus: 'Sent' });
      expect(await lastAudit(id)).toMatchObject({ action: 'line.paid', line_id: g.lineIds[0] });

      const two = (
        await paidLot({
          invoiceID: id,
          invoiceDetailID: g.lineIds[1],
          paid: true,
          paidDate: TODAY_US,
          paymentMethodID: 11,
          version: one.version,
        }).expect(200)
      ).body.data.invoices[0];
      expect(two).toMatchObject({
        allPaid: true,
        invoiceStatus: 'Paid',
        invoicePaidCents: total,
        outStandingBalanceCents: 0,
        paidDate: TODAY_ISO,
        paymentMethod: 'ACH',
      });

      const undo = (await paidLot({ invoiceID: id, invoiceDetailID: g.lineIds[0], paid: false, version: two.version }).expect(200)).body
        .data.invoices[0];
      expect(undo).toMatchObject({ allPaid: false, invoiceStatus: 'Partial Paid', invoicePaidCents: t2, outStandingBalanceCents: t1 });
      expect(undo.invoiceDetails[0]).toMatchObject({ paid: false, paidDate: null, paymentMethodID: null, totalAmountPaidCents: 0 });
      expect(undo.invoiceDetails[1]).toMatchObject({ paid: true, totalAmountPaidCents: t2 });
      const rows = await payments(id);
      expect(rows.map((p) => [p.line_id, cents(p.amount_cents), p.voided_at === null])).toEqual([
        [g.lineIds[0], t1, false],
        [g.lineIds[1], t2, true],
      ]);
      expect(await lastAudit(id)).toMatchObject({ action: 'line.unpaid', line_id: g.lineIds[0] });
    });

    it('Not Paid on the invoice undoes the lots marked one by one too', async () => {
      const g = await group(
        t,
        A,
        [bidder('LotThenInvoice')],
        [
          { bidder: 0, hammer: 60_000 },
          { bidder: 0, hammer: 40_000 },
        ],
      );
      const id = g.invoiceIds[0]!;
      const v = (await view(g.groupId, id)).version;
      await paidLot({
        invoiceID: id,
        invoiceDetailID: g.lineIds[0],
        paid: true,
        paidDate: TODAY_US,
        paymentMethodID: 101,
        version: v,
      }).expect(200);
      const undone = (await paid({ invoiceID: id, paid: false, version: v + 1 }).expect(200)).body.data.invoices[0];
      expect(undone).toMatchObject({ invoiceStatus: 'Sent', invoicePaidCents: 0, allPaid: false });
      expect(undone.invoiceDetails.every((l: Json) => !l.paid)).toBe(true);
    });

    it('refuses a pending lot, a lot paid online, a hidden lot, a lot of another invoice, and a missing lot id; changes nothing', async () => {
      const g = await group(
        t,
        A,
        [bidder('LotRefusals'), bidder('Other')],
        [
          { bidder: 0, hammer: 10_000, onlinePaymentStat: 'h' },
          { bidder: 0, hammer: 10_000, onlinePaymentStat: 'a', paidDate: '2026-11-03', paymentMethodId: 4 },
          { bidder: 0, hammer: 10_000, hidden: true },
          { bidder: 0, hammer: 10_000 },
          { bidder: 1, hammer: 10_000 },
        ],
      );
      const id = g.invoiceIds[0]!;
      const before = await invoiceState(t, [id, g.invoiceIds[1]!]);
      const mark = (lineId: number | undefined, on = true) =>
        paidLot({ invoiceID: id, invoiceDetailID: lineId, paid: on, ...(on ? { paidDate: TODAY_US, paymentMethodID: 3 } : {}) });
      expect((await mark(g.lineIds[0]).expect(409)).body).toMatchObject({
        code: 'PAYMENT_PENDING',
        message: MARKS_CONFLICT_TEXT.linePending,
      });
      expect((await mark(g.lineIds[0], false).expect(409)).body.code).toBe('PAYMENT_PENDING');
      expect((await mark(g.lineIds[1]).expect(409)).body).toMatchObject({
        code: 'PAID_ONLINE',
        message: MARKS_CONFLICT_TEXT.linePaidOnline,
      });
      expect((await mark(g.lineIds[1], false).expect(409)).body.code).toBe('PAID_ONLINE');
      expect((await mark(g.lineIds[2]).expect(409)).body).toMatchObject({ code: 'LOT_HIDDEN', message: MARKS_CONFLICT_TEXT.lotHidden });
      expect((await mark(g.lineIds[4]).expect(404)).body).toMatchObject({ code: 'LINE_NOT_FOUND', message: LINE_NOT_ON_INVOICE_TEXT });
      expect((await mark(999_999_999).expect(404)).body.code).toBe('LINE_NOT_FOUND');
      expect((await mark(undefined).expect(400)).body.errors).toEqual({ invoiceDetailID: MARK_TEXT.invoiceDetailID });
      expect(await invoiceState(t, [id, g.invoiceIds[1]!])).toEqual(before);
      // A lot of its own is markable while another lot of the invoice waits for its payment.
      const ok = (await mark(g.lineIds[3]).expect(200)).body.data.invoices[0];
      expect(ok.invoiceDetails[3]).toMatchObject({ paid: true, paymentMethod: 'Visa' });
    });
  });

  describe('the batch form (paidInvoices)', () => {
    const item = (invoiceID: number, version?: number, extra: object = {}) => ({
      invoiceID,
      paid: true,
      paidDate: TODAY_US,
      paymentMethodID: 103,
      version,
      ...extra,
    });

    it('marks several invoices in one call and answers each of them', async () => {
      const g = await group(
        t,
        A,
        [bidder('B1'), bidder('B2'), bidder('B3')],
        [
          { bidder: 0, hammer: 10_000 },
          { bidder: 1, hammer: 20_000 },
          { bidder: 2, hammer: 30_000 },
        ],
      );
      const ids = g.invoiceIds.map(Number);
      const res = await paid({ paidInvoices: ids.map((id) => item(id, 1)) }).expect(200);
      const list: Json[] = res.body.data.invoices;
      expect(list.map((i) => i.invoiceID).sort()).toEqual([...ids].sort());
      for (const inv of list)
        expect(inv).toMatchObject({
          allPaid: true,
          invoiceStatus: 'Paid',
          outStandingBalanceCents: 0,
          paymentMethod: 'Wire Transfer',
          version: 2,
        });
      const undo = await paid({ paidInvoices: ids.map((id) => ({ invoiceID: id, paid: false, version: 2 })) }).expect(200);
      for (const inv of undo.body.data.invoices) expect(inv).toMatchObject({ allPaid: false, invoiceStatus: 'Sent', invoicePaidCents: 0 });
    });

    it('is all or nothing: one refused mark leaves every invoice of the batch as it was', async () => {
      const g = await group(
        t,
        A,
        [bidder('N1'), bidder('N2'), bidder('N3')],
        [
          { bidder: 0, hammer: 10_000 },
          { bidder: 1, hammer: 20_000, onlinePaymentStat: 'i' },
          { bidder: 2, hammer: 30_000 },
        ],
      );
      const ids = g.invoiceIds.map(Number);
      const before = await invoiceState(t, ids);
      const res = await paid({ paidInvoices: ids.map((id) => item(id, 1)) }).expect(409);
      expect(res.body).toMatchObject({
        code: 'PAYMENT_PENDING',
        message: MARKS_CONFLICT_TEXT.invoicePending,
        errors: { 'paidInvoices.1': MARKS_CONFLICT_TEXT.invoicePending },
      });
      // A stale version in the last mark, and an unknown invoice, roll back the earlier ones too.
      const ok = [ids[0], ids[2]];
      expect((await paid({ paidInvoices: [item(ok[0], 1), item(ok[1], 7)] }).expect(409)).body).toMatchObject({
        code: 'STALE_VERSION',
        errors: { 'paidInvoices.1': STALE_INVOICE_TEXT },
      });
      expect((await paid({ paidInvoices: [item(ok[0], 1), item(99_999_999)] }).expect(404)).body).toMatchObject({
        code: 'INVOICE_NOT_FOUND',
        errors: { 'paidInvoices.1': 'Invoice not found.' },
      });
      expect(await invoiceState(t, ids)).toEqual(before);
    });

    it('checks every mark before applying any: field errors name the mark', async () => {
      const g = await group(
        t,
        A,
        [bidder('V1'), bidder('V2')],
        [
          { bidder: 0, hammer: 10_000 },
          { bidder: 1, hammer: 20_000 },
        ],
      );
      const ids = g.invoiceIds.map(Number);
      const before = await invoiceState(t, ids);
      const res = await paid({
        paidInvoices: [item(ids[0]), item(ids[1], undefined, { paymentMethodID: undefined, paidDate: FUTURE_US })],
      }).expect(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: {
          'paidInvoices.1.paidDate': 'Paid date cannot be after today.',
          'paidInvoices.1.paymentMethodID': MARK_TEXT.methodRequired,
        },
      });
      expect((await paid({ paidInvoices: [] }).expect(400)).body.errors).toEqual({ paidInvoices: MARK_TEXT.batchList });
      expect((await paid({ paidInvoices: [item(ids[0]), item(ids[0])] }).expect(400)).body.errors).toEqual({
        'paidInvoices.1.invoiceID': MARK_TEXT.duplicateInvoice,
      });
      expect((await paid({ paidInvoices: [item(ids[0])], invoiceID: ids[1] }).expect(400)).body.errors).toEqual({
        invoiceID: MARK_TEXT.batchOrSingle,
      });
      expect(await invoiceState(t, ids)).toEqual(before);
    });

    it('several lots of one invoice in one batch carry the version seen before it', async () => {
      const g = await group(
        t,
        A,
        [bidder('SameInvoice')],
        [
          { bidder: 0, hammer: 10_000 },
          { bidder: 0, hammer: 20_000 },
        ],
      );
      const id = g.invoiceIds[0]!;
      const res = await paidLot({ paidInvoices: g.lineIds.map((lineId) => item(id, 1, { invoiceDetailID: lineId })) }).expect(200);
      expect(res.body.data.invoices).toHaveLength(1);
      expect(res.body.data.invoices[0]).toMatchObject({ version: 3, allPaid: true, invoiceStatus: 'Paid', outStandingBalanceCents: 0 });
      expect((await q(t, `select action from invoice_audit where invoice_id = ? order by id`, [id])).map((a) => a.action)).toEqual([
        'line.paid',
        'line.paid',
      ]);
    });
  });

  describe('invoiceShippedOnly and invoiceShippedOnlyByDetail', () => {
    it('marks every visible lot shipped (Shipped, or Picked Up on a pickup invoice), moves no money, and undoes', async () => {
      const g = await group(
        t,
        A,
        [bidder('Ship'), bidder('Pickup')],
        [
          { bidder: 0, hammer: 10_000 },
          { bidder: 0, hammer: 20_000 },
          { bidder: 0, hammer: 5_000, hidden: true },
          { bidder: 1, hammer: 10_000 },
        ],
        { 1: { pickup: true } },
      );
      const [id, pickupId] = g.invoiceIds.map(Number);
      const before = await invoiceRow(t, id);
      const res = await shipped({ invoiceID: id, shipped: true, shippedDate: TODAY_US, version: 1 }).expect(200);
      const inv = res.body.data.invoices[0];
      expect(inv).toMatchObject({
        shipStatus: 'Shipped',
        shipDateString: TODAY_US.replace(/\/(\d\d)$/, '/20$1'),
        version: 2,
        invoiceTotalCents: cents(before.invoice_total_cents),
        invoicePaidCents: 0,
      });
      expect(inv.invoiceDetails.map((l: Json) => [l.shipped, l.shippedDate, l.itemStatus])).toEqual([
        [true, TODAY_ISO, 'Shipped'],
        [true, TODAY_ISO, 'Shipped'],
        [false, null, 'Sent'],
      ]);
      expect(await payments(id)).toEqual([]);
      expect(await lastAudit(id)).toMatchObject({ action: 'invoice.shipped' });
      const after = await invoiceRow(t, id);
      for (const k of ['invoice_total_cents', 'balance_cents', 'payments_made_cents', 'all_paid']) expect(after[k]).toEqual(before[k]);

      const picked = (await shipped({ invoiceID: pickupId, shipped: true, shippedDate: TODAY_US }).expect(200)).body.data.invoices[0];
      expect(picked.shipStatus).toBe('Picked Up');

      const undo = (await shipped({ invoiceID: id, shipped: false, version: 2 }).expect(200)).body.data.invoices[0];
      expect(undo).toMatchObject({ shipStatus: 'Not', shipDateString: null });
      expect(undo.invoiceDetails.map((l: Json) => [l.shipped, l.shippedDate])).toEqual([
        [false, null],
        [false, null],
        [false, null],
      ]);
      expect(await lastAudit(id)).toMatchObject({ action: 'invoice.unshipped' });
    });

    it('marks one lot shipped (Partial), refuses a hidden lot and bad dates, and takes the batch form', async () => {
      const g = await group(
        t,
        A,
        [bidder('ShipLot'), bidder('ShipLot2')],
        [
          { bidder: 0, hammer: 10_000 },
          { bidder: 0, hammer: 20_000 },
          { bidder: 0, hammer: 5_000, hidden: true },
          { bidder: 1, hammer: 1_000 },
        ],
      );
      const id = g.invoiceIds[0]!;
      const one = (await shippedLot({ invoiceID: id, invoiceDetailID: g.lineIds[0], shipped: true, shippedDate: '11/05/26' }).expect(200))
        .body.data.invoices[0];
      expect(one).toMatchObject({ shipStatus: 'Partial' });
      expect(one.invoiceDetails[0]).toMatchObject({
        shipped: true,
        shippedDate: '2026-11-05',
        shippedDateString: '11/05/2026',
        itemStatus: 'Shipped',
      });
      expect(await lastAudit(id)).toMatchObject({ action: 'line.shipped', line_id: g.lineIds[0] });

      const before = await invoiceState(t, [id]);
      expect(
        (await shippedLot({ invoiceID: id, invoiceDetailID: g.lineIds[2], shipped: true, shippedDate: TODAY_US }).expect(409)).body.code,
      ).toBe('LOT_HIDDEN');
      expect(
        (await shippedLot({ invoiceID: id, invoiceDetailID: g.lineIds[1], shipped: true, shippedDate: FUTURE_US }).expect(400)).body.errors,
      ).toEqual({ shippedDate: 'Shipped date cannot be after today.' });
      expect((await shippedLot({ invoiceID: id, invoiceDetailID: g.lineIds[1], shipped: true }).expect(400)).body.errors).toEqual({
        shippedDate: MARK_TEXT.dateRequired.shipped,
      });
      expect(
        (await shippedLot({ invoiceID: id, invoiceDetailID: g.lineIds[1], shipped: 'yes', shippedDate: TODAY_US }).expect(400)).body.errors,
      ).toEqual({ shipped: 'shipped must be true or false.' });
      expect((await shipped({ invoiceID: id, paid: true }).expect(400)).body.code).toBe('UNKNOWN_FIELDS');
      expect(await invoiceState(t, [id])).toEqual(before);

      const undo = (await shippedLot({ invoiceID: id, invoiceDetailID: g.lineIds[0], shipped: false }).expect(200)).body.data.invoices[0];
      expect(undo.shipStatus).toBe('Not');

      const batch = await shippedLot({
        paidInvoices: [
          { invoiceID: id, invoiceDetailID: g.lineIds[0], shipped: true, shippedDate: TODAY_US },
          { invoiceID: id, invoiceDetailID: g.lineIds[1], shipped: true, shippedDate: TODAY_US },
          { invoiceID: g.invoiceIds[1], invoiceDetailID: g.lineIds[3], shipped: true, shippedDate: TODAY_US },
        ],
      }).expect(200);
      expect(batch.body.data.invoices.map((i: Json) => i.shipStatus)).toEqual(['Shipped', 'Shipped']);
    });
  });

  describe('concurrency', () => {
    it('two marks with the same version: one wins, the other gets 409, and the money is recorded once', async () => {
      const g = await group(t, A, [bidder('Race')], [{ bidder: 0, hammer: 50_000 }]);
      const id = g.invoiceIds[0]!;
      const total = cents((await invoiceRow(t, id)).invoice_total_cents);
      const other = await signIn(t.server, 'house-a', 'super');
      const results = await Promise.all([
        paid({ invoiceID: id, paid: true, paidDate: TODAY_US, paymentMethodID: 101, version: 1 }),
        paid({ invoiceID: id, paid: true, paidDate: TODAY_US, paymentMethodID: 102, version: 1 }, other),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body).toMatchObject({ code: 'STALE_VERSION', message: STALE_INVOICE_TEXT });
      const live = (await payments(id)).filter((p) => p.voided_at === null);
      expect(live.reduce((s, p) => s + cents(p.amount_cents), 0)).toBe(total);
      expect(await invoiceRow(t, id)).toMatchObject({ version: 2, balance_cents: '0', all_paid: true });
      expect((await q(t, 'select count(*)::int as n from invoice_audit where invoice_id = ?', [id]))[0].n).toBe(1);
    });
  });
});
