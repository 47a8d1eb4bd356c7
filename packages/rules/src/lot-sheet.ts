/**
 * Lot spreadsheet upload (spec 001 sections 4, 5, 7 and 8 "Spreadsheet error codes"): the error
 * objects, the pre-upload file check and the check of a whole sheet of lots. Pure, so the server
 * (which has the last word) and the admin's review list (which recomputes duplicates after an
 * edit or a delete) share it. Each lot goes through the Lot page's own rules (validateLot); this
 * file maps their messages to the spreadsheet codes and adds the cross-row checks.
 * Decisions: docs/decisions/lot-spreadsheets.md.
 */
import { LOT_TEXT, validateLot, type LotField, type LotInput, type LotSaleType } from './lot-rules';

/** The spec's error object (001 section 3 "Spreadsheet error"), plus where it is: `row` (the sheet's row) and `field`. */
export interface SheetError {
  errorCode: number;
  displayMsg: string;
  lotNumber: string | null;
  invNumber: string | null;
  /** For 142 the sub-kind (loEst, hiEst, reserve, startingBid, Illegal number format); otherwise a hint. */
  referenceMsg: string | null;
  /** The sheet's row (1 = the header row); null for an error about the whole file. */
  row: number | null;
  /** The lot field the error marks (the spec's row markers). */
  field: LotField | null;
}

/** Warnings carry errorCode and lotNumber (001 section 3); displayMsg gives the text. */
export interface SheetWarning {
  errorCode: number;
  lotNumber: string | null;
  displayMsg: string;
}

/** An uploaded lot (001 section 3 "Uploaded lot"): its id in the upload (the sheet row) plus the Lot page's fields. */
export type SheetLot = LotInput & { id: number };

export const SHEET_CODES = {
  titleMissing: 101,
  numberMissing: 108,
  numberFormat: 109,
  duplicateNumber: 110,
  numberRelated: 111,
  deletedNumber: 112,
  maxLots: 113,
  bidLock: 116,
  priceMissing: 118,
  pricePositive: 119,
  inventoryFormat: 120,
  duplicateInventory: 121,
  lowEstimate: 122,
  highEstimate: 123,
  startingBid: 124,
  reserve: 126,
  lowNotBelowHigh: 127,
  numberFormatKind: 142,
  descriptionMissing: 164,
  titleTooLong: 165,
  unlabeledColumn: 166,
  shipHeight: 170,
  shipWeight: 171,
  shipLength: 172,
  shipWidth: 173,
  numberOrInventoryMissing: 179,
  /** Ours: a free-text field over our limit (the spec has no code; the client shows our text). */
  tooLong: 180,
} as const;

/** Codes that block the whole upload: only the error panels show (001 section 4). */
export const BREAKING_CODES: readonly number[] = [SHEET_CODES.numberMissing, SHEET_CODES.unlabeledColumn];

/** Lots per session (ours: the spec names the cap without its number). */
export const LOT_SHEET_MAX_LOTS = 10_000;

export const SHEET_TEXT = {
  maxLots: (n: number) => `You have reached your maximum of ${n} lots for this sale.`,
  maxLotsUploaded: (n: number) => `Your first ${n} lots have been uploaded. Please create a new session to add additional items.`,
  bidLock: 'Your starting bid / reserve cannot be updated after a bid has been placed on a lot.',
  missingNumber: 'Missing Lot or Inventory Number',
  missingNumberCount: (n: number) =>
    `${n} lot${n === 1 ? '' : 's'} ${n === 1 ? 'has' : 'have'} neither a lot number nor an inventory number.`,
  /** Ours (the spec gives the codes' meanings, not their texts). */
  duplicateNumber: 'Duplicate lot number: it appears more than once in this file.',
  duplicateInventory: 'Duplicate inventory number: it appears more than once in this file.',
  unlabeledColumn: (column: string) => `Column ${column} has values but no header. Label every column, or delete it.`,
  numberFormat: 'Illegal number format',
  uploadFailed: (n: number) => `Upload Failed: ${n} Total Error(s)`,
  success: 'Your file upload was a success!',
  timeoutTitle: 'Your file upload has timed out.',
  timeout: 'Please verify you are connected to the internet and that you are attaching a file in the correct format',
  gatewayTitle: 'Gateway timeout',
  gateway: 'There has been a loss of connection.  Please re-upload and try again.',
} as const;

