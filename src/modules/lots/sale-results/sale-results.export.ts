/**
 * The Sale Results download (docs/reports.md "Sale Results"): the screen's rows and totals as one
 * table. One row per sold lot (with its buyer's columns), a buyer total row after each buyer's lots,
 * and a grand total row last. Amounts are integer cents. The sold lots come in batches in the
 * screen's order (buyer, then lot), so a buyer's lots are contiguous and only the current buyer's
 * sums and the grand totals are held while the file is written.
 */
import { csvFileName, type SaleResultBidder, type SaleResultsSums } from '@ar/rules';
import type { DownloadCell, DownloadTable } from '../../../core/http/file-download';
import {
  addSaleResultLot,
  emptyGrandTotals,
  saleResultBidder,
  saleResultLot,
  type GroupCharging,
  type SoldLotRow,
} from './sale-results.rules';

export const SALE_RESULTS_EXPORT_HEADER = [
  'Line',
  'Session',
  'Lot',
  'Title',
  'Paddle',
  'Last Name',
  'First Name',
  'Email',
  'Channel',
  'Hammer',
  "Buyer's Premium",
  'Live Fee',
  'Payable',
] as const;

export const SALE_RESULTS_LINE = { lot: 'Lot', buyer: 'Buyer total', grand: 'Grand total' } as const;

const WIDTHS = [12, 24, 10, 40, 8, 18, 18, 28, 8, 14, 16, 12, 14];

const lots = (n: number) => `${n} ${n === 1 ? 'lot' : 'lots'}`;

const money = (...cents: number[]): DownloadCell[] => cents.map((c) => ({ cents: c }));

const buyerCells = (b: SaleResultBidder): DownloadCell[] => [b.paddleNumber || null, b.lastName, b.firstName, b.email ?? '', b.channel];

const buyerTotal = (b: SaleResultBidder, s: SaleResultsSums = b.memberSums): DownloadCell[] => [
  SALE_RESULTS_LINE.buyer,
  '',
  '',
  lots(s.lotCount),
  ...buyerCells(b),
  ...money(s.sumHammer, s.sumBuyPrem, s.sumLiveFee, s.sumPayable),
];

/** What the rows need besides the lots: session titles by catalogRef, the sales' charging, the currency symbol. */
export interface SaleResultsExportContext {
  sessionTitles: ReadonlyMap<string, string>;
  charging: ReadonlyMap<number, GroupCharging>;
  currencySymbol: string;
}

async function* rows(batches: AsyncIterable<readonly SoldLotRow[]>, c: SaleResultsExportContext): AsyncGenerator<DownloadCell[]> {
  const grand = emptyGrandTotals();
  let buyer: SaleResultBidder | null = null;
  for await (const batch of batches) {
    for (const r of batch) {
      if (buyer?.memberID !== r.memberId) {
        if (buyer) yield buyerTotal(buyer);
        buyer = saleResultBidder(r);
      }
      const l = saleResultLot(r, c.charging, c.currencySymbol);
      addSaleResultLot(buyer.memberSums, grand, l);
      const lot = [SALE_RESULTS_LINE.lot, c.sessionTitles.get(l.catalogRef) ?? '', `${l.catalogPrefix}-${l.lotNumber}`, l.title];
      yield [...lot, ...buyerCells(buyer), ...money(l.hammer, l.buyPrem, l.liveFee, l.payble)];
    }
  }
  if (buyer) yield buyerTotal(buyer);
  const g = grand;
  yield [SALE_RESULTS_LINE.grand, '', '', lots(g.lotCount), null, '', '', '', '', ...money(g.hammer, g.buyPrem, g.liveFee, g.payable)];
}

/** The table over sold-lot batches in the screen's order (read lazily, as the client downloads). */
export function saleResultsTable(batches: AsyncIterable<readonly SoldLotRow[]>, context: SaleResultsExportContext): DownloadTable {
  return { sheetName: 'Sale Results', header: SALE_RESULTS_EXPORT_HEADER, rows: rows(batches, context), widths: WIDTHS };
}

/** "Sale Results - Day one" for one session, "Sale Results - 3 sessions" for more (no extension). */
export function saleResultsFileBase(sessionTitles: readonly string[]): string {
  const what = sessionTitles.length === 1 ? sessionTitles[0] : `${sessionTitles.length} sessions`;
  return csvFileName(`Sale Results - ${what}`, 'Sale Results').replace(/\.csv$/, '');
}
