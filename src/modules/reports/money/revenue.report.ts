import type { DownloadCell } from '../../../core/http/file-download';
import { money } from '../report-cells';
import { num, type Execute } from '../report-sql';
import type { DateRange } from './money-range';

/**
 * Sale Revenue (docs/reports.md "Sale Revenue"): per sale, what the house earned on the buyer's
 * side (buyer's premium and live fee of the invoice lines of the range, by invoice date) and on the
 * seller's side (commission with buy-in fees, and the consignors' fees and expenses, of the
 * settlements made ready in the range). Same documents as the accounting export, so the sums equal
 * its trial balance. One row per sale: one query per side.
 */
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

export const REVENUE_HEADER = ['Sale', 'Invoiced Lots', 'Hammer', "Buyer's Premium", 'Live Fee', 'Commission', 'Consignor Fees', 'Revenue'];
export const REVENUE_WIDTHS = [34, 12, 14, 16, 12, 14, 16, 14];

/** Settlements over a date range, not a sale, share one row. */
export const NO_SALE = 'Date-range settlements';

export async function revenueRows(execute: Execute, houseId: number, range: DateRange): Promise<RevenueRow[]> {
  const [buyers, sellers] = await Promise.all([
    execute(
      `select c.group_id as sale_id, g.group_name, count(*) as lots, sum(l.hammer_cents) as hammer,
              sum(l.premium_cents) as premium, sum(l.live_fee_cents) as live_fee
         from invoice_line l join invoice i on i.id = l.invoice_id
              join catalog c on c.id = l.catalog_id join auction_group g on g.id = c.group_id
        where l.house_id = ? and i.house_id = l.house_id and c.house_id = l.house_id
          and (i.created_at at time zone 'UTC')::date between ?::date and ?::date
        group by c.group_id, g.group_name`,
      [houseId, range.from, range.to],
    ),
    execute(
      `select s.auction_group_id as sale_id, g.group_name, sum(s.commission_cents + s.buy_in_fee_cents) as commission,
              sum(s.fees_cents + s.expenses_cents) as fees
         from settlement s left join auction_group g on g.id = s.auction_group_id
        where s.house_id = ? and s.status in ('ready', 'paid') and s.ready_at is not null
          and (s.ready_at at time zone 'UTC')::date between ?::date and ?::date
        group by s.auction_group_id, g.group_name`,
      [houseId, range.from, range.to],
    ),
  ]);
  const rows = new Map<number | null, RevenueRow>();
  const row = (id: unknown, name: unknown): RevenueRow => {
    const saleId = id === null ? null : num(id);
    let r = rows.get(saleId);
    if (!r) {
      r = {
        saleId,
        sale: saleId === null ? NO_SALE : String(name),
        lots: 0,
        hammerCents: 0,
        premiumCents: 0,
        liveFeeCents: 0,
        commissionCents: 0,
        consignorFeesCents: 0,
        revenueCents: 0,
      };
      rows.set(saleId, r);
    }
    return r;
  };
  for (const b of buyers) {
    const r = row(b.sale_id, b.group_name);
    r.lots += num(b.lots);
    r.hammerCents += num(b.hammer);
    r.premiumCents += num(b.premium);
    r.liveFeeCents += num(b.live_fee);
  }
  for (const s of sellers) {
    const r = row(s.sale_id, s.group_name);
    r.commissionCents += num(s.commission);
    r.consignorFeesCents += num(s.fees);
  }
  for (const r of rows.values()) r.revenueCents = r.premiumCents + r.liveFeeCents + r.commissionCents + r.consignorFeesCents;
  // Sales by name; the date-range settlements last.
  return [...rows.values()].sort((a, b) => (a.saleId === null ? 1 : 0) - (b.saleId === null ? 1 : 0) || a.sale.localeCompare(b.sale));
}

export function revenueTotals(rows: readonly RevenueRow[]): Omit<RevenueRow, 'saleId' | 'sale'> {
  const t = { lots: 0, hammerCents: 0, premiumCents: 0, liveFeeCents: 0, commissionCents: 0, consignorFeesCents: 0, revenueCents: 0 };
  for (const r of rows) for (const k of Object.keys(t) as (keyof typeof t)[]) t[k] += r[k];
  return t;
}

type Amounts = Omit<RevenueRow, 'saleId' | 'sale'>;
const cells = (sale: string, r: Amounts): DownloadCell[] => [
  sale,
  r.lots,
  ...money(r.hammerCents, r.premiumCents, r.liveFeeCents, r.commissionCents, r.consignorFeesCents, r.revenueCents),
];

export function* revenueCells(rows: readonly RevenueRow[]): Generator<DownloadCell[]> {
  for (const r of rows) yield cells(r.sale, r);
  yield cells('Total', revenueTotals(rows));
}
