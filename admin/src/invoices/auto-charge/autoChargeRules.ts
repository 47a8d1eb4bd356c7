/**
 * The Auto-charge page's pure rules (spec 000 sections 2 and 5): which dates are valid, which must
 * be replaced, what the button says and which `setAutoCharge` calls a save makes. The window itself
 * is @ar/rules' (two to seven days after today in the house's time zone; the server checks the same):
 * the list answers each invoice's first eligible day, so the admin needs no time zone of its own.
 *
 * A date the invoice already had that is no longer in its window (the invoice was edited, or days
 * passed) is flagged with the spec's tooltip and must be replaced: while it is empty the button is
 * disabled and 'Select a new date to continue' shows. Any other date may be cleared, which removes it.
 */
import { AUTO_CHARGE_TEXT, autoChargeWindowFrom, parseCalendarDate, type AutoChargeEligibleInvoice } from '@ar/rules';

export interface DateRow {
  id: number;
  /** The invoice's date as saved (YYYY-MM-DD), or null. */
  saved: string | null;
  /** Its window, YYYY-MM-DD both ends included ('' when the server sent no first day: nothing is valid). */
  first: string;
  last: string;
}

/** What the picker holds per invoice id: YYYY-MM-DD, or '' when empty. */
export type DateValues = Readonly<Record<number, string>>;

export function dateRowOf(inv: Pick<AutoChargeEligibleInvoice, 'invoiceID' | 'autoChargeDate' | 'firstEligibleAutoChargeDate'>): DateRow {
  const first = parseCalendarDate(inv.firstEligibleAutoChargeDate);
  const window = first ? autoChargeWindowFrom(first) : { first: '', last: '' };
  return { id: inv.invoiceID, saved: inv.autoChargeDate ? parseCalendarDate(inv.autoChargeDate) : null, ...window };
}

/** The pickers' starting values: each invoice's saved date (even one no longer valid: it is shown flagged). */
export function initialValues(rows: readonly DateRow[]): Record<number, string> {
  return Object.fromEntries(rows.map((r) => [r.id, r.saved ?? '']));
}

export function inWindow(row: Pick<DateRow, 'first' | 'last'>, date: string): boolean {
  return !!row.first && parseCalendarDate(date) === date && date >= row.first && date <= row.last;
}

export interface RowState {
  /** The picker differs from the saved date. */
  changed: boolean;
  /** The picker holds a date outside the window: the spec's tooltip. */
  invalid: boolean;
  /** The saved date is no longer valid, so a new one is required. */
  required: boolean;
  /** Required and empty. */
  missing: boolean;
}

export function rowState(row: DateRow, value: string): RowState {
  const required = row.saved !== null && !inWindow(row, row.saved);
  return {
    changed: value !== (row.saved ?? ''),
    invalid: value !== '' && !inWindow(row, value),
    required,
    missing: required && value === '',
  };
}

/** One `setAutoCharge` call: a date (null removes it) and its invoices. */
export interface DateChange {
  autoChargeDate: string | null;
  invoiceIDs: number[];
}

export interface PageState {
  /** The button's text. */
  label: string;
  /** May the button be pressed. */
  canContinue: boolean;
  /** 'Select a new date to continue' while a required date is empty. */
  message: string | null;
  /** The calls a save makes (none: continue with no changes), dates in ascending order, removals last. */
  changes: DateChange[];
}

export function pageState(rows: readonly DateRow[], values: DateValues): PageState {
  const byDate = new Map<string, number[]>();
  let missing = false;
  let invalid = false;
  for (const row of rows) {
    const value = values[row.id] ?? row.saved ?? '';
    const s = rowState(row, value);
    missing ||= s.missing;
    invalid ||= s.invalid;
    if (s.changed) byDate.set(value, [...(byDate.get(value) ?? []), row.id]);
  }
  const changes = [...byDate.keys()]
    .sort((a, b) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map((d) => ({ autoChargeDate: d || null, invoiceIDs: byDate.get(d)! }));
  return {
    label: changes.length ? AUTO_CHARGE_TEXT.saveAndContinue : AUTO_CHARGE_TEXT.continueNoChanges,
    canContinue: !missing && !invalid,
    message: missing ? AUTO_CHARGE_TEXT.selectDate : null,
    changes,
  };
}

/** The days every row accepts (the "all invoices" picker): the latest first day to the earliest last; null when none. */
export function commonWindow(rows: readonly DateRow[]): { first: string; last: string } | null {
  if (!rows.length || rows.some((r) => !r.first)) return null;
  const first = rows.map((r) => r.first).reduce((a, b) => (a > b ? a : b));
  const last = rows.map((r) => r.last).reduce((a, b) => (a < b ? a : b));
  return first <= last ? { first, last } : null;
}
