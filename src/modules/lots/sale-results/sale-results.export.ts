/**
 * The Sale Results download (docs/reports.md "Sale Results"): the screen's answer as one table, the
 * same rows and totals the screen shows. One row per sold lot (with its buyer's columns), a buyer
 * total row after each buyer's lots, and a grand total row last. Amounts are integer cents.
 */
import { csvFileName, type SaleResultsAnswer } from '@ar/rules';
import type { DownloadCell, DownloadTable } from '../../../core/http/file-download';

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

function* rows(a: SaleResultsAnswer): Generator<DownloadCell[]> {
  const sessions = new Map(a.catalogHeaders.map((h) => [h.catalogRef, h.title]));
  for (const b of a.groupedData) {
    const buyer: DownloadCell[] = [b.paddleNumber || null, b.lastName, b.firstName, b.email ?? '', b.channel];
    for (const l of b.items) {
      const lot = [SALE_RESULTS_LINE.lot, sessions.get(l.catalogRef) ?? '', `${l.catalogPrefix}-${l.lotNumber}`, l.title];
      yield [...lot, ...buyer, ...money(l.hammer, l.buyPrem, l.liveFee, l.payble)];
    }
    const s = b.memberSums;
    yield [SALE_RESULTS_LINE.buyer, '', '', lots(s.lotCount), ...buyer, ...money(s.sumHammer, s.sumBuyPrem, s.sumLiveFee, s.sumPayable)];
  }
  const g = a.grandTotals;
  yield [SALE_RESULTS_LINE.grand, '', '', lots(g.lotCount), null, '', '', '', '', ...money(g.hammer, g.buyPrem, g.liveFee, g.payable)];
}

export function saleResultsTable(a: SaleResultsAnswer): DownloadTable {
  return { sheetName: 'Sale Results', header: SALE_RESULTS_EXPORT_HEADER, rows: rows(a), widths: WIDTHS };
}

/** "Sale Results - Day one" for one session, "Sale Results - 3 sessions" for more (no extension). */
export function saleResultsFileBase(a: SaleResultsAnswer): string {
  const what = a.catalogHeaders.length === 1 ? a.catalogHeaders[0].title : `${a.catalogHeaders.length} sessions`;
  return csvFileName(`Sale Results - ${what}`, 'Sale Results').replace(/\.csv$/, '');
}
