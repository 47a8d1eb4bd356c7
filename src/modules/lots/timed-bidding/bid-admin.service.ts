import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { BULK_BIDDING_TEXT as T, CANCEL_BID_LIMIT, type BidIncrementRange, type BidRefusal, type BidType } from '@ar/rules';
import type { Principal } from '../../../core/auth/principal';
import { DomainError } from '../../../core/errors/domain-error';
import { BiddersService } from '../../bidders/bidders.service';
import { CatalogsService, type SessionRow } from '../../catalogs/catalogs.service';
import { HousesService } from '../../houses/houses.service';
import { BidLadders } from './bid-ladders';
import { BidPlacementService } from './bid-placement.service';
import { BiddingError, BiddingErrorCode } from './bidding.errors';
import { lotEndsSql } from './lot-ends.sql';
import { bulkLot, historyEntry, type BulkLot, type BulkLotRow, type HistoryEntry, type HistoryRow } from './bid-admin.view';

export interface StaffCall {
  catalogRef: string;
  liveUserRef: string;
  houseRef: string;
}

export interface BidResponse {
  lotRef: string;
  success: boolean;
  /** Why it failed: notFound, closed, belowMinimum, notAboveOwnMax. */
  reason?: BidRefusal | 'notFound';
}

/**
 * Bulk bidding for staff (spec 001 "Bulk bidding", section 7 calls; docs/decisions/timed-bidding.md):
 * a timed session's sale info, its lots in pages of at most 100, lots by ref, bid histories with the
 * cancel count, placing max or bid-now bids on many lots, cancelling one's own bid. Needs
 * accessBulkbiding (the guard) and the house's bulk bidding setting or a super user (here).
 */
