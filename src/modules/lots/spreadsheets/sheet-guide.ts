import type ExcelJS from 'exceljs';
import { BID_INCREMENTS, LOT_LIMITS, LOT_SHEET_MAX_LOTS, type LotField } from '@ar/rules';
import { AUCTIONFLEX_HEADERS, STANDARD_CONSIGNOR_HEADERS, STANDARD_HEADERS } from './sheet-columns';
import { STANDARD_EXPORT_HEADER } from './sheet-export';
import { SHEET_MAX_COLUMNS, SHEET_MAX_ROWS } from './sheet-reader';
import { XLS_LIMITS } from './xls-reader';
import { lazyModule } from '../../../core/lazy-module';

const exceljs = lazyModule<typeof ExcelJS>('exceljs');

/**
 * The upload step's model spreadsheet and tip sheet (spec 001 "upload items": "a model spreadsheet
 * download, a tip sheet link"), both generated from the column definitions the reader uses
 * (sheet-columns.ts) and the Lot page's limits (@ar/rules), so neither can drift from what an
 * upload accepts. Every field has a rule and an example (Record types: a new field without them
 * does not compile). The example row passes the rules of every sale type.
 */
type GuideField = LotField | 'consignor';

const whole = 'A whole amount (currency sign, thousands commas and ".00" are accepted: $1,250.00).';
const digits = 'Optional. A whole number (digits only).';
const short = `Optional text, at most ${LOT_LIMITS.shortText} characters.`;
const long = `Optional text, at most ${LOT_LIMITS.longText} characters.`;

export const SHEET_COLUMN_RULES: Record<GuideField, string> = {
  lotNumber: `Live and timed sales: required. Digits only, at most ${LOT_LIMITS.lotNumber}; leading zeros are ignored when numbers are compared. A number twice in the file, or of a deleted lot, is an error. Bin sales: a lot number or an inventory number. A number already in the session updates that lot.`,
  lotExt: 'Optional. One letter A-Z added to the lot number (12A).',
  invNumber: `Optional. Letters, digits and dashes, at most ${LOT_LIMITS.invNumber}; unique in the session. Bin sales: a lot number or an inventory number.`,
  lotTitle: `Required. At most ${LOT_LIMITS.lotTitle} characters, no HTML.`,
  lotDescription: `Required. At most ${LOT_LIMITS.longText} characters; line breaks are kept.`,
  dimensions: `Optional text, at most ${LOT_LIMITS.dimensions} characters.`,
  shipLength: digits,
  shipWidth: digits,
  shipHeight: digits,
  shipWeight: digits,
  shipping: `Optional. ${whole}`,
  shippingIntl: `Bin sales only. Optional. ${whole}`,
  loEst: `Live and timed sales. Optional. ${whole} Lower than the high estimate.`,
  hiEst: `Live and timed sales. Optional. ${whole}`,
  startingBid: `Live and timed sales. Optional. ${whole} Left blank: half the low estimate rounded down to the bid increment (at least ${BID_INCREMENTS[0].step}).`,
  reserve: `Timed sales only. Optional. ${whole}`,
  itemPrice: `Bin sales only: required. ${whole} Above 0.`,
  artistName: short,
  medium: short,
  condition: long,
  circa: short,
  provenance: long,
  literature: long,
  exhibited: long,
  notes: long,
  consignor:
    'Standard format only. Optional. A consignor of the house by email or by name, as written under Consignors. Left blank, an updated lot keeps its consignor.',
};

export const SHEET_EXAMPLE: Record<GuideField, string | number | null> = {
  lotNumber: 1,
  lotExt: 'A',
  invNumber: 'INV-0001',
  lotTitle: 'Tiffany Studios "Dragonfly" table lamp',
  lotDescription: 'Leaded glass shade on a bronze base.\nSigned "Tiffany Studios New York".',
  dimensions: '22 x 16 in.',
  shipLength: 30,
  shipWidth: 24,
  shipHeight: 28,
  shipWeight: 35,
  shipping: 150,
  shippingIntl: 400,
  loEst: 8000,
  hiEst: 12000,
  startingBid: 4000,
  reserve: 7000,
  itemPrice: 9500,
  artistName: 'Tiffany Studios',
  medium: 'Leaded glass, patinated bronze',
  condition: 'Two hairline cracks to the shade.',
  circa: 'c. 1910',
  provenance: 'Private collection, New York.',
  literature: 'Duncan, Tiffany Lamps, p. 112.',
  exhibited: 'New York, 1976.',
  notes: 'Internal note: not shown to bidders.',
  consignor: null,
};

