import type { AccountMapping } from '@ar/rules';
import type { DocumentSet, InvoiceDoc, MoneyDoc, SettlementDoc } from '../documents';
import { invoiceLines, settlementLines } from './document-lines';
import { filesOf, type FileSpec } from './export-files';
import { decimal, orEmpty, postal, usDate, type ExportFile } from './format-kit';

/**
 * Xero's CSV templates (sources in docs/accounting-export.md): the sales invoice template
 * (Business > Invoices > Import), the bill template (Business > Bills to pay > Import), and the
 * bank statement template for payments, refunds and payouts (Manage account > Import a statement).
 * Headers are the templates' own, asterisks (required columns) included.
 */
export const XERO_SALES_INVOICE_HEADER = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;
export const XERO_BILL_HEADER = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  '*InvoiceDate',
  '*DueDate',
  'Total',
  'InventoryItemCode',
  'Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
] as const;
export const XERO_BANK_HEADER = ['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Check Number'] as const;

/** Tax is its own line on the tax payable account, so Xero must not add any: every line is exempt. */
export const XERO_TAX_TYPE = 'Tax Exempt';

const bankRow = (d: MoneyDoc, sign: 1 | -1, what: string) => [
  usDate(d.date),
  decimal(sign * d.amountCents),
  d.party,
  `${what} ${d.kind === 'payout' ? 'of settlement' : 'on invoice'} ${d.appliesTo} (${d.method})`,
  d.number,
  d.method === 'check' ? orEmpty(d.reference) : '',
];

export const xeroInvoiceRows = (i: InvoiceDoc, m: AccountMapping) =>
  invoiceLines(i, m).map((l) => [
    i.contact.name,
    orEmpty(i.contact.email),
    ...postal(i.contact),
    i.number,
    i.saleName,
    usDate(i.date),
    usDate(i.date),
    '',
    l.description,
    '1',
    decimal(l.cents),
    '',
    l.code,
    XERO_TAX_TYPE,
    '',
    '',
    '',
    '',
    i.currency,
    '',
  ]);

/**
 * A settlement's bill rows. One the consignor owes (net due below zero) keeps its rows, its Total
 * negative: Xero imports a bill whose total is negative as a bill credit note, which is what the
 * books expect (docs/decisions/accounting-streaming.md).
 */
export const xeroBillRows = (s: SettlementDoc, m: AccountMapping) =>
  settlementLines(s, m).map((l) => [
    s.contact.name,
    orEmpty(s.contact.email),
    ...postal(s.contact),
    s.number,
    usDate(s.date),
    usDate(s.date),
    decimal(s.netDueCents),
    '',
    l.description,
    '1',
    decimal(l.cents),
    l.code,
    XERO_TAX_TYPE,
    '0.00',
    '',
    '',
    '',
    '',
    s.currency,
  ]);

export const XERO_FILES: readonly FileSpec[] = [
  {
    key: 'invoices',
    name: (x) => `xero-sales-invoices-${x}.csv`,
    header: XERO_SALES_INVOICE_HEADER,
    parts: [{ source: 'invoices', rows: xeroInvoiceRows }],
  },
  {
    key: 'bills',
    name: (x) => `xero-bills-${x}.csv`,
    header: XERO_BILL_HEADER,
    parts: [{ source: 'settlements', sign: 'any', rows: xeroBillRows }],
  },
  {
    key: 'payments',
    name: (x) => `xero-payments-${x}.csv`,
    header: XERO_BANK_HEADER,
    parts: [{ source: 'clearing', rows: (d) => [bankRow(d, d.kind === 'refund' ? -1 : 1, d.kind === 'refund' ? 'Refund' : 'Payment')] }],
  },
  {
    key: 'payouts',
    name: (x) => `xero-payouts-${x}.csv`,
    header: XERO_BANK_HEADER,
    parts: [{ source: 'payouts', rows: (d) => [bankRow(d, -1, 'Payout')] }],
  },
];

export function xeroFiles(input: DocumentSet, m: AccountMapping, suffix: string): ExportFile[] {
  return filesOf(XERO_FILES, input, m, suffix);
}
