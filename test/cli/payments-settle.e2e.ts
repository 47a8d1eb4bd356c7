import { CardChargingService } from '../../src/modules/invoicing/payments/charging/card-charging.service';
import { PaymentMethodsOnFileService } from '../../src/modules/invoicing/payments/methods/payment-methods-on-file.service';
import { bidder, group, q } from '../invoice-marks/support';
import { inContext } from '../invoice-groups/support';
import { seedTwoHouses, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { buildCli, CLI_ENTRY, runCliInProcess, runCliProcess } from '../support/cli-process';

/**
 * `payments-settle` as an operator runs it: the built CLI in a child process against a database
 * shared with a test app, which charges two ACH accounts (one settles, one fails) so they go pending.
 * The re-run and the reconcile go through the same entry in this process (no process start).
 */
jest.setTimeout(180_000);

describe('CLI: payments-settle', () => {
  let db: TestDatabase;
  let t: TestApp;
  let houses: TwoHouses;
  const cli = (args: string[]) => runCliProcess(CLI_ENTRY, args, db.url);
  const inProcess = (args: string[]) => runCliInProcess(args, db.url);

  beforeAll(async () => {
    await buildCli();
    db = await createTestDatabase();
    t = await createTestApp({ database: db, redis: false, processJobs: false });
    houses = await seedTwoHouses(t.em(), { paymentProcessingEnabled: true });
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('applies the settled and the failed ACH debit, prints the counts, and applies nothing the second time', async () => {
    const A = houses.a.id;
    const g = await group(
      t,
      A,
      [bidder('SettleCli1', { email: 'settle1@example.com' }), bidder('SettleCli2', { email: 'settle2@example.com' })],
      [
        { bidder: 0, hammer: 10_000 },
        { bidder: 1, hammer: 12_000 },
      ],
    );
    const methods = t.app.get(PaymentMethodsOnFileService);
    for (const [i, token] of ['tok_ach_settle_cli', 'tok_ach_fail_cli'].entries())
      await methods.add(A, g.memberIds[i], { token, kind: 'ach', brand: null, last4: '6789', expMonth: null, expYear: null });
    const ids = g.invoiceIds as number[];
    const charged = await inContext(t, () => t.app.get(CardChargingService).processCards(A, { userId: 0, userName: 'test' }, ids));
    expect(charged.map((c) => c.status)).toEqual(['pending', 'pending']);

    const first = await cli(['payments-settle']);
    expect([first.code, first.stderr]).toEqual([0, '']);
    expect(first.stdout).toContain('ACH settlement: 2 event(s) read, 2 new.');
    expect(first.stdout).toContain('settled 1, failed 1, unmatched 0, mismatched 0, ignored 0');
    expect(first.stdout).toContain('failed-payment notices queued: 1');
    expect(first.stdout).toMatch(/cursor: \d{4}-\d{2}-\d{2}T/);
    const stats = await q(t, `select id, online_payment_stat as stat from invoice where id in (?, ?) order by id`, ids);
    expect(stats).toEqual(ids.map((id, i) => ({ id, stat: i === 0 ? 'a' : 'f' })));

    const second = await inProcess(['payments-settle']);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('ACH settlement: 2 event(s) read, 0 new.');
    expect(second.stdout).toContain('settled 0, failed 0, unmatched 0, mismatched 0, ignored 0');
    expect(second.stdout).toContain('failed-payment notices queued: 0');

    // The ledger and the payments agree: the failed debit's payment is failed, not a difference.
    const rec = await inProcess(['payments-reconcile']);
    expect([rec.code, rec.stdout]).toEqual([0, expect.stringContaining('The gateway ledger and the payments agree: 1 captured charge')]);
  });
});
