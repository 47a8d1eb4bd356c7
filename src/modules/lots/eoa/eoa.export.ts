/**
 * The EOA download (docs/reports.md "End of auction"): the EOA view as one table, a row per lot of
 * the session in lot order (sold and passed), then a totals row. Amounts are integer cents.
 */
import { csvFileName, type EoaLot } from '@ar/rules';
import type { DownloadCell, DownloadTable } from '../../../core/http/file-download';
import { addToTotals, emptyTotals } from './eoa.rules';

export const EOA_EXPORT_HEADER = [
  'Lot',
  'Title',
  'Result',
  'Paddle',
  'Buyer',
  'Channel',
  'Hammer',
  "Buyer's Premium",
  'Live Fee',
  'Payable',
] as const;

export const EOA_TOTAL_LINE = 'Total';

const WIDTHS = [8, 40, 8, 8, 28, 8, 14, 16, 12, 14];

const money = (...cents: number[]): DownloadCell[] => cents.map((c) => ({ cents: c }));

async function* rows(batches: AsyncIterable<EoaLot[]>): AsyncGenerator<DownloadCell[]> {
  const totals = emptyTotals();
  for await (const batch of batches) {
    for (const l of batch) {
      addToTotals(totals, l);
      const amounts =
        l.result === 'Sold' ? money(l.hammer!, l.premium, l.liveFee, l.hammer! + l.premium + l.liveFee) : [null, null, null, null];
      yield [l.lotNumber, l.title, l.result, l.paddleNumber, l.buyerName ?? '', l.channel ?? '', ...amounts];
    }
  }
  const t = totals;
  const what = `${t.lots} lots: ${t.sold} sold, ${t.passed} passed`;
  yield [EOA_TOTAL_LINE, what, '', null, '', '', ...money(t.hammer, t.premium, t.liveFee, t.hammer + t.premium + t.liveFee)];
}

export function eoaTable(batches: AsyncIterable<EoaLot[]>): DownloadTable {
  return { sheetName: 'End of Auction', header: EOA_EXPORT_HEADER, rows: rows(batches), widths: WIDTHS };
}

/** "End of Auction - Day one" (no extension). */
export function eoaFileBase(sessionTitle: string): string {
  return csvFileName(`End of Auction - ${sessionTitle}`, 'End of Auction').replace(/\.csv$/, '');
}
