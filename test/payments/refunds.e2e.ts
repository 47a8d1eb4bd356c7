import { REFUND_REASON_MAX, REFUND_TEXT } from '@ar/rules';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { PAYMENT_GATEWAY } from '../../src/modules/invoicing/payments/gateway/payment-gateway';
import { SandboxGateway } from '../../src/modules/invoicing/payments/gateway/sandbox-gateway';
import { PaymentMethodsOnFileService } from '../../src/modules/invoicing/payments/methods/payment-methods-on-file.service';
import { RefundsService } from '../../src/modules/invoicing/payments/refunds/refunds.service';
import { bidder, group, post, q, TODAY_US } from '../invoice-marks/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

const VISA = { kind: 'card' as const, brand: 'visa' as const, last4: '4242', expMonth: 12, expYear: 2030 };

/** Refunds and voids over HTTP on real PostgreSQL with the sandbox gateway (issue 11, docs/decisions/refunds.md). */
describe('refunds and corrections: payments panel, refund, void', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let invoicesOnly: SignedIn;
  let ownerB: SignedIn;
  let A: number;
  let ref: string;
  let gateway: SandboxGateway;
  let n = 0;

  const panel = (id: number, s = owner, houseRef = ref) => s.agent.get(`/app/house/${houseRef}/invoice/${id}/payments`);
  const refund = (id: number, paymentId: number, body: unknown, s = owner, houseRef = ref) =>
    post(s, houseRef, `invoice/${id}/payments/${paymentId}/refund`, body);
  const voidIt = (id: number, paymentId: number, body: unknown, s = owner) =>
    post(s, ref, `invoice/${id}/payments/${paymentId}/void`, body);
  const ledgerRefunds = (paymentId: number) =>
    q(
      t,
      `select idempotency_key as key, amount_cents::int as amount, status from sandbox_gateway_charge where kind = 'refund' and idempotency_key like ? order by id`,
      [`refund:${paymentId}:%`],
    );
  const refundRows = (invoiceId: number) =>
    q(
      t,
      `select id, amount_cents::int as amount, refunded_payment_id, reason from invoice_payment where invoice_id = ? and kind = 'refund' order by id`,
      [invoiceId],
    );
  const view = async (groupId: number, invoiceId: number): Promise<Json> =>
    (await post(owner, ref, `invoiceGroup/${groupId}/groupDetailInfoByInvoice`, [invoiceId]).expect(200)).body.data.invoices[0];
  const audits = (invoiceId: number) =>
    q(t, `select action, before, after from invoice_audit where invoice_id = ? order by id`, [invoiceId]);

  /** A sent one-lot invoice charged in full on a Visa: its id, group and the card payment row. */
  const charged = async (hammer = 20_000) => {
    const g = await group(t, A, [bidder(`Refund${++n}`)], [{ bidder: 0, hammer }]);
    const id = g.invoiceIds[0]!;
    await t.app
      .get(PaymentMethodsOnFileService)
      .add(A, g.memberIds[0], { ...VISA, token: `tok_visa_approve_rf${n}`, cardLimitCents: null });
    const res = await post(owner, ref, 'processCards', [id]);
    expect(res.body.data.data.invoiceConfirmations[0]).toMatchObject({ charged: true });
    const p = (await panel(id)).body.data as Json;
    const payment = (p.payments as Json[]).reduce((a, b) => (b.amountCents > a.amountCents ? b : a));
    return { id, groupId: g.groupId, payment, paid: p.paymentsMadeCents as number };
  };

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em(), { paymentProcessingEnabled: true });
    A = houses.a.id;
    ref = houses.a.houseRef;
    owner = await signIn(t.server, 'house-a', 'owner');
    invoicesOnly = await signIn(t.server, 'house-a', 'accessInvoices');
    ownerB = await signIn(t.server, 'house-b', 'owner');
    gateway = t.app.get(PAYMENT_GATEWAY);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a partial then a full refund: the ledger, the gateway, balances, statuses and the audit trail follow', async () => {
    const { id, groupId, payment, paid } = await charged();
    expect(payment).toMatchObject({ kind: 'payment', source: 'card', status: 'settled', method: 'Visa', canRefund: true, canVoid: false });
    expect(payment.refundableCents).toBe(payment.amountCents);
    expect((await panel(id)).body.data).toMatchObject({ invoiceStatus: 'Paid', balanceCents: 0 });

    const part = await refund(id, payment.id, { amountCents: 1_000, reason: 'Frame damaged in transit' });
    expect(part.status).toBe(200);
    expect(part.body.data).toMatchObject({
      message: REFUND_TEXT.refunded(1_000),
      replayed: false,
      invoiceStatus: 'Partial Paid',
      balanceCents: 1_000,
      paymentsMadeCents: paid - 1_000,
    });
    const rows = part.body.data.payments as Json[];
    const refunded = rows.find((r) => r.id === payment.id)!;
    expect(refunded).toMatchObject({ refundedCents: 1_000, refundableCents: payment.amountCents - 1_000, canRefund: true });
    expect(rows.find((r) => r.kind === 'refund')).toMatchObject({
      id: part.body.data.refundId,
      amountCents: 1_000,
      source: 'card',
      status: 'settled',
      refundedPaymentId: payment.id,
      reason: 'Frame damaged in transit',
      userName: 'owner',
      gatewayReference: expect.stringMatching(/^sbx_re_/),
      canRefund: false,
      canVoid: false,
    });
    expect(await ledgerRefunds(payment.id)).toEqual([{ key: `refund:${payment.id}:1000:1`, amount: 1_000, status: 'refunded' }]);
    // The read calls agree: no longer paid, the balance is what was given back.
    expect(await view(groupId, id)).toMatchObject({ invoiceStatus: 'Partial Paid', allPaid: false, outStandingBalanceCents: 1_000 });

    const rest = payment.amountCents - 1_000;
    const full = await refund(id, payment.id, { amountCents: rest, reason: 'Sale cancelled' });
    expect(full.status).toBe(200);
    expect(full.body.data).toMatchObject({
      invoiceStatus: 'Sent',
      paymentsMadeCents: paid - payment.amountCents,
      balanceCents: payment.amountCents,
    });
    expect(full.body.data.payments.find((r: Json) => r.id === payment.id)).toMatchObject({ refundableCents: 0, canRefund: false });
    expect(await ledgerRefunds(payment.id)).toHaveLength(2);
    const [line] = await q(
      t,
      `select paid, online_payment_stat, amount_paid_cents::int as amount_paid from invoice_line where invoice_id = ?`,
      [id],
    );
    expect(line).toEqual({ paid: false, online_payment_stat: null, amount_paid: 0 });

    const again = await refund(id, payment.id, { amountCents: 1, reason: 'Once more' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REFUND_TEXT.fullyRefunded);

    const trail = (await audits(id)).filter((a) => a.action === 'payment.refund');
    expect(trail).toHaveLength(2);
    expect(trail[0].after).toMatchObject({
      refund_cents: 1_000,
      refund_reason: 'Frame damaged in transit',
      refunded_payment: payment.id,
      balance_cents: '1000',
    });
    const shown = await owner.agent.get(`/app/house/${ref}/invoice/${id}/audit`);
    expect(shown.body.data.entries[0]).toMatchObject({ action: 'payment.refund', actionText: 'Payment refunded' });
  });

  it('refuses each bad refund with its message, and changes nothing', async () => {
    const { id, payment } = await charged();
    const cases: [unknown, number, Record<string, string> | string][] = [
      [{ amountCents: 0, reason: 'x' }, 400, { amountCents: REFUND_TEXT.amountPositive }],
      [{ amountCents: -500, reason: 'x' }, 400, { amountCents: REFUND_TEXT.amountPositive }],
      [{ amountCents: 10.5, reason: 'x' }, 400, { amountCents: REFUND_TEXT.amountWhole }],
      [{ reason: 'x' }, 400, { amountCents: REFUND_TEXT.amountRequired }],
      [{ amountCents: 100, reason: '   ' }, 400, { reason: REFUND_TEXT.reasonRequired }],
      [{ amountCents: 100 }, 400, { reason: REFUND_TEXT.reasonRequired }],
      [{ amountCents: 100, reason: 'x'.repeat(REFUND_REASON_MAX + 1) }, 400, { reason: REFUND_TEXT.reasonTooLong }],
      [{ amountCents: payment.amountCents + 1, reason: 'x' }, 400, { amountCents: REFUND_TEXT.tooMuch(payment.amountCents) }],
    ];
    for (const [body, status, expected] of cases) {
      const res = await refund(id, payment.id, body);
      expect({ body, status: res.status, errors: res.body.errors }).toEqual({ body, status, errors: expected });
      expect(res.body.message).toBe(Object.values(expected)[0]);
    }
    expect(REFUND_TEXT.tooMuch(123_456)).toBe('The refund is more than what is left to refund of this payment ($1,234.56).');

    // A refund of a refund, a voided card payment, a pending ACH payment, an offline payment.
    const ok = await refund(id, payment.id, { amountCents: 100, reason: 'Goodwill' });
    expect(ok.status).toBe(200);
    const conflict = async (invoiceId: number, paymentId: number, message: string) => {
      const res = await refund(invoiceId, paymentId, { amountCents: 100, reason: 'x' });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 409, message });
    };
    await conflict(id, ok.body.data.refundId, REFUND_TEXT.refundOfRefund);

    const voided = await charged();
    await q(t, `update invoice_payment set voided_at = now() where id = ?`, [voided.payment.id]);
    await conflict(voided.id, voided.payment.id, REFUND_TEXT.voided);

    const g = await group(t, A, [bidder(`Ach${++n}`)], [{ bidder: 0, hammer: 15_000 }]);
    const ach = g.invoiceIds[0]!;
    await t.app
      .get(PaymentMethodsOnFileService)
      .add(A, g.memberIds[0], { token: `tok_ach_settle_rf${n}`, kind: 'ach', brand: null, last4: '6789', expMonth: null, expYear: null });
    expect((await post(owner, ref, 'processCards', [ach])).body.data.data.invoiceConfirmations[0]).toMatchObject({ status: 'pending' });
    const [achPayment] = (await panel(ach)).body.data.payments as Json[];
    expect(achPayment).toMatchObject({ source: 'ach', status: 'pending', canRefund: false });
    await conflict(ach, achPayment.id, REFUND_TEXT.notSettled);

    const off = await group(t, A, [bidder(`Off${++n}`)], [{ bidder: 0, hammer: 12_000 }]);
    const offId = off.invoiceIds[0]!;
    await post(owner, ref, 'invoicePaidOnly', { invoiceID: offId, paid: true, paidDate: TODAY_US, paymentMethodID: 102 }).expect(200);
    const [offline] = (await panel(offId)).body.data.payments as Json[];
    expect(offline).toMatchObject({ source: 'offline', method: 'Check', canRefund: false, canVoid: true });
    await conflict(offId, offline.id, REFUND_TEXT.offline);

    // A payment of another invoice is not found on this one; another house's invoice is not found.
    const other = await refund(offId, payment.id, { amountCents: 100, reason: 'x' });
    expect({ status: other.status, message: other.body.message }).toEqual({ status: 404, message: REFUND_TEXT.paymentNotFound });
    const cross = await refund(id, payment.id, { amountCents: 100, reason: 'x' }, ownerB, houses.b.houseRef);
    expect({ status: cross.status, message: cross.body.message }).toEqual({ status: 404, message: 'Invoice not found.' });
    expect((await panel(id, ownerB, houses.b.houseRef)).status).toBe(404);
    expect((await post(ownerB, houses.b.houseRef, `invoice/${offId}/payments/${offline.id}/void`, { reason: 'x' })).status).toBe(404);
    // Of all of these, only the one good refund reached the gateway.
    expect(await ledgerRefunds(payment.id)).toHaveLength(1);
    expect(await ledgerRefunds(voided.payment.id)).toEqual([]);
  });

  it('refuses a user without payment access (invoices but no settlement access)', async () => {
    const { id, payment } = await charged();
    for (const res of [await panel(id, invoicesOnly), await refund(id, payment.id, { amountCents: 100, reason: 'x' }, invoicesOnly)]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(PERMISSION_DENIED_TEXT);
    }
    expect((await voidIt(id, payment.id, { reason: 'x' }, invoicesOnly)).status).toBe(403);
    expect(await ledgerRefunds(payment.id)).toEqual([]);
  });

  it('concurrent identical refund requests refund once; the sandbox ledger and the payments table agree', async () => {
    const { id, payment } = await charged();
    gateway.configure({ latencyMs: 150 });
    try {
      // A double click of one dialog (the same request id): one refund, every answer names it.
      const body = { amountCents: 500, reason: 'Double click', requestId: `req-${n}-abcdef` };
      const results = await Promise.all(Array.from({ length: 6 }, () => refund(id, payment.id, body)));
      const ok = results.filter((r) => r.status === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const r of results.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ message: REFUND_TEXT.inProgress });
      expect(new Set(ok.map((r) => r.body.data.refundId)).size).toBe(1);
      const replay = await refund(id, payment.id, body);
      expect(replay.body.data).toMatchObject({ replayed: true, refundId: ok[0].body.data.refundId });
      expect((await refund(id, payment.id, { ...body, amountCents: 600 })).body.message).toBe(REFUND_TEXT.requestReused);

      // Without a request id: requests that overlap the first are refused while it is in progress.
      const plain = await Promise.all(Array.from({ length: 4 }, () => refund(id, payment.id, { amountCents: 700, reason: 'Twice' })));
      expect(plain.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of plain.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ message: REFUND_TEXT.inProgress });
    } finally {
      gateway.configure({ latencyMs: 0 });
    }
    expect((await ledgerRefunds(payment.id)).map((l) => l.amount)).toEqual([500, 700]);
    expect((await refundRows(id)).map((r) => r.amount)).toEqual([500, 700]);
    expect((await panel(id)).body.data.balanceCents).toBe(1_200);
  });

  it('a timeout after the gateway refunded: the payment stays claimed, reconcile records the refund once, never refunding again', async () => {
    const { id, payment } = await charged();
    gateway.failNext('timeout_after_charge');
    const res = await refund(id, payment.id, { amountCents: 2_500, reason: 'Timeout' });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 503, message: REFUND_TEXT.outcomeUnknown });
    expect(await refundRows(id)).toEqual([]);
    expect((await panel(id)).body.data.payments.find((r: Json) => r.id === payment.id)).toMatchObject({
      refundInProgress: true,
      canRefund: false,
    });
    const blocked = await refund(id, payment.id, { amountCents: 2_500, reason: 'Timeout' });
    expect(blocked.body.message).toBe(REFUND_TEXT.inProgress);

    const service = t.app.get(RefundsService);
    const [r1, r2] = await Promise.all([service.reconcile({ houseId: A }), service.reconcile({ houseId: A })]);
    expect(r1.refunded + r2.refunded).toBe(1);
    expect((await refundRows(id)).map((r) => r.amount)).toEqual([2_500]);
    expect(await ledgerRefunds(payment.id)).toHaveLength(1);
    expect((await panel(id)).body.data.balanceCents).toBe(2_500);
  });

  it('voids an offline payment with a reason: balance and status follow, audited; card payments are refunded instead', async () => {
    const g = await group(t, A, [bidder(`Void${++n}`)], [{ bidder: 0, hammer: 18_000 }]);
    const id = g.invoiceIds[0]!;
    await post(owner, ref, 'invoicePaidOnly', { invoiceID: id, paid: true, paidDate: TODAY_US, paymentMethodID: 101 }).expect(200);
    const before = (await panel(id)).body.data as Json;
    expect(before).toMatchObject({ invoiceStatus: 'Paid', balanceCents: 0 });
    const [cash] = before.payments as Json[];
    expect(cash).toMatchObject({ source: 'offline', method: 'Cash', canVoid: true, voided: false });

    const noReason = await voidIt(id, cash.id, { reason: '' });
    expect({ status: noReason.status, errors: noReason.body.errors }).toEqual({
      status: 400,
      errors: { reason: REFUND_TEXT.voidReasonRequired },
    });

    const res = await voidIt(id, cash.id, { reason: 'Cheque bounced' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ invoiceStatus: 'Sent', paymentsMadeCents: 0, balanceCents: cash.amountCents });
    expect(res.body.data.payments[0]).toMatchObject({
      id: cash.id,
      voided: true,
      voidReason: 'Cheque bounced',
      voidedBy: 'owner',
      canVoid: false,
    });
    expect(await view(g.groupId, id)).toMatchObject({ allPaid: false, invoiceStatus: 'Sent', outStandingBalanceCents: cash.amountCents });
    const again = await voidIt(id, cash.id, { reason: 'Again' });
    expect({ status: again.status, message: again.body.message }).toEqual({ status: 409, message: REFUND_TEXT.alreadyVoided });
    const [audit] = (await audits(id)).filter((a) => a.action === 'payment.void');
    expect(audit.after).toMatchObject({ voided_payment: cash.id, void_reason: 'Cheque bounced', all_paid: false });
    expect(audit.before).toMatchObject({ voided_payment_cents: cash.amountCents, all_paid: true });

    const card = await charged();
    const refused = await voidIt(card.id, card.payment.id, { reason: 'x' });
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: REFUND_TEXT.voidOnline });
  });
});
