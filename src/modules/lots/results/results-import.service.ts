import * as path from 'node:path';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { BiddersService, BidderSlot, matchResultBidders } from '../../bidders/bidders.service';
import type { Platform } from '../../bidders/member.entity';
import { CatalogsService } from '../../catalogs/catalogs.service';
import { INVOICES_LOCK_NAME, LotResultLocks } from './result-locks';
import { decodeCsvText, normalizeLotNumber, parseResultsCsv, RESULTS_MAX_FILE_BYTES, RowError } from './results-csv';
import { ResultsError, ResultsErrorCode } from './results.errors';

export interface ResultsFile {
  /** The file's name as uploaded or given, for the type check; optional. */
  name?: string;
  data: Buffer;
}

export interface ResultsImportOptions {
  /** Check everything, write nothing. */
  dryRun?: boolean;
  /** Progress notes for the CLI. */
  onProgress?: (note: string) => void;
}

export interface ResultsImportOutcome {
  catalogId: number;
  /** Data rows of the file that were applied (0 when any row has an error). */
  imported: number;
  sold: number;
  passed: number;
  /** Rows whose lot already had exactly this result (a re-import). */
  unchanged: number;
  createdBidders: number;
  createdApprovals: number;
  dryRun: boolean;
  /** Every bad row with its line and reason; when not empty, nothing was written. */
  errors: RowError[];
}

interface LotState {
  id: number;
  status: string;
  approvalId: number | null;
  hammerCents: number | null;
  channel: Platform | null;
}

/**
 * The results import: a session's lot results (hammer, winning bidder, channel) from a CSV file,
 * all rows or none. Used by `POST /api/catalogs/:catalogId/results/import` and `npm run cli --
 * import-results`. Rules and columns: docs/results-import.md.
 */
@Injectable()
export class ResultsImportService {
  constructor(
    private readonly em: EntityManager,
    private readonly catalogs: CatalogsService,
    private readonly bidders: BiddersService,
    private readonly locks: LotResultLocks,
  ) {}

