import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { agingSums, MONEY_REPORTS, type AgingBucketSum, type MoneyReportId } from '@ar/rules';
import type { DownloadTable } from '../../../core/http/file-download';
import type { Execute } from '../report-sql';
import { AGING_HEADER, AGING_WIDTHS, agingBatches, agingCells, type AgingRow } from './aging.report';
import {
  COLLECTIONS_HEADER,
  COLLECTIONS_WIDTHS,
  collectionCells,
  collectionRows,
  collectionTotals,
  type CollectionRow,
  type CollectionTotals,
} from './collections.report';
import { checkReportRange, type DateRange } from './money-range';
import { PAYABLES_HEADER, PAYABLES_WIDTHS, addPayable, noPayables, payableBatches, payableCells, type PayableRow } from './payables.report';
import { REVENUE_HEADER, REVENUE_WIDTHS, revenueCells, revenueRows, revenueTotals, type RevenueRow } from './revenue.report';

export interface AgingView extends DateRange {
  buckets: AgingBucketSum[];
  totalCents: number;
  rows: AgingRow[];
}
export interface CollectionsView extends DateRange {
  rows: CollectionRow[];
  totals: CollectionTotals;
}
export interface PayablesView extends DateRange {
  rows: PayableRow[];
  totals: Omit<PayableRow, 'consignorId' | 'consignor' | 'company'>;
}
export interface RevenueView extends DateRange {
  rows: RevenueRow[];
  totals: ReturnType<typeof revenueTotals>;
}

export interface MoneyReportFile {
  fileBase: string;
  table: DownloadTable;
}

async function all<T>(batches: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const b of batches) out.push(...b);
  return out;
}

/**
 * The money reports (docs/reports.md "Money reports"): each as JSON for the screen and as a streamed
 * CSV/XLSX file. Read-only SQL over invoicing's and settlements' tables, always of the caller's house;
 * the range is checked before anything is read, so refusals answer before a file starts.
 */
@Injectable()
export class MoneyReportsService {
  constructor(private readonly em: EntityManager) {}

  // The connection, not the request's EntityManager: a file's rows are read after the handler returned.
  private get execute(): Execute {
    const conn = this.em.getConnection();
    return (sql, params) => conn.execute(sql, params);
  }

  async aging(houseId: number, range: DateRange): Promise<AgingView> {
    checkReportRange(range);
    const rows = await all(agingBatches(this.execute, houseId, range));
    const buckets = agingSums(rows);
    return { ...pick(range), buckets, totalCents: buckets.reduce((s, b) => s + b.balanceCents, 0), rows };
  }

  async collections(houseId: number, range: DateRange): Promise<CollectionsView> {
    checkReportRange(range);
    const rows = await collectionRows(this.execute, houseId, range);
    return { ...pick(range), rows, totals: collectionTotals(rows) };
  }

  async payables(houseId: number, range: DateRange): Promise<PayablesView> {
    checkReportRange(range);
    const rows = await all(payableBatches(this.execute, houseId, range));
    const totals = noPayables();
    for (const r of rows) addPayable(totals, r);
    return { ...pick(range), rows, totals };
  }

  async revenue(houseId: number, range: DateRange): Promise<RevenueView> {
    checkReportRange(range);
    const rows = await revenueRows(this.execute, houseId, range);
    return { ...pick(range), rows, totals: revenueTotals(rows) };
  }

  /** The report as a file: the per-row reports (aging, payables) stream from the database in keyset batches. */
  async file(id: MoneyReportId, houseId: number, range: DateRange): Promise<MoneyReportFile> {
    checkReportRange(range);
    const execute = this.execute;
    const table = (header: string[], widths: number[], rows: DownloadTable['rows']): MoneyReportFile => {
      const title = MONEY_REPORTS.find((r) => r.id === id)!.title;
      return { fileBase: `${title} ${range.from} to ${range.to}`, table: { sheetName: title, header, widths, rows } };
    };
    switch (id) {
      case 'aging':
        return table(AGING_HEADER, AGING_WIDTHS, agingCells(agingBatches(execute, houseId, range)));
      case 'collections':
        return table(COLLECTIONS_HEADER, COLLECTIONS_WIDTHS, collectionCells(await collectionRows(execute, houseId, range)));
      case 'consignor-payables':
        return table(PAYABLES_HEADER, PAYABLES_WIDTHS, payableCells(payableBatches(execute, houseId, range)));
      case 'sale-revenue':
        return table(REVENUE_HEADER, REVENUE_WIDTHS, revenueCells(await revenueRows(execute, houseId, range)));
    }
  }
}

const pick = (r: DateRange): DateRange => ({ from: r.from, to: r.to });
