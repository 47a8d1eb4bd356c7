import request from 'supertest';
import JSZip from 'jszip';
import { csvDocument, LOT_TEXT, SNAPSHOT_QUERY } from '@ar/rules';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import type { SaleType } from '../../src/modules/catalogs/catalog.entity';
import { LotImagesService } from '../../src/modules/lots/images/lot-images.service';
import { SNAPSHOT_QUERY_TEXT } from '../../src/modules/lots/snapshot/dto/snapshot-query.dto';
import { SnapshotService } from '../../src/modules/lots/snapshot/snapshot.service';
import { STANDARD_EXPORT_HEADER } from '../../src/modules/lots/spreadsheets/sheet-export';
import { makePhoto } from '../support/images';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { seedSheetSession } from './seed-session';

// The catalog snapshot (spec 001 section 7 "Snapshot") over HTTP on the real database, the real
// queue (Bull on Redis) and the real local storage: the call starts the job, progress is read from
// /api/jobs, the zip comes through its signed link and is read back (the Standard .xlsx imported
// again through the upload call and saved: the same lots; the images imported again by name).

type Json = Record<string, any>;
const SESSION_NOT_FOUND = { statusCode: 404, code: 'SESSION_NOT_FOUND', message: LOT_TEXT.sessionNotFound };

/** Collects a binary answer (supertest buffers only text and JSON by default). */
const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

const HEADER = [
  'Lot Number',
  'Extension',
  'Inventory Number',
  'Title',
  'Description',
  'Low Estimate',
  'High Estimate',
  'Starting Bid',
  'Reserve',
  'Notes',
];
const ROWS = [
  [
    '1',
    '',
    'INV-1',
    'Vase, 12" high; "Tiffany" — Ärger café № 1 日本の壺',
    `Signed "L.C.T.", 4 1/2" x 3'\nZürich, 1921`,
    '100',
    '200',
    '',
    '80',
    '=1+1',
  ],
  ['2', 'A', '', 'Chair, "Eames"', 'Walnut, 32" tall', '1,000', '1,500', '400', '', ''],
  ['3', '', 'INV-3', "Dealer's lot: 5' rug, naïve Ω ☃", 'Wool', '', '', '25', '', '007'],
];
/** Lot columns a round trip must give back exactly. */
const COLUMNS = `lot_number, lot_ext, inv_number, title, description, lo_est_cents::float8 as lo, hi_est_cents::float8 as hi,
  starting_bid_cents::float8 as sb, starting_bid_computed, reserve_cents::float8 as reserve, notes`;

