/**
 * The consignor statement as a document model: a settlement's detail turned into ordered sections
 * of already formatted strings, drawn by statement-pdf.ts and summed up in the mail's text. Every
 * amount is the settlement's stored cents printed once (formatPreviewMoney): nothing is added up
 * again, so the statement equals the settlement to the cent.
 */
import { formatPreviewMoney } from '@ar/rules';
import type { LabelledLine } from '../../../core/pdf/pdf-page';
import type { LineState } from '../math/commission';
import type { SettlementDetailView } from '../settlements/settlement-view';

export interface StatementConsignor {
  name: string;
  company?: string | null;
  street1?: string | null;
  street2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  countryCode?: string | null;
  email?: string | null;
  phone?: string | null;
  taxId?: string | null;
}

export interface StatementContext {
  letterhead: { name: string; lines: string[] };
  consignor: StatementConsignor;
  currencySymbol: string;
  /** The statement's date, MM/DD/YYYY in the house's time zone. */
  today: string;
}

export interface StatementTable {
  columns: { header: string; align?: 'right'; wrap?: boolean }[];
  rows: string[][];
}

export interface StatementDocument {
  /** "Statement S-12": the PDF's title and file name. */
  title: string;
  fileName: string;
  letterhead: { name: string; lines: string[] };
  meta: LabelledLine[];
  consignor: { heading: string; lines: string[] };
  lines: StatementTable;
  adjustments: StatementTable | null;
  totals: LabelledLine[];
  payouts: StatementTable | null;
  currencyNote: string;
}

export const STATEMENT_TEXT = {
  statement: 'Statement',
  number: 'Statement #',
  date: 'Date',
  sale: 'Sale',
  status: 'Status',
  consignor: 'Consignor',
  taxId: 'Tax ID',
  lots: 'Lots',
  adjustments: 'Expenses and advances',
  payouts: 'Payouts so far',
  noPayouts: 'No payouts yet.',
  totals: {
    hammer: 'Hammer total',
    commission: 'Commission',
    buyIn: 'Buy-in fees',
    fees: 'Lot fees',
    tax: 'Tax on commission',
    expenses: 'Expenses',
    advances: 'Advances',
    netDue: 'Net due to consignor',
    paid: 'Paid so far',
    balance: 'Balance due',
  },
  currency: (code: string) => `All amounts are in ${code}.`,
  // Thousandths of a percent: integer / 1000 prints exactly (12500 -> 12.5).
  agreedRate: (rate: number) => `Commission agreed: ${rate / 1000} %`,
  agreedFixed: (amount: string) => `Commission agreed: ${amount}`,
} as const;

export const LINE_STATE_LABEL: Record<LineState, string> = {
  sold: 'Sold',
  unsold: 'Unsold (bought in)',
  passed: 'Passed',
  returned: 'Returned',
  held: 'Held',
};
const STATUS_LABEL: Record<string, string> = { draft: 'Draft', ready: 'Ready', paid: 'Paid' };
const METHOD_LABEL: Record<string, string> = { check: 'Check', bank_transfer: 'Bank transfer', cash: 'Cash', other: 'Other' };

const present = (lines: readonly (string | null | undefined)[]) => lines.filter((l): l is string => !!l && l.trim() !== '');

/** The consignor's name, company and address, then email, phone and tax id. */
export function consignorLines(c: StatementConsignor): string[] {
  const city = present([c.city, present([c.state, c.postalCode]).join(' ')]).join(', ');
  return present([
    c.name,
    c.company && c.company !== c.name ? c.company : null,
    c.street1,
    c.street2,
    city,
    c.countryCode,
    c.email,
    c.phone,
    c.taxId ? `${STATEMENT_TEXT.taxId}: ${c.taxId}` : null,
  ]);
}

/** 2025-11-03 -> 11/03/2025. */
const usDate = (iso: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
};