/** Catalog files (001 section 5 "Pre-upload file check", section 9). */
export const CATALOG_FILE = { maxBytes: 50 * 1024 * 1024, maxNameLength: 100, types: ['.csv', '.xls', '.xlsx'] } as const;

export const CATALOG_FILE_TEXT = {
  invalidType: `Invalid file type. Accepted file types: ${CATALOG_FILE.types.join(', ')}`,
  tooLarge: 'The file cannot exceed 50 MB.',
  nameTooLong: 'File name exceeds 100 characters.',
  /** Ours: the spec states the two name rules without their texts. */
  oneDot: 'The file name may contain only one ".", before its extension.',
  nameCharacters: 'The file name may contain only letters, digits, - and _ (no spaces).',
} as const;

/** The pre-upload check of one catalog file: null when it passes, else the spec's message. */
export function checkCatalogFile(file: { name: string; size: number } | null | undefined): string | null {
  if (!file || !file.name) return CATALOG_FILE_TEXT.invalidType;
  const name = file.name;
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot).toLowerCase();
  if (!(CATALOG_FILE.types as readonly string[]).includes(ext)) return CATALOG_FILE_TEXT.invalidType;
  if (file.size > CATALOG_FILE.maxBytes) return CATALOG_FILE_TEXT.tooLarge;
  if (name.split('.').length !== 2) return CATALOG_FILE_TEXT.oneDot;
  if (!/^[A-Za-z0-9_-]+$/.test(name.slice(0, dot))) return CATALOG_FILE_TEXT.nameCharacters;
  if (name.length > CATALOG_FILE.maxNameLength) return CATALOG_FILE_TEXT.nameTooLong;
  return null;
}

/** What a Lot page message means in the sheet: its code and, for 142, its sub-kind. */
function codeOf(field: LotField, message: string, saleType: LotSaleType): { code: number; ref: string | null } {
  const T = LOT_TEXT;
  const C = SHEET_CODES;
  switch (field) {
    case 'lotNumber':
      if (message === T.numberRequired) return { code: C.numberMissing, ref: null };
      if (message === T.numberOrInventoryRequired) return { code: C.numberOrInventoryMissing, ref: null };
      if (message === T.numberDeleted) return { code: C.deletedNumber, ref: null };
      if (message === T.numberInUse) return { code: C.duplicateNumber, ref: null };
      return { code: C.numberFormat, ref: null };
    case 'lotExt':
      return { code: C.numberRelated, ref: null };
    case 'invNumber':
      return { code: message === T.inventoryInUse ? C.duplicateInventory : C.inventoryFormat, ref: null };
    case 'lotTitle':
      return { code: message === T.titleRequired ? C.titleMissing : C.titleTooLong, ref: null };
    case 'lotDescription':
      return { code: message === T.descriptionRequired ? C.descriptionMissing : C.tooLong, ref: null };
    case 'shipHeight':
      return { code: C.shipHeight, ref: null };
    case 'shipWeight':
      return { code: C.shipWeight, ref: null };
    case 'shipLength':
      return { code: C.shipLength, ref: null };
    case 'shipWidth':
      return { code: C.shipWidth, ref: null };
    case 'shipping':
    case 'shippingIntl':
      return { code: C.numberFormatKind, ref: SHEET_TEXT.numberFormat };
    case 'loEst':
      if (message === T.lowBelowHigh) return { code: C.lowNotBelowHigh, ref: null };
      return message === T.lowWhole ? { code: C.lowEstimate, ref: null } : { code: C.numberFormatKind, ref: 'loEst' };
    case 'hiEst':
      return message === T.highWhole ? { code: C.highEstimate, ref: null } : { code: C.numberFormatKind, ref: 'hiEst' };
    case 'startingBid':
      return message === T.startingBidWhole ? { code: C.startingBid, ref: null } : { code: C.numberFormatKind, ref: 'startingBid' };
    case 'reserve':
      return message === T.reserveWhole ? { code: C.reserve, ref: null } : { code: C.numberFormatKind, ref: 'reserve' };
    case 'itemPrice':
      if (message === T.priceRequired) return { code: C.priceMissing, ref: null };
      if (message === T.pricePositive) return { code: C.pricePositive, ref: null };
      return { code: C.numberFormatKind, ref: saleType === 'bin' ? SHEET_TEXT.numberFormat : null };
    default:
      return { code: C.tooLong, ref: null };
  }
}

