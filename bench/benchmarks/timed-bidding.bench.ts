import type { Type } from '@nestjs/common';
import { DEFAULT_BID_LADDER } from '@ar/rules';
import { BidPlacementService } from '../../src/modules/lots/timed-bidding/bid-placement.service';
import { defineBenchmark } from '../harness';
import { seedTimedSale, type TimedSale } from '../../test/timed-bidding/support';

const SPREAD_LOTS = 1000;
const BIDDERS = 20;
/** Bids already on the "deep" hot lot before the run: a placement must not read them. */
const HISTORY = 100_000;

interface State {
  hot: TimedSale;
  deep: TimedSale;
  spread: TimedSale;
}

/**
 * Timed bidding throughput (issue 15): max bids placed through BidPlacementService in-process (lock
 * the lot row, read its standing by index, insert the bid, recompute and write the lot: one transaction),
 * with the shape's concurrent loops, on one hot lot and spread over 1,000 lots; floors: the bare
 * database's row-lock round trip (BEGIN; SELECT ... FOR UPDATE; COMMIT) on one row and over 1,000.
 * Every bid is above the last (amounts rise by 10,000.00), so nearly all are accepted; a bid that
 * lost the race to a higher one is refused after the same locked work and still counts.
 */
export default defineBenchmark<State>({
  name: 'timed-bidding',
  title: 'Timed bids/s: one hot lot (in-process placement)',
  description:
    'Max bids on one hot lot (fresh, and with 100,000 bids of history) and over 1,000 lots, next to a bare SELECT ... FOR UPDATE round trip',
  async setup(ctx) {
    const far = new Date(Date.now() + 30 * 86_400_000);
    const hot = await seedTimedSale(ctx.em(), { houseId: ctx.user.houseId, lots: 1, bidders: BIDDERS, firstLotEnd: far });
    const spread = await seedTimedSale(ctx.em(), { houseId: ctx.user.houseId, lots: SPREAD_LOTS, bidders: BIDDERS, firstLotEnd: far });
    const deep = await seedTimedSale(ctx.em(), { houseId: ctx.user.houseId, lots: 1, bidders: BIDDERS, firstLotEnd: far });
    // A long history below every bid of the run (they start at 10,000.00), set-based.
    await ctx.db.query(
      `insert into order_bid (house_id, lot_id, approval_id, max_bid_cents, order_bid_ref)
       select $1::int, $2::int, ($3::int[])[1 + g % $4::int], 2000 + g, 'BH' || $2::text || '_' || g from generate_series(1, $5::int) g`,
      [ctx.user.houseId, deep.lotIds[0], deep.approvalIds, BIDDERS, HISTORY],
    );
    await ctx.db.query('update lot set bid_count = $2 where id = $1', [deep.lotIds[0], HISTORY]);
    await ctx.db.query('analyze lot; analyze order_bid');
    return { hot, deep, spread };
  },
  run(ctx, { hot, deep, spread }) {
    const counters = new Map<number, number>();
    const placeOn = (sale: TimedSale, lotId: number) => (get: <T>(token: Type<T>) => T) => {
      const n = (counters.get(lotId) ?? 0) + 1;
      counters.set(lotId, n);
      return get(BidPlacementService).place({
        houseId: ctx.user.houseId,
        lotId,
        approvalId: sale.approvalIds[n % BIDDERS],
        amountCents: 2000 + n * 1_000_000,
        bidType: 'maxBid',
        placedByUserId: null,
        ladder: DEFAULT_BID_LADDER,
      });
    };
    let i = 0;
    const rowLock = (id: number) => async (db: import('pg').Pool) => {
      const c = await db.connect();
      try {
        await c.query('begin');
        await c.query('select id from lot where id = $1 for update', [id]);
        await c.query('commit');
      } finally {
        c.release();
      }
    };
    return {
      subject: ctx.inApp('place bid, 1 hot lot', 'bids/s', (get) => placeOn(hot, hot.lotIds[0])(get)),
      floors: [
        ctx.inApp(`place bid, 1 hot lot with ${HISTORY.toLocaleString('en-US')} bids`, 'bids/s', (get) =>
          placeOn(deep, deep.lotIds[0])(get),
        ),
        ctx.inApp(`place bid, ${SPREAD_LOTS} lots`, 'bids/s', (get) => placeOn(spread, spread.lotIds[i++ % SPREAD_LOTS])(get)),
        ctx.pg('bare FOR UPDATE, 1 row', 'tx/s', (db) => rowLock(hot.lotIds[0])(db)),
        ctx.pg(`bare FOR UPDATE, ${SPREAD_LOTS} rows`, 'tx/s', (db) => rowLock(spread.lotIds[i++ % SPREAD_LOTS])(db)),
      ],
      notes: [
        'A placement reads the lot standing (leader, runner-up, own max) by index with LIMIT 1, never the history: the hot lot keeps its rate as thousands of bids pile up.',
      ],
    };
  },
});
