import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { Lot } from '../../src/modules/lots/lot.entity';
import { buildCli, CLI_ENTRY, runCliProcess } from '../support/cli-process';
import { seedTwoHouses, TwoHouses } from '../support/fixtures';
import { makePhoto, makePngBomb } from '../support/images';
import { createTestApp, TestApp } from '../support/test-app';

/** `npm run cli -- import-images` as an operator runs it: the built CLI in a child process against the test database. */
jest.setTimeout(120_000);

describe('CLI: npm run cli -- import-images --catalog <id> <folder> [--format]', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let catalogId: number;
  let dir: string;
  const cli = (args: string[]) =>
    runCliProcess(CLI_ENTRY, args, t.db.url, { timeoutMs: 60_000, env: { STORAGE_DIR: t.runtime.config.storageDir } });
  const images = (): Promise<
    { lot_number: string; lot_ext: string | null; inv_number: string | null; sequence: number; width: number }[]
  > =>
    t
      .em()
      .getConnection()
      .execute(
        `select l.lot_number, l.lot_ext, l.inv_number, i.sequence, i.width from lot_image i join lot l on l.id = i.lot_id
          where l.catalog_id = ? order by l.id, i.sequence`,
        [catalogId],
      );

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
    for (const [lotNumber, lotExt, invNumber] of [
      ['1', undefined, 'INV-001'],
      ['2', 'A', undefined],
    ] as const)
      em.create(Lot, {
        house: houses.a.id,
        catalog: c,
        lotRef: newRef('L'),
        title: 'Vase',
        description: 'A vase',
        lotNumber,
        lotExt,
        invNumber,
      });
    await em.flush();
    catalogId = c.id;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-images-'));
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports the good files, prints each bad one with its code, and exits 1', async () => {
    const photo = await makePhoto(1200, 1000);
    fs.writeFileSync(path.join(dir, '001.jpg'), photo);
    fs.writeFileSync(path.join(dir, '2a-1.JPG'), photo);
    fs.writeFileSync(path.join(dir, '2A_2.png'), await makePhoto(1000, 1000, 'png')); // a PNG, named .png
    fs.writeFileSync(path.join(dir, '2A.3.jpg'), await makePhoto(1000, 1000, 'png')); // a PNG renamed .jpg: sniffed, kept
    fs.writeFileSync(path.join(dir, '9.jpg'), photo); // no lot 9
    fs.writeFileSync(path.join(dir, '1.b2.jpg'), photo);
    fs.writeFileSync(path.join(dir, '1.4.gif'), photo);
    fs.writeFileSync(path.join(dir, '1.5.jpg'), await makePhoto(800, 800));
    fs.writeFileSync(path.join(dir, '1.6.png'), makePngBomb());
    fs.writeFileSync(path.join(dir, '1.7.jpg'), Buffer.from('not an image'));
    fs.writeFileSync(path.join(dir, '1.8.jpg'), Buffer.alloc(10_485_761, 0xff));
    fs.writeFileSync(path.join(dir, '.DS_Store'), 'x');
    const res = await cli(['import-images', '--catalog', String(catalogId), dir]);
    expect(res.code).toBe(1);
    expect(res.stdout.trim().split('\n').sort()).toEqual(
      [
        '1.4.gif: type: Invalid file type (JPEG, JPG or PNG only)',
        "1.5.jpg: pixel: Doesn't meet minimum image size (1000px x 1000px)",
        '1.6.png: invalidImage: Image Processing Error',
        '1.7.jpg: type: Invalid file type (JPEG, JPG or PNG only)',
        '1.8.jpg: size: Exceeds maximum file size (10 MB)',
        '1.b2.jpg: imageSeq: Invalid sequence number',
        '9.jpg: lotNum: Invalid lot numbers',
      ].sort(),
    );
    expect(res.stderr).toContain('images 11/11 (100%)');
    expect(res.stderr).toContain('Success 4, Error 7, Total 11');
    expect(res.stderr).toContain('2 x Invalid file type (JPEG, JPG or PNG only)');
    expect(res.stderr).toContain('error: 7 images with errors were not imported.');
    expect((await images()).map((i) => `${i.lot_number}${i.lot_ext ?? ''}.${i.sequence}`)).toEqual(['1.0', '2A.1', '2A.2', '2A.3']);
    // Stored where the server reads them: the sizes of the first are on its disk.
    const [first] = await t.em().getConnection().execute(`select display_key, thumb_key, original_key from lot_image order by id limit 1`);
    for (const key of [first.display_key, first.thumb_key, first.original_key])
      expect(fs.existsSync(path.join(t.runtime.config.storageDir, key))).toBe(true);
  });

  it('a second run of the same names replaces instead of adding; inventory format; exit 0', async () => {
    const again = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-images-'));
    try {
      fs.writeFileSync(path.join(again, '1.jpg'), await makePhoto(1500, 1500));
      fs.writeFileSync(path.join(again, 'inv_1-1.jpg'), await makePhoto(1000, 1000));
      const lot = await cli(['import-images', '--catalog', String(catalogId), path.join(again)]);
      // inv_1-1.jpg names no lot number.
      expect(lot.code).toBe(1);
      fs.rmSync(path.join(again, 'inv_1-1.jpg'));
      const ok = await cli(['import-images', '--catalog', String(catalogId), again]);
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain('Imported 1 image.');
      expect(ok.stderr).toContain('(1 replaced an earlier image)');
      fs.rmSync(path.join(again, '1.jpg'));
      fs.writeFileSync(path.join(again, 'inv_1-1.jpg'), await makePhoto(1000, 1000));
      const inv = await cli(['import-images', '--catalog', String(catalogId), '--format', 'inventory', again]);
      expect(inv.code).toBe(0);
      const rows = await images();
      expect(rows.filter((r) => r.lot_number === '1').map((r) => [r.sequence, r.width])).toEqual([
        [0, 1500],
        [1, 1000],
      ]);
    } finally {
      fs.rmSync(again, { recursive: true, force: true });
    }
  });

  it('refuses a missing folder, an unknown catalog and a bad format', async () => {
    const missing = await cli(['import-images', '--catalog', String(catalogId), path.join(dir, 'nope')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such folder');
    const unknown = await cli(['import-images', '--catalog', '999999', dir]);
    expect(unknown.stderr).toContain('Catalog 999999 not found.');
    const format = await cli(['import-images', '--catalog', String(catalogId), '--format', 'sku', dir]);
    expect(format.stderr).toContain('--format must be lot or inventory (got "sku").');
    expect(format.code).toBe(1);
  });
});
