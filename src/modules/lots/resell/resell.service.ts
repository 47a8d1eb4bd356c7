import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  AUDIO_VIDEO,
  createsResellSale,
  DEFAULT_TIMED_STAGGER,
  RESELL_AFTER_START_MS,
  RESELL_CREATOR,
  resellFirstLotEnd,
  resellTitle,
  STEP_TRACKER,
  TIMED_TYPE,
} from '@ar/rules';
import { newRef } from '../../houses/identity/secrets';
import { LOT_ITEM_FIELDS } from '../lot-item-fields';
import { LotResultLocks } from '../results/result-locks';

export interface ResellReport {
  /** Closed live sessions examined (each once, ever). */
  checked: number;
  /** Timed resale sessions created. */
  created: number;
  /** Lots re-listed in them. */
  lots: number;
}

interface Candidate {
  id: number;
  house_id: number;
  group_id: number;
}

interface LiveSession extends Candidate {
  title: string;
  event_date: Date;
  time_zone: string;
  address_id: number | null;
  currency_code: string;
  description: string;
  view_notes: string;
  consign_contact_id: number | null;
  sale_admin_id: number | null;
  expert_contact_id: number | null;
}

/** Closed live sessions examined per run; the rest wait for the next run. */
const BATCH = 50;

/**
 * A lot a live session did not sell: not deleted, no winning bidder, and neither a hammer nor a
 * published realized price above zero (zero is the spec's "Passed").
 */
export const UNSOLD_LOT_SQL = `l.status <> 'd' and l.winning_approval_id is null
  and coalesce(l.hammer_cents, 0) = 0 and coalesce(l.realized_price_cents, 0) = 0`;

/**
 * What a re-listed lot keeps: its item fields, bids set up, flags and consignor (results, bids,
 * publishing, ends and the buy-now price start afresh).
 */
const COPIED_LOT_COLUMNS = [
  ...LOT_ITEM_FIELDS.map((f) => f.column),
  'starting_bid_cents',
  'starting_bid_computed',
  'reserve_cents',
  'restricted',
  'banned',
  'potentially_banned',
  'consignor_id',
].join(', ');

/**
 * The resell job (spec 001: "Automatic timed sale from unsold items: created if 15 or more unsold
 * live lots remain"; docs/decisions/resell.md). A live session with the resell toggle on is
 * examined once it has closed (a day after its start); with 15 or more unsold lots, a timed session
 * (creator `resell`) is added to the same sale with copies of them. Each session is examined in
 * its own transaction: its row is locked (`skip locked`: a concurrent run takes the next one) and
 * re-checked, the sale's results lock is held so an import cannot change results mid-read, and the
 * session is marked examined in the same commit, so a rerun, a duplicate job or a second instance
 * never resells twice; the unique `catalog.resold_from_id` makes a second resale impossible anyway.
 */
@Injectable()
export class ResellService {
  private readonly logger = new Logger('Resell');

  constructor(
    private readonly em: EntityManager,
    private readonly locks: LotResultLocks,
  ) {}

  async runDue(now = new Date()): Promise<ResellReport> {
    const due = await this.em.fork().execute<Candidate[]>(
      `select id, house_id, group_id from catalog
        where sale_type = 'live' and resell_unsold_live_lots and resell_checked_at is null and event_date <= ?
        order by event_date, id limit ?`,
      [new Date(now.getTime() - RESELL_AFTER_START_MS), BATCH],
    );
    const report: ResellReport = { checked: 0, created: 0, lots: 0 };
    for (const c of due) {
      const r = await this.resellOne(c, now);
      if (!r) continue;
      report.checked++;
      if (r.lots) {
        report.created++;
        report.lots += r.lots;
      }
    }
    if (report.created) this.logger.log(`resold ${report.lots} unsold live lots in ${report.created} timed sessions`);
    return report;
  }

