import type ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import type { LotField, LotValues } from '@ar/rules';
import { lazyModule } from '../../../core/lazy-module';
import { STANDARD_CONSIGNOR_HEADERS, STANDARD_HEADERS } from './sheet-columns';

const exceljs = lazyModule<typeof ExcelJS>('exceljs');

/**
 * A session's lots back to the Standard format (issue 13 "Also"): exactly the columns the Standard
 * reader takes (each field's documented header, then Consignor), written so that reading the file
 * back gives the same lot. Amounts are whole currency units (the rules' own unit); a starting bid
 * the system computed is left blank (the import computes it again); text is written as text cells,
 * never formulas. Decisions: docs/decisions/lot-snapshot.md.
 */

/** A stored lot as the export reads it (columns of `lot`, the consignor's name and email). */
export interface ExportLot extends LotValues {
  /** The starting bid was computed by the system: exported blank, so a re-import computes it again. */
  startingBidComputed: boolean;
  consignorName: string | null;
  consignorEmail: string | null;
}

export type ExportCell = string | number | null;

/** Whole units as a number; a non-whole amount (never written by the rules) as its exact decimal text. */
const units = (cents: number | null): ExportCell => (cents === null ? null : cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2));

/** Characters XML 1.0 cannot hold (an xlsx is XML): dropped, the rest is written as is. */
const XML_ILLEGAL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const text = (v: string | null): ExportCell => (v === null || v === '' ? null : v.replace(XML_ILLEGAL, ''));

const FIELD_VALUE: Record<LotField, (l: ExportLot) => ExportCell> = {
  lotNumber: (l) => text(l.lotNumber),
  lotExt: (l) => (l.lotNumber === null ? null : text(l.lotExt)),
  invNumber: (l) => text(l.invNumber),
  lotTitle: (l) => text(l.title),
  lotDescription: (l) => text(l.description),
  dimensions: (l) => text(l.dimensions),
  shipLength: (l) => l.shipLength,
  shipWidth: (l) => l.shipWidth,
  shipHeight: (l) => l.shipHeight,
  shipWeight: (l) => l.shipWeight,
  shipping: (l) => units(l.shippingCents),
  shippingIntl: (l) => units(l.shippingIntlCents),
  loEst: (l) => units(l.loEstCents),
  hiEst: (l) => units(l.hiEstCents),
  startingBid: (l) => (l.startingBidComputed ? null : units(l.startingBidCents)),
  reserve: (l) => units(l.reserveCents),
  itemPrice: (l) => units(l.itemPriceCents),
  artistName: (l) => text(l.artistName),
  medium: (l) => text(l.medium),
  condition: (l) => text(l.condition),
  circa: (l) => text(l.circa),
  provenance: (l) => text(l.provenance),
  literature: (l) => text(l.literature),
  exhibited: (l) => text(l.exhibited),
  notes: (l) => text(l.notes),
};

const FIELDS = Object.keys(STANDARD_HEADERS) as LotField[];

/** The header row: each field's documented Standard header, in the documented order, then Consignor. */
export const STANDARD_EXPORT_HEADER: readonly string[] = [...FIELDS.map((f) => STANDARD_HEADERS[f][0]), STANDARD_CONSIGNOR_HEADERS[0]];

/** One lot's row, cell for cell under STANDARD_EXPORT_HEADER. The consignor by email (the reader's first match), else by name. */
export function standardRow(l: ExportLot): ExportCell[] {
  return [...FIELDS.map((f) => FIELD_VALUE[f](l)), text(l.consignorEmail) ?? text(l.consignorName)];
}

/**
 * Streams the lots as a one-sheet .xlsx into `out` (inline strings, no shared-string table, so
 * memory stays flat however many lots). `lots` may be an async source read in batches.
 */
export async function writeStandardXlsx(lots: AsyncIterable<ExportLot> | Iterable<ExportLot>, out: Writable): Promise<number> {
  const wb = new (exceljs().stream.xlsx.WorkbookWriter)({ stream: out, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('Lots');
  ws.addRow([...STANDARD_EXPORT_HEADER]).commit();
  let n = 0;
  for await (const l of lots) {
    // Text cells stay text: exceljs writes a string as a string cell, so "=1+1" or "007" is not a formula or a number.
    ws.addRow(standardRow(l)).commit();
    n++;
  }
  ws.commit();
  await wb.commit();
  return n;
}
