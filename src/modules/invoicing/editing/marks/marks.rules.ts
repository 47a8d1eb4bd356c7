/**
 * The rules of the paid and shipped marks (spec 000 §4, §5, §7): parsing the single and batch
 * forms of `invoicePaidOnly`, `invoicePaidOnlyByDetail`, `invoiceShippedOnly` and
 * `invoiceShippedOnlyByDetail`, their MM/DD/YY dates, and how a Paid mark turns into recorded money.
 * Pure functions: the service applies them inside InvoiceMutations.
 */
import { DomainError } from '../../../../core/errors/domain-error';
import type { Cents } from '../../../../core/money/money';
import { latestToday } from '../../groups/invoice-group-rules';
import { isOfferedPaymentMethod } from './payment-methods';
import { idFromInput } from '../../../../core/validation/int4';

export type MarkKind = 'paid' | 'shipped';
/** A whole invoice (`invoicePaidOnly`) or one lot line (`...ByDetail`). */
export type MarkScope = 'invoice' | 'line';

export interface MarkItem {
  /** Position in the request (0 for the single form): field errors name it. */
  index: number;
  invoiceId: number;
  /** The lot line (`invoiceDetailID`) for the ByDetail calls, else null. */
  lineId: number | null;
  /** Paid / shipped (true) or undo (false). */
  on: boolean;
  /** YYYY-MM-DD; set when `on`, null when undoing. */
  date: string | null;
  /** Paid marks that set paid: the method; otherwise null. */
  paymentMethodId: number | null;
  /** The invoice version the caller saw; null: not checked. */
  version: number | null;
}

export interface MarkRequest {
  /** The batch form (`{ paidInvoices: [...] }`): field errors are prefixed `paidInvoices.{i}.`. */
  batch: boolean;
  items: MarkItem[];
}

/** The most marks one batch may carry. */
export const MAX_BATCH_MARKS = 1000;
export const BATCH_FIELD = 'paidInvoices';

export const MARK_TEXT = {
  invoiceID: 'invoiceID must be the id of an invoice (a positive whole number).',
  invoiceDetailID: 'invoiceDetailID must be the id of a lot line of the invoice (a positive whole number).',
  invoiceDetailNotUsed: (call: string) => `invoiceDetailID is not used by ${call}: to mark one lot use ${call}ByDetail.`,
  flag: (field: MarkKind) => `${field} must be true or false.`,
  dateRequired: { paid: 'Please enter the date paid (MM/DD/YY).', shipped: 'Please enter the date shipped (MM/DD/YY).' },
  dateFormat: {
    paid: 'Paid date must be a valid date in the format MM/DD/YY.',
    shipped: 'Shipped date must be a valid date in the format MM/DD/YY.',
  },
  dateFuture: { paid: 'Paid date cannot be after today.', shipped: 'Shipped date cannot be after today.' },
  methodRequired: 'Please select a payment method.',
  methodUnknown: 'Please select one of the payment methods offered.',
  version: 'version must be the invoice version you saw (a positive whole number).',
  unknownField: 'Unknown field.',
  notAnObject: 'Each mark must be an object.',
  batchOrSingle: `Send either one mark or a ${BATCH_FIELD} list, not both.`,
  batchList: `${BATCH_FIELD} must be a list of 1 to ${MAX_BATCH_MARKS} marks.`,
  duplicateInvoice: 'This invoice is already marked earlier in the list.',
  duplicateLine: 'This lot is already marked earlier in the list.',
  body: 'The request body must be a JSON object.',
} as const;

// --- Dates ---------------------------------------------------------------------------------------

const US_SHORT = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;

/**
 * A mark's date: MM/DD/YY as the spec's calls send it (MM/DD/YYYY accepted too). Two-digit years
 * are 2000-2099. Answers 'YYYY-MM-DD', or null for anything that is not a real calendar day
 * (02/30/26, 13/01/26, 2026-11-02).
 */
