/**
 * The Add/Edit Charges form (spec 000 sections 2, 4 and 5): what staff type, what it means in
 * cents, and what is sent. Charge fields are numbers of at least 0 rounded to two decimals; Other
 * may be negative (a discount); amounts are parsed as decimals after stripping formatting ('$1,234.5'
 * is 1234.50). For US invoices with processor p tax is computed, so it is neither shown as a field
 * nor sent. Pure functions, unit-tested beside.
 */
import type { ChargeAmounts, InvoiceChargeBody, LotChargeBody } from '../shared/editingApi';
import type { AdditionalPriceInfo, EditableDetail, EditableInvoice } from '../shared/editingTypes';
import { additionalChargeLocked } from '../shared/editingRules';
import { CHARGE_FIELDS, CHARGE_FORM_TEXT, chargeMayBeNegative, type ChargeField } from '@ar/rules';

// The fields, labels and texts are shared with the server (@ar/rules); re-exported under the names the screens use.
export { CHARGE_FIELDS, CHARGE_LABELS, CHARGE_DEBOUNCE_MS, type ChargeField } from '@ar/rules';
export const CHARGE_TEXT = CHARGE_FORM_TEXT;

export type ParsedAmount = { cents: number; error?: undefined } | { cents?: undefined; error: string };

/**
 * '$1,234.567' -> 123457 cents (rounded half up to two decimals); '' -> 0. Anything but digits,
 * one point and a leading minus is formatting and is stripped first.
 */
export function parseChargeAmount(raw: string, allowNegative: boolean): ParsedAmount {
  const trimmed = raw.trim();
  if (trimmed === '') return { cents: 0 };
  // Formatting is currency symbols, thousands commas, spaces and accounting parentheses; anything
  // else (letters, a second minus, a minus after the digits) means it is not a number.
  if (!/^[\s$€£¥,.\d()-]+$/.test(trimmed)) return { error: CHARGE_TEXT.notANumber };
  const minus = (trimmed.match(/-/g) ?? []).length;
  const parens = /^\(.*\)$/.test(trimmed);
  if (minus > 1 || (minus === 1 && !/^[^\d.]*-/.test(trimmed)) || (parens && minus > 0) || (!parens && /[()]/.test(trimmed))) {
    return { error: CHARGE_TEXT.notANumber };
  }
  const negative = minus === 1 || parens;
  const digits = trimmed.replace(/[^\d.]/g, '');
  const m = /^(\d*)(?:\.(\d*))?$/.exec(digits);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return { error: CHARGE_TEXT.notANumber };
  const whole = m[1] || '0';
  const frac = (m[2] ?? '').padEnd(3, '0');
  let cents = Number(whole) * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) return { error: CHARGE_TEXT.notANumber };
  if (negative && cents !== 0) {
    if (!allowNegative) return { error: CHARGE_TEXT.negative };
    cents = -cents;
  }
  return { cents };
}

/** The message for an amount that does not parse (what the Form's validation shows), else undefined. */
export const amountError = (raw: string, allowNegative: boolean): string | undefined => parseChargeAmount(raw, allowNegative).error;

