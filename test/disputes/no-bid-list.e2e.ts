import { NO_BID_LIST_TEXT as T } from '@ar/rules';
import { createInvoicedGroup, type FactoryGroup } from '../invoice-details/factory';
import { bidder, post, q } from '../invoice-marks/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

/**
 * The No Bid List over HTTP on real PostgreSQL (docs/decisions/no-bid-list.md): closing a dispute
 * puts its bidder on the list, `GET /api/no-bid-list` searches, sorts and pages it, `DELETE` takes
 * a bidder off with an audit row; customer access only; another house's entry is 404.
 */
describe('no bid list', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let superUser: SignedIn;
  let customerOnly: SignedIn;
  let reportsOnly: SignedIn;
  let ownerB: SignedIn;
  let sale: FactoryGroup;
  let other: FactoryGroup;

  const list = (s: SignedIn, query: Record<string, unknown> = {}) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]));
    return s.agent.get(`/api/no-bid-list?${qs.toString()}`);
  };
  const add = (s: SignedIn, body: Record<string, unknown>) => s.agent.post('/api/no-bid-list').set('X-CSRF-Token', s.csrf).send(body);
  const listed = async (houseId: number) =>
    (await q(t, 'select member_id, dispute_id, reason from house_no_bid where house_id = ? order by id', [houseId])) as Json[];
  const addAudits = async () =>
    (await q(
      t,
      `select house_id, member_id, dispute_id, user_name, entry from no_bid_audit where action = 'add' and dispute_id is null order by id`,
    )) as Json[];
  const remove = (s: SignedIn, id: number | string) => s.agent.delete(`/api/no-bid-list/${id}`).set('X-CSRF-Token', s.csrf);
  /** Opens and closes (as a super user: at once, no terms) a dispute on each lot. */
  const disputeAndClose = async (s: SignedIn, houseRef: string, lotIds: number[]) => {
    const opened = await post(s, houseRef, 'disputes', { action: 'open', transactionIDs: lotIds, reasonID: 4, message: 'Unpaid.' });
    expect(opened.status).toBe(200);
    const disputeIDs = opened.body.data.disputes.map((d: Json) => d.disputeID);
    expect((await post(s, houseRef, 'disputes', { action: 'close', disputeIDs })).status).toBe(200);
    return opened.body.data.disputes as Json[];
  };

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    [owner, superUser, customerOnly, reportsOnly, ownerB] = await Promise.all([
      signIn(t.server, 'house-a', 'owner'),
      signIn(t.server, 'house-a', 'super'),
      signIn(t.server, 'house-a', 'accessCustomer'),
      signIn(t.server, 'house-a', 'accessReports'),
      signIn(t.server, 'house-b', 'owner'),
    ]);
    sale = await createInvoicedGroup(t.em(), {
      houseId: houses.a.id,
      sessions: [{ eventDate: daysAgo(10) }],
      bidders: [
        bidder('Adams', { firstName: 'Alice', email: 'alice@example.com', paddle: 11 }),
        bidder('Baker', { firstName: 'Ben', email: 'ben@example.com', paddle: 22 }),
        bidder('Cole', { firstName: 'Cara', email: 'cara@example.com', paddle: 33 }),
      ],
      lots: [
        { bidder: 0, hammer: 10_000 },
        { bidder: 1, hammer: 20_000 },
        { bidder: 2, hammer: 30_000 },
        { bidder: 0, hammer: 40_000 },
      ],
    });
    other = await createInvoicedGroup(t.em(), {
      houseId: houses.b.id,
      sessions: [{ eventDate: daysAgo(10) }],
      bidders: [bidder('Other', { firstName: 'Olga', email: 'olga@example.com', paddle: 11 })],
      lots: [{ bidder: 0, hammer: 1_000 }],
    });
    // House B (no super user): its owner closes after 4 open days with the terms accepted.
    await q(t, 'update house set dispute_terms_accepted = true where id = ?', [houses.b.id]);
    const opened = await post(ownerB, houses.b.houseRef, 'disputes', {
      action: 'open',
      transactionIDs: other.lotIds,
      reasonID: 4,
      message: 'Unpaid.',
    });
    expect(opened.status).toBe(200);
    await q(t, 'update dispute set opened_at = ? where house_id = ?', [daysAgo(5), houses.b.id]);
    const disputeIDs = opened.body.data.disputes.map((d: Json) => d.disputeID);
    expect((await post(ownerB, houses.b.houseRef, 'disputes', { action: 'close', disputeIDs })).status).toBe(200);
  });

  afterAll(() => t?.close());

  it('lists the bidders closed disputes added, newest first, with paddle, dispute and date', async () => {
    const [first] = await disputeAndClose(superUser, houses.a.houseRef, [sale.lotIds[0]]);
    const [second] = await disputeAndClose(superUser, houses.a.houseRef, [sale.lotIds[1]]);
    // Alice's second closed dispute does not add her twice.
    await disputeAndClose(superUser, houses.a.houseRef, [sale.lotIds[3]]);
    await q(t, 'update house_no_bid set created_at = ? where dispute_id = ?', [daysAgo(2), first.disputeID]);
    const res = await list(customerOnly);
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('no-bid-list 0-1/2');
    expect(res.body.map((e: Json) => e.lastName)).toEqual(['Baker', 'Adams']);
    expect(res.body[1]).toEqual({
      id: expect.any(Number),
      memberID: sale.memberIds[0],
      memberRef: expect.any(String),
      firstName: 'Alice',
      lastName: 'Adams',
      email: 'alice@example.com',
      paddleNumber: 11,
      disputeRef: first.disputeRef,
      reason: `Dispute ${first.disputeRef} closed (Unpaid Item)`,
      dateAdded: expect.any(String),
    });
    expect(res.body[0].disputeRef).toBe(second.disputeRef);
  });

  it('searches by name, email or paddle, sorts and pages', async () => {
    const names = async (query: Record<string, unknown>) => (await list(owner, query)).body.map((e: Json) => e.lastName);
    expect(await names({ filter: { q: 'ali' } })).toEqual(['Adams']);
    expect(await names({ filter: { q: 'ben@example' } })).toEqual(['Baker']);
    expect(await names({ filter: { q: 'Ben Baker' } })).toEqual(['Baker']);
    expect(await names({ filter: { q: '22' } })).toEqual(['Baker']);
    expect(await names({ filter: { q: '%' } })).toEqual([]);
    expect(await names({ sort: ['lastName', 'ASC'] })).toEqual(['Adams', 'Baker']);
    const page2 = await list(owner, { sort: ['lastName', 'ASC'], range: [1, 1] });
    expect(page2.body.map((e: Json) => e.lastName)).toEqual(['Baker']);
    expect(page2.headers['content-range']).toBe('no-bid-list 1-1/2');
    expect((await list(owner, { sort: ['memberRef', 'ASC'] })).status).toBe(400);
    const long = await list(owner, { filter: { q: 'x'.repeat(101) } });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ q: T.badSearch });
    expect((await owner.agent.get('/api/no-bid-list?other=1')).status).toBe(400);
  });

  it('needs customer access', async () => {
    expect((await list(reportsOnly)).status).toBe(403);
    const [entry] = (await list(owner)).body;
    expect((await remove(reportsOnly, entry.id)).status).toBe(403);
    expect((await q(t, 'select count(*)::int as n from house_no_bid where house_id = ?', [houses.a.id]))[0].n).toBe(2);
  });

  it("keeps each house to its own list: another house's entry is 404 and stays", async () => {
    const bList = (await list(ownerB)).body;
    expect(bList.map((e: Json) => [e.lastName, e.paddleNumber])).toEqual([['Other', 11]]);
    const aEntry = (await list(owner)).body[0];
    const refused = await remove(ownerB, aEntry.id);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(T.notFound);
    expect((await remove(owner, bList[0].id)).status).toBe(404);
    expect((await remove(owner, 'abc')).status).toBe(404);
    expect((await q(t, 'select count(*)::int as n from house_no_bid'))[0].n).toBe(3);
  });

  it('removes a bidder with an audit row, answering the removed entry', async () => {
    const [baker] = (await list(customerOnly, { filter: { q: 'Baker' } })).body;
    const res = await remove(customerOnly, baker.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(baker);
    expect((await list(owner)).body.map((e: Json) => e.lastName)).toEqual(['Adams']);
    expect(
      await q(t, `select member_id, dispute_id, user_name, entry from no_bid_audit where house_id = ? and action = 'remove'`, [
        houses.a.id,
      ]),
    ).toEqual([{ member_id: baker.memberID, dispute_id: expect.any(Number), user_name: 'accessCustomer', entry: baker }]);
    expect((await remove(customerOnly, baker.id)).status).toBe(404);
    // The bidder's dispute and strike stay: removal only lifts the bid block.
    expect(await q(t, 'select count(*)::int as n from unpaid_item_strike where member_id = ?', [baker.memberID])).toEqual([{ n: 1 }]);
  });

  it('adds a bidder by paddle or email with a reason, audited, answering the new entry', async () => {
    const byPaddle = await add(customerOnly, { bidder: ' 22 ', reason: ' Bounced two cheques. ' });
    expect(byPaddle.status).toBe(201);
    expect(byPaddle.body).toEqual({
      id: expect.any(Number),
      memberID: sale.memberIds[1],
      memberRef: expect.any(String),
      firstName: 'Ben',
      lastName: 'Baker',
      email: 'ben@example.com',
      paddleNumber: 22,
      disputeRef: null,
      reason: 'Bounced two cheques.',
      dateAdded: expect.any(String),
    });
    const byEmail = await add(owner, { bidder: 'CARA@example.com', reason: 'Shill bidding.' });
    expect([byEmail.status, byEmail.body.lastName, byEmail.body.paddleNumber]).toEqual([201, 'Cole', 33]);
    expect((await list(owner, { filter: { q: 'Baker' } })).body).toEqual([byPaddle.body]);
    expect(await addAudits()).toEqual([
      { house_id: houses.a.id, member_id: sale.memberIds[1], dispute_id: null, user_name: 'accessCustomer', entry: byPaddle.body },
      { house_id: houses.a.id, member_id: sale.memberIds[2], dispute_id: null, user_name: 'owner', entry: byEmail.body },
    ]);
  });

  it('refuses a bad add with its field message, and a bidder already listed with 409 (nothing written)', async () => {
    const before = [await listed(houses.a.id), await addAudits()];
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { bidder: T.bidderRequired, reason: T.reasonRequired }],
      [
        { bidder: '  ', reason: '  ' },
        { bidder: T.bidderRequired, reason: T.reasonRequired },
      ],
      [
        { bidder: 'x'.repeat(121), reason: 'r'.repeat(256) },
        { bidder: T.bidderTooLong, reason: T.reasonTooLong },
      ],
      [{ bidder: '99', reason: 'x' }, { bidder: T.bidderNotFound }],
      [{ bidder: '12345678901', reason: 'x' }, { bidder: T.bidderNotFound }],
      [{ bidder: 'nobody@example.com', reason: 'x' }, { bidder: T.bidderNotFound }],
      [
        { bidder: { paddle: 22 }, reason: ['x'] },
        { bidder: T.bidderRequired, reason: T.reasonRequired },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await add(owner, body);
      expect([res.status, res.body.errors, res.body.message]).toEqual([400, errors, Object.values(errors)[0]]);
    }
    expect((await add(owner, { bidder: '11', reason: 'x', memberID: 1 })).status).toBe(400);
    const again = await add(owner, { bidder: 'alice@example.com', reason: 'Again.' });
    expect([again.status, again.body.message]).toEqual([409, T.alreadyListed]);
    expect([await listed(houses.a.id), await addAudits()]).toEqual(before);
  });

  it('refuses a paddle or email naming two bidders, asking for the other', async () => {
    const [cole, baker] = [sale.memberIds[2], sale.memberIds[1]];
    await q(t, 'delete from house_no_bid where house_id = ? and member_id in (?, ?)', [houses.a.id, cole, baker]);
    await q(t, 'update approval set paddle_number = 33 where member_id = ?', [baker]);
    await q(t, `update member set email = 'cara@example.com' where id = ?`, [baker]);
    try {
      const paddle = await add(owner, { bidder: '33', reason: 'x' });
      expect([paddle.status, paddle.body.errors]).toEqual([400, { bidder: T.paddleAmbiguous(33) }]);
      const email = await add(owner, { bidder: 'cara@example.com', reason: 'x' });
      expect([email.status, email.body.errors]).toEqual([400, { bidder: T.emailAmbiguous }]);
    } finally {
      await q(t, 'update approval set paddle_number = 22 where member_id = ?', [baker]);
      await q(t, `update member set email = 'ben@example.com' where id = ?`, [baker]);
    }
  });

  it('needs customer access to add', async () => {
    const before = await listed(houses.a.id);
    const res = await add(reportsOnly, { bidder: '22', reason: 'x' });
    expect(res.status).toBe(403);
    expect(await listed(houses.a.id)).toEqual(before);
  });

  it("never adds another house's bidder: their paddle or email is not found in the caller's house", async () => {
    const before = [await listed(houses.a.id), await listed(houses.b.id)];
    // House B's paddle 22 and Baker's email are house A's; house A does not know Olga.
    for (const [s, bidderText] of [
      [ownerB, '22'],
      [ownerB, 'ben@example.com'],
      [owner, 'olga@example.com'],
    ] as const) {
      const res = await add(s, { bidder: bidderText, reason: 'x' });
      expect([res.status, res.body.errors]).toEqual([400, { bidder: T.bidderNotFound }]);
    }
    // Paddle 11 in house B is Olga (already on B's list), never house A's Alice.
    const olga = await add(ownerB, { bidder: '11', reason: 'x' });
    expect([olga.status, olga.body.message]).toEqual([409, T.alreadyListed]);
    expect([await listed(houses.a.id), await listed(houses.b.id)]).toEqual(before);
  });
});