@Injectable()
export class BidAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly houses: HousesService,
    private readonly catalogs: CatalogsService,
    private readonly bidders: BiddersService,
    private readonly ladders: BidLadders,
    private readonly placement: BidPlacementService,
  ) {}

  /** The house setting (or a super user): checked on every call, after the guard's flag. */
  async gate(p: Principal): Promise<void> {
    if (p.isSuperUser) return;
    const house = await this.houses.getById(p.houseId);
    if (!house.bulkBiddingEnabled) throw BiddingError.bulkBiddingOff();
  }

  /** The house's timed session of that ref; otherwise (unknown, another house's, not timed) `notFound`. */
  async session(p: Principal, catalogRef: string, notFound: () => Error = BiddingError.catalogNotFound): Promise<SessionRow> {
    await this.gate(p);
    const [s] = await this.catalogs.sessionsByRefs(p.houseId, [catalogRef]);
    if (!s || s.saleType !== 'timed') throw notFound();
    return s;
  }

  async saleInfo(p: Principal, catalogRef: string) {
    const s = await this.session(p, catalogRef, BiddingError.saleInfoNotFound);
    const [c] = await this.em.execute<{ n: number }[]>(
      `select count(*)::int as n from lot where catalog_id = ? and house_id = ? and status <> 'd'`,
      [s.catalogId, p.houseId],
    );
    return {
      saleName: s.title,
      saleDate: s.eventDate.toISOString(),
      lotCount: c.n,
      timeZone: s.timeZone,
      timeZoneCode: zoneCode(s.timeZone, s.eventDate),
    };
  }

  async lots(p: Principal, catalogRef: string, page: number, size: number) {
    const s = await this.session(p, catalogRef);
    const [c] = await this.em.execute<{ n: number }[]>(
      `select count(*)::int as n from lot where catalog_id = ? and house_id = ? and status <> 'd'`,
      [s.catalogId, p.houseId],
    );
    const lots = await this.lotRows(p.houseId, s.catalogId, null, { limit: size, offset: page * size });
    return {
      _embedded: { bidAdminLotDataList: lots },
      page: { size, number: page, totalElements: c.n, totalPages: Math.ceil(c.n / size) },
    };
  }

  async lotsByRef(p: Principal, catalogRef: string, lotRefs: readonly string[]) {
    const s = await this.session(p, catalogRef);
    return { _embedded: { bidAdminLotDataList: await this.lotRows(p.houseId, s.catalogId, lotRefs) } };
  }

  async bidHistory(p: Principal, catalogRef: string, lotRefs: readonly string[]) {
    const s = await this.session(p, catalogRef);
    const cancelBidCount = await this.placement.cancelCount(this.em, p.houseId, s.catalogId, p.userId);
    const rows = await this.em.execute<HistoryRow[]>(
      `select l.lot_ref, l.closed_at, o.order_bid_ref, o.max_bid_cents, o.bid_type, o.created_at, o.cancelled_at, o.placed_by_id,
              m.first_name, m.last_name, a.paddle_number
         from lot l
         join order_bid o on o.lot_id = l.id and o.house_id = l.house_id
         left join approval a on a.id = o.approval_id and a.house_id = l.house_id
         left join member m on m.id = a.member_id and m.house_id = l.house_id
        where l.catalog_id = ? and l.house_id = ? and l.status <> 'd' and l.lot_ref in (${lotRefs.map(() => '?').join(', ')})
        order by l.lot_ref, o.id desc`,
      [s.catalogId, p.houseId, ...lotRefs],
    );
    const bidHistory: Record<string, HistoryEntry[]> = Object.fromEntries(lotRefs.map((r) => [r, []]));
    for (const r of rows) bidHistory[r.lot_ref]?.push(historyEntry(r, p.userId, cancelBidCount < CANCEL_BID_LIMIT));
    return { bidHistory, cancelBidCount, canCancelBid: cancelBidCount < CANCEL_BID_LIMIT };
  }

  async cancelBidCount(p: Principal, catalogRef: string) {
    const s = await this.session(p, catalogRef);
    const cancelBidCount = await this.placement.cancelCount(this.em, p.houseId, s.catalogId, p.userId);
    return { cancelBidCount, canCancelBid: cancelBidCount < CANCEL_BID_LIMIT };
  }

  /** Places each bid in its own transaction; a refused bid does not stop the others. */
  async placeBids(p: Principal, call: StaffCall, bids: readonly { lotRef: string; bidAmount: number }[], bidType: BidType) {
    const s = await this.session(p, this.checkCaller(p, call).catalogRef);
    const approvalId = await this.bidders.staffBidderApproval(p.houseId, s.groupId, p, this.em);
    const ladder = await this.ladders.of(p.houseId);
    const idOf = await this.lotIds(
      p.houseId,
      s.catalogId,
      bids.map((b) => b.lotRef),
    );
    const responses: BidResponse[] = [];
    for (const b of bids) {
      const lotId = idOf.get(b.lotRef);
      if (!lotId) {
        responses.push({ lotRef: b.lotRef, success: false, reason: 'notFound' });
        continue;
      }
      const r = await this.placement.place({
        houseId: p.houseId,
        lotId,
        approvalId,
        amountCents: b.bidAmount,
        bidType,
        placedByUserId: p.userId,
        ladder,
      });
      responses.push(r.ok ? { lotRef: b.lotRef, success: true } : { lotRef: b.lotRef, success: false, reason: r.reason });
    }
    const failedBids = responses.filter((r) => !r.success).length;
    return {
      bulkOrderBidResponse: {
        bidAdminOrderBidResponses: responses,
        successBids: responses.length - failedBids,
        failedBids,
        message: failedBids ? T.placeFailed : T.placed,
      },
    };
  }

  async cancelBid(p: Principal, call: StaffCall & { lotRef: string; orderBidRef: string }) {
    const s = await this.session(p, this.checkCaller(p, call).catalogRef);
    const lotId = (await this.lotIds(p.houseId, s.catalogId, [call.lotRef])).get(call.lotRef);
    if (!lotId) throw BiddingError.cancelRefused('No such lot in this sale.');
    const ladder = await this.ladders.of(p.houseId);
    const { cancelBidCount } = await this.placement.cancel(p.houseId, lotId, call.orderBidRef, p.userId, ladder);
    return { success: true, message: T.cancelled, cancelBidCount, canCancelBid: cancelBidCount < CANCEL_BID_LIMIT };
  }

  /**
   * A bid by a registered bidder (the approval must be of the lot's sale): the bidder-facing API
   * (`POST /api/timed-bids`) used by tests and the demo. A refused bid answers 409 with the reason.
   */
  async placeAsBidder(p: Principal, bid: { lotRef: string; approvalID: number; bidAmount: number; bidType: BidType }) {
    await this.gate(p);
    const [lot] = await this.em.execute<{ id: number; group_id: number }[]>(
      `select l.id, c.group_id from lot l join catalog c on c.id = l.catalog_id and c.house_id = l.house_id
        where l.lot_ref = ? and l.house_id = ? and c.sale_type = 'timed' and l.status <> 'd'`,
      [bid.lotRef, p.houseId],
    );
    if (!lot) throw new BiddingError(BiddingErrorCode.LOT_NOT_FOUND, 'Lot not found.');
    const [approval] = await this.em.execute<{ id: number }[]>(`select id from approval where id = ? and house_id = ? and group_id = ?`, [
      bid.approvalID,
      p.houseId,
      lot.group_id,
    ]);
    if (!approval) throw new BiddingError(BiddingErrorCode.APPROVAL_NOT_FOUND, 'The bidder is not registered for this sale.');
    const ladder = await this.ladders.of(p.houseId);
    const r = await this.placement.place({
      houseId: p.houseId,
      lotId: lot.id,
      approvalId: approval.id,
      amountCents: bid.bidAmount,
      bidType: bid.bidType,
      placedByUserId: null,
      ladder,
    });
    if (!r.ok) throw new BiddingError(BiddingErrorCode.BID_REFUSED, T.placeFailed, r.reason);
    return {
      orderBidRef: r.orderBidRef,
      currentBid: r.currentBidCents,
      leading: r.leading,
      endTime: r.endAt.toISOString(),
      isExtended: r.isExtended,
    };
  }

  /** The legacy identity fields must name the caller: another house answers 404, another user 403. */
  private checkCaller<C extends StaffCall>(p: Principal, call: C): C {
    if (call.houseRef !== p.houseRef) throw DomainError.notFound('House');
    if (call.liveUserRef !== p.userRef) throw new BiddingError(BiddingErrorCode.NOT_YOUR_USER, 'liveUserRef must be the signed-in user.');
    return call;
  }

  private async lotIds(houseId: number, catalogId: number, lotRefs: readonly string[]): Promise<Map<string, number>> {
    const refs = [...new Set(lotRefs)];
    const rows = await this.em.execute<{ id: number; lot_ref: string }[]>(
      `select id, lot_ref from lot where catalog_id = ? and house_id = ? and status <> 'd' and lot_ref in (${refs.map(() => '?').join(', ')})`,
      [catalogId, houseId, ...refs],
    );
    return new Map(rows.map((r) => [r.lot_ref, r.id]));
  }

  private async lotRows(
    houseId: number,
    catalogId: number,
    lotRefs: readonly string[] | null,
    page?: { limit: number; offset: number },
  ): Promise<BulkLot[]> {
    const ladder: readonly BidIncrementRange[] = await this.ladders.of(houseId);
    const byRef = lotRefs ? `and l.lot_ref in (${lotRefs.map(() => '?').join(', ')})` : '';
    const rows = await this.em.execute<BulkLotRow[]>(
      `with e as (${lotEndsSql('catalog')})
       select l.lot_ref, l.lot_number, l.lot_ext, l.title, l.description, l.lo_est_cents, l.hi_est_cents, l.reserve_cents, l.starting_bid_cents,
              l.current_bid_cents, l.bid_count, l.closed_at, l.is_extended, e.end_at,
              o.max_bid_cents as max_bid, o.order_bid_ref, a.channel, a.paddle_number, m.first_name, m.last_name, m.email,
              cs.name as consignor,
              (select i.url from lot_image i where i.lot_id = l.id and i.house_id = l.house_id order by i.sequence, i.id limit 1) as image_url
         from lot l join e on e.id = l.id
         left join consignor cs on cs.id = l.consignor_id and cs.house_id = l.house_id
         left join order_bid o on o.id = l.leading_bid_id and o.lot_id = l.id
         left join approval a on a.id = o.approval_id and a.house_id = l.house_id
         left join member m on m.id = a.member_id and m.house_id = l.house_id
        where l.catalog_id = ? and l.house_id = ? ${byRef}
        order by nullif(l.lot_number, '')::bigint nulls last, l.lot_ext nulls first, l.id
        ${page ? 'limit ? offset ?' : ''}`,
      [catalogId, houseId, catalogId, houseId, ...(lotRefs ?? []), ...(page ? [page.limit, page.offset] : [])],
    );
    const now = new Date();
    return rows.map((r) => bulkLot(r, ladder, now));
  }
}

/** The zone's short name at the sale date (EST, EDT, GMT+1). */
function zoneCode(timeZone: string, at: Date): string {
  try {
    return (
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at).find((x) => x.type === 'timeZoneName')
        ?.value ?? timeZone
    );
  } catch {
    return timeZone;
  }
}
