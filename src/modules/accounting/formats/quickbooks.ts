import type { AccountMapping } from '@ar/rules';
import { ordered, type DocumentSet, type MoneyDoc } from '../documents';
import { invoiceLines, settlementLines } from './document-lines';
import { decimal, file, usDate, type ExportFile } from './format-kit';

/**
 * QuickBooks Online's CSV imports (sources in docs/accounting-export.md):
 * - invoices: Settings > Import data > Invoices, its sample file's headers, one row per line;
 * - bills: Settings > Import data > Bills, one row per line (the consignor is the vendor);
 * - payments, refunds and payouts: the three-column bank upload (Date, Description, Amount),
 *   uploaded into the card clearing account (payments, refunds) and the payout bank account.
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

export function quickbooksFiles(input: DocumentSet, m: AccountMapping, suffix: string): ExportFile[] {
  const set = ordered(input);
  const invoices = set.invoices.flatMap((i) =>
    invoiceLines(i, m).map((l) => [
      i.number,
      i.contact.name,
      usDate(i.date),
      usDate(i.date),
      'Due on receipt',
      '',
      i.saleName,
      l.code,
      l.description,
      '1',
      decimal(l.cents),
      decimal(l.cents),
      'N',
      '',
    ]),
  );
  const bills = set.settlements.flatMap((s) =>
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
    ]),
  );
  const clearing = [
    ...set.payments.map((p) => ({ d: p, sign: 1 as const, what: 'Payment' })),
    ...set.refunds.map((r) => ({ d: r, sign: -1 as const, what: 'Refund' })),
  ]
    .sort((a, b) => (a.d.date < b.d.date ? -1 : a.d.date > b.d.date ? 1 : a.d.id - b.d.id))
    .map(({ d, sign, what }) => moneyRow(d, sign, what));
  const payouts = set.payouts.map((p) => moneyRow(p, -1, 'Payout'));
  return [
    file(`quickbooks-invoices-${suffix}.csv`, QBO_INVOICE_HEADER, invoices),
    file(`quickbooks-bills-${suffix}.csv`, QBO_BILL_HEADER, bills),
    file(`quickbooks-payments-${suffix}.csv`, QBO_BANK_HEADER, clearing),
    file(`quickbooks-payouts-${suffix}.csv`, QBO_BANK_HEADER, payouts),
  ];
}
