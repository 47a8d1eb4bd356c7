import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readPdfText } from '../../src/modules/invoicing/documents/pdf-text.testing';
import { seedTwoHouses } from '../support/fixtures';
import { ROOT, runCliInProcess, runCliProcess } from '../support/cli-process';
import { createTestApp, TestApp } from '../support/test-app';
import { FactoryGroup } from '../invoice-details/factory';
import { mainGroup, otherGroup } from '../invoice-details/scenario';

jest.setTimeout(120_000);

/** `npm run cli -- <args>` as an operator runs it (scripts/run-cli.mjs builds dist/ first when needed), in `cwd`. */
const cli = (args: string[], databaseUrl: string, cwd = ROOT) =>
  runCliProcess(path.join(ROOT, 'scripts', 'run-cli.mjs'), args, databaseUrl, { cwd, timeoutMs: 600_000 });

/** `npm run cli -- invoices-pdf --group <id> [--out file.pdf]` (issue 10). */
describe('CLI invoices-pdf', () => {
  let t: TestApp;
  let main: FactoryGroup;
  let other: FactoryGroup;
  let dir: string;

  beforeAll(async () => {
    // Builds dist/ when it is missing or older than the sources, once, before the timed runs.
    const built = await cli(['--version'], 'postgres://unused@127.0.0.1:1/unused');
    if (built.code !== 0) throw new Error(`building the CLI failed:\n${built.stderr}`);
    t = await createTestApp({ processJobs: false, redis: false });
    const houses = await seedTwoHouses(t.em());
    main = await mainGroup(t.em(), houses.a.id);
    other = await otherGroup(t.em(), houses.b.id, 'House B sale');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoices-pdf-'));
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const invoiceNumbers = async (file: string) =>
    (await readPdfText(fs.readFileSync(file))).pages.flatMap((p) =>
      p.includes('(continued)') ? [] : [Number(/Invoice #\s*(\d+)/.exec(p)?.[1])],
    );

  it("writes one PDF of the group's invoices by invoice number, the house being the group's; progress on stderr", async () => {
    const out = path.join(dir, 'main.pdf');
    const res = await cli(['invoices-pdf', '--group', String(main.groupId), '--out', out], t.db.url);
    expect(res).toMatchObject({ code: 0 });
    expect(res.stdout.trim()).toBe(`Wrote 4 invoices of group ${main.groupId} to ${out}.`);
    expect(res.stderr).toContain('0 of 4 invoices');
    expect(res.stderr).toContain('4 of 4 invoices');
    const numbers = main.invoiceNumbers.filter((n): n is number => n !== undefined).sort((x, y) => x - y);
    expect(await invoiceNumbers(out)).toEqual(numbers);
    // No temporary file left beside it.
    expect(fs.readdirSync(dir)).toEqual(['main.pdf']);
  });

  it('names the file invoices-group-<id>.pdf in the current folder by default, for a group of any house', async () => {
    const res = await cli(['invoices-pdf', '--group', String(other.groupId)], t.db.url, dir);
    expect(res.code).toBe(0);
    const file = path.join(dir, `invoices-group-${other.groupId}.pdf`);
    expect(await invoiceNumbers(file)).toEqual(other.invoiceNumbers.filter((n): n is number => n !== undefined).sort((x, y) => x - y));
  });

  it('exits 1 with a clear message for an unknown group, a malformed id, a missing --group or a file it cannot write, writing nothing', async () => {
    const out = path.join(dir, 'none.pdf');
    const unwritable = path.join(dir, 'no-such-folder', 'x.pdf');
    // Through the CLI's entry in this process (no process start each); the runs above are spawned.
    const [unknown, malformed, missing, cannotWrite] = await Promise.all([
      runCliInProcess(['invoices-pdf', '--group', '99999999', '--out', out], t.db.url),
      runCliInProcess(['invoices-pdf', '--group', 'abc', '--out', out], t.db.url),
      runCliInProcess(['invoices-pdf', '--out', out], t.db.url),
      runCliInProcess(['invoices-pdf', '--group', String(main.groupId), '--out', unwritable], t.db.url),
    ]);
    expect([unknown.code, unknown.stderr.trim().split('\n').pop()]).toEqual([1, 'error: Invoice group 99999999 not found.']);
    expect([malformed.code, malformed.stderr]).toEqual([1, expect.stringContaining('error: --group must be an invoice group id')]);
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringContaining('error: --group is required.')]);
    expect([cannotWrite.code, cannotWrite.stderr]).toEqual([1, expect.stringContaining(`error: Cannot write "${unwritable}": ENOENT`)]);
    expect(cannotWrite.stderr).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(out)).toBe(false);
  });
});
