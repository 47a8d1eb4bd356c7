/**
 * The money reports (issue 17 "Reports", docs/reports.md "Money reports"): what the server and the
 * admin page share. Aging buckets count whole days from the invoice date to the report's end date.
 */

export const MONEY_REPORTS = [
  { id: 'aging', title: 'Outstanding Invoices', access: 'reports' },
  { id: 'collections', title: 'Collections', access: 'reports' },
  { id: 'consignor-payables', title: 'Consignor Payables', access: 'settlements' },
  { id: 'sale-revenue', title: 'Sale Revenue', access: 'settlements' },
] as const;

export type MoneyReportId = (typeof MONEY_REPORTS)[number]['id'];

export const AGING_BUCKETS = [
  { id: '0-30', label: '0-30 days', maxDays: 30 },
  { id: '31-60', label: '31-60 days', maxDays: 60 },
  { id: '61-90', label: '61-90 days', maxDays: 90 },
  { id: '90+', label: '90+ days', maxDays: Infinity },
] as const;

export type AgingBucketId = (typeof AGING_BUCKETS)[number]['id'];

/** Whole days from `invoiceDate` to `asOf` (both YYYY-MM-DD, UTC calendar days); never negative. */
export function ageInDays(invoiceDate: string, asOf: string): number {
  const d = (Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${invoiceDate}T00:00:00Z`)) / 86_400_000;
  return Math.max(0, Math.round(d));
}

/** 0-30, 31-60, 61-90, 90+ (91 days and more). */
export function agingBucket(days: number): AgingBucketId {
  return AGING_BUCKETS.find((b) => days <= b.maxDays)!.id;
}

export interface AgingBucketSum {
  bucket: AgingBucketId;
  label: string;
  invoices: number;
  balanceCents: number;
}

/** Sums of outstanding balances per bucket, every bucket present (zero when empty), in order. */
export function agingSums(rows: readonly { ageDays: number; balanceCents: number }[]): AgingBucketSum[] {
  const sums = AGING_BUCKETS.map((b) => ({ bucket: b.id as AgingBucketId, label: b.label, invoices: 0, balanceCents: 0 }));
  for (const r of rows) {
    const s = sums.find((x) => x.bucket === agingBucket(r.ageDays))!;
    s.invoices += 1;
    s.balanceCents += r.balanceCents;
  }
  return sums;
}

export const MONEY_REPORT_TEXT = {
  format: 'Format must be csv or xlsx.',
} as const;
