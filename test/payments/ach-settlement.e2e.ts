import { ACH_SETTLEMENT_TEXT } from '@ar/rules';
import { JobsService } from '../../src/core/queue/jobs.service';
import { SANDBOX_MESSAGES } from '../../src/modules/invoicing/payments/gateway/sandbox-tokens';
import { PaymentMethodsOnFileService } from '../../src/modules/invoicing/payments/methods/payment-methods-on-file.service';
import { ACH_SETTLEMENT_RUN, AchSettlementRunHandler } from '../../src/modules/invoicing/payments/settlement/ach-settlement.job';
import { AchSettlementService } from '../../src/modules/invoicing/payments/settlement/ach-settlement.service';
import { AchSettlementTasks } from '../../src/modules/invoicing/payments/settlement/ach-settlement.tasks';
import type { FactoryGroup } from '../invoice-details/factory';
import { bidder, group, q } from '../invoice-marks/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

/**
 * ACH settlement on real PostgreSQL with the sandbox gateway (docs/decisions/card-charging.md,
 * "ACH settlement"): an ACH debit charged through processCards goes pending, and the settlement
 * run applies the gateway's event to the payment rows and the invoice, once, in the event's house only.
 */
describe('ACH settlement: pending ACH payments settled or failed by the gateway events', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let A: number;
  let ref: string;
  let settlement: AchSettlementService;
  let n = 0;

  const ach = (memberId: number, token: string) =>
    t.app
      .get(PaymentMethodsOnFileService)
      .add(A, memberId, { token, kind: 'ach', brand: null, last4: '6789', expMonth: null, expYear: null });
  const sale = (count: number): Promise<FactoryGroup> =>
    group(
      t,
      A,
      Array.from({ length: count }, (_, i) => bidder(`Ach${++n}x${i}`, { email: `ach${n}x${i}@example.com` })),
      Array.from({ length: count }, (_, i) => ({ bidder: i, hammer: 10_000 + i * 100 })),
    );
  const processCards = async (ids: number[]) => {
    const res = await owner.agent.post(`/app/house/${ref}/processCards`).set('X-CSRF-Token', owner.csrf).send(ids);
    expect(res.status).toBe(200);
    return res.body.data.data.invoiceConfirmations as Json[];
  };
  const view = async (groupId: number, id: number): Promise<Json> => {
    const res = await owner.agent.get(`/app/house/${ref}/invoiceGroup/${groupId}/groupDetailInfo`);
    expect(res.status).toBe(200);
    return (res.body.data.invoiceBidders as Json[]).find((i) => i.invoiceID === id)!;
  };
  const payments = (id: number) =>
    q(t, `select amount_cents::int as amount, source, status from invoice_payment where invoice_id = ? and voided_at is null order by id`, [
      id,
    ]);
  const audit = (id: number) => q(t, `select action, after from invoice_audit where invoice_id = ? order by id`, [id]);
  const notices = (id: number) =>
    q(
      t,
      `select to_address, subject, text_body from mail_outbox where kind = 'ach_failed_notice' and to_address = (select email from invoice where id = ?)`,
      [id],
    );
  const balance = async (id: number) => Number((await q(t, `select balance_cents from invoice where id = ?`, [id]))[0].balance_cents);
  /** Charges the invoices (each bidder's ACH account on file) and checks they went pending. */
  const chargePending = async (g: FactoryGroup, tokens: string[]) => {
    for (const [i, token] of tokens.entries()) await ach(g.memberIds[i], `${token}_${n}_${i}`);
    const ids = g.invoiceIds.slice(0, tokens.length) as number[];
    const confirmations = await processCards(ids);
    expect(confirmations.map((c) => c.status)).toEqual(tokens.map(() => 'pending'));
    for (const id of ids) expect((await view(g.groupId, id)).invoiceStatus).toBe('Payment Pending');
    return ids;
  };

  beforeAll(async () => {
    t = await createTestApp({ redis: false, processJobs: false });
    houses = await seedTwoHouses(t.em(), { paymentProcessingEnabled: true });
    A = houses.a.id;
    ref = houses.a.houseRef;
    owner = await signIn(t.server, 'house-a', 'owner');
    settlement = t.app.get(AchSettlementService);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pending -> settled: the payment counts and the invoice is Paid (lots marked paid by ACH, stat a); a second run applies nothing', async () => {
    const g = await sale(1);
    const [id] = await chargePending(g, ['tok_ach_settle']);
    const due = await balance(id);
    expect(due).toBeGreaterThan(0);

    const first = await settlement.run();
    expect(first).toMatchObject({ settled: 1, failed: 0, mismatched: 0, noticesQueued: 0 });
    expect(await payments(id)).toEqual([{ amount: due, source: 'ach', status: 'settled' }]);
    expect(await view(g.groupId, id)).toMatchObject({
      invoiceStatus: 'Paid',
      onlinePaymentStat: 'a',
      allPaid: true,
      outStandingBalanceCents: 0,
      invoicePaidCents: due,
      editedAfterSend: false,
    });
    const [line] = await q(t, `select paid, payment_method_id, online_payment_stat from invoice_line where invoice_id = ?`, [id]);
    expect(line).toEqual({ paid: true, payment_method_id: 11, online_payment_stat: 'a' });
    const applied = await audit(id);
    expect(applied.map((a) => a.action)).toEqual(['invoice.card_charge.pending', 'invoice.ach_settlement.settled']);
    expect(Object.values(applied[1].after as Json)).toContain('settled');

    // The inclusive read answers the event again: stored once, applied once.
    const second = await settlement.run();
    expect(second.read).toBeGreaterThanOrEqual(1);
    expect(second).toMatchObject({ received: 0, settled: 0, failed: 0 });
    expect(await audit(id)).toHaveLength(2);
    expect(await payments(id)).toHaveLength(1);
    expect(await balance(id)).toBe(0);
    expect(await q(t, `select status from payment_settlement_event where invoice_id = ?`, [id])).toEqual([{ status: 'applied' }]);
  });

  it('pending -> failed: Payment Failed (stat f), the balance due, one notice to the bidder, even with two runs at once', async () => {
    const g = await sale(1);
    const [id] = await chargePending(g, ['tok_ach_fail']);
    const due = await balance(id);

    const reports = await Promise.all([settlement.run(), settlement.run()]);
    expect(reports[0].failed + reports[1].failed).toBe(1);
    expect(reports[0].noticesQueued + reports[1].noticesQueued).toBe(1);
    expect(await payments(id)).toEqual([{ amount: due, source: 'ach', status: 'failed' }]);
    expect(await view(g.groupId, id)).toMatchObject({
      invoiceStatus: 'Payment Failed',
      onlinePaymentStat: 'f',
      allPaid: false,
      outStandingBalanceCents: due,
      invoicePaidCents: 0,
      // Nothing in flight any more: the invoice can be charged again.
      batchChargeEligible: true,
    });
    const [line] = await q(t, `select paid, online_payment_stat from invoice_line where invoice_id = ?`, [id]);
    expect(line).toEqual({ paid: false, online_payment_stat: null });
    const [inv] = await q(t, `select email, first_name, invoice_number from invoice where id = ?`, [id]);
    const [house] = await q(t, `select name from house where id = ?`, [A]);
    expect(await notices(id)).toEqual([
      {
        to_address: inv.email,
        subject: ACH_SETTLEMENT_TEXT.failedSubject(house.name),
        text_body: ACH_SETTLEMENT_TEXT.failedText({
          firstName: inv.first_name,
          invoiceNumber: inv.invoice_number,
          houseName: house.name,
          amount: `$${(due / 100).toFixed(2)}`,
          message: SANDBOX_MESSAGES.ach_returned,
        }),
      },
    ]);

    await settlement.run();
    expect(await notices(id)).toHaveLength(1);
    expect((await audit(id)).map((a) => a.action)).toEqual(['invoice.card_charge.pending', 'invoice.ach_settlement.failed']);
  });

  it("an event naming another house is never applied to this house's payment", async () => {
    const g = await sale(1);
    const [id] = await chargePending(g, ['tok_ach_settle']);
    // The gateway's record of the charge (and so its event) names house B.
    await q(t, `update sandbox_gateway_charge set house_id = ? where idempotency_key like ?`, [houses.b.id, `invoice:${id}:%`]);

    const r = await settlement.run();
    expect(r).toMatchObject({ settled: 0, failed: 0 });
    expect(r.unmatched).toBeGreaterThanOrEqual(1);
    expect(await payments(id)).toEqual([expect.objectContaining({ source: 'ach', status: 'pending' })]);
    expect(await view(g.groupId, id)).toMatchObject({ invoiceStatus: 'Payment Pending', onlinePaymentStat: 'p' });
    expect((await audit(id)).map((a) => a.action)).toEqual(['invoice.card_charge.pending']);
    const [event] = await q(
      t,
      `select e.house_id, e.status, e.invoice_id from payment_settlement_event e
         join sandbox_gateway_charge c on c.reference = e.charge_reference where c.idempotency_key like ?`,
      [`invoice:${id}:%`],
    );
    expect(event).toEqual({ house_id: houses.b.id, status: 'unmatched', invoice_id: null });
    expect(await q(t, `select id from invoice_payment where house_id = ? and status <> 'pending'`, [houses.b.id])).toEqual([]);
  });

  it('the schedule enqueues one run per five-minute slot, and the job applies the events', async () => {
    const g = await sale(1);
    const [id] = await chargePending(g, ['tok_ach_settle']);
    const tasks = t.app.get(AchSettlementTasks);
    const now = new Date();
    await Promise.all([tasks.everyFiveMinutes(now), tasks.everyFiveMinutes(now)]);
    const runs = await q(t, `select id from job_run where name = ? and idempotency_key like ?`, [
      ACH_SETTLEMENT_RUN.name,
      '%ach-settlement-run:%',
    ]);
    expect(runs).toHaveLength(1);
    const jobs = t.app.get(JobsService);
    const key = `ach-settlement-run:test-${n}`;
    expect((await jobs.enqueue(ACH_SETTLEMENT_RUN, {}, { key })).id).toBe((await jobs.enqueue(ACH_SETTLEMENT_RUN, {}, { key })).id);

    const report = await t.app.get(AchSettlementRunHandler).run();
    expect(report.settled).toBe(1);
    expect((await view(g.groupId, id)).invoiceStatus).toBe('Paid');
  });
});
