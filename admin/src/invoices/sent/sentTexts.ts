/** Sent Invoices' words: the delivery chip, the banner, a name with its company, a balance with its currency. */
import { PREVIEW_TEXT } from '@ar/rules';
import type { StatusTone } from '../../kit/StatusChip';
import { formatAmount } from '../money';
import type { Delivery, InvoiceConfirmation } from './sentApi';

/**
 * The delivery chip of a row: Queued / Sent / Failed: reason / Not sent: reason; none when no mail was
 * asked for. Tones whose outlined text keeps AA contrast on white (the info and warning chips do not).
 */
export function deliveryChip(delivery: Delivery, reason: string | null): { label: string; tone: StatusTone } | null {
  const why = reason?.trim();
  switch (delivery) {
    case 'queued':
      return { label: 'Queued', tone: 'neutral' };
    case 'sent':
      return { label: 'Sent', tone: 'success' };
    case 'failed':
      return { label: why ? `Failed: ${why}` : 'Failed', tone: 'error' };
    case 'not_sent':
      return { label: why ? `Not sent: ${why}` : 'Not sent', tone: 'error' };
    default:
      return null;
  }
}

/** How many of the rows did not go out (no email, or the mail failed). */
export function notSentCount(rows: readonly Pick<InvoiceConfirmation, 'delivery'>[]): number {
  return rows.filter((r) => r.delivery === 'not_sent' || r.delivery === 'failed').length;
}

/** The banner: the spec's text, and when some did not go out, how many. */
export function sentBanner(total: number, notSent: number): { text: string; severity: 'success' | 'warning' } {
  if (notSent <= 0) return { text: PREVIEW_TEXT.sentBanner, severity: 'success' };
  const of = notSent === 1 ? `1 of ${total} invoices was` : `${notSent} of ${total} invoices were`;
  return { text: `${PREVIEW_TEXT.sentBanner}. ${of} not sent; see the Status column.`, severity: 'warning' };
}

/** 'Ann Lee (Lee Antiques)', or just the name. */
export function nameWithCompany(name: string, company: string | null | undefined): string {
  const c = company?.trim();
  return c ? `${name} (${c})` : name;
}

/** 'USD 1,234.50': the currency code, then the amount. */
export function balanceText(currencyCode: string, cents: number): string {
  return `${currencyCode} ${formatAmount(cents)}`;
}

/** A symbol for the totals strip from a currency code ('USD' -> '$'); the code itself when the browser has none. */
export function currencySymbol(code: string | undefined): string {
  if (!code) return '$';
  try {
    const part = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part && part.value !== code ? part.value : `${code} `;
  } catch {
    return `${code} `;
  }
}
