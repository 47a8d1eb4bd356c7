/**
 * Payments and Collections (pactsReports; docs/reports.md "Payments and Collections"): per buyer of
 * the session and invoice, how far the buyer paid and collected. Invoice figures (total, paid,
 * balance, status) are the invoice's own, as the invoice list shows them; the session's lots on the
 * invoice are summed from their invoice lines. Lots not invoiced yet get a row of their own, priced
 * as invoice creation will price them.
 */
import type { DownloadCell } from '../../core/http/file-download';
import { invoiceStatusText, shipStatus } from '../invoicing/math';
import { dayText, money, moneyOrEmpty } from './report-cells';

export const PACTS_HEADER = [
  'Paddle',
  'Last Name',
  'First Name',
  'Email',
  'Phone',
  'Channel',
  'Lots',
  'Lots Total',
  'Invoice',
  'Payment Status',
  'Sent',
  'Invoice Total',
  'Paid',
  'Balance',
  'Paid Date',
  'Payment Method',
  'Delivery',
  'Collection',
] as const;

export const PACTS_WIDTHS = [8, 18, 18, 28, 16, 8, 6, 14, 9, 16, 12, 14, 14, 14, 12, 16, 10, 11];

export const PACTS_TEXT = { notInvoiced: 'Not Invoiced', pickup: 'Pickup', shipping: 'Shipping', total: 'Total' } as const;

/** The invoice as stored (its totals are the invoice arithmetic's). */
export interface PactsInvoice {
  invoiceNumber: number;
  invoiceTotal: number;
  paymentsMade: number;
  balance: number;
  allPaid: boolean;
  onlinePaymentStat: string | null;
  sentAt: Date | null;
  paidDate: string | null;
  paymentMethod: string | null;
  pickup: boolean;
  /** Some visible line of the invoice (any session) is marked paid. */
  anyLinePaid: boolean;
}

/** One buyer's lots of the session on one invoice (or not invoiced: `invoice` null). */
export interface PactsRow {
  paddle: number;
  lastName: string;
  firstName: string;
  email: string | null;
  phone: string | null;
  channel: string;
  /** Visible lots of the session (hidden invoice lines are out of the invoice's totals, and out of here). */
  lots: number;
  /** Their line totals (invoiced) or hammer + premium + live fee (not invoiced). */
  lotsTotal: number;
  /** Of those lots, how many are shipped or picked up. */
  lotsShipped: number;
  invoice: PactsInvoice | null;
}

export function pactsCells(r: PactsRow): DownloadCell[] {
  const who: DownloadCell[] = [
    r.paddle || null,
    r.lastName,
    r.firstName,
    r.email ?? '',
    r.phone ?? '',
    r.channel,
    r.lots,
    ...money(r.lotsTotal),
  ];
  const i = r.invoice;
  if (!i) return [...who, null, PACTS_TEXT.notInvoiced, '', null, null, null, '', '', '', ''];
  const status = invoiceStatusText({
    allPaid: i.allPaid,
    onlinePaymentStat: i.onlinePaymentStat,
    sent: !!i.sentAt,
    paymentsMade: i.paymentsMade,
    outstandingBalance: i.balance,
    anyLinePaid: i.anyLinePaid,
  });
  const lines = Array.from({ length: r.lots }, (_, n) => ({ shipped: n < r.lotsShipped, hidden: false }));
  return [
    ...who,
    i.invoiceNumber,
    status,
    dayText(i.sentAt),
    ...money(i.invoiceTotal, i.paymentsMade, i.balance),
    dayText(i.paidDate),
    i.paymentMethod ?? '',
    i.pickup ? PACTS_TEXT.pickup : PACTS_TEXT.shipping,
    shipStatus({ pickup: i.pickup, lines }),
  ];
}

export async function* pactsRows(batches: AsyncIterable<readonly PactsRow[]>): AsyncGenerator<DownloadCell[]> {
  let lots = 0;
  let lotsTotal = 0;
  const inv = { total: 0, paid: 0, balance: 0, count: 0 };
  for await (const batch of batches) {
    for (const r of batch) {
      lots += r.lots;
      lotsTotal += r.lotsTotal;
      if (r.invoice) {
        inv.count += 1;
        inv.total += r.invoice.invoiceTotal;
        inv.paid += r.invoice.paymentsMade;
        inv.balance += r.invoice.balance;
      }
      yield pactsCells(r);
    }
  }
  const invoices = `${inv.count} ${inv.count === 1 ? 'invoice' : 'invoices'}`;
  yield [
    null,
    PACTS_TEXT.total,
    invoices,
    '',
    '',
    '',
    lots,
    ...money(lotsTotal),
    null,
    '',
    '',
    ...[inv.total, inv.paid, inv.balance].map(moneyOrEmpty),
    '',
    '',
    '',
    '',
  ];
}
