/**
 * Derived statuses and display cuts of spec section 4 (and sections 5 and 9 for the cuts).
 *
 * Precedence of the invoice status text (the spec lists the texts, not the order):
 *   Paid > Payment Pending > Payment Failed > Partial Paid > Sent > Not Sent.
 * Why: "Paid" is final and answers the question staff ask first; an online payment in flight or
 * failed is the next thing to act on and must not hide behind "Partial Paid"; "Partial Paid" beats
 * the mere sending facts. "Paid" means the invoice's all-paid flag (every visible lot paid) or
 * nothing outstanding after a payment; an unpaid additional charge added to a paid invoice shows
 * in that charge's own status, as the spec keeps a separate status for additional charges.
 *
 * Ship status: every visible lot shipped -> 'Shipped' ('Picked Up' on a pickup invoice, the spec's
 * wording for a pickup), some -> 'Partial', none (or no visible lot) -> 'Not'.
 *
 * Dates in labels are MM/DD/YYYY (spec section 9). A date given as 'YYYY-MM-DD...' is a calendar
 * date and is not shifted by any time zone; a Date object is read in UTC.
 *
 * Cuts count characters (code points), so an emoji or accented name is never split in half.
 * The group name keeps its first 50 characters and gets '...' appended ("cut with '...'
 * appended"); person names over 25 become 22 characters plus '...', 25 in all.
 */
import type { Cents } from '../../../core/money/money';

export type OnlinePaymentState = 'paid' | 'pending' | 'failed';

const ONLINE_STATES: Readonly<Record<string, OnlinePaymentState>> = {
  a: 'paid',
  p: 'pending',
  u: 'pending',
  h: 'pending',
  i: 'pending',
  d: 'failed',
  f: 'failed',
};

/** onlinePaymentStat: a paid; p, u, h, i pending; d, f failed; anything else (or none) null. */
export function onlinePaymentState(stat: string | null | undefined): OnlinePaymentState | null {
  if (!stat) return null;
  return Object.prototype.hasOwnProperty.call(ONLINE_STATES, stat) ? ONLINE_STATES[stat] : null;
}

export type InvoiceStatusText = 'Paid' | 'Payment Pending' | 'Payment Failed' | 'Partial Paid' | 'Sent' | 'Not Sent';

export interface InvoiceStatusInput {
  /** The invoice's all-paid state (every non-hidden lot paid, or the invoice marked paid). */
  allPaid: boolean;
  onlinePaymentStat?: string | null;
  /** The invoice has been sent at least once. */
  sent: boolean;
  paymentsMade: Cents;
  outstandingBalance: Cents;
  /** Some non-hidden lot is marked paid. */
  anyLinePaid?: boolean;
}

/** Something was paid: a payment, a visible lot marked paid, or a settled online payment. */
function somethingPaid(i: Omit<InvoiceStatusInput, 'sent'>): boolean {
  return i.paymentsMade > 0 || !!i.anyLinePaid || onlinePaymentState(i.onlinePaymentStat) === 'paid';
}

/**
 * "Paid" (the status text, the PAID/UNPAID filters): the all-paid state, or something paid and
 * nothing outstanding. The same rule in SQL is `invoicePaidSql` below; a test runs both on the
 * same rows (test/invoice-details/paid-rule.e2e.ts).
 */
export function invoiceIsPaid(i: Omit<InvoiceStatusInput, 'sent'>): boolean {
  return i.allPaid || (somethingPaid(i) && i.outstandingBalance <= 0);
}

/** SQL: the online payment status column `column` is in `state` (the codes of onlinePaymentState); never null. */
export function onlineStateSql(column: string, state: OnlinePaymentState): string {
  const codes = Object.keys(ONLINE_STATES).filter((k) => ONLINE_STATES[k] === state);
  return `coalesce(${column} in (${codes.map((c) => `'${c}'`).join(', ')}), false)`;
}

/**
 * `invoiceIsPaid` over the `invoice` table aliased `alias`, `anyLinePaid` from its `invoice_line`
 * rows. Never null (coalesce), so `not` of it is exactly UNPAID and ALL = UNPAID + PAID.
 */
