import type { AccountMapping } from '@ar/rules';
import type { DocumentSet, InvoiceDoc, MoneyDoc, SettlementDoc } from '../documents';
import { invoiceLines, settlementLines } from './document-lines';
import { filesOf, type FileSpec } from './export-files';
import { decimal, usDate, type ExportFile } from './format-kit';

/**
 * QuickBooks Online's CSV imports (sources in docs/accounting-export.md):
 * - invoices: Settings > Import data > Invoices, its sample file's headers, one row per line;
 * - bills: Settings > Import data > Bills, one row per line (the consignor is the vendor);
 * - payments, refunds and payouts: the three-column bank upload (Date, Description, Amount),
 *   uploaded into the card clearing account (payments, refunds) and the payout bank account.
 * A settlement whose net due is negative is not a bill: QuickBooks refuses a bill whose total is
 * below zero and imports no vendor credits, so it is an invoice to the consignor, a receivable
 * (docs/decisions/accounting-streaming.md).
 */
export const QBO_INVOICE_HEADER = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Terms',
  'Location',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
  'Taxable',
  'TaxRate',
] as const;
export const QBO_BILL_HEADER = [
  'Bill No',
  'Vendor',
  'Bill Date',
  'Due Date',
  'Terms',
  'Location',
  'Memo',
  'Account',
  'Line Description',
  'Line Amount',
] as const;
export const QBO_BANK_HEADER = ['Date', 'Description', 'Amount'] as const;

const moneyRow = (d: MoneyDoc, sign: 1 | -1, what: string) => [
  usDate(d.date),
  `${what} ${d.number} ${d.kind === 'payout' ? 'to' : 'from'} ${d.party}, ${d.kind === 'payout' ? 'settlement' : 'invoice'} ${d.appliesTo}, ${d.method}${d.reference ? ` ${d.reference}` : ''}`,
  decimal(sign * d.amountCents),
];

const invoiceRow = (number: string, customer: string, date: string, memo: string, code: string, description: string, cents: number) => [
  number,
  customer,
  usDate(date),
  usDate(date),
  'Due on receipt',
  '',
  memo,
  code,
  description,
  '1',
  decimal(cents),
  decimal(cents),
  'N',
  '',
];

export const qboInvoiceRows = (i: InvoiceDoc, m: AccountMapping) =>
  invoiceLines(i, m).map((l) => invoiceRow(i.number, i.contact.name, i.date, i.saleName, l.code, l.description, l.cents));

/**
 * A settlement the consignor owes (net due below zero) as an invoice to the consignor: the bill's
 * lines with their signs turned, so each account is posted as the bill would have, and the invoice's
 * total is what the consignor owes (a receivable).
 */
export const qboConsignorInvoiceRows = (s: SettlementDoc, m: AccountMapping) =>
  settlementLines(s, m).map((l) =>
    invoiceRow(s.number, s.contact.name, s.date, `${s.saleName} (owed by the consignor)`, l.code, l.description, -l.cents),
  );

export const qboBillRows = (s: SettlementDoc, m: AccountMapping) =>
  settlementLines(s, m).map((l) => [
    s.number,
    s.contact.name,
    usDate(s.date),
    usDate(s.date),
    'Due on receipt',
    '',
    s.saleName,
    l.code,
    l.description,
    decimal(l.cents),
  ]);

export const QBO_FILES: readonly FileSpec[] = [
  {
    key: 'invoices',
    name: (x) => `quickbooks-invoices-${x}.csv`,
    header: QBO_INVOICE_HEADER,
    parts: [
      { source: 'invoices', rows: qboInvoiceRows },
      { source: 'settlements', sign: 'credit', rows: qboConsignorInvoiceRows },
    ],
  },
  {
    key: 'bills',
    name: (x) => `quickbooks-bills-${x}.csv`,
    header: QBO_BILL_HEADER,
    parts: [{ source: 'settlements', sign: 'bill', rows: qboBillRows }],
  },
  {
    key: 'payments',
    name: (x) => `quickbooks-payments-${x}.csv`,
    header: QBO_BANK_HEADER,
    parts: [{ source: 'clearing', rows: (d) => [moneyRow(d, d.kind === 'refund' ? -1 : 1, d.kind === 'refund' ? 'Refund' : 'Payment')] }],
  },
  {
    key: 'payouts',
    name: (x) => `quickbooks-payouts-${x}.csv`,
    header: QBO_BANK_HEADER,
    parts: [{ source: 'payouts', rows: (d) => [moneyRow(d, -1, 'Payout')] }],
  },
];

export function quickbooksFiles(input: DocumentSet, m: AccountMapping, suffix: string): ExportFile[] {
  return filesOf(QBO_FILES, input, m, suffix);
}
