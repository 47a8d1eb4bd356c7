/**
 * Edit Realized Prices (spec 001 sections 2, 4, 5, 6, 7, 9): the texts, the realized-price rule,
 * the check of uploaded rows against the session's lots, and who may edit. Pure, so the server
 * (which has the last word) and the admin's item list (which re-checks a row after an edit) share
 * it. Amounts are integer cents. Decisions: docs/decisions/realized-prices.md.
 */
import { LOT_TEXT } from './lot-rules';
import { BREAKING_CODES, SHEET_CODES, type SheetError, type SheetWarning } from './lot-sheet';
import { REALIZED_PRICE_EDIT_DAYS } from './sales-calendar';

export const REALIZED_TEXT = {
  required: 'Realized price is required. Please use zero for unsold item.',
  numeric: 'Must be a numerical value.',
  decimals: 'Realized price must not have more than two digits after the decimal point.',
  negative: 'Realized Price must be greater or equal than 0.',
  notInCatalog: 'This lot number was not a part of this catalog.',
  passed: 'Passed',
  /** Ours: the spec gives no upper limit; bigint cents stay exact far beyond it. */
  tooLarge: 'Realized price must be 999,999,999.99 or less.',
  /** Ours: a lot listed twice in one file. */
  duplicate: 'This lot appears more than once in this file.',
  /** Ours: a row with neither a lot number nor an inventory number (code 108, breaking). */
  numberMissing: 'Lot number is required.',
  publishQuestion: "Do these realized prices include the buyer's premium?",
  publishTitle: 'Publish Realized Prices',
  /** Ours: the server's refusals (the spec only hides the page). */
  onlineOnly: 'Realized prices cannot be edited for online-only accounts.',
  tooLate: `Realized prices can only be edited up to ${REALIZED_PRICE_EDIT_DAYS} days after the session.`,
  notStarted: 'Realized prices can be entered once the session has started.',
  sessionNotFound: 'Session not found.',
  published: 'Realized prices published.',
} as const;

/** Steps of the page's route (001 section 4: "Step 1 to 6 from the route (out of range becomes 1)"). */
export const REALIZED_STEPS = 6;
export function realizedStep(raw: string | number | null | undefined): number {
  const n = typeof raw === 'number' ? raw : /^\d+$/.test(String(raw ?? '')) ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= REALIZED_STEPS ? n : 1;
}

export const REALIZED_MAX_CENTS = 99_999_999_999;

export type RealizedPriceCheck = { ok: true; cents: number } | { ok: false; message: string };

/**
 * A realized price as typed or read from a sheet: "1250", "1,250.50", "$1250.5", 0 (unsold).
 * The spec's order: required, numerical, two decimals, not negative.
 */
export function checkRealizedPrice(raw: string | number | null | undefined): RealizedPriceCheck {
  if (raw === null || raw === undefined) return { ok: false, message: REALIZED_TEXT.required };
  let t = String(raw).trim();
  if (t === '') return { ok: false, message: REALIZED_TEXT.required };
  t = t.replace(/^(-?)\s*[$€£¥]\s*/, '$1');
  if (/^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(t)) t = t.replace(/,/g, '');
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(t);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return { ok: false, message: REALIZED_TEXT.numeric };
  const fraction = m[3] ?? '';
  if (fraction.length > 2) return { ok: false, message: REALIZED_TEXT.decimals };
  const whole = m[2].replace(/^0+(?=\d)/, '') || '0';
  if (whole.length > 9) return m[1] ? { ok: false, message: REALIZED_TEXT.negative } : { ok: false, message: REALIZED_TEXT.tooLarge };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (m[1] && cents > 0) return { ok: false, message: REALIZED_TEXT.negative };
  return { ok: true, cents };
}

