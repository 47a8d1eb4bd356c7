import { DEFAULT_BID_LADDER, SESSION_TEXT } from '@ar/rules';
import { LotClosingService } from '../../src/modules/lots/timed-bidding/lot-closing.service';
import { BidPlacementService } from '../../src/modules/lots/timed-bidding/bid-placement.service';
import { lotEndsSql } from '../../src/modules/lots/timed-bidding/lot-ends.sql';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { seedTimedSale, TimedSale } from '../timed-bidding/support';

// `GET /cps/app/catalog/{catalogID}/setTimedAuctionLotTimes` (spec 001 section 7) over HTTP on the
// real database: each lot's end from the first-lot end plus the stagger, read back by the bidding
// engine's schedule and honoured by the closing engine; refused once bidding started; access and tenancy.

const url = (id: number) => `/cps/app/catalog/${id}/setTimedAuctionLotTimes`;

describe('setTimedAuctionLotTimes (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let calendarOnly: SignedIn;
  let none: SignedIn;
  let ownerB: SignedIn;
  let sale: TimedSale;
  // A Sunday 01:30 in New York the night clocks go forward: stored and computed as UTC instants.
  const first = new Date('2031-03-09T06:30:00Z');

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    sale = await seedTimedSale(t.em(), { houseId: houses.a.id, lots: 4, bidders: 1, firstLotEnd: new Date(Date.now() + 5 * 86_400_000) });
    owner = await signIn(t.server, 'house-a', 'owner');
    calendarOnly = await signIn(t.server, 'house-a', 'accessCalendar');
    none = await signIn(t.server, 'house-a', 'none');
    ownerB = await signIn(t.server, 'house-b', 'owner');
  });
  afterAll(() => t?.close());

  it('stores first end + stagger per lot in lot-number order (deleted lots take no place), as the engine schedules them', async () => {
    const em = t.em();
    // Step 1 moved the first-lot end and the stagger; lot 2 was deleted, lot 4 renumbered before lot 1.
    await em.execute('update catalog set event_date = ?, timed_type = 1, timed_value = 90 where id = ?', [first, sale.catalogId]);
    await em.execute(`update lot set status = 'd' where id = ?`, [sale.lotIds[1]]);
    await em.execute(`update lot set lot_number = '0' where id = ?`, [sale.lotIds[3]]);
    await em.execute('update lot set end_at = ? where id = ?', [new Date('2031-01-01T00:00:00Z'), sale.lotIds[0]]);
    const res = await calendarOnly.agent.get(url(sale.catalogId)).expect(200);
    const at = (s: number) => new Date(first.getTime() + s * 1000).toISOString();
    expect(res.body).toEqual({
      data: {
        lots: [
          { lotID: sale.lotIds[3], lotNumber: '0', lotExt: null, endTimeUTCString: at(0) },
          { lotID: sale.lotIds[0], lotNumber: '1', lotExt: null, endTimeUTCString: at(90) },
          { lotID: sale.lotIds[2], lotNumber: '3', lotExt: null, endTimeUTCString: at(180) },
        ],
      },
    });
    const stored = await em.execute<{ id: number; end_at: Date }[]>(
      'select id, end_at from lot where catalog_id = ? and status <> ? order by id',
      [sale.catalogId, 'd'],
    );
    const engine = await em.execute<{ id: number; end_at: Date }[]>(`select id, end_at from (${lotEndsSql('catalog')}) e order by id`, [
      sale.catalogId,
      houses.a.id,
    ]);
    expect(stored.map((r) => [r.id, new Date(r.end_at).toISOString()])).toEqual(
      engine.map((r) => [r.id, new Date(r.end_at).toISOString()]),
    );
    expect(stored.map((r) => new Date(r.end_at).toISOString())).toEqual([at(90), at(180), at(0)]);
  });

  it('together (timedType 0) ends every lot at the first-lot end', async () => {
    await t.em().execute('update catalog set timed_type = 0 where id = ?', [sale.catalogId]);
    const res = await owner.agent.get(url(sale.catalogId)).expect(200);
    expect(new Set(res.body.data.lots.map((l: { endTimeUTCString: string }) => l.endTimeUTCString))).toEqual(
      new Set([first.toISOString()]),
    );
    await t.em().execute('update catalog set timed_type = 1 where id = ?', [sale.catalogId]);
    await owner.agent.get(url(sale.catalogId)).expect(200);
  });

  it('the closing engine closes the lots by those ends; afterwards the times are refused', async () => {
    const report = await t.app.get(LotClosingService).closeDue(new Date(first.getTime() + 100_000));
    expect(report.closed).toBe(2);
    const closed = await t
      .em()
      .execute<{ id: number }[]>('select id from lot where catalog_id = ? and closed_at is not null order by id', [sale.catalogId]);
    expect(closed.map((r) => r.id)).toEqual([sale.lotIds[0], sale.lotIds[3]]);
    const res = await owner.agent.get(url(sale.catalogId)).expect(409);
    expect(res.body).toMatchObject({ code: 'BIDDING_STARTED', message: SESSION_TEXT.lotTimesAfterBidding });
  });

  it('refuses once a bid was placed, even one later cancelled, and leaves the ends alone', async () => {
    const other = await seedTimedSale(t.em(), { houseId: houses.a.id, lots: 2, bidders: 1 });
    await owner.agent.get(url(other.catalogId)).expect(200);
    const placed = await t.app.get(BidPlacementService).place({
      houseId: houses.a.id,
      lotId: other.lotIds[1],
      approvalId: other.approvalIds[0],
      amountCents: 5000,
      bidType: 'maxBid',
      placedByUserId: null,
      ladder: DEFAULT_BID_LADDER,
    });
    expect(placed.ok).toBe(true);
    const before = await t.em().execute('select id, end_at from lot where catalog_id = ? order by id', [other.catalogId]);
    await t.em().execute('update order_bid set cancelled_at = now() where lot_id = ?', [other.lotIds[1]]);
    await t.em().execute("update catalog set event_date = event_date + interval '1 day' where id = ?", [other.catalogId]);
    const res = await owner.agent.get(url(other.catalogId)).expect(409);
    expect(res.body.message).toBe(SESSION_TEXT.lotTimesAfterBidding);
    expect(await t.em().execute('select id, end_at from lot where catalog_id = ? order by id', [other.catalogId])).toEqual(before);
  });

  it('live sessions: 404; another house: 404; without accessCalendar: 403', async () => {
    const live = await seedTimedSale(t.em(), { houseId: houses.a.id, lots: 1, saleType: 'live' });
    expect((await owner.agent.get(url(live.catalogId))).status).toBe(404);
    expect((await ownerB.agent.get(url(sale.catalogId))).status).toBe(404);
    expect((await none.agent.get(url(sale.catalogId))).status).toBe(403);
  });
});
