import { parse } from 'csv-parse/sync';
import { parseAmountToCents } from '../../../core/money/money';
import type { BidderClaim } from '../../bidders/bidders.service';
import type { Platform } from '../../bidders/member.entity';

/**
 * The results file (docs/results-import.md): a header row, then one row per lot with its hammer
 * and winning bidder. Everything here is pure: text in, rows and row errors out. Cells are data,
 * never formulas: `=1+2` in a name is stored as those four characters.
 */

/** Upload limit, set on multer for the API and checked before reading for the CLI. */
export const RESULTS_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Data rows per file. */
export const RESULTS_MAX_ROWS = 20_000;
/** Hammer above this is refused as a typing error (999,999,999.99). */
export const RESULTS_MAX_HAMMER_CENTS = 99_999_999_999;
const MAX_PADDLE = 999_999_999;

export type ResultColumn =
  | 'lot'
  | 'ext'
  | 'hammer'
  | 'paddle'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'channel'
  | 'company'
  | 'street1'
  | 'street2'
  | 'city'
  | 'state'
  | 'province'
  | 'postalCode'
  | 'country';

interface ColumnSpec {
  column: ResultColumn;
  /** The name the documentation uses. */
  header: string;
  /** Accepted spellings, compared lower-case without spaces, dashes, underscores or other punctuation. */
  aliases: string[];
  /** The member column's length, for bidder details. */
  maxLength?: number;
  /** What the value is, in messages. */
  label: string;
}

export const RESULT_COLUMNS: readonly ColumnSpec[] = [
  { column: 'lot', header: 'lot', aliases: ['lot', 'lotnumber', 'lotno', 'lotnum'], label: 'Lot' },
  { column: 'ext', header: 'ext', aliases: ['ext', 'lotext', 'extension', 'lotextension'], label: 'Extension' },
  { column: 'hammer', header: 'hammer', aliases: ['hammer', 'hammerprice'], label: 'Hammer' },
  { column: 'paddle', header: 'paddle', aliases: ['paddle', 'paddlenumber', 'paddleno', 'paddlenum'], label: 'Paddle' },
  { column: 'email', header: 'email', aliases: ['email', 'emailaddress'], maxLength: 120, label: 'Email' },
  { column: 'firstName', header: 'first_name', aliases: ['firstname', 'first'], maxLength: 60, label: 'First name' },
  { column: 'lastName', header: 'last_name', aliases: ['lastname', 'last', 'surname'], maxLength: 60, label: 'Last name' },
  { column: 'phone', header: 'phone', aliases: ['phone', 'phonenumber', 'telephone'], maxLength: 40, label: 'Phone' },
  { column: 'channel', header: 'channel', aliases: ['channel', 'platform'], label: 'Channel' },
  { column: 'company', header: 'company', aliases: ['company', 'companyname'], maxLength: 120, label: 'Company' },
  {
    column: 'street1',
    header: 'street1',
    aliases: ['street1', 'street', 'address', 'address1', 'addressline1'],
    maxLength: 100,
    label: 'Street',
  },
  { column: 'street2', header: 'street2', aliases: ['street2', 'address2', 'addressline2'], maxLength: 100, label: 'Street (line 2)' },
  { column: 'city', header: 'city', aliases: ['city', 'town'], maxLength: 60, label: 'City' },
  { column: 'state', header: 'state', aliases: ['state', 'statecode'], maxLength: 10, label: 'State' },
  { column: 'province', header: 'province', aliases: ['province'], maxLength: 60, label: 'Province' },
  {
    column: 'postalCode',
    header: 'postal_code',
    aliases: ['postalcode', 'zip', 'zipcode', 'postcode'],
    maxLength: 32,
    label: 'Postal code',
  },
  { column: 'country', header: 'country', aliases: ['country', 'countrycode'], label: 'Country' },
];

const CHANNELS: Record<string, Platform> = { inv: 'INV', pl: 'PL', az: 'AZ', floor: 'Floor' };

export interface RowError {
  line: number;
  /** The column (documented name) the error is about, when it is about one cell. */
  column?: string;
  reason: string;
}

/** One lot's result as the file gives it. */
export interface ResultRow {
  line: number;
  /** Digits without leading zeros ("007" -> "7"). */
  lotNumber: string;
  /** Upper case, or null. */
  lotExt: string | null;
  /** For messages: "12A". */
  lotLabel: string;
  /** Null: passed (unsold): an empty or zero hammer. */
  hammerCents: number | null;
  /** The winning bidder; null for a passed lot. */
  bidder: BidderClaim | null;
}

export interface ParsedResults {
  /** Rows without errors of their own (cross-row checks such as duplicate lots are errors too). */
  rows: ResultRow[];
  errors: RowError[];
  /** Data rows read (blank rows are skipped). */
  rowCount: number;
}

/** Lot numbers compare as digits: "007" names lot 7. */
export const normalizeLotNumber = (n: string): string => n.replace(/^0+(?=\d)/, '');

