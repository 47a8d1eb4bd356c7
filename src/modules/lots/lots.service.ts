import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from '../bidders/member.entity';

/** A sold lot: its result (winning approval, hammer, channel) with what an invoice line copies. */
export interface SoldLot {
  lotId: number;
  /** The lot's public reference (invoice lines copy it). */
  lotRef: string;
  catalogId: number;
  lotNumber: string | null;
  lotExt: string | null;
  title: string;
  restricted: boolean;
  hammerCents: number;
  approvalId: number;
  channel: Platform;
}

/** Lot counts of one session for the calendar (deleted lots, status d, are not counted except in `rows`). */
export interface SessionLotCounts {
  lotCount: number;
  unpublishedLotCount: number;
  soldLotCount: number;
  /** Every lot row, deleted ones too (a deleted lot's number stays reserved in its session). */
  rows: number;
}

/** A lot with a consignor, whatever its outcome, for consignor settlements. */
export interface ConsignedLot {
  lotId: number;
  consignorId: number;
  catalogId: number;
  lotNumber: string | null;
  lotExt: string | null;
  title: string;
  /** Deleted (withdrawn) lots too: they are returned to the consignor. */
  withdrawn: boolean;
  sold: boolean;
  hammerCents: number | null;
  reserveCents: number | null;
}

/** Whose lot it is: its consignor and the sale (auction group) it is in, for the Lot page's consignment. */
export interface LotConsignor {
  lotId: number;
  saleId: number;
  consignorId: number | null;
}

@Injectable()
export class LotsService {
  constructor(private readonly em: EntityManager) {}

  /** Every sold, not deleted lot of the given sessions of the house, in one query. */
  async soldLots(houseId: number, catalogIds: readonly number[]): Promise<SoldLot[]> {
    if (!catalogIds.length) return [];
    const rows = await this.em.getConnection().execute(
      `select id, lot_ref, catalog_id, lot_number, lot_ext, title, restricted, hammer_cents, winning_approval_id, result_channel
         from lot
        where house_id = ? and catalog_id in (${catalogIds.map(() => '?').join(', ')})
          and winning_approval_id is not null and hammer_cents is not null and status <> 'd'
        order by catalog_id, lpad(coalesce(lot_number, ''), 8, '0'), lot_ext nulls first, id`,
      [houseId, ...catalogIds],
    );
    return rows.map((r) => ({
      lotId: r.id,
      lotRef: r.lot_ref,
      catalogId: r.catalog_id,
      lotNumber: r.lot_number,
      lotExt: r.lot_ext,
      title: r.title,
      restricted: r.restricted,
      hammerCents: Number(r.hammer_cents),
      approvalId: r.winning_approval_id,
      channel: r.result_channel,
    }));
  }

  /** Public references of the given lots of the house, by lot id (another house's ids are simply absent). */
  async lotRefs(houseId: number, lotIds: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    const ids = [...new Set(lotIds)];
    for (let i = 0; i < ids.length; i += 5000) {
      const batch = ids.slice(i, i + 5000);
      const rows = await this.em
        .getConnection()
        .execute(`select id, lot_ref from lot where house_id = ? and id in (${batch.map(() => '?').join(', ')})`, [houseId, ...batch]);
      for (const r of rows) out.set(r.id as number, r.lot_ref as string);
    }
    return out;
  }

  /** Number of sold lots per session of the house (sessions without sold lots are absent). */
  async soldCountsByCatalog(houseId: number): Promise<Map<number, number>> {
    const rows = await this.em.getConnection().execute(
      `select catalog_id, count(*)::int as n from lot
        where house_id = ? and winning_approval_id is not null and hammer_cents is not null and status <> 'd'
        group by catalog_id`,
      [houseId],
    );
    return new Map(rows.map((r) => [r.catalog_id as number, r.n as number]));
  }

