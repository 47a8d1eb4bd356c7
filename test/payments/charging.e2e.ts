import { CHARGE_INELIGIBILITY_TEXT, CHARGE_OUTCOME_TEXT } from '@ar/rules';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { PAYMENT_GATEWAY } from '../../src/modules/invoicing/payments/gateway/payment-gateway';
import { SandboxGateway } from '../../src/modules/invoicing/payments/gateway/sandbox-gateway';
import { SANDBOX_MESSAGES } from '../../src/modules/invoicing/payments/gateway/sandbox-tokens';
import { CardChargingService } from '../../src/modules/invoicing/payments/charging/card-charging.service';
import { ChargeBatchHandler } from '../../src/modules/invoicing/payments/charging/charge-batch.job';
import { PaymentMethodsOnFileService } from '../../src/modules/invoicing/payments/methods/payment-methods-on-file.service';
import { createInvoicedGroup, type FactoryGroup } from '../invoice-details/factory';
import { addAdditionalCharge, bidder, group, q, SENT_AT } from '../invoice-marks/support';
import { inContext } from '../invoice-groups/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

const VISA = { kind: 'card' as const, brand: 'visa' as const, last4: '4242', expMonth: 12, expYear: 2030 };

/** Batch card charging over HTTP on real PostgreSQL with the sandbox gateway (issue 11, docs/decisions/card-charging.md). */
describe('card charging: processCards, groupInfo/processCards, exactly once', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let invoicesOnly: SignedIn;
  let ownerB: SignedIn;
  let A: number;
  let ref: string;
  let gateway: SandboxGateway;
  let charging: CardChargingService;
  let n = 0;

  const card = (houseId: number, memberId: number, token: string, cardLimitCents: number | null = null) => {
    const brand = (['mastercard', 'discover', 'amex'] as const).find((b) => token.startsWith(`tok_${b}`)) ?? 'visa';
    return t.app.get(PaymentMethodsOnFileService).add(houseId, memberId, { ...VISA, brand, token, cardLimitCents });
  };
  const processCards = (s: SignedIn, body: unknown, houseRef = ref) =>
    s.agent
      .post(`/app/house/${houseRef}/processCards`)
      .set('X-CSRF-Token', s.csrf)
      .send(body as object);
  const groupInfo = (s: SignedIn, groupId: number, houseRef = ref) =>
    s.agent.get(`/app/house/${houseRef}/invoiceGroup/${groupId}/groupInfo/processCards`);
  const details = async (groupId: number): Promise<Json[]> => {
    const res = await owner.agent.get(`/app/house/${ref}/invoiceGroup/${groupId}/groupDetailInfo`);
    expect(res.status).toBe(200);
    return res.body.data.invoiceBidders;
  };
  const ledger = (invoiceId: number) =>
    q(
      t,
      `select idempotency_key as key, status, amount_cents::int as amount from sandbox_gateway_charge where idempotency_key like ? order by id`,
      [`invoice:${invoiceId}:%`],
    );
  const payments = (invoiceId: number) =>
    q(
      t,
      `select amount_cents::int as amount, source, status, payment_method_id, gateway_reference, charge_attempt_id, line_id, additional_charge_id
         from invoice_payment where invoice_id = ? and voided_at is null order by id`,
      [invoiceId],
    );
  const attempts = (invoiceId: number) =>
    q(
      t,
      `select attempt_no, idempotency_key as key, status, amount_cents::int as amount from invoice_charge_attempt where invoice_id = ? order by id`,
      [invoiceId],
    );
  /** One sent invoice (sent 2026-11-02: long enough ago) per bidder, one lot each. */
  const sale = (count: number, hammer = 10_000): Promise<FactoryGroup> =>
    group(
      t,
      A,
      Array.from({ length: count }, (_, i) => bidder(`Charge${++n}x${i}`)),
      Array.from({ length: count }, (_, i) => ({ bidder: i, hammer: hammer + i * 100 })),
    );
  const balance = async (invoiceId: number) =>
    Number((await q(t, `select balance_cents from invoice where id = ?`, [invoiceId]))[0].balance_cents);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em(), { paymentProcessingEnabled: true });
    A = houses.a.id;
    ref = houses.a.houseRef;
    owner = await signIn(t.server, 'house-a', 'owner');
    invoicesOnly = await signIn(t.server, 'house-a', 'accessInvoices');
    ownerB = await signIn(t.server, 'house-b', 'owner');
    gateway = t.app.get(PAYMENT_GATEWAY);
    charging = t.app.get(CardChargingService);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('charges approvals, answers declines, limits, missing cards and ineligible invoices; balances and statuses follow', async () => {
    const g = await sale(6);
    const [approve, decline, limit, noCard, notSent, ach] = g.invoiceIds as number[];
    await card(A, g.memberIds[0], `tok_visa_approve_c${n}`);
    await card(A, g.memberIds[1], `tok_decline_insufficient_funds_c${n}`);
    await card(A, g.memberIds[2], 'tok_visa_limit_5000', 5_000);
    await card(A, g.memberIds[4], `tok_visa_approve_d${n}`);
    await t.app
      .get(PaymentMethodsOnFileService)
      .add(A, g.memberIds[5], { token: `tok_ach_settle_${n}`, kind: 'ach', brand: null, last4: '6789', expMonth: null, expYear: null });
    await q(t, `update invoice set sent_at = null where id = ?`, [notSent]);
    const due = await balance(approve);
    const achDue = await balance(ach);

    const info = await groupInfo(owner, g.groupId);
    expect(info.status).toBe(200);
    expect(info.body.data.invoiceGroupInfo.invoices).toEqual(
      expect.arrayContaining([
        { invoiceID: approve, canHouseProcessCards: true },
        { invoiceID: decline, canHouseProcessCards: true },
        { invoiceID: limit, canHouseProcessCards: false },
        { invoiceID: noCard, canHouseProcessCards: false },
        { invoiceID: notSent, canHouseProcessCards: false },
        { invoiceID: ach, canHouseProcessCards: true },
      ]),
    );

    const res = await processCards(owner, [approve, decline, limit, noCard, notSent, ach]);
    expect(res.status).toBe(200);
    expect(res.body.data.httpStatus).toBe(200);
    const byId = new Map((res.body.data.data.invoiceConfirmations as Json[]).map((c) => [c.invoiceID, c]));
    expect(byId.get(approve)).toMatchObject({ charged: true, amountCharged: due / 100, status: 'approved' });
    expect(byId.get(decline)).toMatchObject({
      charged: false,
      amountCharged: 0,
      status: 'declined',
      reason: SANDBOX_MESSAGES.insufficient_funds,
    });
    expect(byId.get(limit)).toMatchObject({ charged: false, reason: CHARGE_INELIGIBILITY_TEXT.cardLimitExceeded });
    expect(byId.get(noCard)).toMatchObject({ charged: false, reason: CHARGE_INELIGIBILITY_TEXT.noCreditCard });
    expect(byId.get(notSent)).toMatchObject({ charged: false, reason: CHARGE_INELIGIBILITY_TEXT.notSent });
    expect(byId.get(ach)).toMatchObject({ charged: true, amountCharged: achDue / 100, status: 'pending' });

    // The gateway charged exactly the three chargeable invoices; nothing for the others.
    expect(await ledger(approve)).toEqual([{ key: `invoice:${approve}:${due}:1`, status: 'approved', amount: due }]);
    expect(await ledger(decline)).toHaveLength(1);
    expect(await ledger(limit)).toEqual([]);
    expect(await ledger(noCard)).toEqual([]);
    expect(await payments(approve)).toEqual([
      expect.objectContaining({
        amount: due,
        source: 'card',
        status: 'settled',
        payment_method_id: 3,
        gateway_reference: expect.stringMatching(/^sbx_ch_/),
      }),
    ]);
    expect(await payments(decline)).toEqual([]);
    expect(await payments(ach)).toEqual([
      expect.objectContaining({ amount: achDue, source: 'ach', status: 'pending', payment_method_id: 11 }),
    ]);

    const rows = new Map((await details(g.groupId)).map((i) => [i.invoiceID, i]));
    expect(rows.get(approve)).toMatchObject({
      invoiceStatus: 'Paid',
      onlinePaymentStat: 'a',
      outStandingBalanceCents: 0,
      invoicePaidCents: due,
      allPaid: true,
    });
    expect(rows.get(decline)).toMatchObject({ invoiceStatus: 'Payment Failed', onlinePaymentStat: 'd' });
    expect(rows.get(ach)).toMatchObject({ invoiceStatus: 'Payment Pending', onlinePaymentStat: 'p', outStandingBalanceCents: achDue });
    expect(rows.get(limit)).toMatchObject({
      creditCardLimitExceeded: true,
      batchChargeEligible: false,
      batchChargIneligibilityReason: CHARGE_INELIGIBILITY_TEXT.cardLimitExceeded,
    });
    expect(rows.get(approve)).toMatchObject({ batchChargeEligible: false, batchChargIneligibilityReason: CHARGE_INELIGIBILITY_TEXT.paid });
    expect(rows.get(decline)).toMatchObject({ batchChargeEligible: true, batchChargIneligibilityReason: null });
    // A charge is not an edit of the printed invoice: no resend needed; it is audited.
    expect(rows.get(approve)!.editedAfterSend).toBe(false);
    const audit = await q(t, `select action from invoice_audit where invoice_id = ?`, [approve]);
    expect(audit.map((a) => a.action)).toEqual(['invoice.card_charge.approved']);

    // Run again: nothing more is charged.
    const again = await processCards(owner, [approve, ach]);
    expect(again.body.data.data.invoiceConfirmations).toEqual([
      expect.objectContaining({ invoiceID: approve, charged: false, reason: CHARGE_INELIGIBILITY_TEXT.paid }),
      expect.objectContaining({ invoiceID: ach, charged: false, reason: CHARGE_INELIGIBILITY_TEXT.pendingAch }),
    ]);
    expect(await ledger(approve)).toHaveLength(1);
  });

  it('50 concurrent processCards at one invoice: exactly one gateway charge and one payment', async () => {
    const g = await sale(1);
    const id = g.invoiceIds[0]!;
    await card(A, g.memberIds[0], `tok_mastercard_approve_c${n}`);
    gateway.configure({ latencyMs: 30 });
    try {
      const results = await Promise.all(Array.from({ length: 50 }, () => processCards(owner, [id])));
      expect(results.every((r) => r.status === 200)).toBe(true);
      const confirmations = results.map((r) => r.body.data.data.invoiceConfirmations[0]);
      expect(confirmations.filter((c: Json) => c.charged)).toHaveLength(1);
      for (const c of confirmations.filter((x: Json) => !x.charged))
        expect([CHARGE_OUTCOME_TEXT.inProgress, CHARGE_INELIGIBILITY_TEXT.paid]).toContain(c.reason);
    } finally {
      gateway.configure({ latencyMs: 0 });
    }
    expect(await ledger(id)).toHaveLength(1);
    expect(await payments(id)).toHaveLength(1);
    expect((await payments(id))[0]).toMatchObject({ payment_method_id: 4 });
    expect(await attempts(id)).toHaveLength(1);
    expect(await gateway.doubleCharges()).toEqual([]);
  });

  it('a timeout after charging: the attempt is unknown, reconcile records the payment once, nothing is charged twice', async () => {
    const g = await sale(1);
    const id = g.invoiceIds[0]!;
    await card(A, g.memberIds[0], `tok_visa_approve_t${n}`);
    const due = await balance(id);
    gateway.failNext('timeout_after_charge');
    const res = await processCards(owner, [id]);
    expect(res.body.data.data.invoiceConfirmations).toEqual([
      {
        invoiceID: id,
        charged: false,
        amountCharged: 0,
        amountChargedCents: 0,
        status: 'unknown',
        reason: CHARGE_OUTCOME_TEXT.outcomeUnknown,
      },
    ]);
    expect(await ledger(id)).toEqual([expect.objectContaining({ status: 'approved', amount: due })]);
    expect(await attempts(id)).toEqual([expect.objectContaining({ status: 'unknown' })]);
    expect(await payments(id)).toEqual([]);

    // While unknown, a second batch does not charge it.
    const blocked = await processCards(owner, [id]);
    expect(blocked.body.data.data.invoiceConfirmations[0]).toMatchObject({ charged: false, reason: CHARGE_OUTCOME_TEXT.inProgress });
    expect((await groupInfo(owner, g.groupId)).body.data.invoiceGroupInfo.invoices).toEqual([
      { invoiceID: id, canHouseProcessCards: false },
    ]);
    expect((await details(g.groupId))[0]).toMatchObject({
      batchChargeEligible: false,
      batchChargIneligibilityReason: CHARGE_INELIGIBILITY_TEXT.chargeInProgress,
    });

    const [r1, r2] = await Promise.all([charging.reconcile({ houseId: A }), charging.reconcile({ houseId: A })]);
    expect(r1.approved + r2.approved).toBe(1);
    expect(await attempts(id)).toEqual([expect.objectContaining({ status: 'approved' })]);
    expect(await payments(id)).toEqual([expect.objectContaining({ amount: due, status: 'settled' })]);
    expect(await balance(id)).toBe(0);
    expect(await charging.reconcile({ houseId: A })).toMatchObject({ examined: 0 });
    const after = await processCards(owner, [id]);
    expect(after.body.data.data.invoiceConfirmations[0]).toMatchObject({ charged: false, reason: CHARGE_INELIGIBILITY_TEXT.paid });
    expect(await ledger(id)).toHaveLength(1);
  });

  it('a crash after the claim (attempt left started, gateway never called): reconcile closes it as failed, the next batch charges once', async () => {
    const g = await sale(1);
    const id = g.invoiceIds[0]!;
    await card(A, g.memberIds[0], `tok_visa_approve_k${n}`);
    const due = await balance(id);
    await q(
      t,
      `insert into invoice_charge_attempt (house_id, invoice_id, attempt_no, idempotency_key, amount_cents, currency_code, purpose, token, method_kind, payment_method_id, status, updated_at)
       values (?, ?, 1, ?, ?, 'USD', 'balance', 'tok_visa_approve', 'card', 3, 'started', now() - interval '10 minutes')`,
      [A, id, `invoice:${id}:${due}:1`, due],
    );
    expect(await charging.reconcile({ houseId: A })).toMatchObject({ failed: 1 });
    const res = await processCards(owner, [id]);
    expect(res.body.data.data.invoiceConfirmations[0]).toMatchObject({ charged: true, amountChargedCents: due });
    expect(await ledger(id)).toEqual([expect.objectContaining({ key: `invoice:${id}:${due}:2` })]);
  });

  it('a crash after the gateway charged and before recording: reconcile records the payment once from the gateway, never charging', async () => {
    const g = await sale(1);
    const id = g.invoiceIds[0]!;
    await card(A, g.memberIds[0], `tok_visa_approve_r${n}`);
    const due = await balance(id);
    const key = `invoice:${id}:${due}:1`;
    await q(
      t,
      `insert into invoice_charge_attempt (house_id, invoice_id, attempt_no, idempotency_key, amount_cents, currency_code, purpose, token, method_kind, payment_method_id, status, updated_at)
       values (?, ?, 1, ?, ?, 'USD', 'balance', ?, 'card', 3, 'started', now() - interval '10 minutes')`,
      [A, id, key, due, `tok_visa_approve_r${n}`],
    );
    // The process charged, then died before recording.
    await gateway.charge({
      idempotencyKey: key,
      houseId: A,
      token: `tok_visa_approve_r${n}`,
      amountCents: due,
      currencyCode: 'USD',
      description: `Invoice ${id}`,
    });
    // Until reconciled the invoice stays claimed.
    expect((await processCards(owner, [id])).body.data.data.invoiceConfirmations[0]).toMatchObject({ status: 'in_progress' });
    expect(await charging.reconcile({ houseId: A })).toMatchObject({ approved: 1 });
    expect(await payments(id)).toEqual([
      expect.objectContaining({ amount: due, status: 'settled', charge_attempt_id: expect.any(Number) }),
    ]);
    expect(await balance(id)).toBe(0);
    expect(await ledger(id)).toHaveLength(1);
  });

  it('the same charge-batch job delivered twice charges once', async () => {
    const g = await sale(3);
    const ids = g.invoiceIds as number[];
    for (const [i, m] of g.memberIds.entries()) await card(A, m, `tok_visa_approve_dd${n}_${i}`);
    const handler = t.app.get(ChargeBatchHandler);
    const ctx = {
      runId: 'x',
      houseId: A,
      attempt: 1,
      payload: { invoiceIds: ids, userId: 1, userName: 'owner' },
      progress: () => Promise.resolve(),
    };
    const [first, second] = await Promise.all([
      inContext(t, () => handler.run(ctx)),
      inContext(t, () => handler.run({ ...ctx, attempt: 2 })),
    ]);
    const charged = [...first.invoiceConfirmations, ...second.invoiceConfirmations].filter((c) => c.charged);
    expect(charged.map((c) => c.invoiceID).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      expect(await ledger(id)).toHaveLength(1);
      expect(await payments(id)).toHaveLength(1);
    }
  });

  it('an error before charging: nothing charged, the attempt failed, a later batch charges once', async () => {
    const g = await sale(1);
    const id = g.invoiceIds[0]!;
    await card(A, g.memberIds[0], `tok_visa_approve_e${n}`);
    gateway.failNext('error_before_charge');
    const res = await processCards(owner, [id]);
    expect(res.body.data.data.invoiceConfirmations[0]).toMatchObject({
      charged: false,
      status: 'failed',
      reason: CHARGE_OUTCOME_TEXT.unavailable,
    });
    expect(await ledger(id)).toEqual([]);
    const again = await processCards(owner, [id]);
    expect(again.body.data.data.invoiceConfirmations[0]).toMatchObject({ charged: true });
    expect(await ledger(id)).toHaveLength(1);
  });

  it('a paid invoice with a new additional charge is charged just that charge', async () => {
    const g = await sale(1);
    const id = g.invoiceIds[0]!;
    await card(A, g.memberIds[0], `tok_discover_approve_a${n}`);
    const first = await processCards(owner, [id]);
    expect(first.body.data.data.invoiceConfirmations[0]).toMatchObject({ charged: true });
    const paid = Number((await q(t, `select payments_made_cents from invoice where id = ?`, [id]))[0].payments_made_cents);
    const extraId = await addAdditionalCharge(t, A, id, 2_500);
    expect(await balance(id)).toBe(2_500);

    const res = await processCards(owner, [id]);
    expect(res.body.data.data.invoiceConfirmations[0]).toMatchObject({ charged: true, amountCharged: 25, amountChargedCents: 2_500 });
    const keys = (await ledger(id)).map((l) => l.key);
    expect(keys).toEqual([`invoice:${id}:${paid}:1`, `invoice:${id}:2500:2`]);
    expect((await payments(id)).at(-1)).toMatchObject({ amount: 2_500, additional_charge_id: extraId, payment_method_id: 5 });
    expect(await balance(id)).toBe(0);
    const [extra] = await q(t, `select paid, online_payment_stat from invoice_additional_charge where id = ?`, [extraId]);
    expect(extra).toEqual({ paid: true, online_payment_stat: 'a' });
  });

  it("a buy-now sale's invoices: a card brand the sale does not accept is refused (no gateway call); its ticked brands and ACH are charged", async () => {
    const g = await sale(3);
    const [amex, master, ach] = g.invoiceIds as number[];
    // The factory's sale becomes the house's buy-now sale, accepting Visa and American Express (bin step 1).
    await q(t, `update auction_group set is_live = false where id = ?`, [g.auctionGroupId]);
    await q(t, `update catalog set sale_type = 'bin' where group_id = ?`, [g.auctionGroupId]);
    const tick = (ids: number[]) =>
      owner.agent.post(`/app/house/${ref}/bin/group/${g.auctionGroupId}/payments`).set('X-CSRF-Token', owner.csrf).send(ids).expect(200);
    await tick([6, 3]);
    await card(A, g.memberIds[0], `tok_amex_approve_bin${n}`);
    await card(A, g.memberIds[1], `tok_mastercard_approve_bin${n}`);
    await t.app
      .get(PaymentMethodsOnFileService)
      .add(A, g.memberIds[2], { token: `tok_ach_settle_bin${n}`, kind: 'ach', brand: null, last4: '6789', expMonth: null, expYear: null });

    const info = await groupInfo(owner, g.groupId);
    expect(info.body.data.invoiceGroupInfo.invoices).toEqual(
      expect.arrayContaining([
        { invoiceID: amex, canHouseProcessCards: true },
        { invoiceID: master, canHouseProcessCards: false },
        { invoiceID: ach, canHouseProcessCards: true },
      ]),
    );
    const before = new Map((await details(g.groupId)).map((i) => [i.invoiceID, i]));
    expect(before.get(master)).toMatchObject({
      batchChargeEligible: false,
      batchChargIneligibilityReason: CHARGE_INELIGIBILITY_TEXT.cardNotAccepted,
    });

    const res = await processCards(owner, [amex, master, ach]);
    expect(res.status).toBe(200);
    const byId = new Map((res.body.data.data.invoiceConfirmations as Json[]).map((c) => [c.invoiceID, c]));
    expect(byId.get(master)).toEqual({
      invoiceID: master,
      charged: false,
      amountCharged: 0,
      amountChargedCents: 0,
      status: 'ineligible',
      reason: CHARGE_INELIGIBILITY_TEXT.cardNotAccepted,
    });
    expect(byId.get(amex)).toMatchObject({ charged: true, status: 'approved' });
    expect(byId.get(ach)).toMatchObject({ charged: true, status: 'pending' });
    // Refused like the other ineligible invoices: no attempt, no gateway call, no payment, the balance unchanged.
    expect(await attempts(master)).toEqual([]);
    expect(await ledger(master)).toEqual([]);
    expect(await payments(master)).toEqual([]);
    expect(await payments(amex)).toEqual([expect.objectContaining({ source: 'card', payment_method_id: 6 })]);

    // Once the sale ticks MasterCard too, the same card is charged.
    await tick([3, 4, 6]);
    const again = await processCards(owner, [master]);
    expect(again.body.data.data.invoiceConfirmations[0]).toMatchObject({ invoiceID: master, charged: true, status: 'approved' });
    expect(await payments(master)).toEqual([expect.objectContaining({ source: 'card', payment_method_id: 4 })]);
  });

  it("a group mixing a buy-now session with a live one takes the house's cards, whatever the sale ticked", async () => {
    const g = await createInvoicedGroup(t.em(), {
      houseId: A,
      title: `Mixed ${++n}`,
      sessions: [
        { eventDate: '2026-10-16T23:00:00Z', saleType: 'bin' },
        { eventDate: '2026-10-17T23:00:00Z', saleType: 'live' },
      ],
      bidders: [bidder(`Mixed${n}`, { email: `mixed${n}@example.com` })],
      lots: [
        { bidder: 0, hammer: 10_000, session: 0 },
        { bidder: 0, hammer: 5_000, session: 1 },
      ],
      invoices: { 0: { sentAt: SENT_AT } },
    });
    await q(t, `update auction_group set is_live = false where id = ?`, [g.auctionGroupId]);
    await owner.agent
      .post(`/app/house/${ref}/bin/group/${g.auctionGroupId}/payments`)
      .set('X-CSRF-Token', owner.csrf)
      .send([3])
      .expect(200);
    const id = g.invoiceIds[0]!;
    await card(A, g.memberIds[0], `tok_discover_approve_mixed${n}`);
    const res = await processCards(owner, [id]);
    expect(res.body.data.data.invoiceConfirmations[0]).toMatchObject({ invoiceID: id, charged: true, status: 'approved' });
    // One payment per lot line, both on the Discover card the sale did not tick.
    expect((await payments(id)).map((p) => [p.source, p.payment_method_id])).toEqual([
      ['card', 5],
      ['card', 5],
    ]);
  });

  it('refuses a user without payment access (invoices but no settlement access) and a house without processing', async () => {
    const g = await sale(1);
    const id = g.invoiceIds[0]!;
    await card(A, g.memberIds[0], `tok_visa_approve_p${n}`);
    const refused = await processCards(invoicesOnly, [id]);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PERMISSION_DENIED_TEXT);
    expect((await groupInfo(invoicesOnly, g.groupId)).status).toBe(403);
    expect(await ledger(id)).toEqual([]);

    await q(t, `update house set payment_processing_enabled = false where id = ?`, [houses.b.id]);
    try {
      const res = await processCards(ownerB, [id], houses.b.houseRef);
      expect(res.status).toBe(403);
    } finally {
      await q(t, `update house set payment_processing_enabled = true where id = ?`, [houses.b.id]);
    }
  });

  it('a house outside the US with processor p and processing enabled is refused and offered no charge controls (spec 000 section 6)', async () => {
    const g = await sale(1);
    const id = g.invoiceIds[0]!;
    await card(A, g.memberIds[0], `tok_visa_approve_ca${n}`);
    await q(t, `update house set country_code = 'CA' where id = ?`, [A]);
    try {
      const refused = await processCards(owner, [id]);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(PERMISSION_DENIED_TEXT);
      expect((await groupInfo(owner, g.groupId)).status).toBe(403);
      // The screens' data: the house's country (no charge controls) and the invoice not chargeable.
      const me = await owner.agent.get('/app/house/user');
      expect(me.body.data.user.houseInfo).toMatchObject({ processorType: 'p', paymentProcessingEnabled: true, countryCode: 'CA' });
      const [row] = await details(g.groupId);
      expect(row).toMatchObject({
        batchChargeEligible: false,
        batchChargIneligibilityReason: CHARGE_INELIGIBILITY_TEXT.paymentProcessingDisabled,
      });
      // The service refuses too (the charge-batch job and the CLI call it directly).
      const [confirmation] = await inContext(t, () => charging.processCards(A, { userId: 0, userName: 'test' }, [id]));
      expect(confirmation).toMatchObject({ charged: false, reason: CHARGE_INELIGIBILITY_TEXT.paymentProcessingDisabled });
      expect(await ledger(id)).toEqual([]);
    } finally {
      await q(t, `update house set country_code = 'US' where id = ?`, [A]);
    }
    const res = await groupInfo(owner, g.groupId);
    expect(res.body.data.invoiceGroupInfo.invoices).toEqual([{ invoiceID: id, canHouseProcessCards: true }]);
  });

  it("another house's invoices are not charged; its group is not found", async () => {
    const g = await sale(1);
    const id = g.invoiceIds[0]!;
    await card(A, g.memberIds[0], `tok_visa_approve_x${n}`);
    const res = await processCards(ownerB, [id], houses.b.houseRef);
    expect(res.status).toBe(200);
    expect(res.body.data.data.invoiceConfirmations).toEqual([
      { invoiceID: id, charged: false, amountCharged: 0, amountChargedCents: 0, status: 'not_found', reason: CHARGE_OUTCOME_TEXT.notFound },
    ]);
    expect((await groupInfo(ownerB, g.groupId, houses.b.houseRef)).status).toBe(404);
    expect(await ledger(id)).toEqual([]);
  });

  it('refuses bad input', async () => {
    const res = await processCards(owner, { not: 'an array' });
    expect(res.status).toBe(400);
    const bad = await processCards(owner, ['x']);
    expect(bad.status).toBe(400);
  });

  it('more than 25 invoices run as a charge-batch job with progress', async () => {
    const g = await sale(27, 1_000);
    const ids = g.invoiceIds as number[];
    for (const [i, m] of g.memberIds.entries()) await card(A, m, `tok_amex_approve_j${n}_${i}`);
    const res = await processCards(owner, ids);
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ httpStatus: 202, jobId: expect.any(String) });
    let job: Json = {};
    for (let i = 0; i < 100; i++) {
      const got = await owner.agent.get(`/api/jobs/${res.body.data.jobId}`);
      job = got.body.data ?? got.body;
      if (job.status === 'completed' || job.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(job).toMatchObject({ status: 'completed', progress: { done: 27, total: 27 } });
    expect(job.result.invoiceConfirmations.filter((c: Json) => c.charged)).toHaveLength(27);
    for (const id of ids) expect(await ledger(id)).toHaveLength(1);
  });
});
