import { PassThrough, Readable } from 'node:stream';
import { Logger, StreamableFile } from '@nestjs/common';
import type ExcelJS from 'exceljs';
import { csvLine } from '@ar/rules';
import { lazyModule } from '../lazy-module';

const exceljs = lazyModule<typeof ExcelJS>('exceljs');

/**
 * Report downloads (CSV and XLSX) as streamed attachments: the rows are written as the client reads,
 * so a large report is never one string or one workbook in memory. Rows may come from an async
 * source (database batches): the next batch is read only when the client has taken the last one. CSV cells go through the one CSV
 * writer of @ar/rules (formula-injection safe); XLSX cells are typed values (text is stored as text,
 * never as a formula), amounts as numbers with two decimals.
 */

export const CSV_TYPE = 'text/csv; charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type DownloadFormat = 'csv' | 'xlsx';
export const DOWNLOAD_FORMATS: readonly DownloadFormat[] = ['csv', 'xlsx'];

/** One cell: text, a whole number, or an amount in integer cents (written as 12.50). */
export type DownloadCell = string | number | { cents: number } | null;

export interface DownloadTable {
  sheetName: string;
  header: readonly string[];
  /** In order; an async source is pulled only as fast as the client reads (backpressure). */
  rows: Iterable<readonly DownloadCell[]> | AsyncIterable<readonly DownloadCell[]>;
  /** Column widths in characters for XLSX (optional). */
  widths?: readonly number[];
}

const logger = new Logger('FileDownload');

/** 1234567 cents -> "12345.67", exact (no floating point). */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `attachment` with an ASCII name and the exact UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function textCell(c: DownloadCell): string {
  if (c === null) return '';
  if (typeof c === 'object') return centsText(c.cents);
  return String(c);
}

async function* csvChunks(table: DownloadTable): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(table.header)}\r\n`;
  let chunk = '';
  let n = 0;
  for await (const row of table.rows) {
    chunk += `${csvLine(row.map(textCell))}\r\n`;
    if (++n % 500 === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** Resolves when the pipe has room again; throws when it was closed (the client went away). */
async function drained(out: PassThrough): Promise<void> {
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
  if (out.destroyed) throw new Error('Download closed before it was written');
}

/** The workbook written through exceljs' streaming writer into a pipe the answer reads from. */
function xlsxStream(table: DownloadTable): Readable {
  const out = new PassThrough();
  const wb = new (exceljs().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(table.sheetName.slice(0, 31));
  ws.columns = table.header.map((h, i) => ({ header: h, width: table.widths?.[i] ?? 14 }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  const write = async () => {
    let n = 0;
    for await (const row of table.rows) {
      // exceljs writes into the zip without waiting: every few rows let the zip compress what it holds
      // (a turn of the event loop), then pause the source while the client has not read what is queued.
      if (++n % 100 === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        if (out.writableNeedDrain) await drained(out);
      }
      const r = ws.addRow(row.map((c) => (c !== null && typeof c === 'object' ? c.cents / 100 : c)));
      row.forEach((c, i) => {
        if (c !== null && typeof c === 'object') r.getCell(i + 1).numFmt = '#,##0.00';
      });
      r.commit();
    }
    ws.commit();
    await wb.commit();
  };
  write().catch((err: Error) => out.destroy(err));
  return out;
}

/** The table as a streamed attachment in the format asked. */
export function tableDownload(format: DownloadFormat, baseName: string, table: DownloadTable): StreamableFile {
  const csv = format === 'csv';
  const body = csv ? Readable.from(csvChunks(table)) : xlsxStream(table);
  return new StreamableFile(body, {
    type: csv ? CSV_TYPE : XLSX_TYPE,
    disposition: attachmentDisposition(`${baseName}.${format}`),
  }).setErrorHandler((err, res) => {
    // Refusals happen before the answer starts; a failure here (a bug, or the database failing
    // mid-stream) cuts the connection so a client never keeps a truncated file as a whole one.
    logger.error(err.stack ?? err.message);
    if (!res.destroyed) res.destroy?.();
  });
}
