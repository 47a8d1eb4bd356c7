import { CHARGE_BANNER_TEXT, CHARGE_INELIGIBILITY_TEXT } from '@ar/rules';
import { PaymentMethodsOnFileService } from '../../src/modules/invoicing/payments/methods/payment-methods-on-file.service';
import { SANDBOX_MESSAGES } from '../../src/modules/invoicing/payments/gateway/sandbox-tokens';
import type { FactoryGroup } from '../invoice-details/factory';
import { bidder, group, q } from '../invoice-marks/support';
import { seedTwoHouses, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { buildCli, CLI_ENTRY, runCliInProcess, runCliProcess } from '../support/cli-process';

/**
 * `charge-batch` and `payments-reconcile` as an operator runs them: the built CLI in a child
 * process against a real database shared with a test app (which seeds the sales and cards), the
 * sandbox gateway's ledger read back by SQL. Each command has a spawned run (`cli`); the other runs
 * go through the same entry in this process (`inProcess`), which saves a process start each.
 */
jest.setTimeout(180_000);

const VISA = { kind: 'card' as const, brand: 'visa' as const, last4: '4242', expMonth: 12, expYear: 2030 };

describe('CLI: charge-batch and payments-reconcile', () => {
  let db: TestDatabase;
  let t: TestApp;
  let houses: TwoHouses;
  let A: number;
  let n = 0;
  const cli = (args: string[], env: Record<string, string> = {}) => runCliProcess(CLI_ENTRY, args, db.url, { env });
  const inProcess = (args: string[], env: Record<string, string> = {}) => runCliInProcess(args, db.url, { env });
  const card = (memberId: number, token: string) => t.app.get(PaymentMethodsOnFileService).add(A, memberId, { ...VISA, token });
  const sale = (count: number): Promise<FactoryGroup> =>
    group(
      t,
      A,
      Array.from({ length: count }, (_, i) => bidder(`Cli${++n}x${i}`)),
      Array.from({ length: count }, (_, i) => ({ bidder: i, hammer: 10_000 + i * 100 })),
    );
  const ledger = (ids: number[]) =>
    q(
      t,
      `select idempotency_key as key, status, amount_cents::int as amount from sandbox_gateway_charge
        where ${ids.map(() => 'idempotency_key like ?').join(' or ')} order by id`,
      ids.map((id) => `invoice:${id}:%`),
    );
  const balance = async (id: number) => Number((await q(t, `select balance_cents from invoice where id = ?`, [id]))[0].balance_cents);

  beforeAll(async () => {
    await buildCli();
    db = await createTestDatabase();
    t = await createTestApp({ database: db, redis: false, processJobs: false });
    houses = await seedTwoHouses(t.em(), { paymentProcessingEnabled: true });
    A = houses.a.id;
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('refuses bad input and invoices of another group, charging nothing', async () => {
    const g = await sale(1);
    const other = await sale(1);
    await card(g.memberIds[0], `tok_visa_approve_bad${n}`);
    const [badGroup, unknownGroup, foreign, badList] = await Promise.all([
      inProcess(['charge-batch', '--group', 'abc']),
      inProcess(['charge-batch', '--group', '999999']),
      inProcess(['charge-batch', '--group', String(g.groupId), '--invoices', `${g.invoiceIds[0]},${other.invoiceIds[0]}`]),
      inProcess(['charge-batch', '--group', String(g.groupId), '--invoices', '1,x']),
    ]);
    expect([badGroup.code, badGroup.stderr]).toEqual([1, expect.stringContaining('error: --group must be an invoice group id')]);
    expect([unknownGroup.code, unknownGroup.stderr]).toEqual([1, expect.stringContaining('error: Invoice group 999999 not found.')]);
    expect([foreign.code, foreign.stderr]).toEqual([
      1,
      expect.stringContaining(`error: Not invoices of group ${g.groupId}: ${other.invoiceIds[0]}. Nothing was charged.`),
    ]);
    expect([badList.code, badList.stderr]).toEqual([
      1,
      expect.stringContaining('error: --invoices must be invoice ids separated by commas (got "x")'),
    ]);
    expect(await ledger([g.invoiceIds[0]!, other.invoiceIds[0]!])).toEqual([]);
  });

  it('a dry run prints every invoice with its amount, eligibility and reason, and charges nothing', async () => {
    const g = await sale(3);
    const [approve, decline, noCard] = g.invoiceIds as number[];
    await card(g.memberIds[0], `tok_visa_approve_dry${n}`);
    await card(g.memberIds[1], `tok_decline_insufficient_funds_dry${n}`);
    const res = await inProcess(['charge-batch', '--group', String(g.groupId), '--dry-run']);
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines[0]).toBe('invoice #\tid\tname\tamount\teligible\treason');
    const row = (id: number) => lines.find((l) => l.split('\t')[1] === String(id))?.split('\t');
    const cents = (c: number) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;
    expect(row(approve)).toEqual([
      String(g.invoiceNumbers[0]),
      String(approve),
      expect.any(String),
      cents(await balance(approve)),
      'yes',
      '',
    ]);
    expect(row(decline)?.slice(3)).toEqual([cents(await balance(decline)), 'yes', '']);
    expect(row(noCard)?.slice(4)).toEqual(['no', CHARGE_INELIGIBILITY_TEXT.noCreditCard]);
    expect(lines.at(-1)).toBe('Dry run: 2 of 3 invoices can be charged now; nothing was charged.');
    expect(await ledger([approve, decline, noCard])).toEqual([]);
    expect(await q(t, `select id from invoice_charge_attempt where invoice_id in (?, ?, ?)`, [approve, decline, noCard])).toEqual([]);
  });

  it('a run charges approvals, lists declines and skipped invoices, prints the counts and exits 0; a re-run charges nothing more', async () => {
    const g = await sale(3);
    const [approve, decline, noCard] = g.invoiceIds as number[];
    await card(g.memberIds[0], `tok_visa_approve_run${n}`);
    await card(g.memberIds[1], `tok_decline_insufficient_funds_run${n}`);
    const due = await balance(approve);
    const res = await cli(['charge-batch', '--group', String(g.groupId)]);
    expect([res.code, res.stderr]).toEqual([0, expect.stringMatching(/\[#{20}\] 2\/2/)]);
    expect(res.stdout).toContain(`skipped invoice #${g.invoiceNumbers[2]} (id ${noCard})`);
    expect(res.stdout).toContain(CHARGE_INELIGIBILITY_TEXT.noCreditCard);
    expect(res.stdout).toMatch(new RegExp(`\\(id ${approve}\\) [^\\n]*: approved ${Math.trunc(due / 100)}\\.\\d\\d\\n`));
    expect(res.stdout).toContain(`(id ${decline})`);
    expect(res.stdout).toContain(`: declined: ${SANDBOX_MESSAGES.insufficient_funds}`);
    expect(res.stdout).toContain(CHARGE_BANNER_TEXT.processed(1, 2));
    expect(res.stdout).toContain(CHARGE_BANNER_TEXT.failed(1, 2));
    expect(await ledger([approve, decline, noCard])).toEqual([
      expect.objectContaining({ key: `invoice:${approve}:${due}:1`, status: 'approved', amount: due }),
      expect.objectContaining({ status: 'declined' }),
    ]);
    expect(await balance(approve)).toBe(0);
    const paid = await q(t, `select sum(amount_cents)::int as s from invoice_payment where invoice_id = ? and status = 'settled'`, [
      approve,
    ]);
    expect(paid[0].s).toBe(due);

    // A named invoice that is paid now answers its reason; nothing is charged twice.
    const again = await inProcess(['charge-batch', '--group', String(g.groupId), '--invoices', `${approve}`]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`: ineligible: ${CHARGE_INELIGIBILITY_TEXT.paid}`);
    expect(again.stdout).toContain(CHARGE_BANNER_TEXT.processed(0, 1));
    expect(await ledger([approve])).toHaveLength(1);
  });

  it("skips a buy-now sale's invoice whose card brand the sale does not accept, with the reason, and charges the others", async () => {
    const g = await sale(2);
    const [visa, master] = g.invoiceIds as number[];
    await q(t, `update auction_group set is_live = false where id = ?`, [g.auctionGroupId]);
    await q(t, `update catalog set sale_type = 'bin' where group_id = ?`, [g.auctionGroupId]);
    // Bin step 1 ticked Visa only.
    await q(t, `insert into bin_sale_settings (house_id, group_id, payment_method_ids) values (?, ?, '[3]')`, [A, g.auctionGroupId]);
    await card(g.memberIds[0], `tok_visa_approve_bin${n}`);
    await t.app
      .get(PaymentMethodsOnFileService)
      .add(A, g.memberIds[1], { ...VISA, brand: 'mastercard', token: `tok_mastercard_approve_bin${n}` });
    const res = await inProcess(['charge-batch', '--group', String(g.groupId)]);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(
      `skipped invoice #${g.invoiceNumbers[1]} (id ${master}) Test Cli${n}x1: ${CHARGE_INELIGIBILITY_TEXT.cardNotAccepted}`,
    );
    expect(res.stdout).toContain(CHARGE_BANNER_TEXT.processed(1, 1));
    expect(await ledger([visa, master])).toEqual([
      expect.objectContaining({ key: expect.stringMatching(`^invoice:${visa}:`), status: 'approved' }),
    ]);
  });

  it('autocharge-run charges the invoices due by --date once and prints the counts; a bad date exits 1 charging nothing', async () => {
    await q(t, `update house set auto_charge_enabled = true where id = ?`, [A]);
    const g = await sale(2);
    const [approve, decline] = g.invoiceIds as number[];
    await card(g.memberIds[0], `tok_visa_approve_auto${n}`);
    await card(g.memberIds[1], `tok_decline_insufficient_funds_auto${n}`);
    await q(t, `update invoice set auto_charge_date = date '2026-03-02' where id in (?, ?)`, [approve, decline]);

    for (const bad of ['2026-02-30', '03/02/2026', 'soon']) {
      const res = await inProcess(['autocharge-run', '--date', bad]);
      expect([res.code, res.stderr]).toEqual([1, expect.stringContaining('--date must be a date as YYYY-MM-DD')]);
    }
    // Due after the date only: not yet.
    const early = await inProcess(['autocharge-run', '--date', '2026-03-01']);
    expect([early.code, early.stdout]).toEqual([0, expect.stringContaining('charged 0, declined 0')]);
    expect(await ledger([approve, decline])).toEqual([]);

    const res = await cli(['autocharge-run', '--date', '2026-03-02']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Auto-charge run for 2026-03-02: 2 due invoice(s) examined.');
    expect(res.stdout).toContain('charged 1, declined 1, not charged 0');
    expect(res.stdout).toContain('payment reminders queued: 1');
    expect(await ledger([approve, decline])).toEqual([
      expect.objectContaining({ status: 'approved' }),
      expect.objectContaining({ status: 'declined' }),
    ]);
    // The same window again: nothing more is tried.
    const again = await inProcess(['autocharge-run', '--date', '2026-03-02']);
    expect([again.code, again.stdout]).toEqual([0, expect.stringContaining('charged 0, declined 0')]);
    expect(await ledger([approve, decline])).toHaveLength(2);
    await q(t, `update house set auto_charge_enabled = false where id = ?`, [A]);
  });

  it('an unknown outcome exits 1 naming payments-reconcile; payments-reconcile then records the charge once and finds the ledger in agreement', async () => {
    const g = await sale(1);
    const [inv] = g.invoiceIds as number[];
    await card(g.memberIds[0], `tok_visa_approve_to${n}`);
    const due = await balance(inv);
    const res = await inProcess(['charge-batch', '--group', String(g.groupId)], { SANDBOX_GATEWAY_FAULT: 'timeout_after_charge' });
    expect(res.code).toBe(1);
    expect(res.stdout).toContain(`(id ${inv})`);
    expect(res.stdout).toContain(': unknown: ');
    expect(res.stderr).toContain('error: 1 charge ended in an error or an unknown outcome');
    expect(res.stderr).toContain('payments-reconcile');
    expect(await ledger([inv])).toEqual([expect.objectContaining({ status: 'approved', amount: due })]);
    expect(await q(t, `select id from invoice_payment where invoice_id = ? and voided_at is null`, [inv])).toEqual([]);

    const rec = await cli(['payments-reconcile']);
    expect([rec.code, rec.stderr]).toEqual([0, expect.any(String)]);
    expect(rec.stdout).toContain('Reconciled 1 open charge attempt: 1 approved, 0 declined, 0 pending, 0 not charged, 0 still unknown.');
    expect(rec.stdout).toMatch(/The gateway ledger and the payments agree: \d+ captured charges?, each recorded once\./);
    expect(await ledger([inv])).toHaveLength(1);
    const paid = await q(t, `select sum(amount_cents)::int as s from invoice_payment where invoice_id = ? and voided_at is null`, [inv]);
    expect(paid[0].s).toBe(due);
  });

  it('payments-reconcile reports a charge whose payment was deleted, and a payment naming an unknown charge, with exit 1', async () => {
    const g = await sale(2);
    const [a, b] = g.invoiceIds as number[];
    await card(g.memberIds[0], `tok_visa_approve_rc${n}`);
    await card(g.memberIds[1], `tok_visa_approve_rd${n}`);
    expect((await inProcess(['charge-batch', '--group', String(g.groupId)])).code).toBe(0);
    const clean = await inProcess(['payments-reconcile', '--house', 'house-a']);
    expect(clean.code).toBe(0);

    const [charge] = await q(t, `select reference from sandbox_gateway_charge where idempotency_key like ?`, [`invoice:${a}:%`]);
    await q(t, `delete from invoice_payment where invoice_id = ?`, [a]);
    await q(t, `update invoice_payment set gateway_reference = 'ch_nowhere' where invoice_id = ?`, [b]);
    const res = await inProcess(['payments-reconcile']);
    expect(res.code).toBe(1);
    expect(res.stdout).toContain(`gateway charge ${charge.reference} (invoice:${a}:`);
    expect(res.stdout).toContain('no payment records it.');
    expect(res.stdout).toContain(`payment of invoice ${b} (house ${A}, `);
    expect(res.stdout).toContain('references ch_nowhere, which the gateway does not hold as a captured charge.');
    // b's own charge has lost its payment too: three differences.
    expect(res.stderr).toContain('error: 3 differences between the gateway ledger and the payments.');

    // Another house's ledger is clean; an unknown house is refused.
    const [other, unknown] = await Promise.all([
      inProcess(['payments-reconcile', '--house', 'house-b']),
      inProcess(['payments-reconcile', '--house', 'nowhere']),
    ]);
    expect(other.code).toBe(0);
    expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringContaining('error: Unknown house "nowhere".')]);
  });
});