export const lotLabel = (n: string, ext: string | null): string => `${n}${ext ?? ''}`;

const normalizeHeader = (h: string): string => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The bytes as text: UTF-8 (a byte-order mark is dropped by the parser). A file with NUL bytes or
 * invalid UTF-8 is not a CSV file we can read: null.
 */
export function decodeCsvText(data: Buffer): string | null {
  if (data.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return null;
  }
}

/** Comma, or semicolon / tab when the header line has no comma but those (spreadsheets in some locales). */
export function detectDelimiter(text: string): string {
  const first = text.slice(0, Math.max(0, text.search(/\r?\n|$/))) || text;
  const count = (ch: string) => first.split(ch).length - 1;
  if (count(',') > 0) return ',';
  if (count(';') > count('\t')) return ';';
  if (count('\t') > 0) return '\t';
  return ',';
}

/** csv-parse's structural errors, in words a clerk can act on. */
function csvErrorReason(e: { code?: string; message: string }): string {
  switch (e.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'The file is not valid CSV: a quoted cell is never closed.';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'The file is not valid CSV: a quoted cell has text after its closing quote (a quote inside a quoted cell must be doubled: "").';
    default:
      return `The file is not valid CSV: ${e.message}`;
  }
}

/**
 * Parses and checks a results file: header, every cell, then lots repeated in the file. Bidder
 * matching and lot lookup need the database and happen in the import service. File-level errors
 * (no header, unknown or missing columns, too many rows, broken quoting) come back alone.
 */