  /** Null when another run holds or already examined the session. */
  private async resellOne(c: Candidate, now: Date): Promise<{ lots: number } | null> {
    return this.em.fork().transactional(async (tx) => {
      await this.locks.lockSales(tx, [c.group_id]);
      const rows = await tx.execute<LiveSession[]>(
        `select id, house_id, group_id, title, event_date, time_zone, address_id, currency_code, description, view_notes,
                consign_contact_id, sale_admin_id, expert_contact_id
           from catalog where id = ? and house_id = ? and sale_type = 'live' and resell_unsold_live_lots and resell_checked_at is null
          for update skip locked`,
        [c.id, c.house_id],
      );
      const live = rows[0];
      if (!live) return null;
      const unsold = await tx.execute<{ id: number }[]>(
        `select l.id from lot l where l.catalog_id = ? and l.house_id = ? and ${UNSOLD_LOT_SQL} order by l.id for update of l`,
        [live.id, live.house_id],
      );
      let lots = 0;
      if (createsResellSale(true, unsold.length)) lots = await this.createResale(tx, live, unsold, now);
      await tx.execute('update catalog set resell_checked_at = ? where id = ? and house_id = ?', [now, live.id, live.house_id]);
      return { lots };
    });
  }

  /** The timed session in the live session's sale, its categories and channels, the lots and their images. */
  private async createResale(tx: EntityManager, live: LiveSession, unsold: { id: number }[], now: Date): Promise<number> {
    const [timed] = await tx.execute<{ id: number }[]>(
      `insert into catalog (house_id, group_id, catalog_ref, title, sale_type, event_date, time_zone, address_id, currency_code,
         creator, timed_type, timed_value, resell_unsold_live_lots, audio_video, description, view_notes,
         consign_contact_id, sale_admin_id, expert_contact_id, step_tracker, resold_from_id)
       values (?, ?, ?, ?, 'timed', ?, ?, ?, ?, ?, ?, ?, false, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      [
        live.house_id,
        live.group_id,
        newRef('C'),
        resellTitle(live.title),
        resellFirstLotEnd(new Date(live.event_date), live.time_zone, now),
        live.time_zone,
        live.address_id,
        live.currency_code,
        RESELL_CREATOR,
        TIMED_TYPE.staggered,
        DEFAULT_TIMED_STAGGER,
        AUDIO_VIDEO.off,
        live.description,
        live.view_notes,
        live.consign_contact_id,
        live.sale_admin_id,
        live.expert_contact_id,
        // Its lots exist: the calendar's edit link opens the summary, where the house reviews and publishes.
        STEP_TRACKER.liveTimed.previewDone,
        live.id,
      ],
    );
    await tx.execute(
      `insert into catalog_category (catalog_id, category_id) select ?, category_id from catalog_category where catalog_id = ?`,
      [timed.id, live.id],
    );
    await tx.execute(
      `insert into catalog_channel (catalog_id, channel_id, value) select ?, channel_id, value from catalog_channel where catalog_id = ?`,
      [timed.id, live.id],
    );
    const CHUNK = 1000;
    for (let i = 0; i < unsold.length; i += CHUNK) {
      const part = unsold.slice(i, i + CHUNK);
      await tx.execute(
        `insert into lot (house_id, catalog_id, lot_ref, original_lot_id, ${COPIED_LOT_COLUMNS})
         select l.house_id, ?, v.ref, l.id, ${COPIED_LOT_COLUMNS.replace(/(\w+)/g, 'l.$1')}
           from lot l join (values ${part.map(() => '(?::int, ?::varchar)').join(', ')}) v(id, ref) on v.id = l.id
          where l.house_id = ?
          order by l.id`,
        [timed.id, ...part.flatMap((u) => [u.id, newRef('L')]), live.house_id],
      );
    }
    // The same pictures (their links; the storage keys stay the live lot's, so deleting one never removes the other's files).
    await tx.execute(
      `insert into lot_image (house_id, lot_id, sequence, url, thumb_url, width, height)
       select i.house_id, n.id, i.sequence, i.url, i.thumb_url, i.width, i.height
         from lot n join lot_image i on i.lot_id = n.original_lot_id and i.house_id = n.house_id
        where n.catalog_id = ? and n.house_id = ?`,
      [timed.id, live.house_id],
    );
    return unsold.length;
  }
}
