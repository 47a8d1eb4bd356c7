// Auto-charge (issue 11, spec 000 "Auto-charge page"): the date window and the texts. A date is
// valid from two to seven days after today in the house's time zone; the admin's date picker and
// the server's `setAutoCharge` check the same rule.

import { addDays, dateIn } from './calendar-dates';

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

/** Today (YYYY-MM-DD) in an IANA time zone (UTC when the zone is unknown). The admin's date picker uses it too. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dateIn(now, timeZone);
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
