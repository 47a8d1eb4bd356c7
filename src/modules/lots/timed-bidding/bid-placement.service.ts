import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  bidRefusal,
  CANCEL_BID_LIMIT,
  DEFAULT_BID_LADDER,
  endAfterBid,
  resolveProxy,
  type BidIncrementRange,
  type BidRefusal,
  type BidType,
  type ProxyBid,
} from '@ar/rules';
import { newRef } from '../../houses/identity/secrets';
import { BiddingError, BiddingErrorCode } from './bidding.errors';
import { lotEndsSql } from './lot-ends.sql';

export interface PlaceBid {
  houseId: number;
  lotId: number;
  approvalId: number;
  amountCents: number;
  bidType: BidType;
  /** The staff user placing it through bulk bidding (null: the bidder API). */
  placedByUserId: number | null;
  ladder: readonly BidIncrementRange[];
}

export type PlaceBidOutcome =
  | { ok: true; orderBidRef: string; currentBidCents: number; leading: boolean; endAt: Date; isExtended: boolean }
  | { ok: false; reason: BidRefusal };

interface LockedLot {
  id: number;
  catalog_id: number;
  closed_at: Date | null;
  end_at: Date | null;
  starting_bid_cents: string | null;
  reserve_cents: string | null;
  is_extended: boolean;
  bid_count: number;
}

/** Advisory lock namespace of one staff user's cancellations (the limit of 10 is counted under it). */
const CANCEL_LOCK = 0x43414e43; // 'CANC'

/**
 * Places and cancels bids on timed lots. Each runs in its own transaction holding the lot's row
 * lock (SELECT ... FOR UPDATE), so bids on one lot are serialised and bids on different lots never
 * wait on each other. Under that lock the lot's bidding state (current bid, count, leader, end) is
 * recomputed from its two proxy finalists, read by index, never from the whole history
 * (docs/decisions/timed-bidding.md).
 */
@Injectable()
export class BidPlacementService {
  constructor(private readonly em: EntityManager) {}

  async place(bid: PlaceBid, now = new Date()): Promise<PlaceBidOutcome> {
    return this.em.fork().transactional(async (tx) => {
      const lot = await this.lockLot(tx, bid.houseId, bid.lotId);
      const endAt = lot.end_at ?? (await this.scheduledEnd(tx, bid.houseId, lot));
      const { finalists, ownMax } = await this.standing(tx, lot.id, bid.approvalId);
      const starting = startingBid(lot, bid.ladder);
      const before = resolveProxy(bid.ladder, finalists, starting, cents(lot.reserve_cents));
      const after = endAfterBid(endAt, now);
      const refusal = bidRefusal(
        bid.ladder,
        { startingBidCents: starting, currentBidCents: before.currentBidCents, bidCount: lot.bid_count, closed: !!lot.closed_at || !after },
        bid.amountCents,
        ownMax,
      );
      if (refusal || !after) return { ok: false, reason: refusal ?? 'closed' };
      const orderBidRef = newRef('B');
      const [row] = await tx.execute<{ id: number }[]>(
        `insert into order_bid (house_id, lot_id, approval_id, max_bid_cents, order_bid_ref, bid_type, placed_by_id) values (?, ?, ?, ?, ?, ?, ?) returning id`,
        [bid.houseId, lot.id, bid.approvalId, bid.amountCents, orderBidRef, bid.bidType, bid.placedByUserId],
      );
      // Every other bid is at most the finalists' maxima: the new bid and the two finalists decide.
      const outcome = resolveProxy(
        bid.ladder,
        [...finalists, { seq: row.id, bidderId: bid.approvalId, maxCents: bid.amountCents }],
        starting,
        cents(lot.reserve_cents),
      );
      const isExtended = lot.is_extended || after.extended;
      await tx.execute(
        `update lot set current_bid_cents = ?, bid_count = bid_count + 1, leading_bid_id = ?, end_at = ?, is_extended = ? where id = ? and house_id = ?`,
        [outcome.currentBidCents, outcome.leader!.seq, after.endAt, isExtended, lot.id, bid.houseId],
      );
      return {
        ok: true,
        orderBidRef,
        currentBidCents: outcome.currentBidCents!,
        leading: outcome.leader!.seq === row.id,
        endAt: after.endAt,
        isExtended,
      };
    });
  }

