import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { csvDocument } from '@ar/rules';
import { q } from '../invoice-marks/support';
import { seedTwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { buildCli, CLI_ENTRY, runCliInProcess, runCliProcess } from '../support/cli-process';

/** `npm run cli -- import-consignors --house H <file>` as an operator runs it: the built CLI in a child process. */
jest.setTimeout(180_000);

describe('CLI: import-consignors', () => {
  let db: TestDatabase;
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    await buildCli();
    db = await createTestDatabase();
    t = await createTestApp({ database: db, redis: false, processJobs: false });
    const { a, b } = await seedTwoHouses(t.em());
    await q(t, `insert into consignor (house_id, name, email) values (?, 'Dana Dale', 'dana@example.com'), (?, 'Sam Lee', null)`, [
      a.id,
      b.id,
    ]);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consignors-'));
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a file with a bad row (exit 1, nothing written), then imports it fixed: updates by email, adds the rest', async () => {
    const header = ['NAME', 'Company', 'e-mail', 'Phone', 'Tax ID', 'payout method'];
    const good = [
      ['Dana D. Dale', 'Dale & Co', 'DANA@example.com', '555-1', 'T-1', 'bank transfer'],
      ['Sam Lee', '', '', '', '', ''],
    ];
    const file = path.join(dir, 'consignors.csv');
    fs.writeFileSync(file, csvDocument(header, [...good, ['Bad Row', '', 'not-an-email', '', '', 'bitcoin']]));
    // The refusal through the CLI's entry in this process; the import that succeeds is spawned.
    const bad = await runCliInProcess(['import-consignors', '--house', 'house-a', file], db.url);
    expect(bad.code).toBe(1);
    expect(bad.stdout.trim().split('\n')).toEqual([
      'row 4: Email is not a valid address.',
      'row 4: Payout method must be one of check, bank_transfer, cash, other.',
    ]);
    expect(bad.stderr).toContain('reading 1/1');
    expect(bad.stderr).toContain('error: 2 error(s) in 3 row(s); nothing was imported.');
    expect((await q(t, 'select count(*)::int as n from consignor'))[0].n).toBe(2);

    fs.writeFileSync(file, csvDocument(header, good));
    const ok = await runCliProcess(CLI_ENTRY, ['import-consignors', '--house', 'house-a', file], db.url);
    expect([ok.code, ok.stdout.trim()]).toEqual([0, 'Imported 2 consignors: 1 added, 1 updated.']);
    const rows = await q(
      t,
      `select h.house_user_name as house, c.name, c.email, c.payout_method, c.version
                               from consignor c join house h on h.id = c.house_id order by c.id`,
    );
    expect(rows).toEqual([
      { house: 'house-a', name: 'Dana D. Dale', email: 'DANA@example.com', payout_method: 'bank_transfer', version: 2 },
      // House B's Sam Lee is never matched: house A gets its own.
      { house: 'house-b', name: 'Sam Lee', email: null, payout_method: 'check', version: 1 },
      { house: 'house-a', name: 'Sam Lee', email: null, payout_method: 'check', version: 1 },
    ]);
  });
});
