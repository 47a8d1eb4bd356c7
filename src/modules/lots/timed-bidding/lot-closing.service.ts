import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { crashPoint } from '../../../core/testing/crash-point';
import { LotResultLocks } from '../results/result-locks';
import { lotEndsSql } from './lot-ends.sql';

export interface ClosingReport {
  closed: number;
  sold: number;
  /** Sessions left for the next run: their invoices are being created. */
  deferredCatalogs: number;
}

interface DueLot {
  id: number;
  catalog_id: number;
  house_id: number;
  group_id: number;
  end_at: Date;
}

/** Lots closed per transaction: one session's due lots, in slices of this many. */
const SLICE = 500;

/**
 * Closes timed lots whose end has passed. Each session's due lots close in one transaction under
 * the sale's results lock: every lot row is locked, re-checked (still open, still due: a last bid
 * may have extended it) and marked closed in the same statement that writes its result (winning
 * approval, hammer = current bid, channel), so a rerun, a crash mid-close or a second instance never
 * closes a lot twice or writes two results. A lot that already has a result (imported) keeps it.
 */
@Injectable()
export class LotClosingService {
  private readonly logger = new Logger('LotClosing');

  constructor(
    private readonly em: EntityManager,
    private readonly locks: LotResultLocks,
  ) {}

  async closeDue(now = new Date()): Promise<ClosingReport> {
    const due = await this.em.fork().execute<DueLot[]>(
      `select id, catalog_id, house_id, group_id, end_at from (${lotEndsSql('dueBy')}) e
        where e.closed_at is null and e.end_at <= ? order by catalog_id, end_at, id`,
      [now, now],
    );
    const report: ClosingReport = { closed: 0, sold: 0, deferredCatalogs: 0 };
    const byCatalog = new Map<number, DueLot[]>();
    for (const l of due) byCatalog.set(l.catalog_id, [...(byCatalog.get(l.catalog_id) ?? []), l]);
    for (const lots of byCatalog.values()) {
      for (let i = 0; i < lots.length; i += SLICE) {
        const r = await this.closeSlice(lots.slice(i, i + SLICE), now);
        if (r === null) {
          report.deferredCatalogs++;
          break;
        }
        report.closed += r.closed;
        report.sold += r.sold;
        crashPoint('lot-closing.after-slice');
      }
    }
    if (report.closed) this.logger.log(`closed ${report.closed} timed lots (${report.sold} sold)`);
    return report;
  }

  /** Null when the session's invoices are being created (its results are being read). */
  private async closeSlice(lots: DueLot[], now: Date): Promise<{ closed: number; sold: number } | null> {
    const { house_id: houseId, catalog_id: catalogId, group_id: groupId } = lots[0];
    return this.em.fork().transactional(async (tx) => {
      await this.locks.lockSales(tx, [groupId]);
      if ((await this.locks.lockedCatalogs(tx, houseId, [catalogId])).has(catalogId)) return null;
      const scheduled = new Map(lots.map((l) => [l.id, new Date(l.end_at)]));
      const rows = await tx.execute<{ id: number; end_at: Date | null }[]>(
        `select id, end_at from lot where id in (${lots.map(() => '?').join(', ')}) and house_id = ? and closed_at is null order by id for update`,
        [...lots.map((l) => l.id), houseId],
      );
      // The end on the lot wins (a bid stored it, an extension moved it); else the schedule read above.
      const ids = rows.filter((r) => (r.end_at ? new Date(r.end_at) : scheduled.get(r.id)!).getTime() <= now.getTime()).map((r) => r.id);
      if (!ids.length) return { closed: 0, sold: 0 };
      const closed = await tx.execute<{ id: number; sold: boolean }[]>(
        `with w as (
           select l.id, a.id as approval_id, a.channel,
                  (l.leading_bid_id is not null and l.winning_approval_id is null and (l.reserve_cents is null or l.current_bid_cents >= l.reserve_cents)) as sells
             from lot l
             left join order_bid o on o.id = l.leading_bid_id and o.lot_id = l.id and o.cancelled_at is null
             left join approval a on a.id = o.approval_id and a.house_id = l.house_id
            where l.id in (${ids.map(() => '?').join(', ')}) and l.house_id = ?)
         update lot set closed_at = ?,
                winning_approval_id = case when w.sells and w.approval_id is not null then w.approval_id else lot.winning_approval_id end,
                hammer_cents = case when w.sells and w.approval_id is not null then lot.current_bid_cents else lot.hammer_cents end,
                result_channel = case when w.sells and w.approval_id is not null then w.channel else lot.result_channel end,
                sold_at = case when w.sells and w.approval_id is not null then coalesce(lot.end_at, ?) else lot.sold_at end
           from w where lot.id = w.id and lot.closed_at is null
         returning lot.id, (w.sells and w.approval_id is not null) as sold`,
        [...ids, houseId, now, now],
      );
      crashPoint('lot-closing.before-commit');
      return { closed: closed.length, sold: closed.filter((c) => c.sold).length };
    });
  }
}