export function buildStatementDocument(s: SettlementDetailView, ctx: StatementContext): StatementDocument {
  const money = (cents: number) => formatPreviewMoney(cents, ctx.currencySymbol);
  const less = (cents: number) => money(-cents);
  // A lot's agreed commission (an override of the plan) is named under its title: the consignor sees why it differs.
  const agreed = (o: SettlementDetailView['lines'][number]['override']) =>
    o?.rate != null
      ? STATEMENT_TEXT.agreedRate(o.rate)
      : o?.commissionCents != null
        ? STATEMENT_TEXT.agreedFixed(money(o.commissionCents))
        : null;
  const title = `${STATEMENT_TEXT.statement} S-${s.id}`;
  const meta: LabelledLine[] = [
    { label: STATEMENT_TEXT.number, value: `S-${s.id}` },
    { label: STATEMENT_TEXT.date, value: ctx.today },
  ];
  if (s.saleName) meta.push({ label: STATEMENT_TEXT.sale, value: s.saleName });
  else if (s.periodFrom && s.periodTo) meta.push({ label: STATEMENT_TEXT.sale, value: `${usDate(s.periodFrom)} - ${usDate(s.periodTo)}` });
  meta.push({ label: STATEMENT_TEXT.status, value: STATUS_LABEL[s.status] ?? s.status });

  const hasBuyIn = s.lines.some((l) => l.buyInFeeCents !== 0);
  const lines: StatementTable = {
    columns: [
      { header: 'Lot' },
      { header: 'Title', wrap: true },
      { header: 'Result' },
      { header: 'Hammer', align: 'right' },
      { header: 'Commission', align: 'right' },
      ...(hasBuyIn ? [{ header: 'Buy-in fee', align: 'right' as const }] : []),
      { header: 'Fees', align: 'right' },
      { header: 'Tax', align: 'right' },
      { header: 'Net', align: 'right' },
    ],
    rows: s.lines.map((l) => [
      `${l.lotNumber ?? ''}${l.lotExt ?? ''}`,
      [l.title, l.heldReason, agreed(l.override)].filter(Boolean).join('\n'),
      LINE_STATE_LABEL[l.state] ?? l.state,
      money(l.hammerCents),
      money(l.commissionCents),
      ...(hasBuyIn ? [money(l.buyInFeeCents)] : []),
      money(l.feesCents),
      money(l.taxCents),
      money(l.netCents),
    ]),
  };

  const adjustments: StatementTable | null = s.adjustments.length
    ? {
        columns: [{ header: 'Kind' }, { header: 'Note', wrap: true }, { header: 'Amount', align: 'right' }],
        rows: s.adjustments.map((a) => [a.kind === 'advance' ? 'Advance' : 'Expense', a.note, less(a.amountCents)]),
      }
    : null;

  const T = STATEMENT_TEXT.totals;
  const totals: LabelledLine[] = [
    { label: T.hammer, value: money(s.hammerCents) },
    { label: T.commission, value: less(s.commissionCents) },
    ...(s.buyInFeeCents ? [{ label: T.buyIn, value: less(s.buyInFeeCents) }] : []),
    { label: T.fees, value: less(s.feesCents) },
    { label: T.tax, value: less(s.taxCents) },
    ...(s.expensesCents ? [{ label: T.expenses, value: less(s.expensesCents) }] : []),
    ...(s.advancesCents ? [{ label: T.advances, value: less(s.advancesCents) }] : []),
    { label: T.netDue, value: money(s.netDueCents), strong: true },
    { label: T.paid, value: less(s.paidCents) },
    { label: T.balance, value: money(s.balanceCents), strong: true },
  ];

  const payouts: StatementTable | null = s.payouts.length
    ? {
        columns: [
          { header: 'Date' },
          { header: 'Kind' },
          { header: 'Method' },
          { header: 'Reference', wrap: true },
          { header: 'Amount', align: 'right' },
        ],
        rows: s.payouts.map((p) => [
          usDate(p.paidDate),
          p.kind === 'correction' ? `Correction${p.note ? `: ${p.note}` : ''}` : 'Payout',
          METHOD_LABEL[p.method] ?? p.method,
          p.reference ?? '',
          money(p.amountCents),
        ]),
      }
    : null;

  return {
    title,
    fileName: `Statement-S-${s.id}.pdf`,
    letterhead: ctx.letterhead,
    meta,
    consignor: { heading: STATEMENT_TEXT.consignor, lines: consignorLines(ctx.consignor) },
    lines,
    adjustments,
    totals,
    payouts,
    currencyNote: STATEMENT_TEXT.currency(s.currencyCode),
  };
}

/** The mail's plain text: who, which sale, the net due and the balance; the PDF carries the detail. */
export function statementMailText(d: StatementDocument): string {
  const value = (label: string) => d.totals.find((t) => t.label === label)?.value ?? '';
  const sale = d.meta.find((m) => m.label === STATEMENT_TEXT.sale)?.value;
  return [
    `Dear ${d.consignor.lines[0] ?? 'consignor'},`,
    '',
    `Please find attached your statement S-${d.meta[0].value.replace(/^S-/, '')}${sale ? ` for ${sale}` : ''}.`,
    '',
    `${STATEMENT_TEXT.totals.netDue}: ${value(STATEMENT_TEXT.totals.netDue)}`,
    `${STATEMENT_TEXT.totals.balance}: ${value(STATEMENT_TEXT.totals.balance)}`,
    '',
    d.currencyNote,
    '',
    d.letterhead.name,
    ...d.letterhead.lines,
  ].join('\n');
}