  async import(
    houseId: number,
    catalogId: number,
    file: ResultsFile | null | undefined,
    opts: ResultsImportOptions = {},
  ): Promise<ResultsImportOutcome> {
    const progress = opts.onProgress ?? (() => undefined);
    const [session] = Number.isSafeInteger(catalogId) && catalogId > 0 ? await this.catalogs.sessions(houseId, [catalogId]) : [];
    if (!session) throw new ResultsError(ResultsErrorCode.CATALOG_NOT_FOUND, 'Catalog not found.');
    if (!file) throw new ResultsError(ResultsErrorCode.FILE_MISSING, 'Attach the results file (CSV) as the multipart field "file".');
    if (file.data.length > RESULTS_MAX_FILE_BYTES) {
      throw new ResultsError(
        ResultsErrorCode.FILE_TOO_LARGE,
        `The file is larger than ${RESULTS_MAX_FILE_BYTES / 1024 / 1024} MB: split it into several files.`,
      );
    }
    const ext = file.name ? path.extname(file.name).toLowerCase() : '';
    const text = ext === '' || ext === '.csv' || ext === '.txt' ? decodeCsvText(file.data) : null;
    if (text === null) {
      throw new ResultsError(
        ResultsErrorCode.NOT_A_CSV_FILE,
        'The results file must be a CSV file in UTF-8 (in Excel: Save As "CSV UTF-8").',
      );
    }
    if (!this.locks.has(INVOICES_LOCK_NAME)) {
      // Without the invoicing module's check an invoiced lot could get another result: refuse.
      throw new ResultsError(
        ResultsErrorCode.INVOICE_CHECK_MISSING,
        'Results cannot be imported right now: the invoiced-lots check is not available.',
      );
    }

    const started = Date.now();
    const parsed = parseResultsCsv(text);
    progress(`read ${parsed.rowCount} row${parsed.rowCount === 1 ? '' : 's'} (${parsed.errors.length} with errors so far)`);
    const base: ResultsImportOutcome = {
      catalogId,
      imported: 0,
      sold: 0,
      passed: 0,
      unchanged: 0,
      createdBidders: 0,
      createdApprovals: 0,
      dryRun: opts.dryRun === true,
      errors: [],
    };
    if (parsed.errors.length && !parsed.rows.length) return { ...base, errors: sortErrors(parsed.errors) };

    return this.em.transactional(async (tx) => {
      // The sale's results lock: one import per sale at a time (bidders created once), and none
      // while an invoice group over its sessions is being marked in progress (LotResultLocks.lockSales).
      // The session's lots are locked so an invoice cannot be built from them (its lines reference
      // them) between our check and our write.
      await this.locks.lockSales(tx, [session.groupId]);
      const lotRows: Record<string, unknown>[] = await tx.execute(
        `select id, lot_number, lot_ext, status, winning_approval_id, hammer_cents, result_channel
           from lot where house_id = ? and catalog_id = ? order by id for update`,
        [houseId, catalogId],
      );
      const lotsByKey = new Map<string, LotState[]>();
      for (const r of lotRows) {
        if (r.lot_number == null) continue;
        const key = `${normalizeLotNumber(String(r.lot_number).trim())}|${r.lot_ext ? String(r.lot_ext).toUpperCase() : ''}`;
        const state: LotState = {
          id: r.id as number,
          status: r.status as string,
          approvalId: (r.winning_approval_id as number | null) ?? null,
          hammerCents: r.hammer_cents == null ? null : Number(r.hammer_cents),
          channel: (r.result_channel as Platform | null) ?? null,
        };
        lotsByKey.set(key, [...(lotsByKey.get(key) ?? []), state]);
      }

      const errors: RowError[] = [...parsed.errors];
      // Lots: each row names one live lot of this session.
      const lotOf = new Map<number, LotState>();
      for (const row of parsed.rows) {
        const found = (lotsByKey.get(`${row.lotNumber}|${row.lotExt ?? ''}`) ?? []).filter((l) => l.status !== 'd');
        const deleted = (lotsByKey.get(`${row.lotNumber}|${row.lotExt ?? ''}`) ?? []).some((l) => l.status === 'd');
        if (found.length === 1) lotOf.set(row.line, found[0]);
        else if (found.length > 1)
          errors.push({
            line: row.line,
            column: 'lot',
            reason: `Lot ${row.lotLabel} matches ${found.length} lots of this catalog: correct the catalog first.`,
          });
        else if (deleted)
          errors.push({
            line: row.line,
            column: 'lot',
            reason: `Lot ${row.lotLabel} was deleted from this catalog: its result cannot be imported.`,
          });
        else errors.push({ line: row.line, column: 'lot', reason: 'This lot number was not a part of this catalog.' });
      }

      // Bidders: matched by paddle within the sale, else by email in the house, else created (Floor).
      const soldRows = parsed.rows.filter((r) => r.bidder);
      const claims = soldRows.map((r) => r.bidder!);
      const candidates = await this.bidders.resultCandidates(
        houseId,
        session.groupId,
        claims.flatMap((c) => (c.paddle ? [c.paddle] : [])),
        claims.flatMap((c) => (c.email ? [c.email] : [])),
        tx,
      );
      const plan = matchResultBidders(claims, candidates);
      errors.push(...plan.errors);
      const winnerOf = new Map<number, { slot: BidderSlot; channel: Platform }>();
      soldRows.forEach((r, i) => {
        const w = plan.winners[i];
        if (w) winnerOf.set(r.line, w);
      });

      // What changes: a result equal to the lot's current one is left alone (re-imports are no-ops).
      const changes: { row: (typeof parsed.rows)[number]; lot: LotState; winner: { slot: BidderSlot; channel: Platform } | null }[] = [];
      let unchanged = 0;
      for (const row of parsed.rows) {
        const lot = lotOf.get(row.line);
        const winner = winnerOf.get(row.line) ?? null;
        if (!lot || (row.bidder && !winner)) continue;
        const same = winner
          ? winner.slot.approvalId !== null &&
            lot.approvalId === winner.slot.approvalId &&
            lot.hammerCents === row.hammerCents &&
            lot.channel === winner.channel
          : lot.approvalId === null && lot.hammerCents === null && lot.channel === null;
        if (same) unchanged++;
        else changes.push({ row, lot, winner });
      }
      const locked = await this.locks.lockedLots(
        tx,
        houseId,
        changes.map((c) => c.lot.id),
      );
      // A session whose invoices are being created: its results are read (or about to be) by the creation.
      const sessionReason = changes.length ? (await this.locks.lockedCatalogs(tx, houseId, [catalogId])).get(catalogId) : undefined;
      for (const c of changes) {
        const reason = locked.get(c.lot.id) ?? sessionReason;
        if (reason) errors.push({ line: c.row.line, column: 'lot', reason: `Lot ${c.row.lotLabel}: ${reason}` });
      }
      progress(`checked ${parsed.rowCount} rows against ${lotRows.length} lots and the sale's bidders in ${Date.now() - started} ms`);

      if (errors.length) return { ...base, errors: sortErrors(errors) };
      const sold = parsed.rows.filter((r) => r.bidder).length;
      const outcome: ResultsImportOutcome = { ...base, imported: parsed.rows.length, sold, passed: parsed.rows.length - sold, unchanged };
      if (opts.dryRun) {
        outcome.createdBidders = plan.slots.filter((s) => s.newMember).length;
        outcome.createdApprovals = plan.slots.filter((s) => s.approvalId === null).length;
        return outcome;
      }

      const created = await this.bidders.applyResultBidders(houseId, session.groupId, plan, tx);
      outcome.createdBidders = created.createdBidders;
      outcome.createdApprovals = created.createdApprovals;
      for (let i = 0; i < changes.length; i += 2000) {
        const batch = changes.slice(i, i + 2000);
        await tx.execute(
          `update lot set winning_approval_id = v.approval_id, hammer_cents = v.hammer, result_channel = v.channel,
                  sold_at = case when v.approval_id is null then null else now() end
             from (values ${batch.map(() => '(?::int, ?::int, ?::bigint, ?::varchar)').join(', ')}) as v(id, approval_id, hammer, channel)
            where lot.id = v.id and lot.house_id = ? and lot.catalog_id = ?`,
          [
            ...batch.flatMap((c) => [c.lot.id, c.winner?.slot.approvalId ?? null, c.row.hammerCents, c.winner?.channel ?? null]),
            houseId,
            catalogId,
          ],
        );
      }
      progress(
        `wrote ${changes.length} lot result${changes.length === 1 ? '' : 's'} (${unchanged} unchanged), ${created.createdBidders} new floor bidder${created.createdBidders === 1 ? '' : 's'} in ${Date.now() - started} ms`,
      );
      return outcome;
    });
  }
}

const sortErrors = (errors: RowError[]): RowError[] => [...errors].sort((a, b) => a.line - b.line);
