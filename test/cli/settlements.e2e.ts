import { createInvoicedGroup } from '../invoice-details/factory';
import { q } from '../invoice-marks/support';
import { seedTwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { buildCli, CLI_ENTRY, runCliInProcess, runCliProcess } from '../support/cli-process';

/**
 * `npm run cli -- settlements --sale <id> [--dry-run]` as an operator runs it: the built CLI in a
 * child process against a database a test app seeded (a sale with consigned lots and a house plan).
 */
jest.setTimeout(180_000);

describe('CLI: settlements', () => {
  let db: TestDatabase;
  let t: TestApp;
  let saleId: number;
  const cli = (args: string[]) => runCliProcess(CLI_ENTRY, args, db.url);
  /** The same entry in this process (no process start); the run that creates the settlement is spawned. */
  const inProcess = (args: string[]) => runCliInProcess(args, db.url);

  beforeAll(async () => {
    await buildCli();
    db = await createTestDatabase();
    t = await createTestApp({ database: db, redis: false, processJobs: false });
    const { a } = await seedTwoHouses(t.em());
    const g = await createInvoicedGroup(t.em(), {
      houseId: a.id,
      title: 'Spring Sale',
      sessions: [{ eventDate: '2025-04-10T23:00:00Z' }],
      bidders: [{ firstName: 'P', lastName: 'Buyer' }],
      lots: [
        { bidder: 0, hammer: 125_000, paidDate: '2025-04-20' },
        { bidder: 0, hammer: 5_000 },
      ],
    });
    saleId = g.auctionGroupId;
    const [{ id: consignor }] = await q<{ id: number }>(t, `insert into consignor (house_id, name) values (?, 'Dana Dale') returning id`, [
      a.id,
    ]);
    await q(t, `update lot set consignor_id = ? where id in (?, ?)`, [consignor, g.lotIds[0], g.lotIds[1]]);
    await q(
      t,
      `insert into commission_plan (house_id, name, is_house_default, tiers, photography_fee_cents) values (?, 'Flat 20', true, ?, 1000)`,
      [a.id, JSON.stringify([{ fromCents: 0, toCents: null, rate: 20_000 }])],
    );
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('refuses a bad or unknown sale with exit 1, writing nothing', async () => {
    const [bad, unknown, missing] = await Promise.all([
      inProcess(['settlements', '--sale', 'abc']),
      inProcess(['settlements', '--sale', '999999']),
      inProcess(['settlements']),
    ]);
    expect([bad.code, bad.stderr.trim()]).toEqual([1, 'error: --sale must be a sale id, a whole number (got "abc").']);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'error: Sale 999999 not found.']);
    expect(missing.code).toBe(1);
    expect((await q(t, 'select count(*)::int as n from settlement'))[0].n).toBe(0);
  });

  it('--dry-run prints the table and writes nothing; a run creates the settlement', async () => {
    const dry = await inProcess(['settlements', '--sale', String(saleId), '--dry-run']);
    expect(dry.code).toBe(0);
    // 1,250.00 less 20 % (250.00) less the 10.00 photography fee; the unpaid lot is held (no fee).
    expect(dry.stdout.split('\n')[1]).toBe(['(new)', 'Dana Dale', '2', '1', '1250.00', '250.00', '10.00', '0.00', '990.00'].join('\t'));
    expect(dry.stdout).toContain(`Dry run: would create 1 settlement of sale ${saleId} (Spring Sale, USD); 0 lots already settled.`);
    expect((await q(t, 'select count(*)::int as n from settlement'))[0].n).toBe(0);

    const run = await cli(['settlements', '--sale', String(saleId)]);
    expect(run.code).toBe(0);
    const [row] = await q(t, 'select id, status, net_due_cents::int as net, created_by_user_id from settlement');
    expect(row).toMatchObject({ status: 'draft', net: 99_000, created_by_user_id: null });
    expect(run.stdout.split('\n')[1].split('\t')[0]).toBe(String(row.id));
  });
});
