import { SHEET_CODES, SHEET_TEXT, type LotField, type SheetError } from '@ar/rules';
import type { SheetLotInput } from './sheet-consignors';
import type { Sheet } from './sheet-reader';

/**
 * Header names to lot fields, for the two formats (docs/decisions/lot-spreadsheets.md lists them).
 * Headers compare lower-case with spaces and punctuation removed ("Low Est.", "low_estimate" and
 * "LOW ESTIMATE" are one header). The first header matching a field takes it; columns matching no
 * field are ignored; a column with values but no header is code 166 (breaking).
 */
export type SheetFormat = 'standard' | 'auctionflex';

/** Standard: our documented header first, then the aliases other platforms' exports use. */
export const STANDARD_HEADERS: Record<LotField, readonly string[]> = {
  lotNumber: ['Lot Number', 'lot', 'lotno', 'lotnum', 'lot#', 'itemnumber', 'itemno', 'item#'],
  lotExt: ['Extension', 'ext', 'lotext', 'lotextension', 'suffix', 'lotsuffix'],
  invNumber: ['Inventory Number', 'invnumber', 'inventory', 'inventoryno', 'inv', 'invno', 'inv#', 'sku', 'stocknumber'],
  lotTitle: ['Title', 'lottitle', 'itemtitle', 'name', 'lead', 'headline'],
  lotDescription: ['Description', 'lotdescription', 'itemdescription', 'desc', 'fulldescription'],
  dimensions: ['Dimensions', 'size', 'measurements', 'dimension'],
  shipLength: ['Ship Length', 'shippinglength', 'packagelength', 'length'],
  shipWidth: ['Ship Width', 'shippingwidth', 'packagewidth', 'width'],
  shipHeight: ['Ship Height', 'shippingheight', 'packageheight', 'height'],
  shipWeight: ['Ship Weight', 'shippingweight', 'totalweight', 'weight', 'packageweight'],
  shipping: ['Shipping Domestic', 'shipping', 'domesticshipping', 'shippingcost', 'shippingdomesticcost'],
  shippingIntl: ['Shipping International', 'shippingintl', 'internationalshipping', 'intlshipping'],
  loEst: ['Low Estimate', 'loest', 'lowest', 'estlow', 'estimatelow', 'low', 'lowestimateusd'],
  hiEst: ['High Estimate', 'hiest', 'highest', 'esthigh', 'estimatehigh', 'high', 'highestimateusd'],
  startingBid: ['Starting Bid', 'startbid', 'openingbid', 'openbid', 'startingprice', 'startprice'],
  reserve: ['Reserve', 'reserveprice', 'reserveamount'],
  itemPrice: ['BIN Price', 'price', 'buynowprice', 'buynow', 'itemprice', 'buyitnowprice', 'fixedprice'],
  artistName: ['Artist', 'artistname', 'maker', 'creator', 'designer'],
  medium: ['Medium', 'materials', 'material'],
  condition: ['Condition', 'conditionreport'],
  circa: ['Circa', 'period', 'date', 'year', 'era'],
  provenance: ['Provenance'],
  literature: ['Literature', 'references', 'bibliography'],
  exhibited: ['Exhibited', 'exhibition', 'exhibitions', 'exhibitionhistory'],
  notes: ['Notes', 'note', 'internalnotes', 'comments'],
};

/**
 * Auction Flex's lot export (its column headers, one table): Lot# / Lot Suffix / Inv# / Lead /
 * Description / Low Est / High Est / Starting Bid / Reserve / Dimensions / ... Columns of the
 * export we have no field for (Consignor, Qty, Category, Tax, Buyer, ...) are ignored.
 */
export const AUCTIONFLEX_HEADERS: Record<LotField, readonly string[]> = {
  lotNumber: ['Lot#', 'lotnum', 'lotnumber', 'lot'],
  lotExt: ['Lot Suffix', 'suffix', 'lotext', 'ext'],
  invNumber: ['Inv#', 'invnum', 'inventorynumber', 'inventory'],
  lotTitle: ['Lead', 'title', 'leadline'],
  lotDescription: ['Description', 'desc', 'longdescription'],
  dimensions: ['Dimensions', 'size'],
  shipLength: ['Ship Length', 'length'],
  shipWidth: ['Ship Width', 'width'],
  shipHeight: ['Ship Height', 'height'],
  shipWeight: ['Ship Weight', 'weight'],
  shipping: ['Shipping', 'shippingcharge'],
  shippingIntl: ['Intl Shipping', 'internationalshipping'],
  loEst: ['Low Est', 'lowestimate', 'estlow'],
  hiEst: ['High Est', 'highestimate', 'esthigh'],
  startingBid: ['Starting Bid', 'startbid', 'openingbid', 'minbid'],
  reserve: ['Reserve', 'reserveprice'],
  itemPrice: ['Buy Now Price', 'buynow', 'price'],
  artistName: ['Artist', 'maker'],
  medium: ['Medium'],
  condition: ['Condition', 'conditionreport'],
  circa: ['Circa', 'era', 'period'],
  provenance: ['Provenance'],
  literature: ['Literature'],
  exhibited: ['Exhibited'],
  notes: ['Notes', 'internalnotes', 'memo'],
};