export function parseResultsCsv(text: string, maxRows = RESULTS_MAX_ROWS): ParsedResults {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as typeof records;
  } catch (err) {
    const e = err as { code?: string; message: string; lines?: number };
    return { rows: [], rowCount: 0, errors: [{ line: e.lines ?? 1, reason: csvErrorReason(e) }] };
  }
  // A record spanning several lines (a quoted cell with line breaks) is reported at its first line.
  const startLine = (r: { record: string[]; info: { lines: number } }) =>
    r.info.lines - r.record.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);
  const blank = (cells: string[]) => cells.every((c) => c === '');
  const nonBlank = records.filter((r) => !blank(r.record));
  if (!nonBlank.length)
    return {
      rows: [],
      rowCount: 0,
      errors: [{ line: 1, reason: 'The file is empty: the first row must name the columns (see docs/results-import.md).' }],
    };

  // --- header ---
  const [header, ...data] = nonBlank;
  const headerLine = startLine(header);
  const errors: RowError[] = [];
  const indexOf = new Map<ResultColumn, number>();
  const unlabeled = new Set<number>();
  header.record.forEach((raw, i) => {
    if (raw === '') {
      unlabeled.add(i);
      return;
    }
    const spec = RESULT_COLUMNS.find((c) => c.aliases.includes(normalizeHeader(raw)));
    if (!spec) {
      errors.push({
        line: headerLine,
        reason: `Unknown column "${raw}". The columns are: ${RESULT_COLUMNS.map((c) => c.header).join(', ')}.`,
      });
    } else if (indexOf.has(spec.column)) {
      errors.push({ line: headerLine, reason: `Column "${spec.header}" appears more than once.` });
    } else {
      indexOf.set(spec.column, i);
    }
  });
  for (const required of ['lot', 'hammer'] as const) {
    if (!indexOf.has(required)) errors.push({ line: headerLine, reason: `Missing column "${required}".` });
  }
  if (!indexOf.has('paddle') && !indexOf.has('email')) {
    errors.push({ line: headerLine, reason: 'The file needs a "paddle" or an "email" column to name the winning bidders.' });
  }
  if (errors.length) return { rows: [], rowCount: data.length, errors };
  if (data.length > maxRows) {
    return {
      rows: [],
      rowCount: data.length,
      errors: [
        {
          line: startLine(data[maxRows]),
          reason: `The file has ${data.length} rows; at most ${maxRows} are imported at once. Split it into several files.`,
        },
      ],
    };
  }

  // --- rows ---
  const rows: ResultRow[] = [];
  const firstLineOfLot = new Map<string, number>();
  for (const r of data) {
    const line = startLine(r);
    const rowErrors: RowError[] = [];
    const fail = (column: ResultColumn | undefined, reason: string) => {
      const spec = column && RESULT_COLUMNS.find((c) => c.column === column);
      rowErrors.push({ line, ...(spec ? { column: spec.header } : {}), reason });
    };
    const cell = (column: ResultColumn): string => {
      const i = indexOf.get(column);
      return i === undefined ? '' : (r.record[i] ?? '');
    };
    if (r.record.length > header.record.length) {
      fail(undefined, `This row has ${r.record.length} cells but the header names ${header.record.length} columns.`);
    }
    const stray = [...unlabeled].find((i) => (r.record[i] ?? '') !== '');
    if (stray !== undefined) fail(undefined, `Column ${stray + 1} has a value but no header.`);

    // Lot number and extension (the spec's lot rules): "12", "12A", or "12" with ext "A".
    let lotNumber: string | null = null;
    let lotExt: string | null = null;
    const lotRaw = cell('lot');
    const extRaw = cell('ext');
    const m = /^(\d+)([A-Za-z])?$/.exec(lotRaw);
    if (lotRaw === '') fail('lot', 'Item number is required.');
    else if (!m) fail('lot', 'Item number must contain numerical values only.');
    else if (m[1].length > 8) fail('lot', 'Item number must be 8 characters or less.');
    else {
      lotNumber = normalizeLotNumber(m[1]);
      lotExt = m[2] ? m[2].toUpperCase() : null;
    }
    if (extRaw !== '') {
      if (!/^[A-Za-z]$/.test(extRaw)) fail('ext', 'Item extension must be between A-Z.');
      else if (lotExt && lotExt !== extRaw.toUpperCase())
        fail('ext', `The extension "${extRaw}" differs from the one in the lot number "${lotRaw}".`);
      else if (lotNumber !== null) lotExt = extRaw.toUpperCase();
    }

    // Hammer (the spec's realized-price rules): empty or 0 is a passed lot.
    let hammerCents: number | null = null;
    const hammerRaw = cell('hammer');
    if (hammerRaw !== '') {
      const cents = parseAmountToCents(hammerRaw);
      if (cents === null) {
        if (/^[$]?[\d,]*\.\d{3,}$/.test(hammerRaw.replace(/\s/g, '')))
          fail('hammer', 'Hammer must not have more than two digits after the decimal point.');
        else fail('hammer', `Hammer must be a numerical value (got "${hammerRaw}").`);
      } else if (cents < 0) fail('hammer', 'Hammer must be greater or equal than 0.');
      else if (cents > RESULTS_MAX_HAMMER_CENTS) fail('hammer', 'Hammer must be at most 999,999,999.99.');
      else hammerCents = cents === 0 ? null : cents;
    }

    // The winning bidder.
    const text = (column: ResultColumn): string | null => {
      const v = cell(column);
      if (v === '') return null;
      const spec = RESULT_COLUMNS.find((c) => c.column === column)!;
      if (spec.maxLength && v.length > spec.maxLength) {
        fail(column, `${spec.label} must be ${spec.maxLength} characters or less.`);
        return null;
      }
      return v;
    };
    let paddle: number | null = null;
    const paddleRaw = cell('paddle');
    if (paddleRaw !== '') {
      if (!/^\d+$/.test(paddleRaw) || Number(paddleRaw) > MAX_PADDLE)
        fail('paddle', `Paddle must be a whole number from 1 to ${MAX_PADDLE} (got "${paddleRaw}").`);
      else paddle = Number(paddleRaw) || null;
    }
    let email = text('email');
    if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      fail('email', `Email "${email}" is not an e-mail address.`);
      email = null;
    }
    let channel: Platform | null = null;
    const channelRaw = cell('channel');
    if (channelRaw !== '') {
      channel = CHANNELS[channelRaw.toLowerCase()] ?? null;
      if (!channel) fail('channel', `Unknown channel "${channelRaw}": use INV, PL, AZ or Floor.`);
    }
    let country = text('country');
    if (country !== null) {
      if (!/^[A-Za-z]{2}$/.test(country)) {
        fail('country', `Country must be a two-letter code such as US (got "${country}").`);
        country = null;
      } else country = country.toUpperCase();
    }
    const details = {
      firstName: text('firstName'),
      lastName: text('lastName'),
      phone: text('phone'),
      companyName: text('company'),
      street1: text('street1'),
      street2: text('street2'),
      city: text('city'),
      stateCode: text('state')?.toUpperCase() ?? null,
      province: text('province'),
      postalCode: text('postalCode'),
      countryCode: country,
    };

    const named = paddleRaw !== '' && paddleRaw !== '0' ? true : cell('email') !== '';
    if (hammerRaw !== '' && hammerCents === null && !rowErrors.some((e) => e.column === 'hammer') && named) {
      fail('hammer', 'A hammer of 0 means the lot passed: leave the paddle and email empty, or give the hammer price.');
    } else if (hammerRaw === '' && named) {
      fail('hammer', 'Hammer is required for a lot with a winning bidder. Leave the paddle and email empty for a passed lot.');
    }

    if (lotNumber !== null) {
      const key = `${lotNumber}|${lotExt ?? ''}`;
      const first = firstLineOfLot.get(key);
      if (first !== undefined)
        fail('lot', `Lot ${lotLabel(lotNumber, lotExt)} appears more than once in the file (first on line ${first}).`);
      else firstLineOfLot.set(key, line);
    }

    if (rowErrors.length) {
      errors.push(...rowErrors);
      continue;
    }
    rows.push({
      line,
      lotNumber: lotNumber!,
      lotExt,
      lotLabel: lotLabel(lotNumber!, lotExt),
      hammerCents,
      bidder: hammerCents === null ? null : { line, paddle, email, ...details, channel },
    });
  }
  return { rows, errors, rowCount: data.length };
}
