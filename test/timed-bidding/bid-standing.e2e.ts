import { bidRefusal, DEFAULT_BID_LADDER, minimumBid, resolveProxy, type ProxyBid } from '@ar/rules';
import { BidPlacementService, STANDING_SQL } from '../../src/modules/lots/timed-bidding/bid-placement.service';
import { seedTwoHouses, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { seedTimedSale } from './support';

const L = DEFAULT_BID_LADDER;

/** A small deterministic generator (the script is the same on every run). */
function rng(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return Math.floor((x / 2 ** 31) * n); // the high bits: an LCG's low bits repeat quickly
  };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/**
 * The engine reads a lot's standing (leader, runner-up, the bidder's own max) by index, not its
 * history (issue 15, "hot lot"): a scripted run of bids, ties, bid-nows, raises and cancellations
 * on one lot with a reserve matches the whole history's resolution after every step, and the
 * standing query on a lot of 20,000 bids touches a handful of index rows.
 */
describe('timed bidding: the lot standing read by index', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let engine: BidPlacementService;
  let staff: number[];

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em(), { bulkBiddingEnabled: true });
    engine = t.app.get(BidPlacementService);
    staff = (await t.em().execute<{ id: number }[]>('select id from staff_user where house_id = ? order by id', [houses.a.id])).map(
      (r) => r.id,
    );
  });
  afterAll(() => t?.close());

  const activeBids = async (lotId: number): Promise<ProxyBid[]> =>
    (
      await t
        .em()
        .execute<{ id: number; approval_id: number; max_bid_cents: string }[]>(
          'select id, approval_id, max_bid_cents from order_bid where lot_id = ? and cancelled_at is null order by id',
          [lotId],
        )
    ).map((r) => ({ seq: r.id, bidderId: r.approval_id, maxCents: Number(r.max_bid_cents) }));

  const lotState = async (lotId: number) => {
    const [l] = await t
      .em()
      .execute<{ current_bid_cents: string | null; bid_count: number; leading_bid_id: number | null }[]>(
        'select current_bid_cents, bid_count, leading_bid_id from lot where id = ?',
        [lotId],
      );
    return { current: l.current_bid_cents === null ? null : Number(l.current_bid_cents), count: l.bid_count, leader: l.leading_bid_id };
  };

  it('after every bid and cancellation the lot equals the whole history resolved (ties to the earlier bid, reserve kept)', async () => {
    const START = 2000;
    const RESERVE = 40_000;
    const sale = await seedTimedSale(t.em(), { houseId: houses.a.id, lots: 1, bidders: 6, startingBidCents: START, reserveCents: RESERVE });
    const lotId = sale.lotIds[0];
    const next = rng(15);
    // Staff user placing each bid (only they may cancel it); each cancels at most 9 times here.
    const placedBy = new Map<string, number>();
    const cancels = new Map<number, number>();
    let accepted = 0;
    let refused = 0;
    let cancelled = 0;
    let ties = 0;
    for (let step = 0; step < 160; step++) {
      const history = await activeBids(lotId);
      const before = resolveProxy(L, history, START, RESERVE);
      const lot = { startingBidCents: START, currentBidCents: before.currentBidCents, bidCount: history.length, closed: false };
      const bids = [
        ...(await t
          .em()
          .execute<{ order_bid_ref: string; placed_by_id: number }[]>(
            'select order_bid_ref, placed_by_id from order_bid where lot_id = ? and cancelled_at is null order by id',
            [lotId],
          )),
      ];
      if (step % 9 === 8 && bids.length) {
        const victim = bids[next(bids.length)];
        const user = victim.placed_by_id;
        if ((cancels.get(user) ?? 0) < 9) {
          await engine.cancel(houses.a.id, lotId, victim.order_bid_ref, user, L);
          cancels.set(user, (cancels.get(user) ?? 0) + 1);
          cancelled++;
        }
      } else {
        // Often the leader's exact max by another bidder (a tie: the earlier bid keeps the lead),
        // else a little above the minimum, sometimes below it.
        const kind = next(4);
        const tie = kind === 0 && before.leader !== null;
        const others = sale.approvalIds.filter((id) => id !== before.leader?.bidderId);
        const approval = tie ? others[next(others.length)] : sale.approvalIds[next(6)];
        const amount = tie ? before.leader!.maxCents : kind === 1 ? minimumBid(L, lot) - 100 : minimumBid(L, lot) + next(8) * 500;
        const own = history.filter((b) => b.bidderId === approval).map((b) => b.maxCents);
        const expected = bidRefusal(L, lot, amount, own.length ? Math.max(...own) : null);
        const user = staff[next(staff.length)];
        const res = await engine.place({
          houseId: houses.a.id,
          lotId,
          approvalId: approval,
          amountCents: amount,
          bidType: next(3) ? 'maxBid' : 'bidNow',
          placedByUserId: user,
          ladder: L,
        });
        expect(res.ok ? null : res.reason).toBe(expected);
        if (res.ok) {
          placedBy.set(res.orderBidRef, user);
          accepted++;
          if (tie) ties++;
        } else refused++;
      }
      const after = await activeBids(lotId);
      const want = resolveProxy(L, after, START, RESERVE);
      expect(await lotState(lotId)).toEqual({ current: want.currentBidCents, count: after.length, leader: want.leader?.seq ?? null });
    }
    // The script exercised every path: accepted, refused, ties with an existing max, cancellations, the reserve.
    expect({ accepted: accepted > 50, refused: refused > 10, ties: ties > 3, cancelled: cancelled > 5 }).toEqual({
      accepted: true,
      refused: true,
      ties: true,
      cancelled: true,
    });
    expect((await lotState(lotId)).current).toBeGreaterThanOrEqual(RESERVE);
  });

  it('reads the standing of a lot with 20,000 bids through the indexes, touching a few rows', async () => {
    const sale = await seedTimedSale(t.em(), { houseId: houses.a.id, lots: 1, bidders: 5 });
    const lotId = sale.lotIds[0];
    const [a, b, c] = sale.approvalIds;
    // 20,000 bids of bidder a and b rising in turn, then c's; every one below a's last max.
    await t.em().execute(
      `insert into order_bid (house_id, lot_id, approval_id, max_bid_cents, order_bid_ref, bid_type)
       select ?, ?, case when g % 2 = 0 then ?::int else ?::int end, 2000 + g * 100, 'BX' || ?::text || '_' || g, 'maxBid'
         from generate_series(1, 20000) g`,
      [houses.a.id, lotId, a, b, lotId],
    );
    await t.em().execute('analyze order_bid');
    const plan = (
      await t.em().execute<{ 'QUERY PLAN': { Plan: PlanNode }[] }[]>(`explain (analyze, format json) ${STANDING_SQL}`, [lotId, lotId, c])
    )[0]['QUERY PLAN'][0].Plan;
    const onBids = nodes(plan).filter((n) => n['Relation Name'] === 'order_bid');
    expect(onBids.length).toBeGreaterThanOrEqual(3);
    for (const n of onBids) {
      expect(n['Node Type']).toMatch(/^Index (Only )?Scan$/);
      expect(['order_bid_lot_standing_index', 'order_bid_lot_bidder_index']).toContain(n['Index Name']);
      expect(n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)).toBeLessThanOrEqual(2);
    }

    // The engine on that lot: c's bid above everyone leads at a's max + the increment.
    await t.em().execute('update lot set bid_count = 20000 where id = ?', [lotId]);
    const res = await engine.place({
      houseId: houses.a.id,
      lotId,
      approvalId: c,
      amountCents: 3_000_000,
      bidType: 'maxBid',
      placedByUserId: null,
      ladder: L,
    });
    const want = resolveProxy(L, await activeBids(lotId), 2000, null);
    expect(want.currentBidCents).toBeGreaterThan(2000 + 20000 * 100);
    expect(res).toEqual(expect.objectContaining({ ok: true, leading: true, currentBidCents: want.currentBidCents }));
    expect(await lotState(lotId)).toEqual({ current: want.currentBidCents, count: 20001, leader: want.leader!.seq });
  });
});