/** 123457 -> '1234.57'; -500 -> '-5.00' (what a field shows once normalised). */
export function centsToInput(cents: number): string {
  const abs = Math.abs(cents);
  const text = `${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** A field's text once the user pauses: two decimals when it parses, else as typed. */
export function normaliseChargeText(raw: string, field: ChargeField): string {
  const p = parseChargeAmount(raw, chargeMayBeNegative(field));
  return p.error !== undefined ? raw : centsToInput(p.cents);
}

export type ChargeTexts = Record<ChargeField, string>;

/** One row of the form: a lot (per-lot-cost editor) or the invoice (invoice-level editor, lineId null). */
export interface ChargeRowDraft {
  key: string;
  lineId: number | null;
  lotID: number | null;
  /** The amounts the row had when the form opened (cents), to send only what changed. */
  initial: Record<ChargeField, number>;
  texts: ChargeTexts;
  /** An additional charge that is paid or pending: shown, not editable. */
  locked: boolean;
}

export type ChargeErrors = Record<string, string>;

export const errorKey = (row: Pick<ChargeRowDraft, 'key'>, field: ChargeField) => `${row.key}.${field}`;

function amountsOf(info: AdditionalPriceInfo | null | undefined): Record<ChargeField, number> {
  const c = (cents: number | undefined, amount: number | undefined) =>
    typeof cents === 'number' ? cents : Math.round((amount ?? 0) * 100);
  return {
    tax: c(info?.taxCents, info?.tax),
    shipping: c(info?.shippingCents, info?.shipping),
    insurance: c(info?.insuranceCents, info?.insurance),
    other: c(info?.otherCents, info?.other),
  };
}

/**
 * Staff charges of a lot: the Tax field edits the tax staff entered (added to the computed tax),
 * Other the staff part of Other (the template fees are computed).
 */
function lineCharges(l: EditableDetail): Record<ChargeField, number> {
  const p = l.priceInfoCents;
  const fees = (l.fees ?? []).reduce((s, f) => s + f.amountCents, 0);
  if (l.enteredChargesCents) return { ...l.enteredChargesCents };
  return { tax: 0, shipping: p.shipping, insurance: p.insurance, other: p.other - fees };
}

const textsOf = (a: Record<ChargeField, number>): ChargeTexts => ({
  tax: centsToInput(a.tax),
  shipping: centsToInput(a.shipping),
  insurance: centsToInput(a.insurance),
  other: centsToInput(a.other),
});

/**
 * The form's rows for an invoice. `perLot`: the per-lot-cost editor (a row per visible lot), else
 * the invoice-level editor (one row). `additional`: the charges are additional charges (the
 * invoice is paid), so the rows hold the additional charges, locked when paid or pending.
 */
export function chargeRows(inv: EditableInvoice, perLot: boolean, additional: boolean): ChargeRowDraft[] {
  if (!perLot) {
    const initial = additional ? amountsOf(inv.additionalPriceInfo) : { ...inv.invoiceChargesCents };
    return [
      {
        key: 'invoice',
        lineId: null,
        lotID: null,
        initial,
        texts: textsOf(initial),
        locked: additional && additionalChargeLocked(inv.additionalPriceInfo),
      },
    ];
  }
  return (inv.invoiceDetails ?? [])
    .filter((l) => !l.suppress)
    .map((l) => {
      const initial = additional ? amountsOf(l.additionalPriceInfo) : lineCharges(l);
      return {
        key: `line-${l.invoiceDetailID}`,
        lineId: l.invoiceDetailID,
        lotID: l.lotID,
        initial,
        texts: textsOf(initial),
        locked: additional && additionalChargeLocked(l.additionalPriceInfo),
      };
    });
}

/** The Form's values: `rows.<rowKey>.<field>` (row keys start with a letter, so they stay object keys). */
export interface ChargeValues {
  rows: Record<string, Partial<Record<ChargeField, string | null>>>;
}

/** The Form's values of the rows as they are. */
export function chargeValues(rows: readonly ChargeRowDraft[]): ChargeValues {
  return { rows: Object.fromEntries(rows.map((r) => [r.key, { ...r.texts }])) };
}

/** The rows with what the Form holds (an emptied field is ''; a row the Form lacks keeps its texts). */
export function withTexts(rows: readonly ChargeRowDraft[], values: Partial<ChargeValues> | undefined): ChargeRowDraft[] {
  return rows.map((r) => {
    const typed = values?.rows?.[r.key];
    if (!typed) return r;
    const texts = { ...r.texts };
    for (const f of CHARGE_FIELDS) if (f in typed) texts[f] = String(typed[f] ?? '');
    return { ...r, texts };
  });
}

/** Something was typed: an amount changed, or a field holds what is not an amount. */
export function chargesDirty(rows: readonly ChargeRowDraft[], withTax: boolean): boolean {
  return changedRows(rows, withTax).length > 0 || Object.keys(validateCharges(rows, withTax)).length > 0;
}

/**
 * The server's field messages as the Form's errors: `[i].shipping` is the i-th lot sent (per-lot
 * form), `shipping` the only row; other keys are left to the dialog's alert.
 */
export function chargeServerErrors(
  errors: Record<string, string>,
  body: LotChargeBody[] | InvoiceChargeBody,
  rows: readonly ChargeRowDraft[],
): ChargeValues | undefined {
  const out: ChargeValues['rows'] = {};
  const sent = Array.isArray(body) ? body.map((b) => rows.find((r) => r.lotID === b.lotID)) : [rows[0]];
  for (const [key, message] of Object.entries(errors)) {
    const m = /^(?:\[(\d+)\]\.)?(tax|shipping|insurance|other)$/.exec(key);
    if (!m) continue;
    const row = sent[m[1] ? Number(m[1]) : 0] ?? sent[0];
    if (row) out[row.key] = { ...out[row.key], [m[2]]: message };
  }
  return Object.keys(out).length ? { rows: out } : undefined;
}

/** Every field's message (keyed `rowKey.field`); `withTax` false leaves tax out (computed). */
export function validateCharges(rows: readonly ChargeRowDraft[], withTax: boolean): ChargeErrors {
  const errors: ChargeErrors = {};
  for (const row of rows) {
    if (row.locked) continue;
    for (const f of CHARGE_FIELDS) {
      if (f === 'tax' && !withTax) continue;
      const p = parseChargeAmount(row.texts[f], chargeMayBeNegative(f));
      if (p.error !== undefined) errors[errorKey(row, f)] = p.error;
    }
  }
  return errors;
}

/** A row's amounts in cents (fields that do not parse count as their initial amount). */
export function rowCents(row: ChargeRowDraft): Record<ChargeField, number> {
  const out = { ...row.initial };
  for (const f of CHARGE_FIELDS) {
    const p = parseChargeAmount(row.texts[f], chargeMayBeNegative(f));
    if (p.error === undefined) out[f] = p.cents;
  }
  return out;
}

/** The rows whose amounts differ from what they were (tax ignored when computed). */
export function changedRows(rows: readonly ChargeRowDraft[], withTax: boolean): ChargeRowDraft[] {
  return rows.filter((r) => {
    if (r.locked) return false;
    const now = rowCents(r);
    return CHARGE_FIELDS.some((f) => (f !== 'tax' || withTax) && now[f] !== r.initial[f]);
  });
}

/** 1234.5 as the calls' decimal amount (exactly two decimals, no float arithmetic on the way). */
export const centsToAmount = (cents: number): number => Number(centsToInput(cents));

/** What the row adds up to (the preview beside the fields). */
export function rowTotal(row: ChargeRowDraft, withTax: boolean): number {
  const c = rowCents(row);
  return (withTax ? c.tax : 0) + c.shipping + c.insurance + c.other;
}

/** The fields of a row that changed, as the call's two-decimal amounts (tax left out when computed). */
export function changedAmounts(row: ChargeRowDraft, withTax: boolean): ChargeAmounts {
  const now = rowCents(row);
  const out: ChargeAmounts = {};
  for (const f of CHARGE_FIELDS) if ((f !== 'tax' || withTax) && now[f] !== row.initial[f]) out[f] = centsToAmount(now[f]);
  return out;
}

export interface ChargeSaveOptions {
  perLot: boolean;
  additional: boolean;
  withTax: boolean;
  isLastInvoice: boolean;
}

/**
 * What `POST additionalCharges` gets for the form: the per-lot form (one body per changed lot, all
 * with the invoice's version) or the invoice-level form; null when nothing changed (nothing is sent).
 */
export function chargeBodies(
  inv: EditableInvoice,
  rows: readonly ChargeRowDraft[],
  o: ChargeSaveOptions,
): LotChargeBody[] | InvoiceChargeBody | null {
  const changed = changedRows(rows, o.withTax);
  if (!changed.length) return null;
  if (!o.perLot) {
    return {
      invoiceID: inv.invoiceID,
      ...changedAmounts(changed[0], o.withTax),
      additionalCharge: o.additional,
      isLastInvoice: o.isLastInvoice,
      version: inv.version,
    };
  }
  const lines = new Map((inv.invoiceDetails ?? []).map((l) => [l.invoiceDetailID, l]));
  return changed.map((row) => {
    const line = lines.get(row.lineId as number);
    return {
      invoiceID: inv.invoiceID,
      lotID: row.lotID as number,
      suppress: line?.suppress ?? false,
      restricted: line?.restricted ?? false,
      paid: line?.paid ?? false,
      ...changedAmounts(row, o.withTax),
      additionalCharge: o.additional,
      version: inv.version,
    };
  });
}
