import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { EOA_TEXT, type EoaAction, type EoaAuditEntry, type EoaLot, type EoaResultSnapshot, type EoaView } from '@ar/rules';
import type { Principal } from '../../../core/auth/principal';
import { DomainError } from '../../../core/errors/domain-error';
import { CatalogsService, type SessionRow } from '../../catalogs/catalogs.service';
import { INVOICES_LOCK_NAME, LotResultLocks } from '../results/result-locks';
import { addToTotals, emptyTotals, eoaLot, isSold, sameSnapshot, snapshot, type EoaCharging, type EoaLotRow } from './eoa.rules';

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
const ORDER = 'order by k1, k2, k3, l.id';

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

  async view(houseId: number, catalogRef: string): Promise<EoaView> {
    const s = await this.session(houseId, catalogRef);
    const catalogId = s.catalogId;
    const charging = await this.charging(houseId, s.groupId);
    const rows: Row[] = await this.em.getConnection().execute(`${LOTS_SQL} ${ORDER}`, [houseId, catalogId]);
    const totals = emptyTotals();
    const lots = rows.map((r) => eoaLot(r, charging));
    lots.forEach((l) => addToTotals(totals, l));
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
      lots,
      totals,
      audit: await this.audit(houseId, catalogId),
    };
  }

  /** The view's lots for the download, read in keyset batches, then the totals line (`null` marks it). */
  async *lotBatches(houseId: number, catalogId: number, charging: EoaCharging): AsyncGenerator<EoaLot[]> {
    let after: Row | null = null;
    for (;;) {
      const keyset: string = after
        ? "and (coalesce(case when l.lot_number ~ '^[0-9]{1,9}$' then l.lot_number::bigint end, 9999999999), coalesce(l.lot_number, ''), coalesce(l.lot_ext, ''), l.id) > (?, ?, ?, ?)"
        : '';
      const params: unknown[] = [houseId, catalogId, ...(after ? [after.k1, after.k2, after.k3, after.id] : []), EOA_BATCH];
      const rows: Row[] = await this.em.fork().getConnection().execute(`${LOTS_SQL} ${keyset} ${ORDER} limit ?`, params);
      if (!rows.length) return;
      yield rows.map((r) => eoaLot(r, charging));
      if (rows.length < EOA_BATCH) return;
      after = rows[rows.length - 1];
    }
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
    const ids: { id: number }[] = await em.execute('select id from lot where house_id = ? and catalog_id = ?', [houseId, catalogId]);
    const locked = await this.locks.lockedLots(
      em,
      houseId,
      ids.map((r) => r.id),
    );
    return locked.size ? EOA_TEXT.locked : null;
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
