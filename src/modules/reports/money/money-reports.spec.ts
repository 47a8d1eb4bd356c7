import type { DownloadCell } from '../../../core/http/file-download';
import { agingCells, type AgingRow } from './aging.report';
import { collectionCells, collectionTotals, methodName, type CollectionRow } from './collections.report';
import { payableCells, type PayableRow } from './payables.report';
import { revenueCells, revenueTotals, type RevenueRow } from './revenue.report';

async function collect(g: AsyncIterable<DownloadCell[]> | Iterable<DownloadCell[]>): Promise<DownloadCell[][]> {
  const out: DownloadCell[][] = [];
  for await (const r of g) out.push(r);
  return out;
}
async function* batches<T>(...bs: T[][]): AsyncGenerator<T[]> {
  for (const b of bs) yield b;
}
const c = (cents: number) => ({ cents });

const aging = (id: number, ageDays: number, bucket: AgingRow['bucket'], balanceCents: number): AgingRow => ({
  id,
  invoiceNumber: 1000 + id,
  invoiceDate: '2026-11-01',
  ageDays,
  bucket,
  buyer: 'Test Buyer',
  paddle: null,
  group: 'November',
  totalCents: balanceCents + 100,
  paidCents: 100,
  balanceCents,
});

describe('money report files', () => {
  it('aging: invoice rows across batches, a total per bucket, then the grand total, in cents', async () => {
    const rows = await collect(agingCells(batches([aging(1, 3, '0-30', 12_345)], [aging(2, 100, '90+', 56_250), aging(3, 95, '90+', 5)])));
    expect(rows).toHaveLength(3 + 4 + 1);
    expect(rows[3]).toEqual(['Total 0-30 days', '', null, '0-30 days', '1 invoice', null, '', c(12_445), c(100), c(12_345)]);
    expect(rows[6]).toEqual(['Total 90+ days', '', null, '90+ days', '2 invoices', null, '', c(56_455), c(200), c(56_255)]);
    expect(rows[7]).toEqual(['Total', '', null, '', '3 invoices', null, '', c(68_900), c(300), c(68_600)]);
  });

  it('collections: method names, totals per method and overall', async () => {
    expect(methodName('offline', 102)).toBe('Check');
    expect(methodName('card', 3)).toBe('Visa');
    expect(methodName('card', 77)).toBe('Card');
    expect(methodName('card', null)).toBe('Card');
    expect(methodName('ach', null)).toBe('ACH');
    const row = (day: string, method: string, collected: number, refunded: number): CollectionRow => ({
      day,
      method,
      payments: collected ? 1 : 0,
      refunds: refunded ? 1 : 0,
      collectedCents: collected,
      refundedCents: refunded,
      netCents: collected - refunded,
    });
    const rows = [row('2026-11-01', 'Check', 13_300, 0), row('2026-11-01', 'Visa', 25_001, 12_345), row('2026-11-02', 'Check', 99, 0)];
    expect(collectionTotals(rows)).toEqual({ payments: 3, refunds: 1, collectedCents: 38_400, refundedCents: 12_345, netCents: 26_055 });
    const cells = await collect(collectionCells(rows));
    expect(cells.slice(3)).toEqual([
      ['Total', 'Check', 2, 0, c(13_399), c(0), c(13_399)],
      ['Total', 'Visa', 1, 1, c(25_001), c(12_345), c(12_656)],
      ['Total', '', 3, 1, c(38_400), c(12_345), c(26_055)],
    ]);
  });

  it('payables: the total row sums every consignor', async () => {
    const p = (name: string, net: number, paid: number): PayableRow => ({
      consignorId: name.length,
      consignor: name,
      company: null,
      settlements: 1,
      hammerCents: net * 2,
      commissionCents: 10,
      feesCents: 20,
      taxCents: 1,
      advancesCents: 0,
      netDueCents: net,
      paidCents: paid,
      openCents: net - paid,
    });
    const cells = await collect(payableCells(batches([p('Alice', 150_001, 150_001)], [p('Bob', 61_234, 1_000)])));
    expect(cells[2]).toEqual(['Total', '2 consignors', 2, c(422_470), c(20), c(40), c(2), c(0), c(211_235), c(151_001), c(60_234)]);
  });

  it('revenue: premium + live fee + commission + consignor fees, summed per sale and overall', async () => {
    const r = (sale: string, premium: number, commission: number): RevenueRow => ({
      saleId: sale.length,
      sale,
      lots: 2,
      hammerCents: 100_000,
      premiumCents: premium,
      liveFeeCents: 333,
      commissionCents: commission,
      consignorFeesCents: 2_250,
      revenueCents: premium + 333 + commission + 2_250,
    });
    const rows = [r('Fall', 25_000, 15_001), r('Winter', 1, 0)];
    expect(revenueTotals(rows)).toMatchObject({
      premiumCents: 25_001,
      commissionCents: 15_001,
      revenueCents: 25_001 + 666 + 15_001 + 4_500,
    });
    const cells = await collect(revenueCells(rows));
    expect(cells[2]).toEqual(['Total', 4, c(200_000), c(25_001), c(666), c(15_001), c(4_500), c(45_168)]);
  });
});
