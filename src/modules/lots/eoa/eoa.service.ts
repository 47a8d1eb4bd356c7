import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  EOA_TEXT,
  type EoaAction,
  type EoaAuditEntry,
  type EoaLot,
  type EoaLotFilter,
  type EoaLotsPage,
  type EoaResultSnapshot,
  type EoaSort,
  type EoaTotals,
  type EoaView,
} from '@ar/rules';
import type { Principal } from '../../../core/auth/principal';
import { DomainError } from '../../../core/errors/domain-error';
import { CatalogsService, type SessionRow } from '../../catalogs/catalogs.service';
import { keysetBatches } from '../../../core/database/keyset-batches';
import { liveFeeSql, premiumSql } from '../../invoicing/math';
import { INVOICES_LOCK_NAME, LotResultLocks } from '../results/result-locks';
import type { EoaLotsQuery } from './eoa.input';
import { eoaLot, isSold, sameSnapshot, snapshot, type EoaCharging, type EoaLotRow } from './eoa.rules';

/** The lots of a session with their winner, in lot-number order (numbers as numbers, then text, then the letter). */
const LOTS_SQL = `
  select l.id, coalesce(l.lot_number, '') || coalesce(l.lot_ext, '') as lot_number, l.title, l.hammer_cents::bigint as hammer_cents,
         l.winning_approval_id, coalesce(l.result_channel, a.channel) as channel, a.paddle_number, m.first_name, m.last_name,
         coalesce(case when l.lot_number ~ '^[0-9]{1,9}$' then l.lot_number::bigint end, 9999999999) as k1,
         coalesce(l.lot_number, '') as k2, coalesce(l.lot_ext, '') as k3
    from lot l
    left join approval a on a.id = l.winning_approval_id and a.house_id = l.house_id
    left join member m on m.id = a.member_id and m.house_id = l.house_id
   where l.house_id = ? and l.catalog_id = ? and l.status <> 'd'`;
/** Lot order (numbers as numbers, then text, then the letter, then id): the download's keyset and the list's default sort. */
const LOT_ORDER = [
  "coalesce(case when l.lot_number ~ '^[0-9]{1,9}$' then l.lot_number::bigint end, 9999999999)",
  "coalesce(l.lot_number, '')",
  "coalesce(l.lot_ext, '')",
  'l.id',
];
const LOT_KEYS = LOT_ORDER.join(', ');
/** A sold lot: a winner and a hammer (eoa.rules isSold). */
const SOLD = 'l.winning_approval_id is not null and l.hammer_cents is not null';
/** The channel a sold lot is charged by: the result's, else the registration's (as LOTS_SQL). */
const CHANNEL = 'coalesce(l.result_channel, a.channel)';
const NO_FILTER: EoaLotFilter = {};

/** Sort expressions of the list (lot order breaks ties, so pages never overlap). */
const SORTS: Record<EoaSort, string> = {
  lotNumber: '',
  result: `(${SOLD})`,
  paddleNumber: `case when ${SOLD} then a.paddle_number end`,
  buyerName: `case when ${SOLD} then lower(m.last_name) || ' ' || lower(m.first_name) end`,
  channel: `case when ${SOLD} then ${CHANNEL} end`,
  hammer: `case when ${SOLD} then l.hammer_cents end`,
};

function sortSql(sort: EoaLotsQuery['sort']): string {
  const dir = sort.order === 'DESC' ? 'desc' : 'asc';
  const lotOrder = (d: string) => LOT_ORDER.map((k) => `${k} ${d}`).join(', ');
  if (sort.field === 'lotNumber') return lotOrder(dir);
  return `${SORTS[sort.field]} ${dir} nulls last, ${lotOrder('asc')}`;
}

/**
 * The filters: result, channel of a sold lot, and `q` a lot number (with or without its letter:
 * "12" finds 12, 12A, 12B) or a buyer's paddle.
 */
function filterSql(f: EoaLotFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (f.result) parts.push(f.result === 'Sold' ? `(${SOLD})` : `not (${SOLD})`);
  if (f.channel) {
    parts.push(`(${SOLD}) and ${CHANNEL} = ?`);
    params.push(f.channel);
  }
  if (f.q) {
    const paddle = /^\d{1,9}$/.test(f.q) ? Number(f.q) : null;
    parts.push(
      `(lower(coalesce(l.lot_number, '') || coalesce(l.lot_ext, '')) = lower(?) or l.lot_number = ?${paddle === null ? '' : ` or ((${SOLD}) and a.paddle_number = ?)`})`,
    );
    params.push(f.q, f.q, ...(paddle === null ? [] : [paddle]));
  }
  return { sql: parts.map((p) => `and ${p}`).join(' '), params };
}