function parseMarkDate(raw: string): string | null {
  const m = US_SHORT.exec(raw.trim());
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const d = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * "The date picker cannot go beyond today": a date after the latest calendar date on Earth right
 * now (UTC+14, as the Existing Invoices date filter decides "today") is refused, so no member of
 * staff is refused their own today whatever the server's zone.
 */
function isAfterToday(isoDate: string, now: Date = new Date()): boolean {
  return isoDate > latestToday(now);
}

// --- Parsing -------------------------------------------------------------------------------------

const positiveInt = idFromInput;

const absent = (v: unknown) => v === undefined || v === null || v === '';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The documented call's name, for messages. */
function callName(kind: MarkKind, scope: MarkScope): string {
  return `${kind === 'paid' ? 'invoicePaidOnly' : 'invoiceShippedOnly'}${scope === 'line' ? 'ByDetail' : ''}`;
}

/** The fields one mark may carry (paymentMethodID is accepted and ignored on shipped marks: the spec lists it for all four). */
function allowedFields(kind: MarkKind): Set<string> {
  return new Set(['invoiceID', 'invoiceDetailID', kind, `${kind}Date`, 'paymentMethodID', 'version']);
}

/**
 * One mark, or its field errors (keys relative to the mark). `now` decides "today".
 */
function parseItem(
  raw: unknown,
  kind: MarkKind,
  scope: MarkScope,
  index: number,
  now: Date,
): { item?: MarkItem; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!isObject(raw)) return { errors: { '': MARK_TEXT.notAnObject } };
  const allowed = allowedFields(kind);
  for (const k of Object.keys(raw)) if (!allowed.has(k)) errors[k] = MARK_TEXT.unknownField;

  const invoiceId = positiveInt(raw.invoiceID);
  if (invoiceId === null) errors.invoiceID = MARK_TEXT.invoiceID;

  let lineId: number | null = null;
  if (scope === 'line') {
    lineId = positiveInt(raw.invoiceDetailID);
    if (lineId === null) errors.invoiceDetailID = MARK_TEXT.invoiceDetailID;
  } else if (!absent(raw.invoiceDetailID) && raw.invoiceDetailID !== 0 && raw.invoiceDetailID !== '0') {
    // Marking the whole invoice when one lot was meant would be a silent, costly mistake.
    errors.invoiceDetailID = MARK_TEXT.invoiceDetailNotUsed(callName(kind, 'invoice'));
  }

  const flag = raw[kind];
  if (typeof flag !== 'boolean') errors[kind] = MARK_TEXT.flag(kind);
  const on = flag === true;

  const dateField = `${kind}Date`;
  let date: string | null = null;
  if (on) {
    const rawDate = raw[dateField];
    if (absent(rawDate) || (typeof rawDate === 'string' && !rawDate.trim())) errors[dateField] = MARK_TEXT.dateRequired[kind];
    else if (typeof rawDate !== 'string' || (date = parseMarkDate(rawDate)) === null) errors[dateField] = MARK_TEXT.dateFormat[kind];
    else if (isAfterToday(date, now)) errors[dateField] = MARK_TEXT.dateFuture[kind];
  }

  let paymentMethodId: number | null = null;
  if (kind === 'paid' && on) {
    if (absent(raw.paymentMethodID) || raw.paymentMethodID === 0 || raw.paymentMethodID === '0')
      errors.paymentMethodID = MARK_TEXT.methodRequired;
    else {
      paymentMethodId = positiveInt(raw.paymentMethodID);
      if (paymentMethodId === null || !isOfferedPaymentMethod(paymentMethodId)) errors.paymentMethodID = MARK_TEXT.methodUnknown;
    }
  }

  let version: number | null = null;
  if (!absent(raw.version)) {
    version = positiveInt(raw.version);
    if (version === null) errors.version = MARK_TEXT.version;
  }

  if (Object.keys(errors).length) return { errors };
  return { item: { index, invoiceId: invoiceId!, lineId, on, date: on ? date : null, paymentMethodId, version }, errors };
}

/**
 * The body of a mark call: the single form `{ invoiceID, invoiceDetailID?, paid|shipped,
 * paidDate|shippedDate, paymentMethodID, version? }` or the batch form `{ paidInvoices: [...] }`
 * (the spec's name, for all four calls). Every error of every mark is reported at once, as
 * `{ field: message }` (`paidInvoices.{i}.field` in a batch); one bad mark refuses the whole batch.
 * A batch may not name the same invoice (invoice marks) or the same lot (lot marks) twice.
 */