/** The session the sheet goes into. */
export interface SheetContext {
  saleType: LotSaleType;
  connectType: string;
  /** Lots of the session not deleted: a sheet row with the same number+extension (or, unnumbered, inventory number) updates it. */
  existing: readonly { lotNumber: string | null; lotExt: string | null; invNumber: string | null; orderBids: number }[];
  /** Deleted lots of the session: their numbers stay reserved (112). */
  deleted: readonly { lotNumber: string | null; lotExt: string | null }[];
  maxLots?: number;
}

export interface SheetCheck {
  /** The lots kept (past the cap, 113, the rest are dropped), each with the sheet row as id. */
  lots: SheetLot[];
  errors: SheetError[];
  warnings: SheetWarning[];
  /** A breaking error (108, 166): only the error panels show. */
  breaking: boolean;
}

const norm = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  const t = String(v).trim();
  return t === '' ? null : t;
};
const numberKey = (n: string | null, ext: string | null) =>
  n === null ? null : `${n.replace(/^0+(?=\d)/, '')}|${(ext ?? '').toUpperCase()}`;

/**
 * Checks every lot of a sheet (or of the review list being saved): the Lot page's rules per lot,
 * then duplicates inside the sheet (110, 121), numbers of deleted lots (112), inventory numbers of
 * other lots (121), the lot cap (113) and the absentee-bid lock (116, a warning: the stored
 * starting bid and reserve stay). Lots keep their order; `id` is the row unless given.
 */