/** Lots read per query by the download (a 10,000-lot session is never one array). */
export const EOA_BATCH = 1000;
/** The view shows the newest corrections of the session, up to this many. */
export const EOA_AUDIT_LIMIT = 500;

type Row = EoaLotRow & { k1: string; k2: string; k3: string };

/**
 * End-of-auction reconciliation (issue 14; docs/decisions/eoa.md): the EOA view of a session, the
 * corrections staff make before invoicing (hammer, buyer by paddle, pass), each with its audit row in
 * the same transaction, and the rows of the EOA download. Corrections take the sale's results lock
 * (as the results import does) and refuse once any of the session's lots is invoiced or an invoice
 * group over it is being created (LotResultLocks).
 */
@Injectable()
export class EoaService {
  constructor(
    private readonly em: EntityManager,
    private readonly catalogs: CatalogsService,
    private readonly locks: LotResultLocks,
  ) {}

  /** The session by its catalogRef (the admin's session lists carry refs); another house's: 404. */
  async session(houseId: number, catalogRef: string): Promise<SessionRow> {
    const [s] = catalogRef.length <= 32 ? await this.catalogs.sessionsByRefs(houseId, [catalogRef]) : [];
    if (!s) throw new DomainError('not_found', 'SESSION_NOT_FOUND', EOA_TEXT.sessionNotFound);
    return s;
  }

  /** The session's header, lock, totals (computed by the database) and audit trail; its lots come a page at a time (`lots`). */
  async view(houseId: number, catalogRef: string): Promise<EoaView> {
    const s = await this.session(houseId, catalogRef);
    const catalogId = s.catalogId;
    const charging = await this.charging(houseId, s.groupId);
    const totals = await this.totals(houseId, catalogId, charging, NO_FILTER);
    const reason = await this.lockReason(this.em, houseId, catalogId);
    return {
      session: {
        catalogID: s.catalogId,
        catalogRef: s.catalogRef,
        title: s.title,
        date: s.eventDate.toISOString(),
        currencyCode: s.currencyCode,
      },
      locked: reason !== null,
      lockedReason: reason,
      totals,
      audit: await this.audit(houseId, catalogId),
    };
  }

  /** A page of the session's lots, sorted and filtered in the database, with the count and totals of all that match. */
  async lots(houseId: number, catalogRef: string, q: EoaLotsQuery): Promise<EoaLotsPage> {
    const s = await this.session(houseId, catalogRef);
    const charging = await this.charging(houseId, s.groupId);
    const where = filterSql(q.filter);
    const rows: Row[] = await this.em
      .getConnection()
      .execute(`${LOTS_SQL} ${where.sql} order by ${sortSql(q.sort)} limit ? offset ?`, [
        houseId,
        s.catalogId,
        ...where.params,
        q.limit,
        q.offset,
      ]);
    const totals = await this.totals(houseId, s.catalogId, charging, q.filter);
    return { lots: rows.map((r) => eoaLot(r, charging)), total: totals.lots, totals };
  }

  /** The view's lots for the download, read in keyset batches of EOA_BATCH in lot order. */
  lotBatches(houseId: number, catalogId: number, charging: EoaCharging): AsyncGenerator<EoaLot[]> {
    const conn = this.em.fork().getConnection();
    const batches = keysetBatches<Row>((after, size) => {
      const keyset = after ? `and (${LOT_KEYS}) > (?, ?, ?, ?)` : '';
      const params = [houseId, catalogId, ...(after ? [after.k1, after.k2, after.k3, after.id] : []), size];
      return conn.execute(`${LOTS_SQL} ${keyset} order by ${LOT_KEYS} limit ?`, params);
    }, EOA_BATCH);
    return (async function* () {
      for await (const rows of batches) yield rows.map((r) => eoaLot(r, charging));
    })();
  }

