import { ageInDays, agingBucket, AGING_BUCKETS, type AgingBucketId } from '@ar/rules';
import type { DownloadCell } from '../../../core/http/file-download';
import { keysetBatches } from '../../../core/database/keyset-batches';
import { money } from '../report-cells';
import { num, text, type Execute } from '../report-sql';
import type { DateRange } from './money-range';

/**
 * Outstanding Invoices (docs/reports.md "Outstanding Invoices"): every invoice of the range with a
 * balance left, aged from its invoice date (created, UTC) to the range's end date. The balance is
 * the invoice's stored balance (payments and refunds recorded up to now), the one the invoice list shows.
 */
export interface AgingRow {
  id: number;
  invoiceNumber: number;
  invoiceDate: string;
  ageDays: number;
  bucket: AgingBucketId;
  buyer: string;
  paddle: number | null;
  group: string;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
}

export const AGING_HEADER = [
  'Invoice',
  'Invoice Date',
  'Age (days)',
  'Bucket',
  'Buyer',
  'Paddle',
  'Invoice Group',
  'Invoice Total',
  'Paid',
  'Balance',
];
export const AGING_WIDTHS = [10, 12, 10, 12, 30, 8, 30, 14, 14, 14];

export function agingBatches(execute: Execute, houseId: number, range: DateRange): AsyncGenerator<AgingRow[]> {
  const rows = keysetBatches<AgingRow>(async (last, size) => {
    const found = await execute(
      `select i.id, i.invoice_number, (i.created_at at time zone 'UTC')::date::text as invoice_date, i.first_name, i.last_name,
              i.company_name, i.paddle_number, g.title as group_title, i.invoice_total_cents, i.payments_made_cents, i.balance_cents
         from invoice i join invoice_group g on g.id = i.group_id
        where i.house_id = ? and i.balance_cents > 0 and i.id > ?
          and (i.created_at at time zone 'UTC')::date between ?::date and ?::date
        order by i.id limit ?`,
      [houseId, last?.id ?? 0, range.from, range.to, size],
    );
    return found.map((r) => {
      const invoiceDate = r.invoice_date as string;
      const ageDays = ageInDays(invoiceDate, range.to);
      const name = `${String(r.first_name ?? '')} ${String(r.last_name ?? '')}`.trim();
      const company = text(r.company_name);
      return {
        id: num(r.id),
        invoiceNumber: num(r.invoice_number),
        invoiceDate,
        ageDays,
        bucket: agingBucket(ageDays),
        buyer: company ? `${name} (${company})` : name,
        paddle: num(r.paddle_number) || null,
        group: r.group_title as string,
        totalCents: num(r.invoice_total_cents),
        paidCents: num(r.payments_made_cents),
        balanceCents: num(r.balance_cents),
      };
    });
  });
  return rows;
}

const bucketLabel = (id: AgingBucketId) => AGING_BUCKETS.find((b) => b.id === id)!.label;

/** Invoice rows, then a total row per bucket and the grand total (Invoice column `Total …`). */
export async function* agingCells(batches: AsyncIterable<readonly AgingRow[]>): AsyncGenerator<DownloadCell[]> {
  const sums = new Map<AgingBucketId, { n: number; total: number; paid: number; balance: number }>(
    AGING_BUCKETS.map((b) => [b.id, { n: 0, total: 0, paid: 0, balance: 0 }]),
  );
  for await (const batch of batches) {
    for (const r of batch) {
      const s = sums.get(r.bucket)!;
      s.n += 1;
      s.total += r.totalCents;
      s.paid += r.paidCents;
      s.balance += r.balanceCents;
      yield [
        r.invoiceNumber,
        r.invoiceDate,
        r.ageDays,
        bucketLabel(r.bucket),
        r.buyer,
        r.paddle,
        r.group,
        ...money(r.totalCents, r.paidCents, r.balanceCents),
      ];
    }
  }
  const all = { n: 0, total: 0, paid: 0, balance: 0 };
  for (const [id, s] of sums) {
    all.n += s.n;
    all.total += s.total;
    all.paid += s.paid;
    all.balance += s.balance;
    yield [`Total ${bucketLabel(id)}`, '', null, bucketLabel(id), invoicesText(s.n), null, '', ...money(s.total, s.paid, s.balance)];
  }
  yield ['Total', '', null, '', invoicesText(all.n), null, '', ...money(all.total, all.paid, all.balance)];
}

const invoicesText = (n: number) => `${n} ${n === 1 ? 'invoice' : 'invoices'}`;
