import { BULK_BIDDING_TEXT as T } from '@ar/rules';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { seedTimedSale, TimedSale } from './support';

type Json = Record<string, any>;

/**
 * Bulk bidding calls over HTTP on real PostgreSQL (spec 001 "Bulk bidding", section 7;
 * docs/decisions/timed-bidding.md): sale info, lot pages of at most 100, lots by ref, placing max
 * and bid-now bids, proxy outcome, bid history, cancelling (own bids, under 10), the bidder API,
 * extension in the closing window, the access flag, the house setting, timed-only and tenancy.
 */
describe('bulk bidding calls', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let sup: SignedIn;
  let flagOnly: SignedIn;
  let none: SignedIn;
  let ownerB: SignedIn;
  let sale: TimedSale;
  let live: TimedSale;
  let other: TimedSale;

  const get = (s: SignedIn, path: string) => s.agent.get(path);
  const post = (s: SignedIn, path: string, body: unknown) =>
    s.agent
      .post(path)
      .set('X-CSRF-Token', s.csrf)
      .send(body as object);
  const base = (ref = sale.catalogRef) => `/auctions/bidAdmin/catalog/${ref}`;
  const call = (s: SignedIn, extra: Json, ref = sale.catalogRef) => ({
    catalogRef: ref,
    liveUserRef: s.user.userRef,
    houseRef: s.user.houseInfo.houseRef,
    ...extra,
  });
  const orderBids = (s: SignedIn, bids: { lotRef: string; bidAmount: number }[], bidType = 'maxBid', ref = sale.catalogRef) =>
    post(s, '/app/external/orderBid/bidAdmin', call(s, { bidAdminOrderBids: bids, bidType }, ref));
  const bidderBid = (lotRef: string, approvalID: number, bidAmount: number, bidType = 'maxBid') =>
    post(owner, '/api/timed-bids', { lotRef, approvalID, bidAmount, bidType });
  const lotByRef = async (ref: string): Promise<Json> => {
    const res = await post(owner, `${base()}/lotsByRef`, [ref]);
    expect(res.status).toBe(200);
    return res.body._embedded.bidAdminLotDataList[0];
  };

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em(), { bulkBiddingEnabled: true });
    sale = await seedTimedSale(t.em(), { houseId: houses.a.id, lots: 150, bidders: 3, reserveCents: null });
    live = await seedTimedSale(t.em(), { houseId: houses.a.id, lots: 1, saleType: 'live' });
    other = await seedTimedSale(t.em(), { houseId: houses.b.id, lots: 2, bidders: 1 });
    owner = await signIn(t.server, 'house-a', 'owner');
    sup = await signIn(t.server, 'house-a', 'super');
    flagOnly = await signIn(t.server, 'house-a', 'accessBulkbiding');
    none = await signIn(t.server, 'house-a', 'none');
    ownerB = await signIn(t.server, 'house-b', 'owner');
  });

  afterAll(() => t?.close());

  it('answers the sale info of a timed session', async () => {
    const res = await get(owner, base());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ saleName: 'Timed session', lotCount: 150, timeZone: 'America/New_York' });
    expect(res.body.timeZoneCode).toMatch(/^E[SD]T$/);
  });

  it('pages the lots by at most 100, in lot order, with staggered end times and the ladder', async () => {
    const first = await get(owner, `${base()}/lots?size=100&page=0`);
    expect(first.status).toBe(200);
    const list = first.body._embedded.bidAdminLotDataList;
    expect(list).toHaveLength(100);
    expect(first.body.page).toEqual({ size: 100, number: 0, totalElements: 150, totalPages: 2 });
    expect(list[0]).toMatchObject({ lotNumber: '1', startingBid: 2000, currentBid: null, bidCount: 0, isClosed: false, isExtended: false });
    expect(new Date(list[1].endTime).getTime() - new Date(list[0].endTime).getTime()).toBe(60_000);
    expect(list[0].bidIncrements[0]).toEqual({ min: 0, max: 9999, increment: 500 });
    const second = await get(owner, `${base()}/lots?size=100&page=1`);
    expect(second.body._embedded.bidAdminLotDataList.map((l: Json) => l.lotNumber)[0]).toBe('101');
    expect(second.body._embedded.bidAdminLotDataList).toHaveLength(50);
  });

  it("answers the lot's consignor and first image (null without them)", async () => {
    const lotId = sale.lotIds[149];
    const [c] = await t
      .em()
      .execute<{ id: number }[]>(`insert into consignor (house_id, name) values (?, 'Estate of A. Smith') returning id`, [houses.a.id]);
    await t.em().execute('update lot set consignor_id = ? where id = ?', [c.id, lotId]);
    await t
      .em()
      .execute(
        `insert into lot_image (house_id, lot_id, sequence, url) values (?, ?, 2, 'https://img.example/150-b.jpg'), (?, ?, 1, 'https://img.example/150-a.jpg')`,
        [houses.a.id, lotId, houses.a.id, lotId],
      );
    const page = (await get(owner, `${base()}/lots?size=100&page=1`)).body._embedded.bidAdminLotDataList as Json[];
    expect(page[49]).toMatchObject({
      lotNumber: '150',
      consignor: 'Estate of A. Smith',
      lotImageUrl: 'https://img.example/150-a.jpg',
      lotUrl: null,
    });
    expect(page[48]).toMatchObject({ lotNumber: '149', consignor: null, lotImageUrl: null });
    expect(await lotByRef(sale.lotRefs[149])).toMatchObject({
      consignor: 'Estate of A. Smith',
      lotImageUrl: 'https://img.example/150-a.jpg',
    });
  });

  it('refuses a page larger than 100 and bad page numbers', async () => {
    expect((await get(owner, `${base()}/lots?size=101`)).status).toBe(400);
    expect((await get(owner, `${base()}/lots?page=-1`)).status).toBe(400);
    expect((await get(owner, `${base()}/lots?size=abc`)).status).toBe(400);
  });

  it('places max bids per lot; proxy resolution sets the current bid and leader', async () => {
    const [a, b] = sale.approvalIds;
    expect((await bidderBid(sale.lotRefs[0], a, 50000)).body.data).toMatchObject({ currentBid: 2000, leading: true });
    const second = await bidderBid(sale.lotRefs[0], b, 20000);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ currentBid: 21000, leading: false });
    const lot = await lotByRef(sale.lotRefs[0]);
    expect(lot).toMatchObject({
      currentBid: 21000,
      bidCount: 2,
      maxBid: 50000,
      maxBidder: 'Bidder No1 (paddle 100)',
      maxBidderChannel: 'INV',
    });
    expect(lot.bidderEmail).toBe('bidder1@example.com');
  });

  it('refuses a bid below the next option, and a bidder lowering their own max', async () => {
    const [a] = sale.approvalIds;
    const low = await bidderBid(sale.lotRefs[0], a, 21000);
    expect(low.status).toBe(409);
    expect(low.body).toMatchObject({ message: T.placeFailed, errors: { reason: 'belowMinimum' } });
    const own = await bidderBid(sale.lotRefs[0], a, 30000);
    expect(own.body.errors).toEqual({ reason: 'notAboveOwnMax' });
    expect((await lotByRef(sale.lotRefs[0])).bidCount).toBe(2);
  });

  it('refuses an approval of another sale and a lot of another house', async () => {
    expect((await bidderBid(sale.lotRefs[1], other.approvalIds[0], 5000)).status).toBe(404);
    expect((await bidderBid(other.lotRefs[0], sale.approvalIds[0], 5000)).status).toBe(404);
    expect((await bidderBid(sale.lotRefs[1], sale.approvalIds[0], 5000.5)).status).toBe(400);
  });

  it('bulk-places bids as the staff user, reporting each lot; a failed one does not stop the others', async () => {
    const res = await orderBids(owner, [
      { lotRef: sale.lotRefs[1], bidAmount: 3000 },
      { lotRef: sale.lotRefs[2], bidAmount: 1000 },
      { lotRef: 'LNOSUCHLOT', bidAmount: 3000 },
      { lotRef: sale.lotRefs[3], bidAmount: 2500 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.bulkOrderBidResponse).toEqual({
      bidAdminOrderBidResponses: [
        { lotRef: sale.lotRefs[1], success: true },
        { lotRef: sale.lotRefs[2], success: false, reason: 'belowMinimum' },
        { lotRef: 'LNOSUCHLOT', success: false, reason: 'notFound' },
        { lotRef: sale.lotRefs[3], success: true },
      ],
      successBids: 2,
      failedBids: 2,
      message: T.placeFailed,
    });
    const ok = await orderBids(owner, [{ lotRef: sale.lotRefs[4], bidAmount: 2000 }], 'bidNow');
    expect(ok.body.data.bulkOrderBidResponse.message).toBe(T.placed);
    const lot = await lotByRef(sale.lotRefs[1]);
    expect(lot).toMatchObject({ currentBid: 2000, maxBid: 3000, maxBidderChannel: 'Floor' });
    expect(lot.maxBidder).toBe('House owner');
  });

  it('shows the bid history newest first, with cancel only on own bids', async () => {
    await bidderBid(sale.lotRefs[1], sale.approvalIds[0], 10000);
    const res = await post(owner, `${base()}/bidHistory`, [sale.lotRefs[1]]);
    expect(res.status).toBe(200);
    const h = res.body.bidHistory[sale.lotRefs[1]];
    expect(h.map((e: Json) => [e.bidAmount, e.canCancel])).toEqual([
      [10000, false],
      [3000, true],
    ]);
    expect(h[1]).toMatchObject({ bidder: 'House owner', bidType: 'maxBid', cancelled: false });
    expect(res.body).toMatchObject({ cancelBidCount: 0, canCancelBid: true });
  });

  it('cancels an own bid and recomputes the lot; refuses others, twice, and another user', async () => {
    const [mine] = (await post(owner, `${base()}/bidHistory`, [sale.lotRefs[3]])).body.bidHistory[sale.lotRefs[3]];
    const notMine = (await post(owner, `${base()}/bidHistory`, [sale.lotRefs[1]])).body.bidHistory[sale.lotRefs[1]][0];
    const cancel = (s: SignedIn, lotRef: string, orderBidRef: string) =>
      post(s, '/app/external/cancelBid/bidAdmin', call(s, { lotRef, orderBidRef }));
    const theirs = await cancel(owner, sale.lotRefs[1], notMine.orderBidRef);
    expect(theirs.status).toBe(403);
    expect(theirs.body.message).toBe(T.cancelFailed);
    const byOther = await cancel(sup, sale.lotRefs[3], mine.orderBidRef);
    expect(byOther.status).toBe(403);
    const ok = await cancel(owner, sale.lotRefs[3], mine.orderBidRef);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ success: true, message: T.cancelled, cancelBidCount: 1, canCancelBid: true });
    expect(await lotByRef(sale.lotRefs[3])).toMatchObject({ bidCount: 0, currentBid: null, maxBid: null });
    const again = await cancel(owner, sale.lotRefs[3], mine.orderBidRef);
    expect(again.status).toBe(409);
    expect(again.body.errors.reason).toMatch(/already cancelled/);
    expect((await get(owner, `${base()}/cancelBidCount`)).body).toEqual({ cancelBidCount: 1, canCancelBid: true });
  });

  it('stops cancelling at 10 cancellations in the session', async () => {
    const lots = sale.lotRefs.slice(20, 31);
    await orderBids(
      owner,
      lots.map((lotRef) => ({ lotRef, bidAmount: 2000 })),
    );
    const hist = (await post(owner, `${base()}/bidHistory`, lots)).body.bidHistory;
    const statuses: number[] = [];
    for (const lotRef of lots)
      statuses.push(
        (await post(owner, '/app/external/cancelBid/bidAdmin', call(owner, { lotRef, orderBidRef: hist[lotRef][0].orderBidRef }))).status,
      );
    // One was cancelled before: 9 more succeed, then the limit.
    expect(statuses.filter((s) => s === 200)).toHaveLength(9);
    expect(statuses.slice(9)).toEqual([409, 409]);
    expect((await get(owner, `${base()}/cancelBidCount`)).body).toEqual({ cancelBidCount: 10, canCancelBid: false });
    const after = (await post(owner, `${base()}/bidHistory`, [lots[10]])).body;
    expect(after.canCancelBid).toBe(false);
    expect(after.bidHistory[lots[10]][0].canCancel).toBe(false);
  });

  it('extends a lot when a bid arrives in the closing window; refuses bids after the end', async () => {
    const soon = await seedTimedSale(t.em(), {
      houseId: houses.a.id,
      lots: 2,
      bidders: 1,
      firstLotEnd: new Date(Date.now() + 30_000),
      staggerSeconds: 150,
    });
    const before = (await post(owner, `/auctions/bidAdmin/catalog/${soon.catalogRef}/lotsByRef`, [soon.lotRefs[0]])).body._embedded
      .bidAdminLotDataList[0];
    const res = await bidderBid(soon.lotRefs[0], soon.approvalIds[0], 2000);
    expect(res.body.data.isExtended).toBe(true);
    expect(new Date(res.body.data.endTime).getTime()).toBeGreaterThan(new Date(before.endTime).getTime());
    // The second lot ends 150 s after the first: outside the window, not extended.
    expect((await bidderBid(soon.lotRefs[1], soon.approvalIds[0], 2000)).body.data.isExtended).toBe(false);
    const past = await seedTimedSale(t.em(), { houseId: houses.a.id, lots: 1, bidders: 1, firstLotEnd: new Date(Date.now() - 1000) });
    const late = await bidderBid(past.lotRefs[0], past.approvalIds[0], 2000);
    expect(late.status).toBe(409);
    expect(late.body.errors.reason).toBe('closed');
  });

  it('needs accessBulkbiding, and the house setting unless super user', async () => {
    expect((await get(none, base())).status).toBe(403);
    expect((await orderBids(none, [{ lotRef: sale.lotRefs[5], bidAmount: 2000 }])).status).toBe(403);
    expect((await get(flagOnly, base())).status).toBe(200);
    await t.em().execute('update house set bulk_bidding_enabled = false where id = ?', [houses.a.id]);
    try {
      const off = await get(owner, base());
      expect(off.status).toBe(403);
      expect(off.body.message).toBe(PERMISSION_DENIED_TEXT);
      expect(
        (
          await post(owner, '/api/timed-bids', {
            lotRef: sale.lotRefs[5],
            approvalID: sale.approvalIds[0],
            bidAmount: 2000,
            bidType: 'maxBid',
          })
        ).status,
      ).toBe(403);
      expect((await get(sup, base())).status).toBe(200);
    } finally {
      await t.em().execute('update house set bulk_bidding_enabled = true where id = ?', [houses.a.id]);
    }
  });

  it('is for timed sessions only', async () => {
    const res = await get(owner, `${base(live.catalogRef)}/lots`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(T.catalogNotFound);
    expect((await get(owner, base(live.catalogRef))).body.message).toBe(T.saleInfoNotFound);
    expect((await orderBids(owner, [{ lotRef: live.lotRefs[0], bidAmount: 5000 }], 'maxBid', live.catalogRef)).status).toBe(404);
  });

  it("never answers or bids on another house's sale, whatever the refs say", async () => {
    expect((await get(owner, base(other.catalogRef))).status).toBe(404);
    expect((await get(owner, `${base(other.catalogRef)}/lots`)).status).toBe(404);
    expect((await post(owner, `${base(other.catalogRef)}/bidHistory`, other.lotRefs)).status).toBe(404);
    expect((await get(owner, `${base(other.catalogRef)}/cancelBidCount`)).status).toBe(404);
    // House B's own session named by A's user: 404; A's lots named in B's session: absent.
    expect((await orderBids(owner, [{ lotRef: other.lotRefs[0], bidAmount: 5000 }], 'maxBid', other.catalogRef)).status).toBe(404);
    const crossLot = await orderBids(ownerB, [{ lotRef: sale.lotRefs[6], bidAmount: 5000 }], 'maxBid', other.catalogRef);
    expect(crossLot.body.data.bulkOrderBidResponse.bidAdminOrderBidResponses).toEqual([
      { lotRef: sale.lotRefs[6], success: false, reason: 'notFound' },
    ]);
    const byRef = await post(ownerB, `/auctions/bidAdmin/catalog/${other.catalogRef}/lotsByRef`, [sale.lotRefs[0]]);
    expect(byRef.body._embedded.bidAdminLotDataList).toEqual([]);
    // The legacy identity fields must name the caller.
    const otherHouse = await post(owner, '/app/external/orderBid/bidAdmin', {
      ...call(owner, { bidAdminOrderBids: [{ lotRef: sale.lotRefs[7], bidAmount: 5000 }], bidType: 'maxBid' }),
      houseRef: houses.b.houseRef,
    });
    expect(otherHouse.status).toBe(404);
    const otherUser = await post(owner, '/app/external/orderBid/bidAdmin', {
      ...call(owner, { bidAdminOrderBids: [{ lotRef: sale.lotRefs[7], bidAmount: 5000 }], bidType: 'maxBid' }),
      liveUserRef: sup.user.userRef,
    });
    expect(otherUser.status).toBe(403);
  });

  it('refuses bad bodies with 400', async () => {
    expect((await orderBids(owner, [], 'maxBid')).status).toBe(400);
    expect((await orderBids(owner, [{ lotRef: sale.lotRefs[8], bidAmount: 5000 }], 'absentee')).status).toBe(400);
    expect((await orderBids(owner, [{ lotRef: sale.lotRefs[8], bidAmount: -5 }])).status).toBe(400);
    expect((await post(owner, `${base()}/bidHistory`, { lotRefs: 'x' })).status).toBe(400);
    expect((await post(owner, `${base()}/lotsByRef`, [])).status).toBe(400);
  });
});
