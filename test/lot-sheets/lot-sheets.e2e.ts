import ExcelJS from 'exceljs';
import { CATALOG_FILE_TEXT, csvDocument, LOT_TEXT, SHEET_TEXT } from '@ar/rules';
import type { SaleType } from '../../src/modules/catalogs/catalog.entity';
import { Lot } from '../../src/modules/lots/lot.entity';
import { OrderBid } from '../../src/modules/lots/order-bid.entity';
import { SHEET_READ_TEXT } from '../../src/modules/lots/spreadsheets/sheet-reader';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { seedSheetSession } from './seed-session';

// The upload-items calls (spec 001 section 7) over HTTP on the real database: the spreadsheet
// upload (Standard and Auction Flex, csv and xlsx) answering data.lots / warnings / errors, the
// pre-upload checks, the save of the reviewed lots, a 1,000-lot file back exactly, access and tenancy.

const HEADER = ['Lot Number', 'Extension', 'Inventory Number', 'Title', 'Description', 'Low Estimate', 'High Estimate', 'Reserve'];

describe('lot spreadsheets (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let none: SignedIn;
  let ownerB: SignedIn;

  const seedSession = (houseId: number, type: SaleType) => seedSheetSession(t, houseId, type);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    owner = await signIn(t.server, 'house-a', 'owner');
    none = await signIn(t.server, 'house-a', 'none');
    ownerB = await signIn(t.server, 'house-b', 'owner');
  });
  afterAll(() => t?.close());

  const upload = (s: SignedIn, kind: string, catalogId: number | string, data: Buffer | null, name = 'lots.csv', csvType = 'standard') => {
    const req = s.agent
      .post(`/cps/app/spreadsheet/csv/${kind}?version=v2`)
      .set('X-CSRF-Token', s.csrf)
      .field('csvType', csvType)
      .field('catalogID', String(catalogId))
      .field('packageID', '');
    return data ? req.attach('fileData', data, name) : req;
  };
  const save = (s: SignedIn, catalogId: number, lots: object[]) =>
    s.agent.post(`/cps/app/catalog/${catalogId}/lots/update`).set('X-CSRF-Token', s.csrf).send({ lots });
  const lotsOf = (catalogId: number) =>
    t
      .em()
      .fork()
      .find(Lot, { catalog: catalogId }, { orderBy: { id: 'asc' } });

  it('a 1,000+ lot file with quotes, commas, inch marks and non-ASCII titles comes back exactly, then saves exactly', async () => {
    const live = await seedSession(houses.a.id, 'timed');
    const rows = Array.from({ length: 1200 }, (_, i) => [
      String(i + 1),
      i % 7 === 0 ? 'A' : '',
      `INV-${i}`,
      `Vase ${i}, 12" high; "Tiffany" — Ärger café № ${i} 日本の壺`,
      `Signed "L.C.T.", 4 1/2" x 3'\nProvenance: Zürich, 1921`,
      String(100 + i),
      `"${(2000 + i).toLocaleString('en-US')}"`.replace(/"/g, ''),
      '',
    ]);
    const res = await upload(owner, 'artfact', live, Buffer.from(csvDocument(HEADER, rows), 'utf8')).expect(200);
    expect(res.body.errors).toEqual([]);
    expect(res.body.warnings).toEqual([]);
    expect(res.body.data.lots).toHaveLength(1200);
    expect(res.body.data.lots[5]).toMatchObject({ id: 7, lotNumber: '6', lotTitle: rows[5][3], lotDescription: rows[5][4] });
    expect(await lotsOf(live)).toEqual([]); // the upload writes nothing

    const saved = await save(owner, live, res.body.data.lots).expect(200);
    expect(saved.body).toEqual({ data: { success: true, created: 1200, updated: 0 }, warnings: [], errors: [] });
    const stored = await lotsOf(live);
    expect(stored.map((l) => [l.lotNumber, l.lotExt ?? '', l.invNumber, l.title, l.description, l.loEstCents, l.hiEstCents])).toEqual(
      rows.map((r) => [r[0], r[1], r[2], r[3], r[4], Number(r[5]) * 100, Number(r[6].replace(/,/g, '')) * 100]),
    );

    // Uploading again updates the same lots (matched by number+extension), adds none.
    const again = await upload(owner, 'artfact', live, Buffer.from(csvDocument(HEADER, rows.slice(0, 3)), 'utf8')).expect(200);
    const second = await save(
      owner,
      live,
      again.body.data.lots.map((l: object) => ({ ...l, hasError: false })),
    ).expect(200);
    expect(second.body.data).toEqual({ success: true, created: 0, updated: 3 });
  });

  it('row errors: 400 with the spec error objects, lots still listed for the review; saving them writes nothing', async () => {
    const live = await seedSession(houses.a.id, 'live');
    const rows = [
      ['1', '', '', '', 'D', '', '', ''],
      ['2', '', '', 'T', 'D', '500', '100', ''],
      ['2', '', '', 'T', 'D', 'ten', '', ''],
    ];
    const res = await upload(owner, 'artfact', live, Buffer.from(csvDocument(HEADER, rows), 'utf8')).expect(400);
    expect(res.body.data.lots).toHaveLength(3);
    expect(res.body.errors).toEqual([
      {
        errorCode: 101,
        displayMsg: LOT_TEXT.titleRequired,
        lotNumber: '1',
        invNumber: null,
        referenceMsg: null,
        row: 2,
        field: 'lotTitle',
      },
      { errorCode: 127, displayMsg: LOT_TEXT.lowBelowHigh, lotNumber: '2', invNumber: null, referenceMsg: null, row: 3, field: 'loEst' },
      {
        errorCode: 110,
        displayMsg: SHEET_TEXT.duplicateNumber,
        lotNumber: '2',
        invNumber: null,
        referenceMsg: null,
        row: 3,
        field: 'lotNumber',
      },
      { errorCode: 142, displayMsg: LOT_TEXT.lowDigits, lotNumber: '2', invNumber: null, referenceMsg: 'loEst', row: 4, field: 'loEst' },
      {
        errorCode: 110,
        displayMsg: SHEET_TEXT.duplicateNumber,
        lotNumber: '2',
        invNumber: null,
        referenceMsg: null,
        row: 4,
        field: 'lotNumber',
      },
    ]);
    const saved = await save(owner, live, res.body.data.lots).expect(400);
    expect(saved.body.data.success).toBe(false);
    expect(saved.body.errors.map((e: { errorCode: number }) => e.errorCode)).toEqual([101, 127, 110, 142, 110]);
    expect(await lotsOf(live)).toEqual([]);
    // Fixed in the review list (one copy of lot 2 deleted, the title typed): saved.
    const fixed = [
      { ...res.body.data.lots[0], lotTitle: 'Fixed' },
      { ...res.body.data.lots[1], loEst: '50' },
    ];
    expect((await save(owner, live, fixed).expect(200)).body.data).toEqual({ success: true, created: 2, updated: 0 });
  });

  it('breaking 108 (no lot number) and 166 (unlabeled column): errors only, no lots', async () => {
    const live = await seedSession(houses.a.id, 'live');
    const r108 = await upload(
      owner,
      'artfact',
      live,
      Buffer.from('Lot Number,Inventory Number,Title,Description\n,INV-9,T,D\n1,,T,D\n'),
    ).expect(400);
    expect(r108.body.data.lots).toEqual([]);
    expect(r108.body.errors).toMatchObject([{ errorCode: 108, lotNumber: null, invNumber: 'INV-9', row: 2 }]);
    const r166 = await upload(owner, 'artfact', live, Buffer.from('Lot Number,,Title,Description\n1,x,T,D\n')).expect(400);
    expect(r166.body).toMatchObject({ data: { lots: [] }, errors: [{ errorCode: 166, referenceMsg: 'B' }] });
  });

  it('Auction Flex .xlsx in a live session; Windows-1252 and UTF-16 csv; bin with price errors', async () => {
    const live = await seedSession(houses.a.id, 'live');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Export');
    ws.addRow(['Lot#', 'Lot Suffix', 'Consignor', 'Lead', 'Description', 'Low Est', 'High Est']);
    ws.addRow([101, 'b', 'C-7', 'Georgian teapot, 6" tall', 'Sterling', 300, 500]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(owner, 'auctionflex', live, xlsx, 'af_export.xlsx').expect(200);
    expect(res.body.data.lots).toEqual([
      {
        id: 2,
        lotNumber: '101',
        lotExt: 'b',
        lotTitle: 'Georgian teapot, 6" tall',
        lotDescription: 'Sterling',
        loEst: '300',
        hiEst: '500',
      },
    ]);

    const cp1252 = Buffer.concat([
      Buffer.from('Lot Number;Title;Description\r\n7;Caf'),
      Buffer.from([0xe9, 0x20, 0x93]),
      Buffer.from('R'),
      Buffer.from([0x94, 0x3b]),
      Buffer.from('D\r\n'),
    ]);
    expect((await upload(owner, 'artfact', live, cp1252).expect(200)).body.data.lots[0].lotTitle).toBe('Café “R”');
    const u16 = Buffer.from('\uFEFFLot Number\tTitle\tDescription\r\n8\tÅngström\tD\r\n', 'utf16le');
    expect((await upload(owner, 'artfact', live, u16).expect(200)).body.data.lots[0].lotTitle).toBe('Ångström');

    const bin = await seedSession(houses.a.id, 'bin');
    const b = await upload(owner, 'bin', bin, Buffer.from('Inventory Number,Title,Description,BIN Price\nB-1,T,D,\n,T,D,0\n')).expect(400);
    expect(b.body.errors.map((e: { errorCode: number }) => e.errorCode)).toEqual([118, 179, 119]);
  });

  it('pre-upload checks and unreadable files: 400 with the messages, 413 over 50 MB', async () => {
    const live = await seedSession(houses.a.id, 'live');
    const msg = async (data: Buffer | null, name?: string) => (await upload(owner, 'artfact', live, data, name).expect(400)).body.message;
    expect(await msg(null)).toBe(CATALOG_FILE_TEXT.invalidType);
    expect(await msg(Buffer.from('x'), 'lots.pdf')).toBe(CATALOG_FILE_TEXT.invalidType);
    expect(await msg(Buffer.from('x'), 'my lots.csv')).toBe(CATALOG_FILE_TEXT.nameCharacters);
    expect(await msg(Buffer.from('x'), 'a.b.csv')).toBe(CATALOG_FILE_TEXT.oneDot);
    expect(await msg(Buffer.from('x'), `${'a'.repeat(97)}.csv`)).toBe(CATALOG_FILE_TEXT.nameTooLong);
    expect(await msg(Buffer.from('<html><body>export</body></html>'), 'old.xls')).toBe(SHEET_READ_TEXT.xlsHtml);
    const big = await upload(owner, 'artfact', live, Buffer.alloc(50 * 1024 * 1024 + 10, 0x41)).expect(413);
    expect(big.body.message).toBe('The file cannot exceed 50 MB.');
    await upload(owner, 'other', live, Buffer.from('x')).expect(404);
  });

  it('116: an absentee bid keeps the stored starting bid and reserve, with the warning', async () => {
    const timed = await seedSession(houses.a.id, 'timed');
    await save(owner, timed, [{ lotNumber: '1', lotTitle: 'T', lotDescription: 'D', startingBid: '50', reserve: '80' }]).expect(200);
    const [lot] = await lotsOf(timed);
    const em = t.em().fork();
    em.create(OrderBid, { house: houses.a.id, lot: lot.id, maxBidCents: 10000 });
    await em.flush();
    const r = await save(owner, timed, [{ lotNumber: '1', lotTitle: 'New', lotDescription: 'D', startingBid: '10', reserve: '20' }]).expect(
      200,
    );
    expect(r.body.warnings).toEqual([{ errorCode: 116, lotNumber: '1', displayMsg: SHEET_TEXT.bidLock }]);
    const [after] = await lotsOf(timed);
    expect([after.title, after.startingBidCents, after.reserveCents]).toEqual(['New', 5000, 8000]);
  });

  it("access: accessCalendar is required; tenancy: another house's session is a 404 and nothing is written", async () => {
    const live = await seedSession(houses.a.id, 'live');
    const file = Buffer.from('Lot Number,Title,Description\n1,T,D\n');
    await upload(none, 'artfact', live, file).expect(403);
    await save(none, live, [{ lotNumber: '1', lotTitle: 'T', lotDescription: 'D' }]).expect(403);
    await upload(ownerB, 'artfact', live, file).expect(404);
    await save(ownerB, live, [{ lotNumber: '1', lotTitle: 'T', lotDescription: 'D' }]).expect(404);
    await upload(owner, 'artfact', 'abc', file).expect(404);
    expect(await lotsOf(live)).toEqual([]);
  });
});
