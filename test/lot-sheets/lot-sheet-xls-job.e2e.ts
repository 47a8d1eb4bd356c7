import request from 'supertest';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { csvDocument } from '@ar/rules';
import type { SaleType } from '../../src/modules/catalogs/catalog.entity';
import { SHEET_JOB_MIN_BYTES } from '../../src/modules/lots/spreadsheets/lot-sheet-upload.job';
import { STANDARD_EXPORT_HEADER } from '../../src/modules/lots/spreadsheets/sheet-export';
import { SHEET_COLUMN_RULES, SHEET_EXAMPLE, sheetGuide } from '../../src/modules/lots/spreadsheets/sheet-guide';
import { readSheet, SHEET_READ_TEXT } from '../../src/modules/lots/spreadsheets/sheet-reader';
import { XLS_LIMITS } from '../../src/modules/lots/spreadsheets/xls-reader';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { seedSheetSession } from './seed-session';

// Issue 13's remaining upload pieces over HTTP on the real database and queue: .xls read in its
// bounded worker (the same lots as the same sheet in .xlsx; the size bound refused at once), a
// 10,000-row sheet read as a job whose progress is polled to the end and whose rows are staged,
// and the model spreadsheet and tip sheet, downloaded and read back.

type Json = Record<string, any>;
const HEADER = ['Lot Number', 'Inventory Number', 'Title', 'Description', 'Low Estimate', 'High Estimate', 'Circa'];
const ROWS: (string | number | Date)[][] = [
  [
    1,
    'INV-1',
    'Vase, 12" high; "Tiffany" — Ärger café № 1 日本の壺',
    'Signed "L.C.T."\nZürich, 1921',
    100,
    200,
    new Date(Date.UTC(1921, 4, 2)),
  ],
  [2, 'INV-2', 'Chair, "Eames"', 'Walnut, 32" tall', 1000, 1500, 'c. 1950'],
  [3, '', "Dealer's lot: 5' rug", 'Wool', '', '', ''],
];

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('lot sheets: .xls, large files as a job, model and tip sheet (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let ownerB: SignedIn;
  let none: SignedIn;

  const seedSession = (houseId: number, type: SaleType) => seedSheetSession(t, houseId, type);

  const upload = (s: SignedIn, catalogId: number, data: Buffer, name: string, kind = 'artfact') =>
    s.agent
      .post(`/cps/app/spreadsheet/csv/${kind}?version=v2`)
      .set('X-CSRF-Token', s.csrf)
      .field('csvType', 'standard')
      .field('catalogID', String(catalogId))
      .field('packageID', '')
      .attach('fileData', data, name);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    owner = await signIn(t.server, 'house-a', 'owner');
    ownerB = await signIn(t.server, 'house-b', 'owner');
    none = await signIn(t.server, 'house-a', 'none');
  });
  afterAll(() => t?.close());

  it('.xls (BIFF8 written here) uploads to the same lots as the same sheet in .xlsx; over its size bound it is refused at once', async () => {
    const live = await seedSession(houses.a.id, 'live');
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([HEADER, ...ROWS], { cellDates: true, dateNF: 'yyyy-mm-dd' }), 'Lots');
    const xls = XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const ex = new ExcelJS.Workbook();
    const ws = ex.addWorksheet('Lots');
    [HEADER, ...ROWS].forEach((r) => ws.addRow(r));
    ws.getColumn(7).numFmt = 'yyyy-mm-dd';
    const xlsx = Buffer.from(await ex.xlsx.writeBuffer());

    const fromXls = (await upload(owner, live, xls, 'lots.xls').expect(200)).body;
    const fromXlsx = (await upload(owner, live, xlsx, 'lots.xlsx').expect(200)).body;
    expect(fromXls.errors).toEqual([]);
    expect(fromXls.data.lots).toEqual(fromXlsx.data.lots);
    expect(fromXls.data.lots.map((l: Json) => [l.id, l.lotTitle, l.lotDescription, l.loEst, l.circa])).toEqual([
      [2, ROWS[0][2], ROWS[0][3], '100', '1921-05-02'],
      [3, ROWS[1][2], ROWS[1][3], '1000', 'c. 1950'],
      [4, ROWS[2][2], ROWS[2][3], '', ''],
    ]);

    const huge = Buffer.concat([xls.subarray(0, 8), Buffer.alloc(XLS_LIMITS.maxBytes, 0)]);
    const refused = await upload(owner, live, huge, 'huge.xls').expect(400);
    expect(refused.body.message).toBe(SHEET_READ_TEXT.xlsTooLarge);
  });

  it('a 10,000-row sheet is read as a job: 202, progress polled to done, every row staged; the job is 404 to another house', async () => {
    const timed = await seedSession(houses.a.id, 'timed');
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      String(i + 1),
      `INV-${i + 1}`,
      i === 4321 ? '' : `Lot ${i + 1}: "Tiffany" vase, 12" — café № ${i + 1}`,
      `Signed, 4 1/2" x 3'. Provenance: Zürich ${i + 1}, a private collection.`,
      String(100 + i),
      String(200 + i),
      '',
    ]);
    const csv = Buffer.from(csvDocument(HEADER, rows), 'utf8');
    expect(csv.length).toBeGreaterThanOrEqual(SHEET_JOB_MIN_BYTES);
    const started = await upload(owner, timed, csv, 'big.csv').expect(202);
    expect(started.body.data.lots).toEqual([]);
    const jobId: string = started.body.data.jobId;

    const seen: Json[] = [];
    let job: Json;
    for (;;) {
      job = (await owner.agent.get(`/api/jobs/${jobId}`).expect(200)).body;
      seen.push(job.progress);
      if (job.status === 'completed' || job.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(job.status).toBe('completed');
    expect(job.progress).toEqual({ done: 10_000, total: 10_000, message: 'Done' });
    expect(seen.every((p) => p.done <= p.total || p.total === 0)).toBe(true);
    expect(job.result.status).toBe(400);
    expect(job.result.body.data).toEqual({ lots: [], lotCount: 10_000 });
    expect(job.result.body.errors.map((e: Json) => [e.errorCode, e.row])).toEqual([[101, 4323]]);

    const list = await owner.agent
      .get('/api/lot-upload-rows')
      .query({ filter: JSON.stringify({ catalogId: timed }), range: '[0,49]' })
      .expect(200);
    expect(list.headers['content-range']).toMatch(/\/10000$/);
    expect(list.body[0]).toMatchObject({ row: 2, lotNumber: '1', lotTitle: rows[0][2] });
    const errs = await owner.agent
      .get('/api/lot-upload-rows')
      .query({ filter: JSON.stringify({ catalogId: timed, hasError: true }) })
      .expect(200);
    expect(errs.body.map((r: Json) => r.row)).toEqual([4323]);

    await ownerB.agent.get(`/api/jobs/${jobId}`).expect(404);
    // Another house's session is refused before anything is queued; the checks of a small upload apply.
    await upload(ownerB, timed, csv, 'big.csv').expect(404);
    expect((await upload(owner, timed, csv, 'big file.csv').expect(400)).body.message).toMatch(/letters, digits/);
  });

  it('the model spreadsheet (Standard header, an example lot that uploads cleanly to every sale type, the rules) and the tip sheet', async () => {
    const res = await owner.agent.get('/cps/app/spreadsheet/model').buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-disposition']).toContain('lot-spreadsheet-model.xlsx');
    const read = await readSheet('model.xlsx', res.body as Buffer);
    if (!read.ok) throw new Error(read.message);
    expect(read.sheet.header).toEqual([...STANDARD_EXPORT_HEADER]);
    expect(read.sheet.rows).toHaveLength(1);
    expect(read.sheet.rows[0].cells[3]).toBe(SHEET_EXAMPLE.lotTitle);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const rules = wb.getWorksheet('Column rules')!;
    expect(rules.getColumn(1).values.slice(2, 2 + STANDARD_EXPORT_HEADER.length)).toEqual([...STANDARD_EXPORT_HEADER]);

    for (const type of ['live', 'timed', 'bin'] as const) {
      const id = await seedSession(houses.a.id, type);
      const up = await upload(owner, id, res.body as Buffer, 'model.xlsx', type === 'bin' ? 'bin' : 'artfact').expect(200);
      expect(up.body.errors).toEqual([]);
      expect(up.body.data.lots).toHaveLength(1);
    }

    const tip = await owner.agent.get('/cps/app/spreadsheet/tip-sheet').expect(200);
    expect(tip.headers['content-type']).toMatch(/text\/html/);
    for (const g of sheetGuide()) {
      expect(tip.text).toContain(`<th scope="row">${g.header}</th>`);
      for (const a of g.auctionFlex) expect(tip.text).toContain(a);
    }
    expect(tip.text).toContain(SHEET_COLUMN_RULES.lotTitle);

    await none.agent.get('/cps/app/spreadsheet/model').expect(403);
    await none.agent.get('/cps/app/spreadsheet/tip-sheet').expect(403);
  });
});
