import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { dateIn, REPORT_DOWNLOADS, type ReportDownloadDef } from '@ar/rules';
import type { DownloadTable } from '../../core/http/file-download';
import { BIDDERS_HEADER, BIDDERS_WIDTHS, bidderRows } from './bidders.report';
import { MAX_BIDS_HEADER, MAX_BIDS_WIDTHS, maxBidRows } from './max-bids.report';
import { PACTS_HEADER, PACTS_WIDTHS, pactsRows } from './pacts.report';
import { reportFileBase } from './report-cells';
import { loadCharging } from './report-pricing';
import { bidderBatches } from './bidders.query';
import { maxBidBatches } from './max-bids.query';
import { pactsBatches } from './pacts.query';
import type { Execute } from './report-sql';
import { sessionCounts, soldLotBatches } from './session-summary.query';
import { loadReportSessions, type ReportSession } from './report-sessions';
import { SESSION_SUMMARY_HEADER, SESSION_SUMMARY_WIDTHS, sessionSummaryRows } from './session-summary.report';

/** A report ready to stream: its file name (no extension) and its table, whose rows read the database lazily. */
export interface ReportFile {
  fileBase: string;
  table: DownloadTable;
}

const def = (path: ReportDownloadDef['path']) => REPORT_DOWNLOADS.find((d) => d.path === path)!;

/**
 * The report downloads of the Sale Results screen (docs/reports.md). Each method checks the
 * selection first (404 a session not of the house, 400 mixed currencies), so refusals answer before
 * the file starts; the rows are then read in batches while the client downloads.
 */
@Injectable()
export class ReportDownloadsService {
  constructor(private readonly em: EntityManager) {}

  async maxBids(houseId: number, refs: readonly string[]): Promise<ReportFile> {
    const { execute, sessions } = await this.open(houseId, refs);
    return this.file(
      def('maxBidReports'),
      sessions,
      MAX_BIDS_HEADER,
      MAX_BIDS_WIDTHS,
      maxBidRows(maxBidBatches(execute, houseId, sessions)),
    );
  }

  async sessionSummary(houseId: number, refs: readonly string[]): Promise<ReportFile> {
    const { execute, sessions } = await this.open(houseId, refs);
    const charging = await loadCharging(execute, houseId, [...new Set(sessions.map((s) => s.auctionGroupId))]);
    const sources = sessions.map((s) => ({
      title: s.title,
      date: dateIn(s.eventDate, s.timeZone),
      currencyCode: s.currencyCode,
      counts: () => sessionCounts(execute, houseId, [s.id]),
      sold: () => soldLotBatches(execute, houseId, s, charging.get(s.auctionGroupId)!),
    }));
    const rows = sessionSummaryRows(sources, () =>
      sessionCounts(
        execute,
        houseId,
        sessions.map((s) => s.id),
      ),
    );
    return this.file(def('sessionReports'), sessions, SESSION_SUMMARY_HEADER, SESSION_SUMMARY_WIDTHS, rows);
  }

  async bidders(houseId: number, ref: string): Promise<ReportFile> {
    const { execute, sessions } = await this.open(houseId, [ref]);
    const [s] = sessions;
    const charging = await loadCharging(execute, houseId, [s.auctionGroupId]);
    const rows = bidderRows(bidderBatches(execute, houseId, s, charging.get(s.auctionGroupId)!));
    return this.file(def('bidderReports'), sessions, BIDDERS_HEADER, BIDDERS_WIDTHS, rows);
  }

  async pacts(houseId: number, ref: string): Promise<ReportFile> {
    const { execute, sessions } = await this.open(houseId, [ref]);
    const [s] = sessions;
    const charging = await loadCharging(execute, houseId, [s.auctionGroupId]);
    const rows = pactsRows(pactsBatches(execute, houseId, s, charging.get(s.auctionGroupId)!));
    return this.file(def('pactsReports'), sessions, PACTS_HEADER, PACTS_WIDTHS, rows);
  }

  private async open(houseId: number, refs: readonly string[]): Promise<{ execute: Execute; sessions: ReportSession[] }> {
    // The connection, not the request's EntityManager: the rows are read after the handler returned.
    const conn = this.em.getConnection();
    const execute: Execute = (sql, params) => conn.execute(sql, params);
    return { execute, sessions: await loadReportSessions(execute, houseId, refs) };
  }

  private file(
    d: ReportDownloadDef,
    sessions: readonly ReportSession[],
    header: readonly string[],
    widths: readonly number[],
    rows: DownloadTable['rows'],
  ): ReportFile {
    return {
      fileBase: reportFileBase(
        d.title,
        sessions.map((s) => s.title),
      ),
      table: { sheetName: d.title, header, widths, rows },
    };
  }
}
