import type { AgingBucketSum, MoneyReportId } from '@ar/rules';

/** `/api/reports/*` answers (docs/reports.md "Money reports"); money in cents. */
export interface AgingRow {
  id: number;
  invoiceNumber: number;
  invoiceDate: string;
  ageDays: number;
  bucket: string;
  buyer: string;
  paddle: number | null;
  group: string;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
}
export interface AgingView {
  from: string;
  to: string;
  buckets: AgingBucketSum[];
  totalCents: number;
  rows: AgingRow[];
}

export interface CollectionRow {
  day: string;
  method: string;
  payments: number;
  refunds: number;
  collectedCents: number;
  refundedCents: number;
  netCents: number;
}
export interface CollectionsView {
  rows: CollectionRow[];
  totals: Omit<CollectionRow, 'day' | 'method'>;
}

export interface PayableRow {
  consignorId: number;
  consignor: string;
  company: string | null;
  settlements: number;
  hammerCents: number;
  commissionCents: number;
  feesCents: number;
  taxCents: number;
  advancesCents: number;
  netDueCents: number;
  paidCents: number;
  openCents: number;
}
export interface PayablesView {
  rows: PayableRow[];
  totals: Omit<PayableRow, 'consignorId' | 'consignor' | 'company'>;
}

export interface RevenueRow {
  saleId: number | null;
  sale: string;
  lots: number;
  hammerCents: number;
  premiumCents: number;
  liveFeeCents: number;
  commissionCents: number;
  consignorFeesCents: number;
  revenueCents: number;
}
export interface RevenueView {
  rows: RevenueRow[];
  totals: Omit<RevenueRow, 'saleId' | 'sale'>;
}

export interface Range {
  from: string;
  to: string;
}

const query = (r: Range) => new URLSearchParams({ from: r.from, to: r.to }).toString();
export const reportPath = (id: MoneyReportId, r: Range) => `/api/reports/${id}?${query(r)}`;
/** The file as the server streams it (an attachment on the same origin: the session cookie goes along). */
export const downloadPath = (id: MoneyReportId, r: Range, format: 'csv' | 'xlsx') =>
  `/api/reports/${id}/download?${query(r)}&format=${format}`;

/** The last 90 days to `today` (YYYY-MM-DD): wide enough for every aging bucket, short enough to read. */
export function lastDays(today: string, days = 90): Range {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  return { from, to: today };
}

/** Every calendar day from `from` to `to` (YYYY-MM-DD, both included; at most the 366 the server allows). */
export function everyDay({ from, to }: Range): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end && out.length <= 366; t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}
