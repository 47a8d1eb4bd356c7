import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { Lot } from '../../src/modules/lots/lot.entity';
import { seedTwoHouses, TwoHouses } from '../support/fixtures';
import { buildCli, CLI_ENTRY, runCliProcess } from '../support/cli-process';
import { createTestApp, TestApp } from '../support/test-app';

/** `npm run cli -- import-lots` as an operator runs it: the built CLI in a child process against the test database. */
jest.setTimeout(120_000);

describe('CLI: npm run cli -- import-lots --catalog <id> <file> [--format]', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let catalogId: number;
  let dir: string;
  const cli = (args: string[]) => runCliProcess(CLI_ENTRY, args, t.db.url, { timeoutMs: 60_000 });
  const write = (name: string, text: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return p;
  };

  beforeAll(async () => {
    await buildCli();
    t = await createTestApp({ redis: false, processJobs: false });
    houses = await seedTwoHouses(t.em());
    const em = t.em().fork();
    const group = em.create(AuctionGroup, { house: houses.a.id, groupName: 'cli', isLive: true });
    const c = em.create(Catalog, {
      house: houses.a.id,
      group,
      catalogRef: newRef('C'),
      title: 'cli',
      saleType: 'live',
      eventDate: new Date(Date.now() + 5 * 86_400_000),
    });
    await em.flush();
    catalogId = c.id;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-lots-'));
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a file with errors: each on stdout with its row and code, exit 1, nothing written; then the Auction Flex file imports', async () => {
    const bad = write('bad lots.csv', 'Lot#,Lead,Description\n1,,D\n2,T,D\n2,T,D\n');
    const res = await cli(['import-lots', '--catalog', String(catalogId), '--format', 'auctionflex', bad]);
    expect(res.code).toBe(1);
    expect(res.stdout.trim().split('\n')).toEqual([
      'row 2, lot 1: code 101: Item title is required.',
      'row 3, lot 2: code 110: Duplicate lot number: it appears more than once in this file.',
      'row 4, lot 2: code 110: Duplicate lot number: it appears more than once in this file.',
    ]);
    expect(res.stderr).toContain('error: Upload Failed: 3 Total Error(s); nothing was imported.');
    expect(await t.em().fork().count(Lot, { catalog: catalogId })).toBe(0);

    const good = write('good.csv', 'Lot#,Lead,Description,Low Est\n1,"Teapot, 6"" tall",D,"$1,200"\n2,Café,D,\n');
    const ok = await cli(['import-lots', '--catalog', String(catalogId), '--format', 'auctionflex', good]);
    expect({ code: ok.code, stdout: ok.stdout.trim() }).toEqual({ code: 0, stdout: 'Imported 2 lots: 2 added, 0 updated.' });
    expect(ok.stderr).toContain(`importing good.csv (auctionflex) into catalog ${catalogId}...`);
    expect(ok.stderr).toContain('saving 2/2 (100%)');
    const lots = await t
      .em()
      .fork()
      .find(Lot, { catalog: catalogId }, { orderBy: { lotNumber: 'asc' } });
    expect(lots.map((l) => [l.lotNumber, l.title, l.loEstCents ?? null])).toEqual([
      ['1', 'Teapot, 6" tall', 120_000],
      ['2', 'Café', null],
    ]);
    const unknown = await cli(['import-lots', '--catalog', '99999999', good]);
    expect({ code: unknown.code, stderr: unknown.stderr.trim() }).toEqual({ code: 1, stderr: 'error: Catalog 99999999 not found.' });
  });
});
