import { DISPUTE_TEXT as T, MUTUAL_RESOLUTIONS } from '@ar/rules';
import { DisputesQueries } from '../../src/modules/disputes/disputes.queries';
import { DisputesService } from '../../src/modules/disputes/disputes.service';
import { createInvoicedGroup, type FactoryGroup } from '../invoice-details/factory';
import { bidder, post, q } from '../invoice-marks/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

/**
 * Disputes over HTTP on real PostgreSQL (spec 001 "Open New File", "Disputes", sections 4, 5, 7, 8;
 * docs/decisions/disputes.md): every call, every message, the state transitions with their audit,
 * closing's consequences, access flags and tenancy.
 */
describe('disputes', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let superUser: SignedIn;
  let customerOnly: SignedIn;
  let reportsOnly: SignedIn;
  let none: SignedIn;
  let ownerB: SignedIn;
  let ref: string;
  let sale: FactoryGroup; // 10 days ago: lots 0-5
  let old: FactoryGroup; // 60 days ago
  let fresh: FactoryGroup; // yesterday
  let other: FactoryGroup; // house B

  const act = (body: Json, s = owner, houseRef = ref) => post(s, houseRef, 'disputes', body);
  const open = (lotIds: number[], extra: Json = {}, s = owner) =>
    act({ action: 'open', transactionIDs: lotIds, reasonID: 4, message: 'Bidder has not paid.', ...extra }, s);
  const get = (path: string, s = owner, houseRef = ref) => s.agent.get(`/app/house/${houseRef}/${path}`);
  const expect400 = (res: { status: number; body: Json }, message: string) => {
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  };
  const disputeOf = async (lotId: number) => (await q(t, 'select * from dispute where lot_id = ?', [lotId]))[0];
  const openedDaysAgo = (id: number, days: number) =>
    q(t, 'update dispute set opened_at = ? where id = ?', [new Date(Date.now() - days * DAY), id]);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    ref = houses.a.houseRef;
    [owner, superUser, customerOnly, reportsOnly, none, ownerB] = await Promise.all([
      signIn(t.server, 'house-a', 'owner'),
      signIn(t.server, 'house-a', 'super'),
      signIn(t.server, 'house-a', 'accessCustomer'),
      signIn(t.server, 'house-a', 'accessReports'),
      signIn(t.server, 'house-a', 'none'),
      signIn(t.server, 'house-b', 'owner'),
    ]);
    sale = await createInvoicedGroup(t.em(), {
      houseId: houses.a.id,
      title: 'Ten days ago',
      sessions: [{ title: 'Main session', eventDate: daysAgo(10) }],
      bidders: [
        bidder('Adams', { firstName: 'Alice', email: 'alice@example.com', paddle: 11 }),
        bidder('Brown', { firstName: 'Bob', platform: 'Floor', paddle: 12 }),
        bidder('Ebay', { firstName: 'Eve', email: 'eve@example.com', platform: 'AZ', paddle: 13 }),
      ],
      lots: [
        { bidder: 0, hammer: 150_000 },
        { bidder: 1, hammer: 10_000 },
        { bidder: 2, hammer: 5_000 },
        { bidder: 0, hammer: 20_000 },
        { bidder: 0, hammer: 30_000 },
        { bidder: 0, hammer: 40_000 },
      ],
    });
    old = await createInvoicedGroup(t.em(), {
      houseId: houses.a.id,
      sessions: [{ eventDate: daysAgo(60) }],
      bidders: [bidder('Old', { email: 'old@example.com' })],
      lots: [{ bidder: 0, hammer: 1_000 }],
    });
    fresh = await createInvoicedGroup(t.em(), {
      houseId: houses.a.id,
      sessions: [{ eventDate: daysAgo(1) }],
      bidders: [bidder('Fresh', { email: 'fresh@example.com' })],
      lots: [{ bidder: 0, hammer: 1_000 }],
    });
    other = await createInvoicedGroup(t.em(), {
      houseId: houses.b.id,
      sessions: [{ eventDate: daysAgo(10) }],
      bidders: [bidder('Other', { email: 'other@example.com' })],
      lots: [{ bidder: 0, hammer: 1_000 }],
    });
  });

  afterAll(() => t?.close());

  it('answers the dispute types to users who may open a dispute', async () => {
    const res = await get('disputeTypes', reportsOnly);
    expect(res.status).toBe(200);
    expect(res.body.data.disputeTypes[0]).toEqual({ disputeTypeID: 4, disputeTypeName: 'Unpaid Item' });
    expect(res.body.data.mutualResolution).toEqual(MUTUAL_RESOLUTIONS);
    expect((await get('disputeTypes', none)).status).toBe(403);
  });

  it("lists the Open New File lots with whether each may be disputed; another house's lots are absent", async () => {
    const lotRefs = [sale.lotRefs[0], sale.lotRefs[1], old.lotRefs[0], fresh.lotRefs[0], other.lotRefs[0]];
    const res = await post(owner, ref, 'disputes/lots', { lotRefs });
    expect(res.status).toBe(200);
    const byRef = new Map(res.body.data.lots.map((l: Json) => [l.lotRef, l]));
    expect(byRef.size).toBe(4);
    expect(byRef.get(sale.lotRefs[0])).toMatchObject({
      transactionID: sale.lotIds[0],
      canOpenDispute: true,
      reason: null,
      hammer: 150_000,
      lastName: 'Adams',
    });
    expect(byRef.get(sale.lotRefs[1])).toMatchObject({ canOpenDispute: false, reason: T.floorBidder });
    expect(byRef.get(old.lotRefs[0])).toMatchObject({ canOpenDispute: false, reason: T.outsideTimeFrame });
    expect(byRef.get(fresh.lotRefs[0])).toMatchObject({ canOpenDispute: false, reason: T.outsideTimeFrame });
    // Super users may select any lot, whatever its date.
    const asSuper = await post(superUser, ref, 'disputes/lots', { lotRefs: [old.lotRefs[0]] });
    expect(asSuper.body.data.lots[0]).toMatchObject({ canOpenDispute: true });
    expect((await post(none, ref, 'disputes/lots', { lotRefs })).status).toBe(403);
  });

  it('refuses a bad open with the messages of the form', async () => {
    expect400(await open([sale.lotIds[0]], { message: '   ' }), T.openMessageRequired);
    expect400(await open([sale.lotIds[0]], { reasonID: 5 }), T.selectResolution);
    expect400(await open([sale.lotIds[0]], { reasonID: 99 }), T.selectReason);
    expect400(await open([]), T.selectLots);
    expect400(await open([sale.lotIds[0]], { message: 'x'.repeat(2001) }), T.messageTooLong);
    expect400(await open([old.lotIds[0]]), T.outsideTimeFrame);
    expect400(await open([fresh.lotIds[0]]), T.outsideTimeFrame);
    expect400(await open([sale.lotIds[1]]), T.floorBidder);
    // All or none: a good lot with a refused one opens nothing.
    expect400(await open([sale.lotIds[0], old.lotIds[0]]), T.outsideTimeFrame);
    expect((await open([other.lotIds[0]])).status).toBe(404);
    expect((await open([sale.lotIds[0]], {}, none)).status).toBe(403);
    expect((await open([sale.lotIds[0]], { houseUserRef: superUser.user.userRef })).status).toBe(403);
    expect((await q(t, 'select count(*)::int as n from dispute'))[0].n).toBe(0);
  });

  it('opens a dispute: its thread, audit, invoice line, mail to the bidder; a second one on the lot is refused', async () => {
    const res = await open([sale.lotIds[0]], { houseUserRef: reportsOnly.user.userRef }, reportsOnly);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ success: true, message: T.opened });
    const d = await disputeOf(sale.lotIds[0]);
    expect(d).toMatchObject({ open: true, stat: 'Open', reason_id: 4, house_id: houses.a.id });
    expect(res.body.data.disputes).toEqual([{ disputeID: d.id, disputeRef: d.dispute_ref, transactionID: sale.lotIds[0] }]);
    // The invoice's amounts: hammer 1500.00, premium 25% to 1000 and 20% above = 350.00.
    expect(Number(d.premium_cents)).toBe(sale.lines[0].premium);
    expect((await q(t, 'select dispute_ref from invoice_line where id = ?', [sale.lineIds[0]]))[0].dispute_ref).toBe(d.dispute_ref);
    expect(await q(t, 'select action, user_name from dispute_audit where dispute_id = ?', [d.id])).toEqual([
      { action: 'open', user_name: 'accessReports' },
    ]);
    const mails = await q(t, `select to_address as "to", subject from mail_outbox where kind = 'dispute.message'`);
    expect(mails).toEqual([{ to: 'alice@example.com', subject: expect.stringContaining('Dispute opened') }]);
    const again = await open([sale.lotIds[0]], {}, superUser);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(T.alreadyDisputed);
    // A super user may open outside the time frame.
    expect((await open([old.lotIds[0]], {}, superUser)).status).toBe(200);
  });

  it('lists disputes by filter to customer-access users, newest change first', async () => {
    const res = await get('openDisputes', customerOnly);
    expect(res.status).toBe(200);
    expect(res.body.data.totalRecords).toBe(2);
    const [first] = res.body.data.disputes;
    expect(first.disputeInfo).toMatchObject({ openDispute: true, disputeStat: 'Open', disputeReason: 'Unpaid Item', closeable: false });
    expect(res.body.data.disputes.map((x: Json) => x.disputeInfo.disputeDate.time)).toEqual(
      [...res.body.data.disputes.map((x: Json) => x.disputeInfo.disputeDate.time)].sort((a, b) => b - a),
    );
    const alice = res.body.data.disputes.find((x: Json) => x.bidderInfo.lastName === 'Adams');
    expect(alice.priceInfo).toEqual({
      currencySymbol: '$',
      hammer: 150_000,
      bp: sale.lines[0].premium,
      liveFee: sale.lines[0].liveFee,
      payable: 150_000 + sale.lines[0].premium + sale.lines[0].liveFee,
    });
    expect((await get('pastDisputes?days=180')).body.data.disputes).toEqual([]);
    expect((await get('disputes')).body.data.totalRecords).toBe(2);
    expect((await get('disputes?page=1&size=1')).body.data.disputes).toHaveLength(1);
    expect400(await get('pastDisputes?days=abc'), 'days must be a whole number from 1 to 3660.');
    expect((await get('openDisputes', reportsOnly)).status).toBe(403);
    // Tenancy: house B's owner cannot read A's lists; B's own list is empty.
    expect((await get('openDisputes', ownerB)).status).toBe(404);
    expect((await get('openDisputes', ownerB, houses.b.houseRef)).body.data.disputes).toEqual([]);
  });

  it('answers one dispute and its messages; another house gets 404', async () => {
    const d = await disputeOf(sale.lotIds[0]);
    const one = await get(`dispute/${d.dispute_ref}`);
    expect(one.status).toBe(200);
    expect(one.body.data.dispute.disputeInfo.disputeID).toBe(d.id);
    const msgs = await get(`dispute/messages/${d.id}`);
    expect(msgs.body.data.messages).toEqual([{ sender: 'accessReports', message: 'Bidder has not paid.', sendDate: expect.any(String) }]);
    expect((await get(`dispute/${d.dispute_ref}`, ownerB, houses.b.houseRef)).status).toBe(404);
    expect((await get(`dispute/messages/${d.id}`, ownerB, houses.b.houseRef)).status).toBe(404);
    expect((await get(`dispute/${d.dispute_ref}`, reportsOnly)).status).toBe(403);
  });

  it('sends a message; refuses no selection, no message, eBay bidders and another house', async () => {
    const d = await disputeOf(sale.lotIds[0]);
    expect400(await act({ action: 'send', disputeIDs: [], message: 'Hi' }), T.selectDispute);
    expect400(await act({ action: 'send', disputeIDs: [d.id], message: ' ' }), T.messageRequired);
    const sent = await act({ action: 'send', disputeIDs: [d.id], message: 'Please pay.' }, customerOnly);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ success: true, message: T.sent });
    expect((await get(`dispute/messages/${d.id}`)).body.data.messages.map((m: Json) => m.message)).toEqual([
      'Bidder has not paid.',
      'Please pay.',
    ]);
    expect((await open([sale.lotIds[2]])).status).toBe(200);
    const ebay = await disputeOf(sale.lotIds[2]);
    expect400(await act({ action: 'send', disputeIDs: [ebay.id], message: 'Hi' }), T.ebayMessage);
    expect((await act({ action: 'send', disputeIDs: [d.id], message: 'Hi' }, ownerB, houses.b.houseRef)).status).toBe(404);
    expect((await act({ action: 'send', disputeIDs: [d.id], message: 'Hi' }, reportsOnly)).status).toBe(403);
  });

  it('closes only after 4 open days and accepted terms (non-super), with credit, No Bid List and strike', async () => {
    const d = await disputeOf(sale.lotIds[0]);
    expect400(await act({ action: 'close', disputeIDs: [d.id] }), T.outsideTimeFrame);
    await openedDaysAgo(d.id, 5);
    const noTerms = await act({ action: 'close', disputeIDs: [d.id] });
    expect(noTerms.status).toBe(403);
    expect(noTerms.body.message).toBe(T.mustAgree);
    expect400(await post(owner, ref, 'acceptDisputeTerms', { accepted: false }), T.mustAgree);
    expect(await post(none, ref, 'acceptDisputeTerms', { accepted: true }).then((r) => r.status)).toBe(403);
    expect((await post(owner, ref, 'acceptDisputeTerms', { accepted: true })).status).toBe(200);
    expect((await q(t, 'select dispute_terms_accepted from house where id = ?', [houses.a.id]))[0].dispute_terms_accepted).toBe(true);
    const closed = await act({ action: 'close', disputeIDs: [d.id], message: 'Closing.' });
    expect(closed.status).toBe(200);
    expect(closed.body.data.message).toBe(T.closed);
    const after = await disputeOf(sale.lotIds[0]);
    expect(after).toMatchObject({ open: false, stat: 'Closed' });
    expect(Number(after.credit_cents)).toBe(sale.lines[0].liveFee);
    expect(await q(t, 'select member_id from house_no_bid where house_id = ?', [houses.a.id])).toEqual([{ member_id: d.member_id }]);
    expect(await q(t, 'select dispute_id from unpaid_item_strike where member_id = ?', [d.member_id])).toEqual([{ dispute_id: d.id }]);
    // The No Bid List's trail records who added the bidder, through which dispute.
    expect(await q(t, 'select action, member_id, dispute_id, user_name from no_bid_audit where house_id = ?', [houses.a.id])).toEqual([
      { action: 'add', member_id: d.member_id, dispute_id: d.id, user_name: 'owner' },
    ]);
    expect((await q(t, 'select action from dispute_audit where dispute_id = ? order by id', [d.id])).map((r) => r.action)).toEqual([
      'open',
      'send',
      'close',
    ]);
    expect((await get('pastDisputes?days=180')).body.data.disputes.map((x: Json) => x.disputeInfo.disputeID)).toEqual([d.id]);
  });

  it('a super user closes at once without terms', async () => {
    await q(t, 'update house set dispute_terms_accepted = false where id = ?', [houses.a.id]);
    expect((await open([sale.lotIds[3]])).status).toBe(200);
    const d = await disputeOf(sale.lotIds[3]);
    expect((await act({ action: 'close', disputeIDs: [d.id] }, superUser)).status).toBe(200);
  });

  it('past disputes must be reopened; only super users reopen, never an eBay bidder; no open and past together', async () => {
    const closed = await disputeOf(sale.lotIds[0]);
    const ebay = await disputeOf(sale.lotIds[2]);
    expect400(await act({ action: 'send', disputeIDs: [closed.id], message: 'Hi' }), T.mustReopen);
    expect400(await act({ action: 'cancel', disputeIDs: [closed.id] }), T.mustReopen);
    expect400(await act({ action: 'close', disputeIDs: [closed.id] }), T.mustReopen);
    expect400(await act({ action: 'reopen', disputeIDs: [ebay.id] }, superUser), T.notOnOpen);
    expect400(await act({ action: 'send', disputeIDs: [closed.id, ebay.id], message: 'Hi' }), T.openAndPast);
    const notSuper = await act({ action: 'reopen', disputeIDs: [closed.id] });
    expect(notSuper.status).toBe(403);
    expect(notSuper.body.message).toBe(T.reopenSuperOnly);
    // Cancel the eBay dispute, then it cannot be reopened.
    const canceled = await act({ action: 'cancel', disputeIDs: [ebay.id] });
    expect(canceled.body.data.message).toBe(T.canceled);
    expect((await disputeOf(sale.lotIds[2])).stat).toBe('Canceled');
    expect400(await act({ action: 'reopen', disputeIDs: [ebay.id] }, superUser), T.ebayReopen);
    const reopened = await act({ action: 'reopen', disputeIDs: [closed.id] }, superUser);
    expect(reopened.status).toBe(200);
    expect(reopened.body.data.message).toBe(T.reopened);
    expect(await disputeOf(sale.lotIds[0])).toMatchObject({ open: true, stat: 'Open' });
  });

  it('resolves mutual resolutions 5 minutes after opening, once', async () => {
    const res = await open([sale.lotIds[4]], { reasonID: MUTUAL_RESOLUTIONS[0].disputeTypeID });
    expect(res.status).toBe(200);
    const d = await disputeOf(sale.lotIds[4]);
    expect(new Date(d.resolve_at).getTime() - new Date(d.opened_at).getTime()).toBe(5 * 60_000);
    const service = t.app.get(DisputesService);
    expect(await service.resolveDue(new Date(Date.now() + 60_000))).toBe(0);
    expect(await service.resolveDue(new Date(Date.now() + 6 * 60_000))).toBe(1);
    expect(await service.resolveDue(new Date(Date.now() + 7 * 60_000))).toBe(0);
    const after = await disputeOf(sale.lotIds[4]);
    expect(after).toMatchObject({ open: false, stat: 'Resolved' });
    expect(Number(after.credit_cents)).toBe(sale.lines[4].liveFee);
    expect(await q(t, 'select 1 from unpaid_item_strike where dispute_id = ?', [d.id])).toEqual([]);
  });

  it('tells each sale results lot whether this user may open a dispute on it, and its dispute', async () => {
    const lotsOf = async (catalogRefs: string[], s: SignedIn) => {
      const res = await post(s, ref, 'sessionResults/lots', { catalogRefs });
      expect(res.status).toBe(200);
      return new Map<number, Json>(res.body.data.groupedData.flatMap((b: Json) => b.items).map((i: Json) => [i.transactionID, i]));
    };
    const mine = await lotsOf([sale.catalogRefs[0]], owner);
    const d0 = await disputeOf(sale.lotIds[0]);
    expect(mine.get(sale.lotIds[0])).toMatchObject({ canOpenDispute: false, disputeRef: d0.dispute_ref, disputeStatDescription: 'Open' });
    expect(mine.get(sale.lotIds[2])).toMatchObject({ canOpenDispute: false, disputeStatDescription: 'Canceled' });
    expect(mine.get(sale.lotIds[1])).toMatchObject({ canOpenDispute: false, disputeRef: null }); // a floor bidder
    expect(mine.get(sale.lotIds[5])).toMatchObject({ canOpenDispute: true, disputeRef: null, disputeStatDescription: null });
    // The 4-to-50-days window, except for super users.
    expect((await lotsOf([fresh.catalogRefs[0]], owner)).get(fresh.lotIds[0])).toMatchObject({ canOpenDispute: false });
    expect((await lotsOf([fresh.catalogRefs[0]], superUser)).get(fresh.lotIds[0])).toMatchObject({ canOpenDispute: true });
  });

  it('tells other modules which lots are disputed, per house', async () => {
    const queries = t.app.get(DisputesQueries);
    const a = await queries.disputedLots(houses.a.id, [sale.lotIds[0], sale.lotIds[5]]);
    expect([...a.keys()]).toEqual([sale.lotIds[0]]);
    expect(a.get(sale.lotIds[0])).toMatchObject({ open: true, disputeStat: 'Open' });
    expect((await queries.disputedLots(houses.b.id)).size).toBe(0);
  });
});
