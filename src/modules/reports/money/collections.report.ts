import type { DownloadCell } from '../../../core/http/file-download';
import { paymentMethodName } from '../../invoicing/editing/marks/payment-methods';
import { money } from '../report-cells';
import { num, type Execute } from '../report-sql';
import type { DateRange } from './money-range';

/**
 * Collections (docs/reports.md "Collections"): money received and refunded per day and method. The
 * accounting export's payments and refunds (settled, not voided, by paid date, else the day recorded),
 * so the sums equal its trial balance. At most 366 days × a handful of methods: one query.
 */
export interface CollectionRow {
  day: string;
  method: string;
  payments: number;
  refunds: number;
  collectedCents: number;
  refundedCents: number;
  netCents: number;
}

export const COLLECTIONS_HEADER = ['Date', 'Method', 'Payments', 'Refunds', 'Collected', 'Refunded', 'Net'];
export const COLLECTIONS_WIDTHS = [12, 18, 10, 10, 14, 14, 14];

const SOURCE_NAMES: Record<string, string> = { card: 'Card', ach: 'ACH', offline: 'Offline' };

/** The method's name: the stored method id's (Visa, Check …), else the source's (Card, ACH, Offline). */
export function methodName(source: string, methodId: number | null): string {
  return paymentMethodName(methodId) ?? SOURCE_NAMES[source] ?? source;
}

export async function collectionRows(execute: Execute, houseId: number, range: DateRange): Promise<CollectionRow[]> {
  const found = await execute(
    `select coalesce(p.paid_date, (p.created_at at time zone 'UTC')::date)::text as day, p.source, p.payment_method_id,
            count(*) filter (where p.kind = 'payment') as payments, count(*) filter (where p.kind = 'refund') as refunds,
            coalesce(sum(p.amount_cents) filter (where p.kind = 'payment'), 0) as collected,
            coalesce(sum(p.amount_cents) filter (where p.kind = 'refund'), 0) as refunded
       from invoice_payment p join invoice i on i.id = p.invoice_id
      where p.house_id = ? and i.house_id = p.house_id and p.status = 'settled' and p.voided_at is null
        and coalesce(p.paid_date, (p.created_at at time zone 'UTC')::date) between ?::date and ?::date
      group by 1, 2, 3`,
    [houseId, range.from, range.to],
  );
  // Two stored ids may share a name (any other card id shows as Card): merged by name.
  const byKey = new Map<string, CollectionRow>();
  for (const r of found) {
    const day = r.day as string;
    const method = methodName(r.source as string, r.payment_method_id === null ? null : num(r.payment_method_id));
    const key = `${day}\u0000${method}`;
    let row = byKey.get(key);
    if (!row) byKey.set(key, (row = { day, method, payments: 0, refunds: 0, collectedCents: 0, refundedCents: 0, netCents: 0 }));
    row.payments += num(r.payments);
    row.refunds += num(r.refunds);
    row.collectedCents += num(r.collected);
    row.refundedCents += num(r.refunded);
    row.netCents = row.collectedCents - row.refundedCents;
  }
  return [...byKey.values()].sort((a, b) => a.day.localeCompare(b.day) || a.method.localeCompare(b.method));
}

export interface CollectionTotals {
  payments: number;
  refunds: number;
  collectedCents: number;
  refundedCents: number;
  netCents: number;
}

export function collectionTotals(rows: readonly CollectionRow[]): CollectionTotals {
  const t = { payments: 0, refunds: 0, collectedCents: 0, refundedCents: 0, netCents: 0 };
  for (const r of rows) {
    t.payments += r.payments;
    t.refunds += r.refunds;
    t.collectedCents += r.collectedCents;
    t.refundedCents += r.refundedCents;
    t.netCents += r.netCents;
  }
  return t;
}

/** Day rows, then a total row per method and the grand total. */
export function* collectionCells(rows: readonly CollectionRow[]): Generator<DownloadCell[]> {
  const cells = (day: string, method: string, t: CollectionTotals): DownloadCell[] => [
    day,
    method,
    t.payments,
    t.refunds,
    ...money(t.collectedCents, t.refundedCents, t.netCents),
  ];
  for (const r of rows) yield cells(r.day, r.method, r);
  const methods = [...new Set(rows.map((r) => r.method))].sort();
  for (const m of methods) yield cells('Total', m, collectionTotals(rows.filter((r) => r.method === m)));
  yield cells('Total', '', collectionTotals(rows));
}