/** Standard only: the lot's consignor, by name or email (sheet-consignors.ts). Auction Flex's Consignor column is its own consignor number, so it stays ignored. */
export const STANDARD_CONSIGNOR_HEADERS: readonly string[] = ['Consignor', 'consignorname', 'consignoremail', 'seller'];

/** Lower case, letters and digits only ("Lot #" -> "lot", "Low Est." -> "lowest"). Accents dropped. */
export const normalizeHeader = (h: string): string =>
  h
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const AMOUNT_FIELDS: readonly LotField[] = ['loEst', 'hiEst', 'startingBid', 'reserve', 'itemPrice', 'shipping', 'shippingIntl'];

/**
 * Amounts as spreadsheets write them: "$1,250", "1,250.00" and "1250.0" are 1250. Only a
 * currency sign, thousands commas and a zero fraction are taken away; anything else is left for
 * the rules to refuse with their message ("1250.50" is not a whole number).
 */
export function normalizeAmount(v: string): string {
  let t = v.trim().replace(/^[$€£¥]\s*/, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, '');
  return /^\d+\.0+$/.test(t) ? t.replace(/\.0+$/, '') : t;
}

/**
 * Error 166 for each column that has values but no header, at its first value: every sheet the
 * product reads (lots, realized prices, consignors) refuses it alike.
 */
export function unlabeledColumnErrors(sheet: Sheet): SheetError[] {
  const errors: SheetError[] = [];
  const widest = sheet.rows.reduce((w, r) => Math.max(w, r.cells.length), sheet.header.length);
  for (let c = 0; c < widest; c++) {
    if ((sheet.header[c] ?? '').trim() !== '') continue;
    const first = sheet.rows.find((r) => (r.cells[c] ?? '').trim() !== '');
    if (first)
      errors.push({
        errorCode: SHEET_CODES.unlabeledColumn,
        displayMsg: SHEET_TEXT.unlabeledColumn(columnLetter(c)),
        lotNumber: null,
        invNumber: null,
        referenceMsg: columnLetter(c),
        row: first.row,
        field: null,
      });
  }
  return errors;
}

const columnLetter = (i: number): string => {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};

export interface MappedSheet {
  lots: (SheetLotInput & { id: number })[];
  /** File-level errors (166). */
  errors: SheetError[];
  /** Which header went to which field (for the CLI's report). */
  columns: Partial<Record<LotField | 'consignor', string>>;
}

export function mapSheet(sheet: Sheet, format: SheetFormat): MappedSheet {
  const table = format === 'auctionflex' ? AUCTIONFLEX_HEADERS : STANDARD_HEADERS;
  const lookup = new Map<string, LotField>();
  for (const [field, names] of Object.entries(table) as [LotField, readonly string[]][])
    for (const n of names) if (!lookup.has(normalizeHeader(n))) lookup.set(normalizeHeader(n), field);
  const consignorHeaders = new Set(format === 'standard' ? STANDARD_CONSIGNOR_HEADERS.map(normalizeHeader) : []);
  let consignorIndex: number | undefined;
  const index: Partial<Record<LotField, number>> = {};
  const columns: Partial<Record<LotField | 'consignor', string>> = {};
  sheet.header.forEach((h, i) => {
    if (consignorIndex === undefined && consignorHeaders.has(normalizeHeader(h))) {
      consignorIndex = i;
      columns.consignor = h;
      return;
    }
    const field = lookup.get(normalizeHeader(h));
    if (field && index[field] === undefined) {
      index[field] = i;
      columns[field] = h;
    }
  });

  const errors = unlabeledColumnErrors(sheet);

  const entries = Object.entries(index) as [LotField, number][];
  const lots = sheet.rows.map((r) => {
    const lot: SheetLotInput & { id: number } = { id: r.row };
    if (consignorIndex !== undefined) lot.consignor = (r.cells[consignorIndex] ?? '').trim();
    for (const [field, i] of entries) {
      const raw = r.cells[i] ?? '';
      (lot as unknown as Record<string, unknown>)[field] = AMOUNT_FIELDS.includes(field) ? normalizeAmount(raw) : raw;
    }
    return lot;
  });
  return { lots, errors, columns };
}
