/**
 * The demo's open timed sale (issue 15), step 2: its bids placed by the application's bidding
 * engine (BidPlacementService, the same as `POST /api/timed-bids`), after the demo data's commit,
 * so the lots' current bids, counts, leaders and ends are the engine's own. Step 1 (the sale, its
 * lots with starting bids and the registered bidders) is in demo-calendar.ts.
 */
import type { INestApplicationContext } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BidType } from '@ar/rules';
import { BidLadders } from '../modules/lots/timed-bidding/bid-ladders';
import { BidPlacementService } from '../modules/lots/timed-bidding/bid-placement.service';
import { DEMO_TIMED_SALE } from './demo-calendar';

/**
 * Bids by lot index: bidder (index among the sale's registrations), amount as a multiple of the
 * lot's starting bid, type. Proxy duels, a bid-now, a lot with one bid; the last lots stay without.
 */
const SCRIPT: readonly (readonly [bidder: number, times: number, type: BidType][])[] = [
  [
    [0, 1, 'maxBid'],
    [1, 2, 'maxBid'],
    [0, 3, 'maxBid'],
  ],
  [
    [2, 1.5, 'maxBid'],
    [3, 1.5, 'maxBid'],
  ],
  [[1, 1, 'bidNow']],
  [
    [4, 4, 'maxBid'],
    [2, 2, 'bidNow'],
    [0, 5, 'maxBid'],
    [4, 6, 'maxBid'],
  ],
  [[3, 2, 'maxBid']],
  [
    [0, 1, 'maxBid'],
    [1, 1.2, 'bidNow'],
  ],
];

/** Places the open sale's bids; does nothing when its lots already have bids (a second run). */
export async function arrangeDemoTimedBids(app: Pick<INestApplicationContext, 'get'>, now = new Date()): Promise<{ bids: number }> {
  const em = app.get(MikroORM, { strict: false }).em.fork() as EntityManager;
  const [session] = await em.execute<{ id: number; house_id: number; group_id: number }[]>(
    `select c.id, c.house_id, c.group_id from catalog c join auction_group g on g.id = c.group_id and g.house_id = c.house_id
       join house h on h.id = c.house_id
      where h.house_user_name = 'demo' and g.group_name = ? and c.sale_type = 'timed'`,
    [DEMO_TIMED_SALE],
  );
  if (!session) return { bids: 0 };
  const houseId = session.house_id;
  const [placed] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from order_bid o join lot l on l.id = o.lot_id where l.catalog_id = ? and o.house_id = ?`,
    [session.id, houseId],
  );
  if (placed.n > 0) return { bids: 0 };
  const lots = await em.execute<{ id: number; starting_bid_cents: string }[]>(
    `select id, starting_bid_cents from lot where catalog_id = ? and house_id = ? and published order by lot_number::int`,
    [session.id, houseId],
  );
  const approvals = await em.execute<{ id: number }[]>(`select id from approval where group_id = ? and house_id = ? order by id`, [
    session.group_id,
    houseId,
  ]);
  const ladder = await app.get(BidLadders, { strict: false }).of(houseId, em);
  const placement = app.get(BidPlacementService, { strict: false });
  let bids = 0;
  for (const [i, script] of SCRIPT.entries()) {
    const lot = lots[i];
    if (!lot) break;
    for (const [bidder, times, bidType] of script) {
      const r = await placement.place(
        {
          houseId,
          lotId: lot.id,
          approvalId: approvals[bidder % approvals.length].id,
          // Whole dollars (the engine takes any amount from the lowest it accepts).
          amountCents: Math.round((Number(lot.starting_bid_cents) * times) / 100) * 100,
          bidType,
          placedByUserId: null,
          ladder,
        },
        now,
      );
      if (!r.ok) throw new Error(`The demo bid on lot ${i + 1} was refused: ${r.reason}`);
      bids++;
    }
  }
  return { bids };
}