  /**
   * Cancels a bid placed by this staff user on an open lot, while the user has cancelled fewer than
   * 10 bids in the session; the lot's state is recomputed without it.
   */
  async cancel(
    houseId: number,
    lotId: number,
    orderBidRef: string,
    userId: number,
    ladder: readonly BidIncrementRange[],
    now = new Date(),
  ) {
    return this.em.fork().transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?, ?)', [CANCEL_LOCK, userId]);
      const lot = await this.lockLot(tx, houseId, lotId);
      const [bid] = await tx.execute<{ id: number; placed_by_id: number | null; cancelled_at: Date | null }[]>(
        `select id, placed_by_id, cancelled_at from order_bid where order_bid_ref = ? and lot_id = ? and house_id = ?`,
        [orderBidRef, lot.id, houseId],
      );
      if (!bid) throw BiddingError.cancelRefused('No such bid on this lot.');
      if (bid.placed_by_id !== userId) throw BiddingError.cancelNotOwn();
      if (bid.cancelled_at) throw BiddingError.cancelRefused('The bid is already cancelled.');
      const endAt = lot.end_at ?? (await this.scheduledEnd(tx, houseId, lot));
      if (lot.closed_at || endAt.getTime() <= now.getTime()) throw BiddingError.cancelRefused('The lot is closed.');
      if ((await this.cancelCount(tx, houseId, lot.catalog_id, userId)) >= CANCEL_BID_LIMIT)
        throw BiddingError.cancelRefused(`You have cancelled ${CANCEL_BID_LIMIT} bids in this sale.`);
      await tx.execute(`update order_bid set cancelled_at = now(), cancelled_by_id = ? where id = ?`, [userId, bid.id]);
      const { finalists } = await this.standing(tx, lot.id, null);
      const outcome = resolveProxy(ladder, finalists, startingBid(lot, ladder), cents(lot.reserve_cents));
      await tx.execute(
        `update lot set current_bid_cents = ?, bid_count = bid_count - 1, leading_bid_id = ? where id = ? and house_id = ?`,
        [outcome.currentBidCents, outcome.leader?.seq ?? null, lot.id, houseId],
      );
      return { cancelBidCount: await this.cancelCount(tx, houseId, lot.catalog_id, userId) };
    });
  }

  /** Bids this staff user cancelled in the session. */
  async cancelCount(em: EntityManager, houseId: number, catalogId: number, userId: number): Promise<number> {
    const [r] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from order_bid o join lot l on l.id = o.lot_id
        where o.cancelled_by_id = ? and o.house_id = ? and l.catalog_id = ? and l.house_id = ?`,
      [userId, houseId, catalogId, houseId],
    );
    return r.n;
  }

  private async lockLot(tx: EntityManager, houseId: number, lotId: number): Promise<LockedLot> {
    const [lot] = await tx.execute<LockedLot[]>(
      `select l.id, l.catalog_id, l.closed_at, l.end_at, l.starting_bid_cents, l.reserve_cents, l.is_extended, l.bid_count
         from lot l join catalog c on c.id = l.catalog_id and c.house_id = l.house_id
        where l.id = ? and l.house_id = ? and c.sale_type = 'timed' and l.status <> 'd'
        for update of l`,
      [lotId, houseId],
    );
    if (!lot) throw new BiddingError(BiddingErrorCode.LOT_NOT_FOUND, 'Lot not found.');
    return { ...lot, end_at: lot.end_at ? new Date(lot.end_at) : null };
  }

  /** The lot's place in the session's schedule (read once: its first bid stores the end on the lot). */
  private async scheduledEnd(tx: EntityManager, houseId: number, lot: LockedLot): Promise<Date> {
    const [r] = await tx.execute<{ end_at: Date }[]>(`select end_at from (${lotEndsSql('catalog')}) e where e.id = ?`, [
      lot.catalog_id,
      houseId,
      lot.id,
    ]);
    return new Date(r.end_at);
  }

  /**
   * The lot's two proxy finalists (`proxyFinalists`: the leader and the best bid of another bidder)
   * and the bidder's own highest max, read through the partial indexes of
   * Migration20261126120500_bid_standing_indexes with LIMIT 1 each: a bid costs the same on a lot
   * with 10 bids or 100,000, and never reads the history.
   */
  private async standing(
    tx: EntityManager,
    lotId: number,
    approvalId: number | null,
  ): Promise<{ finalists: ProxyBid[]; ownMax: number | null }> {
    const [r] = await tx.execute<StandingRow[]>(STANDING_SQL, [lotId, lotId, approvalId]);
    const finalists: ProxyBid[] = [];
    if (r.id !== null) finalists.push(proxyBid(r.id, r.approval_id, r.max_bid_cents));
    if (r.r_id !== null) finalists.push(proxyBid(r.r_id, r.r_approval_id, r.r_max_bid_cents!));
    return { finalists, ownMax: cents(r.own_max) };
  }
}

interface StandingRow {
  id: number | null;
  approval_id: number | null;
  max_bid_cents: string;
  r_id: number | null;
  r_approval_id: number | null;
  r_max_bid_cents: string | null;
  own_max: string | null;
}

/**
 * Leader: the lot's highest active max, earliest first. Runner-up: the same order, skipping the
 * leader's bidder (a bid without approval is its own bidder). Own max: the bidder's highest active
 * max. Parameters: lot, lot, approval (null: none).
 */
export const STANDING_SQL = `
  with leader as (
    select id, approval_id, max_bid_cents from order_bid
     where lot_id = ? and cancelled_at is null order by max_bid_cents desc, id limit 1)
  select l.id, l.approval_id, l.max_bid_cents, r.id as r_id, r.approval_id as r_approval_id, r.max_bid_cents as r_max_bid_cents,
         (select o.max_bid_cents from order_bid o where o.lot_id = q.lot_id and o.approval_id = q.approval_id and o.cancelled_at is null
           order by o.max_bid_cents desc limit 1) as own_max
    from (select ?::int as lot_id, ?::int as approval_id) q
    left join leader l on true
    left join lateral (
      select o.id, o.approval_id, o.max_bid_cents from order_bid o
       where o.lot_id = q.lot_id and o.cancelled_at is null and o.id <> l.id
         and (l.approval_id is null or o.approval_id is null or o.approval_id <> l.approval_id)
       order by o.max_bid_cents desc, o.id limit 1) r on true`;

// A bid whose approval was deleted still counts, as its own bidder.
const proxyBid = (id: number, approvalId: number | null, max: string | number): ProxyBid => ({
  seq: id,
  bidderId: approvalId ?? -id,
  maxCents: Number(max),
});

const cents = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** The lot's starting bid, or the ladder's lowest increment when the lot has none. */
const startingBid = (lot: { starting_bid_cents: string | null }, ladder: readonly BidIncrementRange[]): number =>
  cents(lot.starting_bid_cents) ?? (ladder[0] ?? DEFAULT_BID_LADDER[0]).increment;