export function parseMarkRequest(raw: unknown, kind: MarkKind, scope: MarkScope, now: Date = new Date()): MarkRequest {
  if (!isObject(raw)) throw DomainError.validation({ body: MARK_TEXT.body }, MARK_TEXT.body);
  // Fields present with a value (a DTO instance may carry declared fields as undefined).
  const body: Record<string, unknown> = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
  if (!Object.hasOwn(body, BATCH_FIELD)) {
    const { item, errors } = parseItem(body, kind, scope, 0, now);
    if (!item) throw DomainError.validation(errors, Object.values(errors)[0]);
    return { batch: false, items: [item] };
  }

  const errors: Record<string, string> = {};
  const others = Object.keys(body).filter((k) => k !== BATCH_FIELD);
  for (const k of others) errors[k] = MARK_TEXT.batchOrSingle;
  const list = body[BATCH_FIELD];
  if (!Array.isArray(list) || list.length < 1 || list.length > MAX_BATCH_MARKS) {
    errors[BATCH_FIELD] = MARK_TEXT.batchList;
    throw DomainError.validation(errors, errors[BATCH_FIELD]);
  }
  const items: MarkItem[] = [];
  const seen = new Set<string>();
  list.forEach((raw, i) => {
    const prefix = `${BATCH_FIELD}.${i}`;
    const r = parseItem(raw, kind, scope, i, now);
    for (const [k, m] of Object.entries(r.errors)) errors[k ? `${prefix}.${k}` : prefix] = m;
    if (!r.item) return;
    const key = scope === 'line' ? `line:${r.item.lineId}` : `invoice:${r.item.invoiceId}`;
    if (seen.has(key))
      errors[`${prefix}.${scope === 'line' ? 'invoiceDetailID' : 'invoiceID'}`] =
        scope === 'line' ? MARK_TEXT.duplicateLine : MARK_TEXT.duplicateInvoice;
    seen.add(key);
    items.push(r.item);
  });
  if (Object.keys(errors).length) throw DomainError.validation(errors, Object.values(errors)[0]);
  return { batch: true, items };
}

/**
 * The order a batch is applied in: by invoice, then as listed. Two batches touching the same
 * invoices lock them in the same order, so they queue instead of deadlocking.
 */
export function applyOrder(items: readonly MarkItem[]): MarkItem[] {
  return [...items].sort((a, b) => a.invoiceId - b.invoiceId || a.index - b.index);
}

/** The audit action of a mark: `invoice.paid`, `line.unpaid`, `invoice.shipped`, `line.unshipped`... */
export function markAction(kind: MarkKind, scope: MarkScope, on: boolean): string {
  return `${scope}.${on ? '' : 'un'}${kind}`;
}

// --- Money of a Paid mark --------------------------------------------------------------------------

/** The online states as every editing rule reads them (core/edit-state.ts). */
export { isPendingStat as isPending, isPaidStat as isPaidOnline } from '../core/edit-state';

interface LineForAllocation {
  id: number;
  total: Cents;
  amountPaid: Cents;
  paid: boolean;
  hidden: boolean;
}

interface AdditionalForAllocation {
  id: number;
  /** Its tax + shipping + insurance + other. */
  amount: Cents;
  /** Paid already (or paid online): nothing to record. */
  paid: boolean;
  /** Hidden, or on a hidden lot: counted nowhere. */
  hidden: boolean;
}

export interface Allocation {
  /** The lot the part pays, or null. */
  lineId: number | null;
  /** The additional charge the part pays, or null. */
  additionalChargeId: number | null;
  amount: Cents;
}

/**
 * Marking a whole invoice paid records what was outstanding as offline payments: each visible lot
 * not yet paid gets what it still owes (so its amount paid is right), then each counted additional
 * charge not yet paid, and what remains of the balance (invoice-level charges) is one invoice-level
 * payment. The parts never add up to more than the balance: when earlier invoice-level payments
 * already cover some of it, the parts are filled in order until the balance is used up. Nothing is
 * recorded when nothing is outstanding.
 */
export function allocateInvoicePayment(
  balance: Cents,
  lines: readonly LineForAllocation[],
  additional: readonly AdditionalForAllocation[] = [],
): Allocation[] {
  const out: Allocation[] = [];
  let left = Math.max(0, balance);
  const take = (owed: Cents, lineId: number | null, additionalChargeId: number | null) => {
    const amount = Math.min(Math.max(0, owed), left);
    if (amount > 0) {
      out.push({ lineId, additionalChargeId, amount });
      left -= amount;
    }
  };
  for (const l of lines) if (!l.hidden && !l.paid) take(l.total - l.amountPaid, l.id, null);
  for (const a of additional) if (!a.hidden && !a.paid) take(a.amount, null, a.id);
  if (left > 0) out.push({ lineId: null, additionalChargeId: null, amount: left });
  return out;
}

/** Marking one lot paid records what the lot still owes, never more than the invoice's balance. */
export function linePaymentAmount(line: Pick<LineForAllocation, 'total' | 'amountPaid'>, invoiceBalance: Cents): Cents {
  return Math.max(0, Math.min(line.total - line.amountPaid, invoiceBalance));
}
