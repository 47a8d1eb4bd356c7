/**
 * Download as CSV of Invoice Group Details (spec 000 section 7: built client-side, these columns
 * exactly, file named after the group). The writing (quoting, formula neutralising, BOM, CRLF) is
 * the admin's one CSV writer, kit/csv.ts.
 */
import { csvDocument, csvFileName as fileName } from '../kit/csv';
import type { Invoice } from './invoiceApi';
import { plainAmount } from './money';

/** Spec 000 section 7, in this order. */
export const CSV_COLUMNS = [
  'Invoice #',
  'Paddle',
  'Name',
  'Platform',
  'Address',
  'Invoice Total',
  'Outstanding Bal.',
  'Invoice Status',
  'Payment Method',
  'Payment Date',
  'Ship Status',
  'Ship Date',
] as const;

export { csvLine, quoteCell, safeCell } from '../kit/csv';

/** Street, city, state or province and postal code, country: one line. */
export function addressText(i: Pick<Invoice, 'street1' | 'street2' | 'city' | 'state' | 'province' | 'postalCode' | 'country'>): string {
  const region = [i.state || i.province, i.postalCode].filter(Boolean).join(' ');
  return [i.street1, i.street2, i.city, region, i.country]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

export function invoiceCsvRow(i: Invoice): string[] {
  return [
    String(i.invoiceNumber),
    i.paddleNumber ? String(i.paddleNumber) : '',
    [i.firstName, i.lastName].filter(Boolean).join(' ') || i.name,
    i.platform ?? '',
    addressText(i),
    plainAmount(i.invoiceTotalCents),
    plainAmount(i.outStandingBalanceCents),
    i.invoiceStatus ?? '',
    i.paymentMethod ?? '',
    i.paidDateString ?? '',
    i.shipStatus ?? '',
    i.shipDateString ?? '',
  ];
}

/** The whole file: BOM, header, one line per invoice, CRLF after each line. */
export function invoicesCsv(invoices: readonly Invoice[]): string {
  return csvDocument(CSV_COLUMNS, invoices.map(invoiceCsvRow));
}

/** The group's name as a file name: characters no file system takes become '_'; never empty. */
export const csvFileName = (groupTitle: string): string => fileName(groupTitle, 'invoices');
