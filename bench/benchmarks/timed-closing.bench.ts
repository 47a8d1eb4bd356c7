import { LotClosingService } from '../../src/modules/lots/timed-bidding/lot-closing.service';
import { defineBenchmark } from '../harness';
import { seedTimedSale } from '../../test/timed-bidding/support';

const LOTS = 1000;

/**
 * Closing 1,000 timed lots that end in the same minute (issue 15): one closing pass over a session
 * whose lots all have a leading bid; before each run the lots are reopened and their results
 * cleared. Floor: the same rows' UPDATE alone through bare pg.
 */
export default defineBenchmark<{ catalogId: number; lotIds: number[] }>({
  name: 'timed-closing',
  title: `Close ${LOTS} timed lots at the same minute`,
  description:
    'One closing pass (lock, re-check, result and closed flag in one statement per session slice) against a bare UPDATE of the same rows',
  async setup(ctx) {
    const sale = await seedTimedSale(ctx.em(), {
      houseId: ctx.user.houseId,
      lots: LOTS,
      bidders: 2,
      staggerSeconds: 15,
      firstLotEnd: new Date(Date.now() - 3_600_000),
    });
    const db = ctx.db;
    // One leading bid per lot, set-based.
    await db.query(
      `insert into order_bid (house_id, lot_id, approval_id, max_bid_cents, order_bid_ref) select house_id, id, $2, 5000, 'BB' || id from lot where catalog_id = $1`,
      [sale.catalogId, sale.approvalIds[0]],
    );
    await db.query(
      `update lot l set leading_bid_id = o.id, current_bid_cents = 2000, bid_count = 1 from order_bid o where o.lot_id = l.id and l.catalog_id = $1`,
      [sale.catalogId],
    );
    return { catalogId: sale.catalogId, lotIds: sale.lotIds };
  },
  run(ctx, { catalogId }) {
    const reopen = async () => {
      await ctx.db.query(
        `update lot set closed_at = null, winning_approval_id = null, hammer_cents = null, result_channel = null, sold_at = null, end_at = now() - interval '1 minute' where catalog_id = $1`,
        [catalogId],
      );
    };
    return {
      subject: ctx.sequential('closing pass', 'passes/s', { iterations: 5, beforeEach: reopen }, async () => {
        const r = await ctx.app.get(LotClosingService).closeDue();
        if (r.closed < LOTS) throw new Error(`closed ${r.closed} of ${LOTS}`);
      }),
      floors: [
        ctx.sequential('bare UPDATE of the same rows', 'passes/s', { iterations: 5, beforeEach: reopen }, () =>
          ctx.db.query(`update lot set closed_at = now(), hammer_cents = current_bid_cents where catalog_id = $1 and closed_at is null`, [
            catalogId,
          ]),
        ),
      ],
    };
  },
});
