/**
 * How the Sales Tax Report counts money (docs/decisions/sales-tax-report.md). The report is on a
 * **collected** basis: a month reports the sales tax of the money that came in that month, not of
 * what was invoiced. The SQL of SalesTaxReportService computes exactly this, set-based; this pure
 * version states the rule once and is what the unit tests pin down.
 *
 * - The ledger of an invoice: its settled, non-voided invoice_payment rows in (day, id) order;
 *   payments add their amount, refunds subtract theirs.
 * - Collected so far = the running sum, kept within 0 and the invoice total (an overpayment is not a
 *   sale; giving it back is not a return).
 * - Tax collected so far = collected so far x invoice tax / invoice total, rounded half up once.
 *   Each ledger row carries the difference from the row before. So a fully paid invoice reports
 *   exactly its tax, to the cent, however many payments it took, and a refund gives back its share
 *   (a full refund brings the invoice's tax back to 0).
 * - Gross sales of a row = its collected money minus its tax.
 */

export interface LedgerRow {
  /** YYYY-MM-DD: the payment's paid date, else the day it was recorded in the house's time zone. */
  day: string;
  /** Payment or refund amount, positive. */
  amountCents: number;
  kind: 'payment' | 'refund';
}

export interface LedgerMove {
  day: string;
  collectedCents: number;
  taxCents: number;
  salesCents: number;
}

/** Tax collected so far: `collected x tax / total`, half up, in exact integers. 0 when the total is not positive. */
export function taxCollectedSoFar(collectedCents: number, invoiceTaxCents: number, invoiceTotalCents: number): number {
  if (invoiceTotalCents <= 0 || collectedCents <= 0) return 0;
  const num = 2n * BigInt(collectedCents) * BigInt(invoiceTaxCents) + BigInt(invoiceTotalCents);
  return Number(num / (2n * BigInt(invoiceTotalCents)));
}

/** One invoice's ledger (in day, id order) as the report's moves. */
export function ledgerMoves(invoice: { taxTotalCents: number; invoiceTotalCents: number }, ledger: readonly LedgerRow[]): LedgerMove[] {
  const total = Math.max(invoice.invoiceTotalCents, 0);
  let sum = 0;
  let prevCollected = 0;
  let prevTax = 0;
  return ledger.map((row) => {
    sum += row.kind === 'refund' ? -row.amountCents : row.amountCents;
    const collected = Math.min(Math.max(sum, 0), total);
    const tax = taxCollectedSoFar(collected, invoice.taxTotalCents, total);
    const move = { day: row.day, collectedCents: collected - prevCollected, taxCents: tax - prevTax, salesCents: 0 };
    move.salesCents = move.collectedCents - move.taxCents;
    prevCollected = collected;
    prevTax = tax;
    return move;
  });
}

/** '2026-11-01' -> '11/01/2026' (spec 001 section 9: dates as MM/DD/YYYY). */
export function usDate(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return `${m}/${d}/${y}`;
}