  /**
   * Counts and sums over the matching lots, in one query: premium and live fee by the invoice
   * arithmetic spelled in SQL (invoicing/math pricing-sql.ts), rounded per lot as invoice lines are.
   */
  private async totals(houseId: number, catalogId: number, charging: EoaCharging, filter: EoaLotFilter): Promise<EoaTotals> {
    const hammer = 'l.hammer_cents::bigint';
    const premium = premiumSql(hammer, charging.premiumSteps);
    const fee = liveFeeSql(hammer, CHANNEL, charging.liveFeeRate);
    const where = filterSql(filter);
    const [t]: Record<string, string | number | null>[] = await this.em.getConnection().execute(
      `select count(*) as lots, count(*) filter (where ${SOLD}) as sold,
              coalesce(sum(${hammer}) filter (where ${SOLD}), 0) as hammer,
              coalesce(sum(${premium.sql}) filter (where ${SOLD}), 0) as premium,
              coalesce(sum(${fee.sql}) filter (where ${SOLD}), 0) as live_fee
         from lot l left join approval a on a.id = l.winning_approval_id and a.house_id = l.house_id
        where l.house_id = ? and l.catalog_id = ? and l.status <> 'd' ${where.sql}`,
      [...premium.params, ...fee.params, houseId, catalogId, ...where.params],
    );
    const n = (v: unknown) => Number(v ?? 0);
    return {
      lots: n(t.lots),
      sold: n(t.sold),
      passed: n(t.lots) - n(t.sold),
      hammer: n(t.hammer),
      premium: n(t.premium),
      liveFee: n(t.live_fee),
    };
  }

  async charging(houseId: number, auctionGroupId: number): Promise<EoaCharging> {
    const c = (await this.catalogs.charging(houseId, [auctionGroupId])).get(auctionGroupId);
    return { premiumSteps: c?.premiumSteps ?? [], liveFeeRate: c?.liveFeeRate ?? 0 };
  }

  /** Corrects a sold lot's hammer. */
  correctHammer(houseId: number, actor: Principal, lotId: number, hammer: number) {
    return this.change(houseId, actor, lotId, 'hammer', async (_tx, lot) => {
      if (!isSold(lot)) throw new DomainError('conflict', 'LOT_PASSED', EOA_TEXT.lotPassed);
      return { approvalId: lot.winning_approval_id!, hammer, channel: lot.channel };
    });
  }

  /** Gives the lot to the sale's bidder with that paddle (a passed lot needs a hammer); the channel becomes theirs. */
  reassignBuyer(houseId: number, actor: Principal, lotId: number, paddle: number, hammer: number | null) {
    return this.change(houseId, actor, lotId, 'buyer', async (tx, lot, groupId) => {
      const sold = isSold(lot);
      if (!sold && hammer === null) throw DomainError.validation({ hammer: EOA_TEXT.hammerRequired }, EOA_TEXT.hammerRequired);
      const approvals: { id: number; channel: string }[] = await tx.execute(
        'select id, channel from approval where house_id = ? and group_id = ? and paddle_number = ? order by id',
        [houseId, groupId, paddle],
      );
      if (!approvals.length)
        throw DomainError.validation({ paddle: EOA_TEXT.paddleNotRegistered(paddle) }, EOA_TEXT.paddleNotRegistered(paddle));
      if (approvals.length > 1)
        throw DomainError.validation({ paddle: EOA_TEXT.paddleAmbiguous(paddle) }, EOA_TEXT.paddleAmbiguous(paddle));
      return { approvalId: approvals[0].id, hammer: hammer ?? Number(lot.hammer_cents), channel: approvals[0].channel };
    });
  }

  /** Passes a sold lot: no winner, no hammer. */
  pass(houseId: number, actor: Principal, lotId: number) {
    return this.change(houseId, actor, lotId, 'pass', async (_tx, lot) => {
      if (!isSold(lot)) throw new DomainError('conflict', 'ALREADY_PASSED', EOA_TEXT.alreadyPassed);
      return null;
    });
  }

