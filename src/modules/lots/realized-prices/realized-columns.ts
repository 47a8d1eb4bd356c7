import type { RealizedRowInput, SheetError } from '@ar/rules';
import { AUCTIONFLEX_HEADERS, normalizeHeader, STANDARD_HEADERS, unlabeledColumnErrors } from '../spreadsheets/sheet-columns';
import type { Sheet } from '../spreadsheets/sheet-reader';

/**
 * The columns of a realized-prices sheet (001 section 3 "Realized-price row": lotNumber, lotExt,
 * realizedPrice, invNumber). Headers compare as in lot sheets (case, spaces and punctuation
 * ignored); the lot-sheet names of the number columns are accepted, so a house can add a price
 * column to the sheet it uploaded its lots with. Other columns are ignored.
 */
export const REALIZED_HEADERS = {
  lotNumber: [...STANDARD_HEADERS.lotNumber, ...AUCTIONFLEX_HEADERS.lotNumber],
  lotExt: [...STANDARD_HEADERS.lotExt, ...AUCTIONFLEX_HEADERS.lotExt],
  invNumber: [...STANDARD_HEADERS.invNumber, ...AUCTIONFLEX_HEADERS.invNumber],
  realizedPrice: [
    'Realized Price',
    'realized',
    'pricerealized',
    'pricesrealized',
    'hammer',
    'hammerprice',
    'soldprice',
    'saleprice',
    'sold',
    'price',
  ],
} as const;

type Column = keyof typeof REALIZED_HEADERS;

export interface MappedRealized {
  rows: (RealizedRowInput & { id: number })[];
  /** File-level errors: 166 (a column with values and no header). */
  errors: SheetError[];
}

export function mapRealizedSheet(sheet: Sheet): MappedRealized {
  const index: Partial<Record<Column, number>> = {};
  for (const [column, names] of Object.entries(REALIZED_HEADERS) as [Column, readonly string[]][]) {
    const wanted = new Set(names.map(normalizeHeader));
    const i = sheet.header.findIndex((h) => wanted.has(normalizeHeader(h)));
    if (i >= 0) index[column] = i;
  }
  const errors = unlabeledColumnErrors(sheet);
  const cell = (cells: string[], column: Column) => (index[column] === undefined ? '' : (cells[index[column]] ?? '').trim());
  const rows = sheet.rows.map((r) => ({
    id: r.row,
    lotNumber: cell(r.cells, 'lotNumber'),
    lotExt: cell(r.cells, 'lotExt'),
    invNumber: cell(r.cells, 'invNumber'),
    realizedPrice: cell(r.cells, 'realizedPrice'),
  }));
  return { rows, errors };
}
