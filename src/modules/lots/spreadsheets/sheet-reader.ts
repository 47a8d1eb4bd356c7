import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { lazyModule } from '../../../core/lazy-module';
import { decodeSheetText, detectDelimiter, type SheetEncoding } from './sheet-text';
import { isBiff, readXls, XLS_LIMITS, type XlsLimits } from './xls-reader';

const exceljs = lazyModule<typeof ExcelJS>('exceljs');

/**
 * One spreadsheet file (.csv, .xlsx or .xls) as rows of cell texts. Cells are data, never formulas:
 * a formula cell gives its cached result. Bounded: the caller has already refused files over
 * 50 MB (multer, the CLI), and more than SHEET_MAX_ROWS data rows are refused here. `.xls` is
 * parsed in an isolated, size-, row-, heap- and time-limited worker (xls-reader.ts); a file named
 * .xls that is really an .xlsx or a text export is read as what it is.
 */
export const SHEET_MAX_ROWS = 20_000;
/** Columns read per row: a sheet wider than this is not a lot list. */
export const SHEET_MAX_COLUMNS = 200;

export interface SheetRow {
  /** The row as a spreadsheet program numbers it (1 is the header row). */
  row: number;
  cells: string[];
}

export interface Sheet {
  header: string[];
  rows: SheetRow[];
  encoding: SheetEncoding | 'xlsx' | 'xls';
}

export type SheetRead = { ok: true; sheet: Sheet } | { ok: false; message: string };

export const SHEET_READ_TEXT = {
  xlsTooLarge: `An .xls file (Excel 97-2003) can be at most ${XLS_LIMITS.maxBytes / 1024 / 1024} MB. Please save it as .xlsx or .csv and upload it again.`,
  xlsTimeout: 'The .xls file took too long to read. Please save it as .xlsx or .csv and upload it again.',
  xlsMemory: 'The .xls file is too large to read. Please save it as .xlsx or .csv and upload it again.',
  notXls: 'The file could not be read as an .xls workbook. Please save it as .xlsx or .csv and upload it again.',
  xlsHtml:
    'This .xls file is a web page (HTML), not a workbook. Please open it in your spreadsheet program, save it as .xlsx or .csv and upload it again.',
  notText: 'The file could not be read as text (CSV). Please save it as CSV (UTF-8) or .xlsx and upload it again.',
  notXlsx: 'The file could not be read as an .xlsx workbook. Please save it again from your spreadsheet program.',
  empty: 'The file has no header row.',
  tooManyRows: `The file has more than ${SHEET_MAX_ROWS.toLocaleString('en-US')} rows. Please split it into several files.`,
  unclosedQuote: 'The file is not valid CSV: a quoted cell is never closed.',
} as const;

export function sheetKind(name: string): 'csv' | 'xlsx' | 'xls' | null {
  const m = /\.([A-Za-z]+)$/.exec(name);
  const ext = m?.[1].toLowerCase();
  return ext === 'csv' || ext === 'xlsx' || ext === 'xls' ? ext : null;
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export async function readSheet(name: string, data: Buffer, xlsLimits?: Partial<XlsLimits>): Promise<SheetRead> {
  const kind = sheetKind(name);
  if (kind === 'xls') {
    // Many "xls" exports are something else: an xlsx, a tab-separated text, or an HTML table.
    if (data.subarray(0, 4).equals(ZIP)) return readXlsx(data);
    if (!isBiff(data)) {
      if (/^\s*</.test(data.subarray(0, 512).toString('latin1'))) return { ok: false, message: SHEET_READ_TEXT.xlsHtml };
      return readCsv(data);
    }
    return readXlsSheet(data, xlsLimits);
  }
  if (kind === 'xlsx') return readXlsx(data);
  return readCsv(data);
}

const XLS_REFUSAL = {
  tooLarge: SHEET_READ_TEXT.xlsTooLarge,
  timeout: SHEET_READ_TEXT.xlsTimeout,
  memory: SHEET_READ_TEXT.xlsMemory,
  unreadable: SHEET_READ_TEXT.notXls,
  tooManyRows: SHEET_READ_TEXT.tooManyRows,
} as const;

export async function readXlsSheet(data: Buffer, limits?: Partial<XlsLimits>): Promise<SheetRead> {
  const r = await readXls(data, { maxRows: SHEET_MAX_ROWS, maxColumns: SHEET_MAX_COLUMNS, ...limits });
  if (!r.ok) return { ok: false, message: XLS_REFUSAL[r.reason] };
  return finish(r.records, (i) => r.rowNumbers[i], 'xls');
}

function finish(records: string[][], rowOf: (i: number) => number, encoding: Sheet['encoding']): SheetRead {
  const headerIndex = records.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (headerIndex < 0) return { ok: false, message: SHEET_READ_TEXT.empty };
  const header = records[headerIndex].slice(0, SHEET_MAX_COLUMNS).map((c) => c.trim());
  const rows: SheetRow[] = [];
  for (let i = headerIndex + 1; i < records.length; i++) {
    const cells = records[i].slice(0, SHEET_MAX_COLUMNS);
    if (!cells.some((c) => c.trim() !== '')) continue;
    if (rows.length === SHEET_MAX_ROWS) return { ok: false, message: SHEET_READ_TEXT.tooManyRows };
    rows.push({ row: rowOf(i), cells });
  }
  return { ok: true, sheet: { header, rows, encoding } };
}

export function readCsv(data: Buffer): SheetRead {
  const decoded = decodeSheetText(data);
  if (!decoded) return { ok: false, message: SHEET_READ_TEXT.notText };
  let records: string[][];
  try {
    records = parse(decoded.text, {
      delimiter: detectDelimiter(decoded.text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (err) {
    const e = err as { code?: string; message: string };
    return {
      ok: false,
      message: e.code === 'CSV_QUOTE_NOT_CLOSED' ? SHEET_READ_TEXT.unclosedQuote : `The file is not valid CSV: ${e.message}`,
    };
  }
  return finish(records, (i) => i + 1, decoded.encoding);
}

/** A cell's text: rich text joined, formulas by their result, dates as YYYY-MM-DD, hyperlinks by their text. */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('formula' in v || 'sharedFormula' in v) return cellText((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('text' in v) return typeof v.text === 'string' ? v.text : cellText(v.text as ExcelJS.CellValue);
  if ('error' in v) return '';
  return '';
}

export async function readXlsx(data: Buffer): Promise<SheetRead> {
  const wb = new (exceljs().Workbook)();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    return { ok: false, message: SHEET_READ_TEXT.notXlsx };
  }
  const ws = wb.worksheets[0];
  if (!ws) return { ok: false, message: SHEET_READ_TEXT.empty };
  if (ws.rowCount > SHEET_MAX_ROWS + 1 && ws.actualRowCount > SHEET_MAX_ROWS + 1)
    return { ok: false, message: SHEET_READ_TEXT.tooManyRows };
  const records: string[][] = [];
  const rowNumbers: number[] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    const cells: string[] = [];
    const values = row.values as ExcelJS.CellValue[];
    const width = Math.min(values.length - 1, SHEET_MAX_COLUMNS);
    for (let c = 1; c <= width; c++) cells.push(cellText(values[c]));
    records.push(cells);
    rowNumbers.push(n);
  });
  return finish(records, (i) => rowNumbers[i], 'xlsx');
}