export function checkSheet(lots: readonly (LotInput & { id?: number })[], ctx: SheetContext): SheetCheck {
  const errors: SheetError[] = [];
  const warnings: SheetWarning[] = [];
  const maxLots = ctx.maxLots ?? LOT_SHEET_MAX_LOTS;
  const existingByNumber = new Map<string, SheetContext['existing'][number]>();
  const existingByInv = new Map<string, SheetContext['existing'][number]>();
  for (const e of ctx.existing) {
    const k = numberKey(e.lotNumber, e.lotExt);
    if (k) existingByNumber.set(k, e);
    if (e.invNumber) existingByInv.set(e.invNumber.toUpperCase(), e);
  }
  const deleted = new Set(ctx.deleted.map((d) => numberKey(d.lotNumber, d.lotExt)).filter((k): k is string => k !== null));

  // The cap: lots that would be new past it are dropped, with the two warning texts.
  const newCount = (l: LotInput) => {
    const k = numberKey(norm(l.lotNumber), norm(l.lotExt));
    return k ? !existingByNumber.has(k) : true;
  };
  let room = Math.max(0, maxLots - ctx.existing.length);
  const kept: SheetLot[] = [];
  let dropped = 0;
  lots.forEach((l, i) => {
    const lot: SheetLot = { ...l, id: l.id ?? i + 2 };
    if (newCount(l)) {
      if (room === 0) {
        dropped++;
        return;
      }
      room--;
    }
    kept.push(lot);
  });
  if (dropped > 0) {
    const keptNew = Math.max(0, maxLots - ctx.existing.length);
    warnings.push({ errorCode: SHEET_CODES.maxLots, lotNumber: null, displayMsg: SHEET_TEXT.maxLots(maxLots) });
    warnings.push({ errorCode: SHEET_CODES.maxLots, lotNumber: null, displayMsg: SHEET_TEXT.maxLotsUploaded(keptNew) });
  }

  const numberRows = new Map<string, number>();
  const invRows = new Map<string, number>();
  for (const l of kept) {
    const k = numberKey(norm(l.lotNumber), norm(l.lotExt));
    if (k) numberRows.set(k, (numberRows.get(k) ?? 0) + 1);
    const inv = norm(l.invNumber)?.toUpperCase();
    if (inv) invRows.set(inv, (invRows.get(inv) ?? 0) + 1);
  }

  const noNumber = kept.filter((l) => norm(l.lotNumber) === null && norm(l.invNumber) === null).length;
  for (const l of kept) {
    const lotNumber = norm(l.lotNumber);
    const lotExt = norm(l.lotExt)?.toUpperCase() ?? null;
    const invNumber = norm(l.invNumber);
    const add = (code: number, displayMsg: string, field: LotField | null, ref: string | null = null) =>
      errors.push({
        errorCode: code,
        displayMsg,
        lotNumber: lotNumber === null ? null : `${lotNumber}${lotExt ?? ''}`,
        invNumber,
        referenceMsg: ref,
        row: l.id,
        field,
      });

    const r = validateLot(l, ctx.saleType, ctx.connectType);
    const fieldErrors = r.ok ? {} : r.errors;
    for (const [field, message] of Object.entries(fieldErrors) as [LotField, string][]) {
      const { code, ref } = codeOf(field, message, ctx.saleType);
      if (code === SHEET_CODES.numberOrInventoryMissing)
        add(code, SHEET_TEXT.missingNumber, field, SHEET_TEXT.missingNumberCount(noNumber));
      else add(code, message, field, ref);
    }
    // Connect types e and p: a row needs a lot number or an inventory number (001 section 5).
    if (lotNumber === null && invNumber === null && ctx.saleType !== 'bin' && !fieldErrors.lotNumber)
      add(SHEET_CODES.numberOrInventoryMissing, SHEET_TEXT.missingNumber, 'lotNumber', SHEET_TEXT.missingNumberCount(noNumber));

    const k = fieldErrors.lotNumber || fieldErrors.lotExt ? null : numberKey(lotNumber, lotExt);
    if (k && deleted.has(k)) add(SHEET_CODES.deletedNumber, LOT_TEXT.deletedNumber(lotNumber!, lotExt), 'lotNumber');
    else if (k && (numberRows.get(k) ?? 0) > 1) add(SHEET_CODES.duplicateNumber, SHEET_TEXT.duplicateNumber, 'lotNumber');

    const inv = fieldErrors.invNumber ? null : invNumber?.toUpperCase();
    if (inv) {
      if ((invRows.get(inv) ?? 0) > 1) add(SHEET_CODES.duplicateInventory, SHEET_TEXT.duplicateInventory, 'invNumber');
      else {
        // Another lot of the session holds it: in use, unless that lot is the one this row updates.
        const holder = existingByInv.get(inv);
        const self = k ? existingByNumber.get(k) : holder && holder.lotNumber === null ? holder : undefined;
        if (holder && holder !== self) add(SHEET_CODES.duplicateInventory, LOT_TEXT.inventoryInUse, 'invNumber');
      }
    }

    const target = k ? existingByNumber.get(k) : undefined;
    if (target && target.orderBids > 0 && ctx.saleType !== 'bin' && (norm(l.startingBid) !== null || norm(l.reserve) !== null))
      warnings.push({ errorCode: SHEET_CODES.bidLock, lotNumber: `${lotNumber}${lotExt ?? ''}`, displayMsg: SHEET_TEXT.bidLock });
  }
  const breaking = errors.some((e) => BREAKING_CODES.includes(e.errorCode));
  return { lots: kept, errors, warnings, breaking };
}
