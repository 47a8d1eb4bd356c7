import { addDays, AUTO_CHARGE_TEXT, CHARGE_INELIGIBILITY_TEXT, todayIn } from '@ar/rules';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { JobsService } from '../../src/core/queue/jobs.service';
import { AUTO_CHARGE_RUN, AutoChargeRunHandler } from '../../src/modules/invoicing/payments/auto-charge/auto-charge-run.job';
import { AutoChargeService } from '../../src/modules/invoicing/payments/auto-charge/auto-charge.service';
import { PaymentMethodsOnFileService } from '../../src/modules/invoicing/payments/methods/payment-methods-on-file.service';
import type { FactoryGroup } from '../invoice-details/factory';
import { bidder, group, q } from '../invoice-marks/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

const VISA = { kind: 'card' as const, brand: 'visa' as const, last4: '4242', expMonth: 12, expYear: 2030 };
const TZ = 'America/New_York';
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Auto-charge over HTTP on real PostgreSQL with the sandbox gateway (issue 11, docs/decisions/card-charging.md "Auto-charge"). */
describe('auto-charge: autoCharge, setAutoCharge, the scheduled run', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let invoicesOnly: SignedIn;
  let ownerB: SignedIn;
  let A: number;
  let ref: string;
  let autoCharge: AutoChargeService;
  let n = 0;

  const card = (memberId: number, token: string) =>
    t.app.get(PaymentMethodsOnFileService).add(A, memberId, { ...VISA, token, cardLimitCents: null });
  const list = (s: SignedIn, groupId: number, ids: unknown, houseRef = ref) =>
    s.agent
      .post(`/app/house/${houseRef}/invoiceGroup/${groupId}/autoCharge`)
      .set('X-CSRF-Token', s.csrf)
      .send(ids as object);
  const setDate = (s: SignedIn, body: unknown) =>
    s.agent
      .post(`/app/invoice/setAutoCharge`)
      .set('X-CSRF-Token', s.csrf)
      .send(body as object);
  const dateOf = async (id: number) =>
    ((await q(t, `select auto_charge_date::text as d from invoice where id = ?`, [id]))[0].d as string | null) ?? null;
  const ledger = (invoiceId: number) =>
    q(t, `select status, amount_cents::int as amount from sandbox_gateway_charge where idempotency_key like ? order by id`, [
      `invoice:${invoiceId}:%`,
    ]);
  const tries = (invoiceId: number) =>
    q(t, `select try_no, status from invoice_auto_charge_run where invoice_id = ? order by try_no`, [invoiceId]);
  const sale = (count: number, extra: Record<number, object> = {}): Promise<FactoryGroup> =>
    group(
      t,
      A,
      Array.from({ length: count }, (_, i) => bidder(`Auto${++n}x${i}`, { email: `auto${n}x${i}@example.com` })),
      Array.from({ length: count }, (_, i) => ({ bidder: i, hammer: 10_000 + i * 100 })),
      extra,
    );
  const today = () => todayIn(TZ);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em(), { paymentProcessingEnabled: true });
    A = houses.a.id;
    ref = houses.a.houseRef;
    await q(t, `update house set auto_charge_enabled = true, time_zone = ? where id = ?`, [TZ, A]);
    owner = await signIn(t.server, 'house-a', 'owner');
    invoicesOnly = await signIn(t.server, 'house-a', 'accessInvoices');
    ownerB = await signIn(t.server, 'house-b', 'owner');
    autoCharge = t.app.get(AutoChargeService);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the invoices an auto-charge could charge (sent recently counts), with the first eligible date', async () => {
    const g = await sale(3, { 2: { sentAt: new Date() } });
    const [ok, noCard, recent] = g.invoiceIds as number[];
    await card(g.memberIds[0], `tok_visa_approve_l${n}`);
    await card(g.memberIds[2], `tok_visa_approve_r${n}`);
    const res = await list(owner, g.groupId, [ok, noCard, recent]);
    expect(res.status).toBe(200);
    const rows = res.body.data.eligibleInvoiceList as Json[];
    expect(rows.map((r) => r.invoiceID)).toEqual([ok, recent]);
    const [inv] = await q(
      t,
      `select invoice_number, invoice_total_cents::int as total, balance_cents::int as balance, approval_id from invoice where id = ?`,
      [ok],
    );
    expect(rows[0]).toEqual({
      invoiceID: ok,
      invoiceNumber: inv.invoice_number,
      total: inv.total / 100,
      totalCents: inv.total,
      eligibleAmount: inv.balance / 100,
      eligibleAmountCents: inv.balance,
      firstName: 'Test',
      lastName: expect.stringMatching(/^Auto/),
      channel: expect.any(String),
      approvalID: inv.approval_id,
      currencySymbol: '$',
      autoChargeDate: null,
      firstEligibleAutoChargeDate: us(addDays(today(), 2)),
    });
  });

  it('sets a date (either format), shows it, blocks the batch charge, and removes it with null', async () => {
    const g = await sale(2);
    const [a, b] = g.invoiceIds as number[];
    await card(g.memberIds[0], `tok_visa_approve_s${n}`);
    const day = addDays(today(), 3);
    const set = await setDate(owner, { autoChargeDate: day, invoiceIDs: [a] });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ updated: 1 });
    expect((await setDate(owner, { autoChargeDate: us(addDays(today(), 7)), invoiceIDs: [b] })).status).toBe(200);
    expect(await dateOf(a)).toBe(day);
    expect(await dateOf(b)).toBe(addDays(today(), 7));

    const listed = (await list(owner, g.groupId, [a])).body.data.eligibleInvoiceList as Json[];
    expect(listed[0].autoChargeDate).toBe(us(day));
    const details = await owner.agent.get(`/app/house/${ref}/invoiceGroup/${g.groupId}/groupDetailInfo`);
    const view = (details.body.data.invoiceBidders as Json[]).find((x) => x.invoiceID === a)!;
    expect(view.autoChargeDate).toBe(us(day));
    expect(view.batchChargIneligibilityReason).toBe(CHARGE_INELIGIBILITY_TEXT.autoChargeScheduled);
    const info = await owner.agent.get(`/app/house/${ref}/invoiceGroup/${g.groupId}/groupInfo/processCards`);
    expect(info.body.data.invoiceGroupInfo.invoices).toContainEqual({ invoiceID: a, canHouseProcessCards: false });

    expect((await setDate(owner, { autoChargeDate: null, invoiceIDs: [a, b] })).status).toBe(200);
    expect(await dateOf(a)).toBeNull();
    expect(await dateOf(b)).toBeNull();
  });

  it('refuses dates outside two to seven days ahead with the spec text, and bad bodies', async () => {
    const g = await sale(1);
    const id = g.invoiceIds[0]!;
    for (const bad of [addDays(today(), 1), today(), addDays(today(), 8), '2026-02-30', 'soon', 42]) {
      const res = await setDate(owner, { autoChargeDate: bad, invoiceIDs: [id] });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ autoChargeDate: AUTO_CHARGE_TEXT.invalidDate });
    }
    expect(await dateOf(id)).toBeNull();
    expect((await setDate(owner, { autoChargeDate: null, invoiceIDs: 'x' })).status).toBe(400);
    expect((await setDate(owner, { autoChargeDate: null, invoiceIDs: [] })).status).toBe(400);
    expect((await list(owner, g.groupId, { not: 'ids' })).status).toBe(400);
  });

  it('refuses a user without payment access and a house without auto-charge (403)', async () => {
    const g = await sale(1);
    const id = g.invoiceIds[0]!;
    const day = addDays(today(), 3);
    const refused = await setDate(invoicesOnly, { autoChargeDate: day, invoiceIDs: [id] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PERMISSION_DENIED_TEXT);
    expect((await list(invoicesOnly, g.groupId, [id])).status).toBe(403);
    await q(t, `update house set auto_charge_enabled = false where id = ?`, [A]);
    try {
      expect((await setDate(owner, { autoChargeDate: day, invoiceIDs: [id] })).status).toBe(403);
      expect((await list(owner, g.groupId, [id])).status).toBe(403);
    } finally {
      await q(t, `update house set auto_charge_enabled = true where id = ?`, [A]);
    }
    expect(await dateOf(id)).toBeNull();
  });

  it('a house outside the US (processor p, processing and auto-charge enabled) is refused, and the run charges nothing of it', async () => {
    const g = await sale(1);
    const id = g.invoiceIds[0]!;
    await card(g.memberIds[0], `tok_visa_approve_ca${n}`);
    const day = today();
    await q(t, `update invoice set auto_charge_date = ?::date where id = ?`, [day, id]);
    await q(t, `update house set country_code = 'CA' where id = ?`, [A]);
    try {
      const refused = await list(owner, g.groupId, [id]);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(PERMISSION_DENIED_TEXT);
      expect((await setDate(owner, { autoChargeDate: addDays(day, 3), invoiceIDs: [id] })).status).toBe(403);
      await autoCharge.run(day);
      expect(await ledger(id)).toEqual([]);
      expect(await tries(id)).toEqual([]);
    } finally {
      await q(t, `update house set country_code = 'US' where id = ?`, [A]);
    }
    expect(await dateOf(id)).toBe(day);
    // Back in the US, the same invoice is charged by the run.
    await autoCharge.run(day);
    expect(await ledger(id)).toEqual([expect.objectContaining({ status: 'approved' })]);
  });

  it("another house cannot list or schedule this house's invoices", async () => {
    const g = await sale(1);
    const id = g.invoiceIds[0]!;
    await q(t, `update house set auto_charge_enabled = true where id = ?`, [houses.b.id]);
    try {
      const res = await setDate(ownerB, { autoChargeDate: addDays(today(), 3), invoiceIDs: [id] });
      expect(res.status).toBe(404);
      expect((await list(ownerB, g.groupId, [id], houses.b.houseRef)).status).toBe(404);
      expect((await list(ownerB, g.groupId, [id])).status).toBe(404);
    } finally {
      await q(t, `update house set auto_charge_enabled = false where id = ?`, [houses.b.id]);
    }
    expect(await dateOf(id)).toBeNull();
  });

  it('the run charges due invoices once (even run twice at once), retries a decline after 24 hours up to the limit, and queues a reminder', async () => {
    const g = await sale(4);
    const [approve, decline, later, noCard] = g.invoiceIds as number[];
    await card(g.memberIds[0], `tok_visa_approve_run${n}`);
    await card(g.memberIds[1], `tok_decline_insufficient_funds_run${n}`);
    await card(g.memberIds[2], `tok_visa_approve_later${n}`);
    const day = today();
    await q(t, `update invoice set auto_charge_date = ?::date where id in (?, ?, ?)`, [day, approve, decline, noCard]);
    await q(t, `update invoice set auto_charge_date = ?::date where id = ?`, [addDays(day, 3), later]);
    const due = Number((await q(t, `select balance_cents from invoice where id = ?`, [approve]))[0].balance_cents);

    await Promise.all([autoCharge.run(day), autoCharge.run(day)]);
    expect(await ledger(approve)).toEqual([{ status: 'approved', amount: due }]);
    expect(await ledger(decline)).toEqual([expect.objectContaining({ status: 'declined' })]);
    expect(await ledger(later)).toEqual([]);
    expect(await ledger(noCard)).toEqual([]);
    expect(Number((await q(t, `select balance_cents from invoice where id = ?`, [approve]))[0].balance_cents)).toBe(0);
    expect(await tries(approve)).toEqual([{ try_no: 1, status: 'approved' }]);
    expect(await tries(decline)).toEqual([{ try_no: 1, status: 'declined' }]);
    expect(await tries(noCard)).toEqual([{ try_no: 0, status: 'skipped' }]);
    const [{ email }] = await q(t, `select email from invoice where id = ?`, [decline]);
    const mails = await q(
      t,
      `select to_address, subject, text_body from mail_outbox where kind = 'auto_charge_reminder' and to_address in (select email from invoice where group_id = ?)`,
      [g.groupId],
    );
    expect(mails).toEqual([
      { to_address: email, subject: expect.stringContaining('Payment reminder'), text_body: expect.stringContaining('invoice #') },
    ]);

    // Run again the same day: nothing more is charged or tried.
    await autoCharge.run(day);
    expect(await ledger(approve)).toHaveLength(1);
    expect(await ledger(decline)).toHaveLength(1);

    // 25 hours later the decline is tried again; after the third (AUTO_CHARGE_MAX_ATTEMPTS) try the schedule ends.
    const hours = (h: number) => new Date(Date.now() + h * 3_600_000);
    await autoCharge.run(day, hours(25));
    expect(await ledger(decline)).toHaveLength(2);
    await autoCharge.run(day, hours(25));
    expect(await ledger(decline)).toHaveLength(2);
    await autoCharge.run(day, hours(48));
    expect(await ledger(decline)).toHaveLength(2);
    await autoCharge.run(day, hours(50));
    expect(await ledger(decline)).toHaveLength(3);
    expect(await tries(decline)).toEqual([1, 2, 3].map((try_no) => ({ try_no, status: 'declined' })));
    expect(await dateOf(decline)).toBeNull();
    await autoCharge.run(day, hours(100));
    expect(await tries(decline)).toHaveLength(3);
    expect(await ledger(decline)).toHaveLength(3);
    expect(await ledger(approve)).toHaveLength(1);

    // The later invoice is charged on its day.
    await autoCharge.run(addDays(day, 3));
    expect(await ledger(later)).toEqual([expect.objectContaining({ status: 'approved' })]);
  });

  it("a buy-now sale's invoice whose card brand the sale does not accept is neither listed nor charged: the run skips it with the reason", async () => {
    const g = await sale(2);
    const [visa, master] = g.invoiceIds as number[];
    await q(t, `update auction_group set is_live = false where id = ?`, [g.auctionGroupId]);
    await q(t, `update catalog set sale_type = 'bin' where group_id = ?`, [g.auctionGroupId]);
    await owner.agent
      .post(`/app/house/${ref}/bin/group/${g.auctionGroupId}/payments`)
      .set('X-CSRF-Token', owner.csrf)
      .send([3])
      .expect(200);
    await card(g.memberIds[0], `tok_visa_approve_bin${n}`);
    await t.app
      .get(PaymentMethodsOnFileService)
      .add(A, g.memberIds[1], { ...VISA, brand: 'mastercard', token: `tok_mastercard_approve_bin${n}`, cardLimitCents: null });

    const listed = (await list(owner, g.groupId, [visa, master])).body.data.eligibleInvoiceList as Json[];
    expect(listed.map((r) => r.invoiceID)).toEqual([visa]);

    const day = today();
    await q(t, `update invoice set auto_charge_date = ?::date where id in (?, ?)`, [day, visa, master]);
    await autoCharge.run(day);
    expect(await ledger(visa)).toEqual([expect.objectContaining({ status: 'approved' })]);
    expect(await ledger(master)).toEqual([]);
    const runs = await q(t, `select try_no, status, message from invoice_auto_charge_run where invoice_id = ? order by try_no`, [master]);
    expect(runs).toEqual([{ try_no: 0, status: 'skipped', message: CHARGE_INELIGIBILITY_TEXT.cardNotAccepted }]);
  });

  it('the auto-charge-run job delivered twice charges once; one enqueue key is one run', async () => {
    const g = await sale(2);
    const ids = g.invoiceIds as number[];
    for (const [i, m] of g.memberIds.entries()) await card(m, `tok_visa_approve_job${n}_${i}`);
    const day = today();
    await q(t, `update invoice set auto_charge_date = ?::date where id in (?, ?)`, [day, ...ids]);
    const handler = t.app.get(AutoChargeRunHandler);
    const ctx = { runId: 'x', houseId: null, attempt: 1, payload: { date: day }, progress: () => Promise.resolve() };
    const reports = await Promise.all([handler.run(ctx), handler.run({ ...ctx, attempt: 2 })]);
    expect(reports[0].charged + reports[1].charged).toBe(2);
    for (const id of ids) {
      expect(await ledger(id)).toEqual([expect.objectContaining({ status: 'approved' })]);
      expect(await tries(id)).toEqual([{ try_no: 1, status: 'approved' }]);
    }
    const jobs = t.app.get(JobsService);
    const key = `auto-charge-run:test-${n}`;
    const first = await jobs.enqueue(AUTO_CHARGE_RUN, { date: day }, { key });
    const second = await jobs.enqueue(AUTO_CHARGE_RUN, { date: day }, { key });
    expect(second.id).toBe(first.id);
  });
});
