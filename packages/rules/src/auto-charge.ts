// Auto-charge (issue 11, spec 000 "Auto-charge page"): the date window and the texts. A date is
// valid from two to seven days after today in the house's time zone; the admin's date picker and
// the server's `setAutoCharge` check the same rule.

export const AUTO_CHARGE_MIN_DAYS = 2;
export const AUTO_CHARGE_MAX_DAYS = 7;
/** A declined auto-charge is tried again this long after the last try. */
export const AUTO_CHARGE_RETRY_MS = 24 * 60 * 60 * 1000;

export const AUTO_CHARGE_TEXT = {
  /** The spec's tooltip and the field error of `setAutoCharge`. */
  invalidDate: 'This auto-charge date is no longer valid. Please select a date 48 hours from last edit',
  title: "Automatically charge buyers' credit cards",
  selectDate: 'Select a new date to continue',
  continueNoChanges: 'Continue With No Changes',
  saveAndContinue: 'Save & Continue',
  disabled: 'Auto-charge is not enabled for this house.',
  /** The Auto-charge page when none of its invoices can be charged automatically. */
  noneEligible: 'There are no eligible invoices: none of these invoices can be charged automatically.',
  reminderSubject: (houseName: string) => `Payment reminder from ${houseName}`,
  reminderText: (p: { firstName: string; invoiceNumber: number; houseName: string; amount: string; message: string }) =>
    `Dear ${p.firstName},\n\nWe could not charge your card on file ${p.amount} for invoice #${p.invoiceNumber} from ${p.houseName}: ${p.message}\n` +
    `Please update your card or contact ${p.houseName} to arrange payment. We will try again in 24 hours.\n`,
} as const;

/**
 * One row of `POST .../invoiceGroup/{group}/autoCharge` (`data.eligibleInvoiceList`). Amounts twice,
 * as elsewhere: currency units (`total`) and integer cents (`totalCents`); dates MM/DD/YYYY.
 */
export interface AutoChargeEligibleInvoice {
  invoiceID: number;
  invoiceNumber: number;
  total: number;
  totalCents: number;
  eligibleAmount: number;
  eligibleAmountCents: number;
  firstName: string;
  lastName: string;
  channel: string;
  approvalID: number;
  currencySymbol: string;
  /** MM/DD/YYYY or null. */
  autoChargeDate: string | null;
  /** MM/DD/YYYY: two days from today in the house's time zone. */
  firstEligibleAutoChargeDate: string;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const US = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** `YYYY-MM-DD` or `MM/DD/YYYY` to `YYYY-MM-DD`; null when it is not a real calendar date. */
export function parseAutoChargeDate(value: string): string | null {
  let y: number, m: number, d: number;
  const iso = ISO.exec(value);
  const us = US.exec(value);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [y, m, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return t.toISOString().slice(0, 10);
}

/** Today (YYYY-MM-DD) in an IANA time zone (UTC when the zone is unknown). The admin's date picker uses it too. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    // en-CA formats as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** `iso` (YYYY-MM-DD) plus `days`. */
export function addDays(iso: string, days: number): string {
  const t = new Date(`${iso}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/** The window of valid dates from `today`: [first, last], both YYYY-MM-DD. */
export function autoChargeWindow(today: string): { first: string; last: string } {
  return { first: addDays(today, AUTO_CHARGE_MIN_DAYS), last: addDays(today, AUTO_CHARGE_MAX_DAYS) };
}

/** The window whose first day is `first` (YYYY-MM-DD), e.g. an invoice's firstEligibleAutoChargeDate. */
export function autoChargeWindowFrom(first: string): { first: string; last: string } {
  return autoChargeWindow(addDays(first, -AUTO_CHARGE_MIN_DAYS));
}

/** The date (YYYY-MM-DD) lies from two to seven days after `today`. */
export function autoChargeDateInWindow(date: string, today: string): boolean {
  const { first, last } = autoChargeWindow(today);
  return date >= first && date <= last;
}
