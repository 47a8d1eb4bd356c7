import { Worker } from 'node:worker_threads';

/**
 * `.xls` (Excel 97-2003, BIFF in a compound file) read with `@e965/xlsx` (SheetJS 0.20.3) in a
 * worker thread: the parser never runs in the server's own heap or event loop. Bounded four ways:
 * the file's size (checked before any parse), the rows parsed (SheetJS `sheetRows`), the worker's
 * heap (resourceLimits) and its time (terminated past the limit). Only the first sheet is read;
 * formulas give their cached result, never run. docs/decisions/lot-spreadsheets.md "Reading files".
 */
export interface XlsLimits {
  maxBytes: number;
  maxRows: number;
  maxColumns: number;
  timeMs: number;
  heapMb: number;
}

export const XLS_LIMITS: XlsLimits = { maxBytes: 20 * 1024 * 1024, maxRows: 20_000, maxColumns: 200, timeMs: 30_000, heapMb: 512 };

/** Workers at once per process: parallel uploads queue here rather than each taking a large heap. */
const MAX_WORKERS = 2;

export type XlsRead =
  | { ok: true; records: string[][]; rowNumbers: number[] }
  | { ok: false; reason: 'tooLarge' | 'timeout' | 'memory' | 'unreadable' | 'tooManyRows' };

/** The compound-file signature every BIFF8 .xls starts with; BIFF2-4 worksheets start with a BOF record. */
export function isBiff(data: Buffer): boolean {
  const cfb = data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
  const bof = data.length >= 4 && data[0] === 0x09 && [0x00, 0x02, 0x04, 0x08].includes(data[1]) && data[3] === 0x00;
  return cfb || bof;
}

// Plain JavaScript (run with eval: no TypeScript build needed in tests or dist). Cells as the
// xlsx reader gives them: text as is, numbers by value, dates YYYY-MM-DD, booleans, errors blank.
const WORKER = `
const { parentPort, workerData: w } = require('node:worker_threads');
const XLSX = require(w.lib);
const pad = (n) => String(n).padStart(2, '0');
function text(c) {
  if (!c || c.v === undefined || c.v === null) return '';
  if (c.t === 's') return String(c.v);
  if (c.t === 'b') return c.v ? 'true' : 'false';
  if (c.t === 'n') {
    if (c.z && XLSX.SSF.is_date(c.z)) {
      const d = XLSX.SSF.parse_date_code(c.v);
      if (d) return d.y + '-' + pad(d.m) + '-' + pad(d.d);
    }
    return String(c.v);
  }
  if (c.t === 'd') return new Date(c.v).toISOString().slice(0, 10);
  return '';
}
(function main() { try {
  const wb = XLSX.read(w.data, {
    type: 'buffer', dense: true, sheets: 0, sheetRows: w.maxRows + 2, cellFormula: false, cellHTML: false,
    cellStyles: false, cellNF: true, cellDates: false, bookVBA: false, WTF: false,
  });
  const ws = wb.Sheets[wb.SheetNames[0]];
  if (!ws) { parentPort.postMessage({ ok: true, records: [], rowNumbers: [] }); return; }
  const full = ws['!fullref'] && XLSX.utils.decode_range(ws['!fullref']);
  if (full && full.e.r - full.s.r + 1 > w.maxRows + 2) { parentPort.postMessage({ ok: false, reason: 'tooManyRows' }); return; }
  const data = ws['!data'] || [];
  const records = [], rowNumbers = [];
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    const cells = [];
    for (let c = 0; c < Math.min(row.length, w.maxColumns); c++) cells.push(text(row[c]));
    records.push(cells);
    rowNumbers.push(r + 1);
  }
  parentPort.postMessage({ ok: true, records, rowNumbers });
} catch (e) {
  parentPort.postMessage({ ok: false, reason: 'unreadable' });
} })();
`;

let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function readXls(data: Buffer, limits: Partial<XlsLimits> = {}): Promise<XlsRead> {
  const l = { ...XLS_LIMITS, ...limits };
  if (data.length > l.maxBytes) return Promise.resolve({ ok: false, reason: 'tooLarge' });
  return slot(
    () =>
      new Promise<XlsRead>((resolve) => {
        const worker = new Worker(WORKER, {
          eval: true,
          workerData: { lib: require.resolve('@e965/xlsx'), data, maxRows: l.maxRows, maxColumns: l.maxColumns },
          resourceLimits: { maxOldGenerationSizeMb: l.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
          stdout: true,
          stderr: true,
        });
        let settled = false;
        const done = (r: XlsRead) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          void worker.terminate();
          resolve(r);
        };
        const timer = setTimeout(() => done({ ok: false, reason: 'timeout' }), l.timeMs);
        worker.on('message', (m: XlsRead) => done(m));
        worker.on('error', (e: Error & { code?: string }) =>
          done({ ok: false, reason: e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'unreadable' }),
        );
        worker.on('exit', () => done({ ok: false, reason: 'unreadable' }));
      }),
  );
}
