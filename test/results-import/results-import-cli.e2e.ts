import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { seedTwoHouses, TwoHouses } from '../support/fixtures';
import { CLI_ENTRY as ENTRY, CliResult, ROOT, runCliInProcess, runCliProcess } from '../support/cli-process';
import { createTestApp, TestApp } from '../support/test-app';
import { houseRows, lotResults, SaleFixture, seedSale } from './support';

/**
 * `npm run cli -- import-results` as an operator runs it: the built `dist/cli/main.js` in a child
 * process against the test database, reading exit codes, stdout and stderr (as test/cli does).
 */
jest.setTimeout(120_000);

const run = (file: string, args: string[], databaseUrl: string, timeoutMs = 60_000) =>
  runCliProcess(file, args, databaseUrl, { timeoutMs });

describe('CLI: npm run cli -- import-results --house <h> --catalog <id> <file.csv>', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let sale: SaleFixture;
  let saleB: SaleFixture;
  let dir: string;
  const cli = (args: string[]) => run(ENTRY, args, t.db.url);
  const write = (name: string, text: string | Buffer) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return p;
  };

  beforeAll(async () => {
    // Builds dist/ when it is missing or older than the sources, exactly as `npm run cli` does.
    const built = await run(path.join(ROOT, 'scripts', 'run-cli.mjs'), ['--version'], 'postgres://unused@127.0.0.1:1/unused', 600_000);
    if (built.code !== 0) throw new Error(`building the CLI failed:\n${built.stderr}`);
    t = await createTestApp({ redis: false, processJobs: false });
    houses = await seedTwoHouses(t.em());
    sale = await seedSale(t.em(), houses.a.id, 'cli');
    saleB = await seedSale(t.em(), houses.b.id, 'cli-b');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-results-'));
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports a good file, printing progress on stderr and the counts on stdout; the same file again changes nothing', async () => {
    const file = write(
      'good.csv',
      'lot,hammer,paddle,email,first_name,last_name\n1,125,101,,,\n2,80,,bob@cli.example,,\n3,40,700,,Neil,Newcomer\n7,,,,,\n',
    );
    const res = await cli(['import-results', '--house', 'house-a', '--catalog', String(sale.catalogId), file]);
    expect({ code: res.code, stderr: res.stderr }).toEqual({
      code: 0,
      stderr: expect.stringContaining(`importing good.csv into catalog ${sale.catalogId} of house "house-a"`),
    });
    expect(res.stderr).toMatch(/read 4 rows/);
    expect(res.stderr).toMatch(/wrote 4 lot results \(0 unchanged\), 1 new floor bidder in \d+ ms/);
    expect(res.stdout.trim()).toBe('Imported 4 results (3 sold, 1 passed, 0 unchanged); 1 new floor bidder, 1 new registration.');
    const results = await lotResults(t.em(), sale.catalogId);
    expect(results['1']).toMatchObject({ approvalId: sale.approvals.ann, hammerCents: 12_500, channel: 'INV' });
    expect(results['2']).toMatchObject({ approvalId: sale.approvals.bob, hammerCents: 8_000, channel: 'PL' });
    expect(results['3']).toMatchObject({ hammerCents: 4_000, channel: 'Floor' });
    expect(results['7']).toMatchObject({ approvalId: null, hammerCents: null });

    const before = await houseRows(t.em(), houses.a.id);
    const again = await cli(['import-results', '--house', 'HOUSE-A', '--catalog', String(sale.catalogId), file]);
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe('Imported 4 results (3 sold, 1 passed, 4 unchanged); 0 new floor bidders, 0 new registrations.');
    expect(await houseRows(t.em(), houses.a.id)).toEqual(before);
  });

  it('prints every bad row with its line, exits 1 and writes nothing; --dry-run writes nothing either', async () => {
    const before = await houseRows(t.em(), houses.a.id);
    const bad = write('bad.csv', 'lot,hammer,paddle,channel\n4,10,101,\n99,10,101,\n5,ten,101,\n6,10,101,Web\n');
    const [res, dry] = await Promise.all([
      cli(['import-results', '--house', 'house-a', '--catalog', String(sale.catalogId), bad]),
      cli([
        'import-results',
        '--house',
        'house-a',
        '--catalog',
        String(sale.catalogId),
        '--dry-run',
        write('dry.csv', 'lot,hammer,paddle,last_name\n4,10,101,\n5,20,901,Dry\n'),
      ]),
    ]);
    expect(res.code).toBe(1);
    expect(res.stdout.trim().split('\n')).toEqual([
      'line 3: [lot] This lot number was not a part of this catalog.',
      'line 4: [hammer] Hammer must be a numerical value (got "ten").',
      'line 5: [channel] Unknown channel "Web": use INV, PL, AZ or Floor.',
    ]);
    expect(res.stderr).toContain('error: 3 rows have errors; nothing was imported.');
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(dry.code).toBe(0);
    expect(dry.stdout.trim()).toBe(
      'Dry run: would import 2 results (2 sold, 0 passed, 0 unchanged); 1 new floor bidder, 1 new registration.',
    );
    expect(await houseRows(t.em(), houses.a.id)).toEqual(before);
  });

  describe('refusals', () => {
    const good = () => write('refusal.csv', 'lot,hammer,paddle\n1,10,101\n');
    const cases: [string, () => string[], string][] = [
      [
        'an unknown house',
        () => ['import-results', '--house', 'nowhere', '--catalog', String(sale.catalogId), good()],
        'error: Unknown house "nowhere".',
      ],
      [
        "another house's catalog",
        () => ['import-results', '--house', 'house-a', '--catalog', String(saleB.catalogId), good()],
        'not found in house "house-a".',
      ],
      [
        'a catalog id that is not a number',
        () => ['import-results', '--house', 'house-a', '--catalog', 'abc', good()],
        'error: --catalog must be a catalog id, a whole number (got "abc").',
      ],
      ['a missing --catalog', () => ['import-results', '--house', 'house-a', good()], 'error: --catalog is required.'],
      [
        'a missing file argument',
        () => ['import-results', '--house', 'house-a', '--catalog', String(sale.catalogId)],
        "error: missing required argument 'file'",
      ],
      [
        'a file that does not exist',
        () => ['import-results', '--house', 'house-a', '--catalog', String(sale.catalogId), path.join(dir, 'nope.csv')],
        'nope.csv": no such file.',
      ],
      [
        'a file over 5 MB',
        () => [
          'import-results',
          '--house',
          'house-a',
          '--catalog',
          String(sale.catalogId),
          write('big.csv', Buffer.alloc(5 * 1024 * 1024 + 1, 'a')),
        ],
        'is larger than 5 MB: split it into several files.',
      ],
      [
        'a spreadsheet',
        () => [
          'import-results',
          '--house',
          'house-a',
          '--catalog',
          String(sale.catalogId),
          write('results.xlsx', 'lot,hammer,paddle\n1,10,101\n'),
        ],
        'error: The results file must be a CSV file in UTF-8 (in Excel: Save As "CSV UTF-8").',
      ],
    ];
    const results = new Map<string, CliResult>();
    let before: Record<string, string>;
    let beforeB: Record<string, string>;

    beforeAll(async () => {
      before = await houseRows(t.em(), houses.a.id);
      beforeB = await houseRows(t.em(), houses.b.id);
      // Through the CLI's entry in this process, one after the other (a process start per case
      // costs about a second of CPU); the imports above are spawned.
      for (const c of cases) results.set(c[0], await runCliInProcess(c[1](), t.db.url));
    }, 180_000);

    it.each(cases)('refuses %s with exit code 1 and its message', (what, _args, message) => {
      const res = results.get(what)!;
      expect({ code: res.code, stderr: res.stderr }).toEqual({ code: 1, stderr: expect.stringContaining(message) });
      expect(res.stderr).not.toMatch(/\n\s+at /);
      expect(res.stdout).toBe('');
    });

    it('changed nothing in either house', async () => {
      expect(await houseRows(t.em(), houses.a.id)).toEqual(before);
      expect(await houseRows(t.em(), houses.b.id)).toEqual(beforeB);
    });
  });
});