/** What the item list shows for a checked price: zero is an unsold lot, "Passed". */
export function realizedDisplay(cents: number): string {
  if (cents === 0) return REALIZED_TEXT.passed;
  return (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export type RealizedAccess = 'ok' | 'onlineOnly' | 'tooLate' | 'notStarted';

/**
 * Who may edit a session's realized prices (001 section 6): never an online-only house; a
 * non-super user only up to 45 days after the session's start; nobody before it starts (ours).
 */
export function realizedAccess(v: { isOnlineOnly: boolean; isSuperUser: boolean }, sessionStart: Date | string, now: Date): RealizedAccess {
  if (v.isOnlineOnly) return 'onlineOnly';
  const since = now.getTime() - new Date(sessionStart).getTime();
  if (since < 0) return 'notStarted';
  if (!v.isSuperUser && since > REALIZED_PRICE_EDIT_DAYS * 86_400_000) return 'tooLate';
  return 'ok';
}

/** A realized-price row (001 section 3) as uploaded or typed; `id` is its sheet row. */
export interface RealizedRowInput {
  id?: number;
  lotNumber?: string | number | null;
  lotExt?: string | null;
  invNumber?: string | null;
  realizedPrice?: string | number | null;
}

/** A lot of the session, as the check needs it. */
export interface RealizedLotKey {
  lotID: number;
  lotNumber: string | null;
  lotExt: string | null;
  invNumber: string | null;
  lotTitle: string;
}

/** A checked row: the lot it names (when found) and its price in cents (when valid). */
export interface RealizedRow {
  id: number;
  lotNumber: string | null;
  lotExt: string | null;
  invNumber: string | null;
  realizedPrice: string;
  lotID: number | null;
  lotTitle: string | null;
  realizedCents: number | null;
}

export type RealizedField = 'lotNumber' | 'lotExt' | 'realizedPrice';

export interface RealizedCheck {
  rows: RealizedRow[];
  errors: (Omit<SheetError, 'field'> & { field: RealizedField | null })[];
  warnings: SheetWarning[];
  breaking: boolean;
}

const text = (v: unknown): string | null => {
  const t = v === null || v === undefined ? '' : String(v).trim();
  return t === '' ? null : t;
};
const canonical = (n: string) => n.replace(/^0+(?=\d)/, '');
export const realizedKey = (n: string, ext: string | null) => `${canonical(n)}|${(ext ?? '').toUpperCase()}`;

/** The field errors of one row, keyed by field, in the spec's words. */
export function realizedRowErrors(row: RealizedRowInput, lots: readonly RealizedLotKey[] | null): Partial<Record<RealizedField, string>> {
  return rowCheck(row, lots ? index(lots) : null).errors;
}

interface LotIndex {
  byNumber: Map<string, RealizedLotKey>;
  byInv: Map<string, RealizedLotKey>;
}

function index(lots: readonly RealizedLotKey[]): LotIndex {
  return {
    byNumber: new Map(lots.filter((l) => l.lotNumber !== null).map((l) => [realizedKey(l.lotNumber!, l.lotExt), l])),
    byInv: new Map(lots.filter((l) => l.invNumber).map((l) => [l.invNumber!.toUpperCase(), l])),
  };
}

function rowCheck(row: RealizedRowInput, idx: LotIndex | null) {
  const errors: Partial<Record<RealizedField, string>> = {};
  const lotNumber = text(row.lotNumber);
  const extRaw = text(row.lotExt);
  const lotExt = extRaw === null ? null : extRaw.toUpperCase();
  const invNumber = text(row.invNumber);
  let lot: RealizedLotKey | undefined;
  let missing = false;
  if (lotNumber === null) {
    if (invNumber === null) missing = true;
    else if (idx && !(lot = idx.byInv.get(invNumber.toUpperCase()))) errors.lotNumber = REALIZED_TEXT.notInCatalog;
  } else if (!/^\d+$/.test(lotNumber)) errors.lotNumber = LOT_TEXT.numberDigits;
  else if (lotNumber.length > 8) errors.lotNumber = LOT_TEXT.numberTooLong;
  else if (lotExt !== null && !/^[A-Z]$/.test(lotExt)) errors.lotExt = LOT_TEXT.extension;
  else if (idx && !(lot = idx.byNumber.get(realizedKey(lotNumber, lotExt)))) errors.lotNumber = REALIZED_TEXT.notInCatalog;
  if (missing) errors.lotNumber = REALIZED_TEXT.numberMissing;
  const price = checkRealizedPrice(row.realizedPrice);
  if (!price.ok) errors.realizedPrice = price.message;
  return { errors, missing, lotNumber, lotExt, invNumber, lot, cents: price.ok ? price.cents : null };
}

const CODE_OF: Record<string, number> = {
  [REALIZED_TEXT.required]: SHEET_CODES.priceMissing,
  [REALIZED_TEXT.negative]: SHEET_CODES.pricePositive,
  [REALIZED_TEXT.notInCatalog]: 149,
  [LOT_TEXT.numberDigits]: SHEET_CODES.numberFormat,
  [LOT_TEXT.numberTooLong]: SHEET_CODES.numberFormat,
  [LOT_TEXT.extension]: SHEET_CODES.numberRelated,
  [REALIZED_TEXT.numberMissing]: SHEET_CODES.numberMissing,
};

/**
 * Every row of an upload (or of the item list) against the session's lots: the spec's error
 * objects (code 149 for a lot not in the session, 118/119/142 for the price, 108 breaking),
 * plus duplicates (110, ours). Rows keep their order; a row with errors still lists for review.
 */
export function checkRealizedRows(rows: readonly RealizedRowInput[], lots: readonly RealizedLotKey[]): RealizedCheck {
  const idx = index(lots);
  const out: RealizedRow[] = [];
  const errors: RealizedCheck['errors'] = [];
  const seen = new Set<number>();
  rows.forEach((row, i) => {
    const id = row.id ?? i + 1;
    const r = rowCheck(row, idx);
    const err = (field: RealizedField, message: string, code = CODE_OF[message] ?? SHEET_CODES.numberFormatKind) =>
      errors.push({
        errorCode: code,
        displayMsg: message,
        lotNumber: r.lotNumber === null ? null : `${r.lotNumber}${r.lotExt ?? ''}`,
        invNumber: r.invNumber,
        referenceMsg: code === SHEET_CODES.numberFormatKind ? 'realizedPrice' : null,
        row: id,
        field,
      });
    for (const [field, message] of Object.entries(r.errors) as [RealizedField, string][]) err(field, message);
    if (r.lot && !r.errors.lotNumber) {
      if (seen.has(r.lot.lotID)) err('lotNumber', REALIZED_TEXT.duplicate, SHEET_CODES.duplicateNumber);
      seen.add(r.lot.lotID);
    }
    out.push({
      id,
      lotNumber: r.lotNumber,
      lotExt: r.lotNumber === null ? null : r.lotExt,
      invNumber: r.invNumber,
      realizedPrice: text(row.realizedPrice) ?? '',
      lotID: r.lot?.lotID ?? null,
      lotTitle: r.lot?.lotTitle ?? null,
      realizedCents: r.cents,
    });
  });
  return { rows: out, errors, warnings: [], breaking: errors.some((e) => BREAKING_CODES.includes(e.errorCode)) };
}
