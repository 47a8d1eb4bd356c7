import { placeholders } from '../../core/validation/sql-text';
import { keysetBatches } from '../../core/database/keyset-batches';
import type { MaxBidRow } from './max-bids.report';
import type { ReportSession } from './report-sessions';
import { after, LIVE_BID, LOT_KEYS, num, SOLD, text, type Execute, type Row } from './report-sql';

/**
 * Each bidder's best live bid per lot of the sessions, lot by lot (a batch of lots at a time), ranked.
 * Three small queries per batch (lots, their bids, the bidders) rather than one join: each reads
 * by primary key or index whatever the planner's statistics say right after a large import.
 */
export async function* maxBidBatches(execute: Execute, houseId: number, sessions: readonly ReportSession[]): AsyncGenerator<MaxBidRow[]> {
  for (const s of sessions) {
    const lots = keysetBatches<Row>(async (last, size) => {
      const k = after(LOT_KEYS, last, (r) => [r.k1, r.k2, r.id]);
      return execute(
        `select l.id, lpad(coalesce(l.lot_number, ''), 8, '0') as k1, coalesce(l.lot_ext, '') as k2,
                coalesce(l.lot_number, '') || coalesce(l.lot_ext, '') as lot_number, l.title, l.lo_est_cents, l.hi_est_cents,
                case when ${SOLD} then l.hammer_cents end as hammer, case when ${SOLD} then l.winning_approval_id end as winner
           from lot l
          where l.house_id = ? and l.catalog_id = ? and l.status <> 'd'
            and exists (select 1 from order_bid b where b.lot_id = l.id and b.house_id = l.house_id and ${LIVE_BID}) ${k.sql}
          order by ${LOT_KEYS} limit ?`,
        [houseId, s.id, ...k.params, size],
      );
    });
    for await (const batch of lots) {
      const ids = batch.map((r) => num(r.id));
      const bids = await execute(
        `select y.*, row_number() over (partition by y.lot_id order by y.max_bid desc, y.bid_id) as rank
           from (select distinct on (b.lot_id, b.approval_id) b.lot_id, b.approval_id, b.id as bid_id,
                        b.max_bid_cents as max_bid, b.bid_type, b.created_at,
                        count(*) over (partition by b.lot_id, b.approval_id) as bids
                   from order_bid b
                  where b.house_id = ? and b.lot_id in (${placeholders(ids)}) and ${LIVE_BID}
                  order by b.lot_id, b.approval_id, b.max_bid_cents desc, b.id) y
          order by y.lot_id, rank`,
        [houseId, ...ids],
      );
      const bidders = await loadBidders(
        execute,
        houseId,
        bids.map((b) => num(b.approval_id)),
      );
      const byLot = new Map<number, Row[]>();
      for (const b of bids) {
        const list = byLot.get(num(b.lot_id)) ?? [];
        list.push(b);
        byLot.set(num(b.lot_id), list);
      }
      const out: MaxBidRow[] = [];
      for (const l of batch) {
        for (const b of byLot.get(num(l.id)) ?? []) {
          const who = bidders.get(num(b.approval_id));
          if (!who) continue; // a registration of another house cannot hold a bid here; never shown
          out.push({
            sessionTitle: s.title,
            prefix: s.prefix,
            lotNumber: l.lot_number as string,
            title: l.title as string,
            loEst: l.lo_est_cents === null ? null : num(l.lo_est_cents),
            hiEst: l.hi_est_cents === null ? null : num(l.hi_est_cents),
            rank: num(b.rank),
            paddle: who.paddle,
            lastName: who.lastName,
            firstName: who.firstName,
            email: who.email,
            channel: who.channel,
            maxBid: num(b.max_bid),
            bidType: b.bid_type as string,
            bids: num(b.bids),
            placedAt: new Date(b.created_at as string),
            won: l.winner !== null && num(l.winner) === num(b.approval_id),
            hammer: l.hammer === null ? null : num(l.hammer),
          });
        }
      }
      yield out;
    }
  }
}

interface BidderName {
  paddle: number;
  channel: string;
  firstName: string;
  lastName: string;
  email: string | null;
}

/** Registrations of the house by id, with the member's name and email. */
async function loadBidders(execute: Execute, houseId: number, approvalIds: readonly number[]): Promise<Map<number, BidderName>> {
  const ids = [...new Set(approvalIds)];
  const out = new Map<number, BidderName>();
  if (!ids.length) return out;
  const rows = await execute(
    `select a.id, a.paddle_number, a.channel, m.house_id as member_house_id, m.first_name, m.last_name, m.email
       from approval a join member m on m.id = a.member_id
      where a.house_id = ? and a.id in (${placeholders(ids)})`,
    [houseId, ...ids],
  );
  for (const r of rows) {
    if (num(r.member_house_id) !== houseId) continue; // see ownMembers (report-sql.ts)
    out.set(num(r.id), {
      paddle: num(r.paddle_number),
      channel: r.channel as string,
      firstName: r.first_name as string,
      lastName: r.last_name as string,
      email: text(r.email),
    });
  }
  return out;
}
