/**
 * Download as CSV of Invoice Group Details (spec 000 section 7: built client-side, these columns
 * exactly, file named after the group). RFC 4180 quoting, CRLF line ends, a UTF-8 byte-order mark
 * so spreadsheet programs read accented names right.
 *
 * Formula injection: a cell a spreadsheet would run as a formula (text starting with = + - @,
 * tab or carriage return) gets a single quote in front (OWASP "CSV Injection"). Amounts are the
 * only cells we write ourselves as plain numbers ('-12.50' is a number, not a formula), so a cell
 * that is exactly a decimal number is left as it is; every other cell, whoever typed it, is checked.
 */
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

const NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell made safe to open in a spreadsheet (see above). */
export function safeCell(value: string): string {
  if (NUMBER.test(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function quoteCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(cells: readonly string[]): string {
  return cells.map((c) => quoteCell(safeCell(c))).join(',');
}

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
  return `\uFEFF${[CSV_COLUMNS, ...invoices.map(invoiceCsvRow)].map(csvLine).join('\r\n')}\r\n`;
}

/** The group's name as a file name: characters no file system takes become '_'; never empty. */
export function csvFileName(groupTitle: string): string {
  const base = groupTitle
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return `${base.slice(0, 120) || 'invoices'}.csv`;
}
