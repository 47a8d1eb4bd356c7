/**
 * The Existing Invoices date range (spec 000 sections 2, 5 and 9): the URL carries `start` and
 * `end` as YYYY-MM-DD; the call takes `startDate`/`endDate` as MM/DD/YYYY. TO before FROM and a
 * date in the future are refused with the spec's texts; only an end date starts at 01/01/1989.
 */
import { INVOICE_TEXT } from './invoiceTexts';

/** Spec 000 section 9: default earliest start date when only an end date is given. */
export const EARLIEST_START = '1989-01-01';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Is this a real calendar day written YYYY-MM-DD? */
export function isIsoDate(s: string): boolean {
  const m = ISO.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1000 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Today in the browser's time zone, YYYY-MM-DD (the date pickers' maximum). */
export function localToday(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** '2026-09-07' -> '09/07/2026'. */
export function usDate(iso: string): string {
  const m = ISO.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
}

/** The message for a From/To pair, or null when the pair may be searched. Blank dates are no bound. */
export function rangeError(start: string, end: string, today: string): string | null {
  if ((start && !isIsoDate(start)) || (end && !isIsoDate(end))) return INVOICE_TEXT.badDate;
  if ((start && start > today) || (end && end > today)) return INVOICE_TEXT.futureDate;
  if (start && end && end < start) return INVOICE_TEXT.dateOrder;
  return null;
}

/** The `startDate`/`endDate` query of `GET invoiceGroups` for a valid pair (empty when no bound). */
export function rangeQuery(start: string, end: string): Record<string, string> {
  if (!start && !end) return {};
  const q: Record<string, string> = { startDate: usDate(start || EARLIEST_START) };
  if (end) q.endDate = usDate(end);
  return q;
}
