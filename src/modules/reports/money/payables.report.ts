import type { DownloadCell } from '../../../core/http/file-download';
import { keysetBatches } from '../../../core/database/keyset-batches';
import { money } from '../report-cells';
import { after, num, text, type Execute } from '../report-sql';
import type { DateRange } from './money-range';

/**
 * Consignor Payables (docs/reports.md "Consignor Payables"): per consignor, the settlements of the
 * range (made ready in it, as the accounting export's bills: drafts are not owed yet) with what they
 * owe, what was paid out on them so far, and what is still open (net due - paid, as the settlement).
 */
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

export const PAYABLES_HEADER = [
  'Consignor',
  'Company',
  'Settlements',
  'Hammer',
  'Commission',
  'Fees and Expenses',
  'Tax',
  'Advances',
  'Net Due',
  'Paid',
  'Open',
];
export const PAYABLES_WIDTHS = [28, 24, 11, 14, 14, 16, 12, 12, 14, 14, 14];

const KEYS = `lower(c.name), c.id`;

export function payableBatches(execute: Execute, houseId: number, range: DateRange): AsyncGenerator<PayableRow[]> {
  return keysetBatches<PayableRow>(async (last, size) => {
    const k = after(KEYS, last ? { name: last.consignor.toLowerCase(), id: last.consignorId } : null, (r) => [r.name, r.id]);
    const found = await execute(
      `select c.id, c.name, c.company, count(*) as settlements, sum(s.hammer_cents) as hammer,
              sum(s.commission_cents + s.buy_in_fee_cents) as commission, sum(s.fees_cents + s.expenses_cents) as fees,
              sum(s.tax_cents) as tax, sum(s.advances_cents) as advances, sum(s.net_due_cents) as net_due, sum(s.paid_cents) as paid
         from settlement s join consignor c on c.id = s.consignor_id and c.house_id = s.house_id
        where s.house_id = ? and s.status in ('ready', 'paid') and s.ready_at is not null
          and (s.ready_at at time zone 'UTC')::date between ?::date and ?::date ${k.sql}
        group by c.id, c.name, c.company
        order by ${KEYS} limit ?`,
      [houseId, range.from, range.to, ...k.params, size],
    );
    return found.map((r) => ({
      consignorId: num(r.id),
      consignor: r.name as string,
      company: text(r.company),
      settlements: num(r.settlements),
      hammerCents: num(r.hammer),
      commissionCents: num(r.commission),
      feesCents: num(r.fees),
      taxCents: num(r.tax),
      advancesCents: num(r.advances),
      netDueCents: num(r.net_due),
      paidCents: num(r.paid),
      openCents: num(r.net_due) - num(r.paid),
    }));
  });
}

type Sums = Omit<PayableRow, 'consignorId' | 'consignor' | 'company'>;

/** Zero sums of consignor payables, to add rows to with `addPayable` (the screen's totals and the file's total row). */
export const noPayables = (): Sums => ({
  settlements: 0,
  hammerCents: 0,
  commissionCents: 0,
  feesCents: 0,
  taxCents: 0,
  advancesCents: 0,
  netDueCents: 0,
  paidCents: 0,
  openCents: 0,
});

export function addPayable(t: Sums, r: Sums): void {
  for (const key of Object.keys(t) as (keyof Sums)[]) t[key] += r[key];
}

const amounts = (r: Sums) =>
  money(r.hammerCents, r.commissionCents, r.feesCents, r.taxCents, r.advancesCents, r.netDueCents, r.paidCents, r.openCents);

/** Consignor rows, then the total row (Consignor `Total`, Company `{n} consignors`). */
export async function* payableCells(batches: AsyncIterable<readonly PayableRow[]>): AsyncGenerator<DownloadCell[]> {
  let n = 0;
  const t = noPayables();
  for await (const batch of batches) {
    for (const r of batch) {
      n += 1;
      addPayable(t, r);
      yield [r.consignor, r.company ?? '', r.settlements, ...amounts(r)];
    }
  }
  yield ['Total', `${n} ${n === 1 ? 'consignor' : 'consignors'}`, t.settlements, ...amounts(t)];
}
