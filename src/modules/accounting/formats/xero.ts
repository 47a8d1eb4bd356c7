import type { AccountMapping } from '@ar/rules';
import { ordered, type DocumentSet, type MoneyDoc } from '../documents';
import { invoiceLines, settlementLines } from './document-lines';
import { decimal, file, orEmpty, postal, usDate, type ExportFile } from './format-kit';

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

export function xeroFiles(input: DocumentSet, m: AccountMapping, suffix: string): ExportFile[] {
  const set = ordered(input);
  const invoices = set.invoices.flatMap((i) =>
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
    ]),
  );
  const bills = set.settlements.flatMap((s) =>
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
    ]),
  );
  const clearing = [
    ...set.payments.map((p) => ({ d: p, sign: 1 as const, what: 'Payment' })),
    ...set.refunds.map((r) => ({ d: r, sign: -1 as const, what: 'Refund' })),
  ]
    .sort((a, b) => (a.d.date < b.d.date ? -1 : a.d.date > b.d.date ? 1 : a.d.id - b.d.id))
    .map(({ d, sign, what }) => bankRow(d, sign, what));
  const payouts = set.payouts.map((p) => bankRow(p, -1, 'Payout'));
  return [
    file(`xero-sales-invoices-${suffix}.csv`, XERO_SALES_INVOICE_HEADER, invoices),
    file(`xero-bills-${suffix}.csv`, XERO_BILL_HEADER, bills),
    file(`xero-payments-${suffix}.csv`, XERO_BANK_HEADER, clearing),
    file(`xero-payouts-${suffix}.csv`, XERO_BANK_HEADER, payouts),
  ];
}
