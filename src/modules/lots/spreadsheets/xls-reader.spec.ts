import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { readSheet, SHEET_READ_TEXT } from './sheet-reader';
import { isBiff, readXls } from './xls-reader';

// The .xls reader: a real BIFF8 file written by SheetJS reads back as the same sheet saved as
// .xlsx (exceljs), and every bound refuses with its message.

const HEADER = ['Lot Number', 'Title', 'Description', 'Low Estimate', 'Sold', 'Date'];
const ROWS: (string | number | boolean | Date | null)[][] = [
  [1, 'Bol « Décor » 12" – Ärger, “quoted”', 'two\nlines', 1250, true, new Date(Date.UTC(2024, 2, 15))],
  [2, '=1+1 stays text', '007', 12.5, false, null],
  [],
  [3, '日本の壺, "Tiffany"', '', 0, null, null],
];

function biff8(rows: unknown[][]): Buffer {
  const ws = XLSX.utils.aoa_to_sheet(rows, { cellDates: true, dateNF: 'yyyy-mm-dd' });
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'Lots');
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['ignored'], ['second sheet']]), 'Other');
  return XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Lots');
  rows.forEach((r, i) => {
    if (r.length) ws.getRow(i + 1).values = r as ExcelJS.CellValue[];
  });
  ws.getColumn(6).numFmt = 'yyyy-mm-dd';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('.xls reader (isolated, bounded)', () => {
  it('a BIFF8 workbook reads back exactly as the same sheet saved as .xlsx: text, numbers, booleans, dates, row numbers', async () => {
    const data = biff8([HEADER, ...ROWS]);
    expect(isBiff(data)).toBe(true);
    const fromXls = await readSheet('lots.xls', data);
    const fromXlsx = await readSheet('lots.xlsx', await xlsx([HEADER, ...ROWS]));
    if (!fromXls.ok || !fromXlsx.ok) throw new Error('unread');
    expect(fromXls.sheet.encoding).toBe('xls');
    expect(fromXls.sheet.header).toEqual(HEADER);
    expect(fromXls.sheet.rows).toEqual(fromXlsx.sheet.rows);
    expect(fromXls.sheet.rows.map((r) => r.row)).toEqual([2, 3, 5]);
    expect(fromXls.sheet.rows[0].cells).toEqual(['1', ROWS[0][1], 'two\nlines', '1250', 'true', '2024-03-15']);
  });

  it('a file named .xls that is an .xlsx or a text export is read as what it is; an HTML page is refused', async () => {
    const asXlsx = await readSheet('lots.xls', await xlsx([HEADER, ROWS[0]]));
    expect(asXlsx.ok && asXlsx.sheet.encoding).toBe('xlsx');
    const asText = await readSheet('lots.xls', Buffer.from('Lot Number\tTitle\r\n1\tVase\r\n'));
    expect(asText.ok && asText.sheet.rows).toEqual([{ row: 2, cells: ['1', 'Vase'] }]);
    expect(await readSheet('lots.xls', Buffer.from('<html><table><tr><td>1</td></tr></table></html>'))).toEqual({
      ok: false,
      message: SHEET_READ_TEXT.xlsHtml,
    });
  });

  it('refuses by size before parsing, by time (the worker is stopped), too many rows and a broken file, with messages', async () => {
    const data = biff8([HEADER, ...ROWS]);
    expect(await readXls(data, { maxBytes: data.length - 1 })).toEqual({ ok: false, reason: 'tooLarge' });
    expect(await readSheet('lots.xls', data, { maxBytes: 100 })).toEqual({ ok: false, message: SHEET_READ_TEXT.xlsTooLarge });
    expect(await readSheet('lots.xls', data, { timeMs: 1 })).toEqual({ ok: false, message: SHEET_READ_TEXT.xlsTimeout });
    // The row cap (SHEET_MAX_ROWS in use; a small one here keeps the test fast).
    const many = biff8([['Lot'], ...Array.from({ length: 12 }, (_, i) => [i + 1])]);
    expect(await readSheet('many.xls', many, { maxRows: 10 })).toEqual({ ok: false, message: SHEET_READ_TEXT.tooManyRows });
    const broken = Buffer.concat([data.subarray(0, 8), Buffer.alloc(600, 0x41)]);
    expect(await readSheet('broken.xls', broken)).toEqual({ ok: false, message: SHEET_READ_TEXT.notXls });
  });
});