describe('catalog snapshot (HTTP, real PostgreSQL, Bull, local storage)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let none: SignedIn;
  let ownerB: SignedIn;
  let catalog: number;
  const photos: Record<string, Buffer> = {};

  const seedSession = (houseId: number, type: SaleType) => seedSheetSession(t, houseId, type);
  const upload = (s: SignedIn, catalogId: number, data: Buffer, name: string) =>
    s.agent
      .post('/cps/app/spreadsheet/csv/artfact?version=v2')
      .set('X-CSRF-Token', s.csrf)
      .field('csvType', 'standard')
      .field('catalogID', String(catalogId))
      .field('packageID', '')
      .attach('fileData', data, name);
  /** Upload then save: the importer, as the review list runs it. */
  async function importSheet(catalogId: number, data: Buffer, name: string) {
    const up = await upload(owner, catalogId, data, name).expect(200);
    await owner.agent
      .post(`/cps/app/catalog/${catalogId}/lots/update`)
      .set('X-CSRF-Token', owner.csrf)
      .send({ lots: up.body.data.lots })
      .expect(200);
    return up.body.data.lots as Json[];
  }
  const storedLots = (catalogId: number) =>
    t.em().getConnection().execute(`select ${COLUMNS} from lot where catalog_id = ? order by lot_number`, [catalogId]);
  const snapshot = (s: SignedIn, catalogId: number | string, query: Record<string, string> = SNAPSHOT_QUERY) =>
    s.agent.get(`/cps/app/snapshot/${catalogId}/lot-data`).query(query);
  const download = (s: SignedIn, url: string) => s.agent.get(url).buffer(true).parse(binary);

  async function finished(s: SignedIn, jobId: string): Promise<{ job: Json; seen: Json[] }> {
    const seen: Json[] = [];
    for (let i = 0; i < 300; i++) {
      const job = (await s.agent.get(`/api/jobs/${jobId}`).expect(200)).body as Json;
      seen.push(job.progress);
      if (job.status === 'completed' || job.status === 'failed') return { job, seen };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`job ${jobId} did not finish`);
  }
  /** Asks for a snapshot, waits for it, downloads and opens the zip. */
  async function takeSnapshot(catalogId: number, query: Record<string, string> = SNAPSHOT_QUERY) {
    const started = await snapshot(owner, catalogId, query).expect(202);
    const { job, seen } = await finished(owner, started.body.data.jobId);
    expect(job.status).toBe('completed');
    const file = await download(owner, job.result.downloadUrl).expect(200);
    return { job, seen, file, zip: await JSZip.loadAsync(file.body as Buffer) };
  }

  beforeAll(async () => {
    // Bull on Redis when it runs here (the in-process driver otherwise): the job goes through the real queue.
    t = await createTestApp();
    houses = await seedTwoHouses(t.em());
    owner = await signIn(t.server, 'house-a', 'owner');
    none = await signIn(t.server, 'house-a', 'none');
    ownerB = await signIn(t.server, 'house-b', 'owner');
    catalog = await seedSession(houses.a.id, 'timed');
    await importSheet(catalog, Buffer.from(csvDocument(HEADER, ROWS), 'utf8'), 'lots.csv');
    photos['1.0.jpg'] = await makePhoto(1000, 1000, 'jpeg', 'one');
    photos['1.1.png'] = await makePhoto(1000, 1000, 'png', 'two');
    photos['2A.0.jpg'] = await makePhoto(1000, 1000, 'jpeg', 'three');
    const imported = await t.app.get(LotImagesService).importFiles(
      houses.a.id,
      catalog,
      Object.entries(photos).map(([name, bytes]) => ({ name, read: async () => bytes })),
      'lot',
    );
    expect(imported.map((i) => i.error)).toEqual([null, null, null]);
  });
  afterAll(() => t?.close());

  it("answers 202 with the job; the zip holds the lot data (.xlsx) and the images under the upload's own names", async () => {
    const { job, seen, file, zip } = await takeSnapshot(catalog);
    expect(job.result).toEqual({
      fileName: `snapshot-${catalog}.zip`,
      downloadUrl: expect.stringMatching(
        new RegExp(`^/cps/app/snapshot/${catalog}/lot-data/${job.id}/file\\?expires=\\d+&signature=[\\w-]+$`),
      ),
      lots: 3,
      images: 3,
      skippedImages: 0,
      size: (file.body as Buffer).length,
    });
    expect(job.progress).toEqual({ done: 6, total: 6, message: '6 of 6' });
    expect(seen.every((p) => p.done <= p.total)).toBe(true);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="snapshot-${catalog}.zip"`);
    expect(Object.keys(zip.files).sort()).toEqual(
      [`lot-data-${catalog}.xlsx`, 'images/1.0.jpg', 'images/1.1.png', 'images/2A.0.jpg'].sort(),
    );
    // The originals, byte for byte.
    for (const [name, bytes] of Object.entries(photos)) expect(await zip.file(`images/${name}`)!.async('nodebuffer')).toEqual(bytes);
  });

  it('the .xlsx has the Standard columns and imports back to the same lots; the images import back to the same lots', async () => {
    const { zip } = await takeSnapshot(catalog);
    const xlsx = await zip.file(`lot-data-${catalog}.xlsx`)!.async('nodebuffer');
    const copy = await seedSession(houses.a.id, 'timed');
    const lots = await importSheet(copy, xlsx, 'lot-data.xlsx');
    expect(lots).toHaveLength(3);
    expect(await storedLots(copy)).toEqual(await storedLots(catalog));
    const back = await t.em().getConnection().execute(`select ${COLUMNS} from lot where catalog_id = ? and lot_number = '1'`, [copy]);
    // csvDocument wrote "=1+1" as "'=1+1" (formula-safe CSV); the export keeps that text as a text cell, never a formula.
    expect(back[0]).toMatchObject({
      title: ROWS[0][3],
      description: ROWS[0][4],
      notes: "'=1+1",
      starting_bid_computed: true,
      reserve: 8000,
    });

    const names = Object.keys(zip.files).filter((n) => n.startsWith('images/'));
    const images = await t.app
      .get(LotImagesService)
      .importFiles(
        houses.a.id,
        copy,
        await Promise.all(names.map(async (n) => ({ name: n.slice('images/'.length), read: () => zip.file(n)!.async('nodebuffer') }))),
        'lot',
      );
    expect(images.map((i) => i.error)).toEqual(names.map(() => null));
    const seqs = (c: number) =>
      t
        .em()
        .getConnection()
        .execute(
          `select l.lot_number, l.lot_ext, i.sequence, i.width, i.height from lot_image i join lot l on l.id = i.lot_id where l.catalog_id = ? order by 1, 2, 3`,
          [c],
        );
    expect(await seqs(copy)).toEqual(await seqs(catalog));
    expect(STANDARD_EXPORT_HEADER[0]).toBe('Lot Number');
  });

  it('honours the parameters: no images; images only, a range of them', async () => {
    const noImages = await takeSnapshot(catalog, { ...SNAPSHOT_QUERY, images: '0' });
    expect(Object.keys(noImages.zip.files)).toEqual([`lot-data-${catalog}.xlsx`]);
    expect(noImages.job.result).toMatchObject({ lots: 3, images: 0 });

    const range = await takeSnapshot(catalog, { ...SNAPSHOT_QUERY, includeXLS: 'false', startImage: '1', endImage: '2' });
    expect(Object.keys(range.zip.files)).toEqual(['images/1.1.png']);
    expect(range.job.result).toMatchObject({ lots: 0, images: 1 });

    // The upload step's call sends only version=v2: the lot data alone.
    const bare = await takeSnapshot(catalog, { version: 'v2' });
    expect(Object.keys(bare.zip.files)).toEqual([`lot-data-${catalog}.xlsx`]);
  });

  it('an empty session gives a sheet with the header row only', async () => {
    const empty = await seedSession(houses.a.id, 'live');
    const { job, zip } = await takeSnapshot(empty);
    expect(job.result).toMatchObject({ lots: 0, images: 0 });
    expect(Object.keys(zip.files)).toEqual([`lot-data-${empty}.xlsx`]);
  });

  it('refuses bad parameters with their messages', async () => {
    const bad = await snapshot(owner, catalog, { includeXLS: 'yes', images: '2', version: 'v1', startImage: '-1', endImage: 'x' }).expect(
      400,
    );
    expect(bad.body.errors).toEqual({
      includeXLS: SNAPSHOT_QUERY_TEXT.flag('includeXLS'),
      images: SNAPSHOT_QUERY_TEXT.images,
      version: SNAPSHOT_QUERY_TEXT.version,
      startImage: SNAPSHOT_QUERY_TEXT.imageIndex('startImage'),
      endImage: SNAPSHOT_QUERY_TEXT.imageIndex('endImage'),
    });
    const flip = await snapshot(owner, catalog, { fromS3: 'no', startImage: '5', endImage: '4' }).expect(400);
    expect(flip.body.errors).toEqual({ fromS3: SNAPSHOT_QUERY_TEXT.flag('fromS3') });
    const range = await snapshot(owner, catalog, { startImage: '5', endImage: '4' }).expect(400);
    expect(range.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { endImage: SNAPSHOT_QUERY_TEXT.range } });
    await snapshot(owner, catalog, { unknown: '1' }).expect(400);
  });

  it('a malformed or unknown catalog id is the session 404', async () => {
    for (const id of ['abc', '12a', '0', '99999999999', '999999'])
      expect((await snapshot(owner, id).expect(404)).body).toMatchObject(SESSION_NOT_FOUND);
  });

  it('denies users without accessCalendar, and anyone signed out', async () => {
    const denied = await snapshot(none, catalog).expect(403);
    expect(denied.body.message).toBe(PERMISSION_DENIED_TEXT);
    await request(t.server).get(`/cps/app/snapshot/${catalog}/lot-data`).expect(401);
  });

  it("another house can start nothing on, read no progress of, and download nothing of house A's session", async () => {
    expect((await snapshot(ownerB, catalog).expect(404)).body).toMatchObject(SESSION_NOT_FOUND);
    const { job } = await takeSnapshot(catalog, { ...SNAPSHOT_QUERY, images: '0' });
    await ownerB.agent.get(`/api/jobs/${job.id}`).expect(404);
    await ownerB.agent.get(job.result.downloadUrl).expect(404);
    await none.agent.get(job.result.downloadUrl).expect(403);
    await request(t.server).get(job.result.downloadUrl).expect(401);
  });

  it('the download needs its valid signature, for its own session and run', async () => {
    const { job } = await takeSnapshot(catalog, { ...SNAPSHOT_QUERY, images: '0' });
    const url = new URL(job.result.downloadUrl as string, 'http://x');
    const sig = url.searchParams.get('signature')!;
    await owner.agent.get(`${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${sig}x`).expect(404);
    await owner.agent.get(`${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 1}&signature=${sig}`).expect(404);
    await owner.agent.get(url.pathname).expect(404);
    const other = await seedSession(houses.a.id, 'live');
    await owner.agent.get(`${url.pathname.replace(`/snapshot/${catalog}/`, `/snapshot/${other}/`)}${url.search}`).expect(404);
    await owner.agent.get(`/cps/app/snapshot/${catalog}/lot-data/not-a-uuid/file${url.search}`).expect(404);
    await download(owner, job.result.downloadUrl).expect(200);
  });

  it("the hourly cleanup deletes finished runs' zips once", async () => {
    const { job } = await takeSnapshot(catalog, { ...SNAPSHOT_QUERY, images: '0' });
    const snapshots = t.app.get(SnapshotService);
    expect(await snapshots.deleteOldFiles(0)).toBeGreaterThanOrEqual(1);
    await owner.agent.get(job.result.downloadUrl).expect(404);
    expect(await snapshots.deleteOldFiles(0)).toBe(0);
  });
});