  /** Lot counts per session of the house, in one query (sessions without lot rows are absent). */
  async sessionLotCounts(houseId: number, catalogIds: readonly number[]): Promise<Map<number, SessionLotCounts>> {
    const out = new Map<number, SessionLotCounts>();
    if (!catalogIds.length) return out;
    const rows = await this.em.getConnection().execute(
      `select catalog_id,
              count(*) filter (where status <> 'd')::int as lots,
              count(*) filter (where status <> 'd' and not published)::int as unpublished,
              count(*) filter (where status <> 'd' and winning_approval_id is not null and hammer_cents is not null)::int as sold,
              count(*)::int as rows
         from lot where house_id = ? and catalog_id in (${catalogIds.map(() => '?').join(', ')})
        group by catalog_id`,
      [houseId, ...catalogIds],
    );
    for (const r of rows)
      out.set(r.catalog_id as number, { lotCount: r.lots, unpublishedLotCount: r.unpublished, soldLotCount: r.sold, rows: r.rows });
    return out;
  }

  /**
   * How many lot rows (deleted ones too) the session has. `em`: the caller's, inside its transaction
   * (a session delete counts after locking the session row).
   */
  async lotRowCount(houseId: number, catalogId: number, em: EntityManager = this.em): Promise<number> {
    const rows = await em.execute<{ n: number }[]>('select count(*)::int as n from lot where house_id = ? and catalog_id = ?', [
      houseId,
      catalogId,
    ]);
    return rows[0]?.n ?? 0;
  }

  /** Every lot of the given sessions of the house that has a consignor, deleted ones too, in lot order. */
  async consignedLots(houseId: number, catalogIds: readonly number[], em: EntityManager = this.em): Promise<ConsignedLot[]> {
    if (!catalogIds.length) return [];
    const rows = await em.execute(
      `select id, consignor_id, catalog_id, lot_number, lot_ext, title, status, winning_approval_id, hammer_cents, reserve_cents
         from lot
        where house_id = ? and consignor_id is not null and catalog_id in (${catalogIds.map(() => '?').join(', ')})
        order by catalog_id, lpad(coalesce(lot_number, ''), 8, '0'), lot_ext nulls first, id`,
      [houseId, ...catalogIds],
    );
    return rows.map((r) => ({
      lotId: r.id,
      consignorId: r.consignor_id,
      catalogId: r.catalog_id,
      lotNumber: r.lot_number,
      lotExt: r.lot_ext,
      title: r.title,
      withdrawn: r.status === 'd',
      sold: r.status !== 'd' && r.winning_approval_id != null && r.hammer_cents != null,
      hammerCents: r.hammer_cents == null ? null : Number(r.hammer_cents),
      reserveCents: r.reserve_cents == null ? null : Number(r.reserve_cents),
    }));
  }

  /** The house's lot's consignor and sale, or null (another house's lot is the same as none). */
  async lotConsignor(houseId: number, lotId: number, em: EntityManager = this.em): Promise<LotConsignor | null> {
    const [r] = await em.execute<{ id: number; group_id: number; consignor_id: number | null }[]>(
      `select l.id, c.group_id, l.consignor_id from lot l join catalog c on c.id = l.catalog_id and c.house_id = l.house_id
        where l.house_id = ? and l.id = ?`,
      [houseId, lotId],
    );
    return r ? { lotId: r.id, saleId: r.group_id, consignorId: r.consignor_id } : null;
  }

  /**
   * Sets (or clears, null) the consignor of lots of the house. Answers the ids changed: another
   * house's lot ids are simply absent, so the caller can refuse them. The consignor must be the
   * house's (the caller checks it; a foreign key keeps it existing).
   */
  async setConsignor(
    houseId: number,
    consignorId: number | null,
    lotIds: readonly number[],
    em: EntityManager = this.em,
  ): Promise<number[]> {
    if (!lotIds.length) return [];
    const rows = await em.execute(
      `update lot set consignor_id = ? where house_id = ? and id in (${lotIds.map(() => '?').join(', ')}) returning id`,
      [consignorId, houseId, ...lotIds],
    );
    return rows.map((r) => r.id as number);
  }
}
