/**
 * The ten totals of the Edit Invoices strip (spec 000 section 2). The strip must add up: Invoice
 * Total = Hammer + BP + Live Fee + Tax + S/H + Insurance + Other, additional charges included in
 * their columns (the server's group totals do the same, math/invoice-totals.ts).
 */
import type { Invoice } from '../invoiceApi';
import type { StripItem } from '../../kit/TotalsStrip';

export interface EditorTotals {
  totalInvoices: number;
  totalItems: number;
  hammer: number;
  bp: number;
  liveFee: number;
  tax: number;
  sh: number;
  insurance: number;
  other: number;
  total: number;
}

/** The group call's strip (`totalsCents`), already with additional charges in the columns. */
export interface GroupStripCents {
  totalHammer: number;
  totalBP: number;
  totalLiveFee: number;
  totalTax: number;
  totalSH: number;
  totalInsurance: number;
  totalOther: number;
  invoiceTotal: number;
}

/** A selection's totals from its invoices: the columns *with* additional charges (not totalPriceCents, which leaves them out). */
export function sumTotals(
  list: readonly Pick<Invoice, 'itemCount' | 'invoiceTotalCents' | 'totalPriceWithAdditionalChargesCents'>[],
): EditorTotals {
  const t: EditorTotals = {
    totalInvoices: list.length,
    totalItems: 0,
    hammer: 0,
    bp: 0,
    liveFee: 0,
    tax: 0,
    sh: 0,
    insurance: 0,
    other: 0,
    total: 0,
  };
  for (const i of list) {
    const p = i.totalPriceWithAdditionalChargesCents;
    t.totalItems += i.itemCount;
    t.hammer += p.hammer;
    t.bp += p.premium;
    t.liveFee += p.livefee;
    t.tax += p.tax;
    t.sh += p.shipping;
    t.insurance += p.insurance;
    t.other += p.other;
    t.total += i.invoiceTotalCents;
  }
  return t;
}

/** The whole group's totals as the group call answers them. */
export function groupTotals(counts: { totalInvoices: number; totalItems: number }, c: GroupStripCents): EditorTotals {
  return {
    totalInvoices: counts.totalInvoices,
    totalItems: counts.totalItems,
    hammer: c.totalHammer,
    bp: c.totalBP,
    liveFee: c.totalLiveFee,
    tax: c.totalTax,
    sh: c.totalSH,
    insurance: c.totalInsurance,
    other: c.totalOther,
    total: c.invoiceTotal,
  };
}

/** The categories' sum; equals `total` for every strip the editor shows. */
export const categoriesSum = (t: EditorTotals) => t.hammer + t.bp + t.liveFee + t.tax + t.sh + t.insurance + t.other;

/** The strip's ten cells, labels as the spec writes them. */
export function stripItems(t: EditorTotals): StripItem[] {
  return [
    { label: 'Total Invoices', value: t.totalInvoices, testId: 'total-invoices' },
    { label: 'Total Items', value: t.totalItems, testId: 'total-items' },
    { label: 'Total Hammer', value: t.hammer, money: true, testId: 'total-hammer' },
    { label: 'Total BP', value: t.bp, money: true, testId: 'total-bp' },
    { label: 'Total Live Fee', value: t.liveFee, money: true, testId: 'total-live-fee' },
    { label: 'Total Tax', value: t.tax, money: true, testId: 'total-tax' },
    { label: 'Total S/H', value: t.sh, money: true, testId: 'total-sh' },
    { label: 'Total Insurance', value: t.insurance, money: true, testId: 'total-insurance' },
    { label: 'Total Other', value: t.other, money: true, testId: 'total-other' },
    { label: 'Invoice Total', value: t.total, money: true, testId: 'total-invoice' },
  ];
}