export interface SheetColumnGuide {
  header: string;
  alsoAccepted: string[];
  auctionFlex: string[];
  rule: string;
}

const FIELDS = Object.keys(STANDARD_HEADERS) as LotField[];

/** One entry per column of the model, in its order (STANDARD_EXPORT_HEADER). */
export function sheetGuide(): SheetColumnGuide[] {
  const rest = (names: readonly string[]) => names.slice(1);
  return [
    ...FIELDS.map((f) => ({
      header: STANDARD_HEADERS[f][0],
      alsoAccepted: rest(STANDARD_HEADERS[f]),
      auctionFlex: [...AUCTIONFLEX_HEADERS[f]],
      rule: SHEET_COLUMN_RULES[f],
    })),
    {
      header: STANDARD_CONSIGNOR_HEADERS[0],
      alsoAccepted: rest(STANDARD_CONSIGNOR_HEADERS),
      auctionFlex: [],
      rule: SHEET_COLUMN_RULES.consignor,
    },
  ];
}

/** The general rules, above the column table. */
export const SHEET_GENERAL_RULES: readonly string[] = [
  'Accepted files: .csv, .xls or .xlsx, at most 50 MB; the file name may use letters, digits, - and _ with one "." before the extension.',
  'The first non-empty row is the header row. Header names are matched without case, spaces or punctuation ("Lot #", "LOT NUMBER" and "lot_number" are one header); columns with other headers are ignored; a column with values but no header stops the upload.',
  'CSV: UTF-8 (with or without BOM), UTF-16 or Windows-1252, separated by commas, semicolons or tabs; quoted cells may hold line breaks. Workbooks: the first sheet is read; formulas give their result.',
  `At most ${SHEET_MAX_ROWS.toLocaleString('en-US')} rows and ${SHEET_MAX_COLUMNS} columns per file, ${LOT_SHEET_MAX_LOTS.toLocaleString('en-US')} lots per session; an .xls file at most ${XLS_LIMITS.maxBytes / 1024 / 1024} MB.`,
  'Auction Flex exports: choose the Auction Flex format; its columns are listed beside each field.',
];

let model: Promise<Buffer> | undefined;

/** The model Standard spreadsheet: the header and one example lot on the first sheet, the tip sheet's table on a second. */
export function modelSpreadsheet(): Promise<Buffer> {
  model ??= (async () => {
    const wb = new (exceljs().Workbook)();
    const lots = wb.addWorksheet('Lots');
    lots.addRow([...STANDARD_EXPORT_HEADER]).font = { bold: true };
    lots.addRow([...FIELDS.map((f) => SHEET_EXAMPLE[f]), SHEET_EXAMPLE.consignor]);
    lots.columns.forEach((c) => (c.width = 18));
    const rules = wb.addWorksheet('Column rules');
    rules.addRow(['Column', 'Also accepted', 'Auction Flex', 'Rule']).font = { bold: true };
    for (const g of sheetGuide()) rules.addRow([g.header, g.alsoAccepted.join(', '), g.auctionFlex.join(', '), g.rule]);
    rules.addRow([]);
    for (const r of SHEET_GENERAL_RULES) rules.addRow(['', '', '', r]);
    [22, 40, 26, 90].forEach((w, i) => (rules.getColumn(i + 1).width = w));
    return Buffer.from(await wb.xlsx.writeBuffer());
  })();
  return model;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The tip sheet: a small printable HTML page of the same rules. */
export function tipSheetHtml(): string {
  const rows = sheetGuide()
    .map(
      (g) =>
        `<tr><th scope="row">${esc(g.header)}</th><td>${esc(g.alsoAccepted.join(', '))}</td><td>${esc(g.auctionFlex.join(', '))}</td><td>${esc(g.rule)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lot spreadsheet tip sheet</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:24px;max-width:1100px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:4px 6px;text-align:left;vertical-align:top}thead th{background:#f3f3f3}</style>
</head><body>
<h1>Lot spreadsheet tip sheet</h1>
<ul>${SHEET_GENERAL_RULES.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>
<table><thead><tr><th>Column</th><th>Also accepted (${esc('compared without case, spaces or punctuation')})</th><th>Auction Flex</th><th>Rule</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</body></html>
`;
}