export function invoicePaidSql(alias = 'i'): string {
  const anyLinePaid = `exists (select 1 from invoice_line pl where pl.invoice_id = ${alias}.id and pl.paid and not pl.suppress)`;
  const something = `(${alias}.payments_made_cents > 0 or ${anyLinePaid} or ${onlineStateSql(`${alias}.online_payment_stat`, 'paid')})`;
  return `coalesce(${alias}.all_paid or (${alias}.balance_cents <= 0 and ${something}), false)`;
}

export function invoiceStatusText(i: InvoiceStatusInput): InvoiceStatusText {
  const online = onlinePaymentState(i.onlinePaymentStat);
  if (invoiceIsPaid(i)) return 'Paid';
  if (online === 'pending') return 'Payment Pending';
  if (online === 'failed') return 'Payment Failed';
  if (somethingPaid(i)) return 'Partial Paid';
  return i.sent ? 'Sent' : 'Not Sent';
}

export type ShipStatus = 'Shipped' | 'Picked Up' | 'Partial' | 'Not';

export interface ShipStatusInput {
  pickup: boolean;
  lines: readonly { shipped: boolean; hidden: boolean }[];
}

export function shipStatus(i: ShipStatusInput): ShipStatus {
  const visible = i.lines.filter((l) => !l.hidden);
  const shipped = visible.filter((l) => l.shipped).length;
  if (visible.length > 0 && shipped === visible.length) return i.pickup ? 'Picked Up' : 'Shipped';
  return shipped > 0 ? 'Partial' : 'Not';
}

export type DateLike = Date | string;

export type ItemStatusLabel = 'Not Sent' | 'Sent' | 'Paid' | 'Shipped';

export interface ItemStatusInput {
  invoiceSent: boolean;
  paidDate?: DateLike | null;
  shippedDate?: DateLike | null;
}

/** Shipped wins over Paid, Paid over Sent. */
export function itemStatusLabel(i: ItemStatusInput): ItemStatusLabel {
  if (i.shippedDate) return 'Shipped';
  if (i.paidDate) return 'Paid';
  return i.invoiceSent ? 'Sent' : 'Not Sent';
}

export interface AdditionalChargeStatusInput {
  hidden?: boolean;
  paid?: boolean;
  paidDate?: DateLike | null;
  onlinePaymentStat?: string | null;
  sentDate?: DateLike | null;
}

/** Hidden, Paid {date}, Payment Pending, Payment Failed, Sent {date}, Not Sent: first that applies. */
export function additionalChargeStatus(i: AdditionalChargeStatusInput): string {
  if (i.hidden) return 'Hidden';
  const online = onlinePaymentState(i.onlinePaymentStat);
  if (i.paid || i.paidDate || online === 'paid') return i.paidDate ? `Paid ${formatUsDate(i.paidDate)}` : 'Paid';
  if (online === 'pending') return 'Payment Pending';
  if (online === 'failed') return 'Payment Failed';
  if (i.sentDate) return `Sent ${formatUsDate(i.sentDate)}`;
  return 'Not Sent';
}

/** MM/DD/YYYY. */
export function formatUsDate(d: DateLike): string {
  if (typeof d === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(d);
    if (!m) throw new RangeError(`Not a date: '${d}'`);
    return `${m[2]}/${m[3]}/${m[1]}`;
  }
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid date');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${d.getUTCFullYear()}`;
}

export const NAME_MAX = 25;
export const NAME_KEEP = 22;
export const GROUP_NAME_MAX = 50;
export const ELLIPSIS = '...';

/** Names over 25 characters: the first 22 plus '...'. */
export function truncateName(name: string): string {
  const chars = Array.from(name);
  return chars.length > NAME_MAX ? chars.slice(0, NAME_KEEP).join('') + ELLIPSIS : name;
}

/** Group names over 50 characters: the first 50 with '...' appended. */
export function truncateGroupName(name: string): string {
  const chars = Array.from(name);
  return chars.length > GROUP_NAME_MAX ? chars.slice(0, GROUP_NAME_MAX).join('') + ELLIPSIS : name;
}
