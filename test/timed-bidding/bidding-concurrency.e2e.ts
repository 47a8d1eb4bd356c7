import { bidRefusal, DEFAULT_BID_LADDER, resolveProxy, type ProxyBid } from '@ar/rules';
import { LotClosingService } from '../../src/modules/lots/timed-bidding/lot-closing.service';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { seedTimedSale } from './support';

/**
 * The bidding engine under load on real PostgreSQL: 200 concurrent bids on one lot over HTTP (the
 * app's connection pool, parallel transactions) leave one consistent state with no bid lost; the
 * closing pass writes each result once, however often and concurrently it runs.
 */
describe('timed bidding: concurrency and closing', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em(), { bulkBiddingEnabled: true });
    owner = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  const bid = (lotRef: string, approvalID: number, bidAmount: number) =>
    owner.agent.post('/api/timed-bids').set('X-CSRF-Token', owner.csrf).send({ lotRef, approvalID, bidAmount, bidType: 'maxBid' });

  it('200 concurrent bids on one lot: one consistent current bid and leader, none lost', async () => {
    const sale = await seedTimedSale(t.em(), { houseId: houses.a.id, lots: 1, bidders: 20 });
    const lotRef = sale.lotRefs[0];
    // Distinct amounts (500 apart), shuffled, spread over 20 bidders.
    const amounts = Array.from({ length: 200 }, (_, i) => 2000 + i * 500).sort(() => Math.random() - 0.5);
    const responses = await Promise.all(amounts.map((a, i) => bid(lotRef, sale.approvalIds[i % 20], a)));
    expect(responses.filter((r) => r.status !== 200 && r.status !== 409)).toEqual([]);
    const accepted = responses.filter((r) => r.status === 200).map((r) => r.body.data.orderBidRef as string);
    expect(accepted.length).toBeGreaterThan(0);

    const rows = await t
      .em()
      .execute<{ id: number; approval_id: number; max_bid_cents: string; order_bid_ref: string }[]>(
        `select id, approval_id, max_bid_cents, order_bid_ref from order_bid where lot_id = ? order by id`,
        [sale.lotIds[0]],
      );
    // Every accepted bid is stored, and only those.
    expect(rows.map((r) => r.order_bid_ref).sort()).toEqual([...accepted].sort());

    // Replayed one at a time in commit order, each stored bid was acceptable when placed.
    const replay: ProxyBid[] = [];
    for (const r of rows) {
      const state = resolveProxy(DEFAULT_BID_LADDER, replay, 2000, null);
      const own = replay.filter((b) => b.bidderId === r.approval_id).map((b) => b.maxCents);
      const refusal = bidRefusal(
        DEFAULT_BID_LADDER,
        { startingBidCents: 2000, currentBidCents: state.currentBidCents, bidCount: replay.length, closed: false },
        Number(r.max_bid_cents),
        own.length ? Math.max(...own) : null,
      );
      expect(refusal).toBeNull();
      replay.push({ seq: r.id, bidderId: r.approval_id, maxCents: Number(r.max_bid_cents) });
    }
    const expected = resolveProxy(DEFAULT_BID_LADDER, replay, 2000, null);
    const [lot] = await t
      .em()
      .execute<{ current_bid_cents: string; bid_count: number; leading_bid_id: number }[]>(
        `select current_bid_cents, bid_count, leading_bid_id from lot where id = ?`,
        [sale.lotIds[0]],
      );
    expect({ current: Number(lot.current_bid_cents), count: lot.bid_count, leader: lot.leading_bid_id }).toEqual({
      current: expected.currentBidCents,
      count: rows.length,
      leader: expected.leader!.seq,
    });
    // The leader holds the highest stored max; refusals all answered 409 with a reason.
    expect(expected.leader!.maxCents).toBe(Math.max(...rows.map((r) => Number(r.max_bid_cents))));
    expect(responses.filter((r) => r.status === 409).every((r) => ['belowMinimum', 'notAboveOwnMax'].includes(r.body.errors.reason))).toBe(
      true,
    );
  });

  it('closes due lots once: results written once, reserve respected, an imported result kept', async () => {
    const sale = await seedTimedSale(t.em(), { houseId: houses.a.id, lots: 5, bidders: 2, firstLotEnd: new Date(Date.now() + 3_600_000) });
    const [a, b] = sale.approvalIds;
    // Lot 1: two bidders (sold to a at b's max + increment); lot 2: below reserve; lot 3: no bids;
    // lot 4: one bid but an imported result already; lot 5: stays open (ends later).
    await t.em().execute('update lot set reserve_cents = 100000 where id = ?', [sale.lotIds[1]]);
    expect((await bid(sale.lotRefs[0], a, 30000)).status).toBe(200);
    expect((await bid(sale.lotRefs[0], b, 10000)).status).toBe(200);
    expect((await bid(sale.lotRefs[1], a, 50000)).status).toBe(200);
    expect((await bid(sale.lotRefs[3], b, 5000)).status).toBe(200);
    await t
      .em()
      .execute(`update lot set winning_approval_id = ?, hammer_cents = 7777, result_channel = 'INV' where id = ?`, [a, sale.lotIds[3]]);
    // Time passes: the first four lots end.
    const past = new Date(Date.now() - 600_000);
    await t.em().execute(`update catalog set event_date = ?, timed_type = 1, timed_value = 60 where id = ?`, [past, sale.catalogId]);
    await t.em().execute(`update lot set end_at = ? where id in (?, ?, ?)`, [past, sale.lotIds[0], sale.lotIds[1], sale.lotIds[3]]);
    await t.em().execute(`update lot set end_at = now() + interval '1 hour' where id = ?`, [sale.lotIds[4]]);

    const closing = t.app.get(LotClosingService);
    const [first, second] = await Promise.all([closing.closeDue(), closing.closeDue()]);
    const again = await closing.closeDue();
    const ours = await t.em().execute<
      {
        id: number;
        closed_at: Date | null;
        winning_approval_id: number | null;
        hammer_cents: string | null;
        result_channel: string | null;
      }[]
    >(`select id, closed_at, winning_approval_id, hammer_cents, result_channel from lot where catalog_id = ? order by id`, [sale.catalogId]);
    expect(first.closed + second.closed + again.closed).toBeGreaterThanOrEqual(4);
    expect(
      ours.map((l) => [
        l.closed_at !== null,
        l.winning_approval_id,
        l.hammer_cents === null ? null : Number(l.hammer_cents),
        l.result_channel,
      ]),
    ).toEqual([
      [true, a, 11000, 'INV'],
      [true, null, null, null],
      [true, null, null, null],
      [true, a, 7777, 'INV'],
      [false, null, null, null],
    ]);
    // Closed lots take no more bids.
    const late = await bid(sale.lotRefs[0], b, 90000);
    expect(late.status).toBe(409);
    expect(late.body.errors.reason).toBe('closed');
  });
});