  /**
   * One correction: under the sale's results lock and the lot's row lock, refused when the session
   * is invoiced; writes the lot and its audit row together. Answers the lot's new line and whether
   * anything changed (the same result again writes nothing).
   */
  private async change(
    houseId: number,
    actor: Principal,
    lotId: number,
    action: EoaAction,
    next: (
      tx: EntityManager,
      lot: EoaLotRow,
      groupId: number,
    ) => Promise<{ approvalId: number; hammer: number; channel: string | null } | null>,
  ): Promise<{ changed: boolean; lot: EoaLot }> {
    if (!this.locks.has(INVOICES_LOCK_NAME)) {
      throw new DomainError(
        'unavailable',
        'INVOICE_CHECK_MISSING',
        'Results cannot be corrected right now: the invoiced-lots check is not available.',
      );
    }
    const [found]: { catalog_id: number; group_id: number }[] = await this.em.getConnection().execute(
      `select l.catalog_id, c.group_id from lot l join catalog c on c.id = l.catalog_id and c.house_id = l.house_id
          where l.id = ? and l.house_id = ? and l.status <> 'd'`,
      [lotId, houseId],
    );
    if (!found) throw new DomainError('not_found', 'LOT_NOT_FOUND', EOA_TEXT.lotNotFound);
    const charging = await this.charging(houseId, found.group_id);
    return this.em.transactional(async (tx) => {
      await this.locks.lockSales(tx, [found.group_id]);
      await tx.execute('select id from lot where id = ? and house_id = ? for update', [lotId, houseId]);
      const read = async () => ((await tx.execute(`${LOTS_SQL} and l.id = ?`, [houseId, found.catalog_id, lotId])) as Row[])[0];
      const lot = await read();
      if (!lot) throw new DomainError('not_found', 'LOT_NOT_FOUND', EOA_TEXT.lotNotFound);
      if ((await this.lockReason(tx, houseId, found.catalog_id)) !== null)
        throw new DomainError('conflict', 'SESSION_LOCKED', EOA_TEXT.locked);
      const result = await next(tx, lot, found.group_id);
      const before = snapshot(lot);
      await tx.execute(
        `update lot set winning_approval_id = ?, hammer_cents = ?, result_channel = ?,
                sold_at = case when ?::int is null then null else coalesce(sold_at, now()) end
          where id = ? and house_id = ?`,
        [result?.approvalId ?? null, result?.hammer ?? null, result?.channel ?? null, result?.approvalId ?? null, lotId, houseId],
      );
      const updated = await read();
      const after = snapshot(updated);
      if (sameSnapshot(before, after)) return { changed: false, lot: eoaLot(updated, charging) };
      await tx.execute(
        `insert into lot_result_audit (house_id, catalog_id, lot_id, user_id, user_name, action, before, after) values (?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb)`,
        [
          houseId,
          found.catalog_id,
          lotId,
          actor.userId,
          actor.userName.slice(0, 64),
          action,
          JSON.stringify(before),
          JSON.stringify(after),
        ],
      );
      return { changed: true, lot: eoaLot(updated, charging) };
    });
  }

  /** Why the session's results are locked, or null: an invoice group over it, or any of its lots on an invoice. */
  private async lockReason(em: EntityManager, houseId: number, catalogId: number): Promise<string | null> {
    if ((await this.locks.lockedCatalogs(em, houseId, [catalogId])).size) return EOA_TEXT.locked;
    return (await this.locks.anyLotLocked(em, houseId, catalogId)) ? EOA_TEXT.locked : null;
  }

  private async audit(houseId: number, catalogId: number): Promise<EoaAuditEntry[]> {
    const rows: {
      id: number;
      lot_id: number;
      lot_number: string;
      action: EoaAction;
      user_name: string;
      created_at: Date;
      before: unknown;
      after: unknown;
    }[] = await this.em.getConnection().execute(
      `select a.id, a.lot_id, coalesce(l.lot_number, '') || coalesce(l.lot_ext, '') as lot_number, a.action, a.user_name, a.created_at, a.before, a.after
         from lot_result_audit a join lot l on l.id = a.lot_id and l.house_id = a.house_id
        where a.house_id = ? and a.catalog_id = ? order by a.created_at desc, a.id desc limit ?`,
      [houseId, catalogId, EOA_AUDIT_LIMIT],
    );
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as EoaResultSnapshot;
    return rows.map((r) => ({
      id: r.id,
      lotID: r.lot_id,
      lotNumber: r.lot_number,
      action: r.action,
      userName: r.user_name,
      createdAt: new Date(r.created_at).toISOString(),
      before: json(r.before),
      after: json(r.after),
    }));
  }
}
