import request from 'supertest';
import { KEYWORD_REPORT_CSV_HEADER } from '@ar/rules';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

/** Your Customers over HTTP on real PostgreSQL (spec 001 "Your Customers"). */
describe('your customers', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let ref: string;
  let spring: number;
  let fall: number;
  let empty: number;
  let otherGroup: number;

  const exec = (sql: string, params: unknown[] = []) => t.em().getConnection().execute(sql, params);
  const group = async (houseId: number, name: string): Promise<number> =>
    (await exec(`insert into auction_group (house_id, group_name) values (?, ?) returning id`, [houseId, name]))[0].id;
  let n = 0;
  const member = async (houseId: number, first: string, last: string, email: string | null, phone: string | null, groups: number[]) => {
    n++;
    const [m] = await exec(
      `insert into member (house_id, member_ref, first_name, last_name, email, phone, city, state_code, country_code, platform, created_at)
       values (?, ?, ?, ?, ?, ?, 'Boston', 'MA', 'US', 'PL', ?) returning id`,
      [houseId, `MYC${n}${Date.now()}`, first, last, email, phone, new Date(Date.UTC(2026, 0, n))],
    );
    for (const g of groups)
      await exec(`insert into approval (house_id, group_id, member_id, channel) values (?, ?, ?, 'PL')`, [houseId, g, m.id]);
    return m.id as number;
  };
  const list = (s: SignedIn, filter: Json = {}, range = [0, 49], sort = ['lastName', 'ASC']) =>
    s.agent.get('/api/your-customers').query({ filter: JSON.stringify(filter), range: JSON.stringify(range), sort: JSON.stringify(sort) });
  const lastNames = (res: { body: Json[] }) => res.body.map((c) => c.lastName);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    ref = houses.a.houseRef;
    owner = await signIn(t.server, 'house-a', 'owner');
    spring = await group(houses.a.id, 'Spring Sale');
    fall = await group(houses.a.id, 'Fall Sale');
    empty = await group(houses.a.id, 'Empty Sale');
    otherGroup = await group(houses.b.id, 'B Sale');
    const ada = await member(houses.a.id, 'Ada', 'Lovelace', 'ada@example.com', '617-555-0101', [spring, fall]);
    await member(houses.a.id, 'Alan', 'Turing', 'alan@example.com', '+1 (617) 555 0102', [spring]);
    await member(houses.a.id, 'Grace', 'Hopper', '=HYPERLINK("x")', null, [fall]);
    await member(houses.a.id, 'Never', 'Registered', 'never@example.com', null, []);
    for (let i = 0; i < 3; i++) await member(houses.a.id, `Page${i}`, `Zz${i}`, null, null, [fall]);
    const bMember = await member(houses.b.id, 'Bea', 'Other', 'bea@example.com', null, [otherGroup]);
    await exec(
      `insert into keyword_alert (house_id, member_id, keyword, created_at) values (?, ?, 'Tiffany lamp', '2026-03-04T12:00:00Z')`,
      [houses.a.id, ada],
    );
    await exec(`insert into keyword_alert (house_id, member_id, keyword, created_at) values (?, ?, '@SUM(A1)', '2026-03-05T12:00:00Z')`, [
      houses.a.id,
      ada,
    ]);
    await exec(`insert into keyword_alert (house_id, member_id, keyword) values (?, ?, 'B only')`, [houses.b.id, bMember]);
  });

  afterAll(() => t?.close());

  it('lists the bidders registered for the house sales, sorted and paged in the database', async () => {
    const res = await list(owner);
    expect(res.status).toBe(200);
    // Registered only: "Never Registered" (no approval) and house B's bidder are not customers.
    expect(lastNames(res)).toEqual(['Hopper', 'Lovelace', 'Turing', 'Zz0', 'Zz1', 'Zz2']);
    expect(res.headers['content-range']).toBe('your-customers 0-5/6');
    const ada = res.body[1];
    expect(ada).toMatchObject({
      firstName: 'Ada',
      email: 'ada@example.com',
      address: { city: 'Boston', stateID: 'MA', countryName: 'United States', phone: '617-555-0101' },
    });
    expect(ada.creationDate).toMatch(/^2026-01-01T/);

    const page2 = await list(owner, {}, [2, 3], ['lastName', 'DESC']);
    expect(lastNames(page2)).toEqual(['Zz0', 'Turing']);
    expect(page2.headers['content-range']).toBe('your-customers 2-3/6');
    expect((await list(owner, {}, [0, 9], ['creationDate', 'DESC'])).body[0].lastName).toBe('Zz2');
    expect((await list(owner, {}, [0, 9], ['password', 'ASC'])).status).toBe(400);
  });

  it('searches names, email and phone digits', async () => {
    expect(lastNames(await list(owner, { q: 'ada lov' }))).toEqual(['Lovelace']);
    expect(lastNames(await list(owner, { q: 'ALAN@' }))).toEqual(['Turing']);
    expect(lastNames(await list(owner, { q: '5550102' }))).toEqual(['Turing']);
    expect(lastNames(await list(owner, { q: '%' }))).toEqual([]);
    expect((await list(owner, { q: 'x'.repeat(101) })).status).toBe(400);
  });

  it('filters by sale group; an empty group answers no rows; another house sale is 404', async () => {
    expect(lastNames(await list(owner, { groupID: spring }))).toEqual(['Lovelace', 'Turing']);
    expect(lastNames(await list(owner, { groupID: fall, q: 'zz' }))).toEqual(['Zz0', 'Zz1', 'Zz2']);
    const none = await list(owner, { groupID: empty });
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    expect(none.headers['content-range']).toBe('your-customers */0');
    expect((await list(owner, { groupID: otherGroup })).status).toBe(404);
    expect((await list(owner, { groupID: 'x' })).status).toBe(400);
    // One bidder (the invoice pages link to /your-customers?memberID=); another house's bidder is not found.
    const [ada] = await exec(`select id from member where house_id = ? and last_name = 'Lovelace'`, [houses.a.id]);
    expect(lastNames(await list(owner, { memberID: ada.id }))).toEqual(['Lovelace']);
    const [bea] = await exec(`select id from member where last_name = 'Other'`);
    expect(lastNames(await list(owner, { memberID: bea.id }))).toEqual([]);
    expect((await list(owner, { memberID: '1' })).status).toBe(400);
  });

  it("answers the spec's calls: yourCustomers, yourCustomers/group/{groupID}, groups", async () => {
    const all = await owner.agent.get(`/app/house/${ref}/yourCustomers`);
    expect(all.status).toBe(200);
    expect(all.body.data.customers.map((c: Json) => c.lastName)).toEqual(['Hopper', 'Lovelace', 'Turing', 'Zz0', 'Zz1', 'Zz2']);
    const ofSpring = await owner.agent.get(`/app/house/${ref}/yourCustomers/group/${spring}`).query({ search: 'alan' });
    expect(ofSpring.body.data.customers.map((c: Json) => c.lastName)).toEqual(['Turing']);
    expect((await owner.agent.get(`/app/house/${ref}/yourCustomers/group/${otherGroup}`)).status).toBe(404);
    expect((await owner.agent.get(`/app/house/${ref}/yourCustomers/group/abc`)).status).toBe(404);
    const groups = await owner.agent.get(`/app/house/${ref}/groups`);
    // Every sale of the house (an empty one too), newest first; never another house's.
    expect(groups.body.data.groups).toEqual([
      { groupID: empty, groupName: 'Empty Sale' },
      { groupID: fall, groupName: 'Fall Sale' },
      { groupID: spring, groupName: 'Spring Sale' },
    ]);
  });

  it('answers the keyword alerts report as CSV text, formula-safe, of the house only', async () => {
    const res = await owner.agent.get(`/app/house/${ref}/keywordsReports`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      KEYWORD_REPORT_CSV_HEADER.join(','),
      "Lovelace,Ada,ada@example.com,'@SUM(A1),03/05/2026",
      'Lovelace,Ada,ada@example.com,Tiffany lamp,03/04/2026',
    ]);
  });

  it('refuses users without accessCustomer (403) and anonymous callers (401)', async () => {
    for (const userName of ['none', 'accessReports']) {
      const s = await signIn(t.server, 'house-a', userName);
      expect((await list(s)).status).toBe(403);
      expect((await s.agent.get(`/app/house/${ref}/yourCustomers`)).status).toBe(403);
      expect((await s.agent.get(`/app/house/${ref}/groups`)).status).toBe(403);
      expect((await s.agent.get(`/app/house/${ref}/keywordsReports`)).status).toBe(403);
    }
    const customerOnly = await signIn(t.server, 'house-a', 'accessCustomer');
    expect((await list(customerOnly)).status).toBe(200);
    expect((await request(t.server).get('/api/your-customers')).status).toBe(401);
  });

  it('refuses a house of another connect type (403 with the permission text) and allows s, p and e', async () => {
    try {
      for (const type of ['i', 'r']) {
        await exec(`update house set connect_type = ? where id = ?`, [type, houses.a.id]);
        const res = await list(owner);
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(PERMISSION_DENIED_TEXT);
        expect((await owner.agent.get(`/app/house/${ref}/keywordsReports`)).status).toBe(403);
        expect((await owner.agent.get(`/app/house/${ref}/yourCustomers/group/${spring}`)).status).toBe(403);
      }
      for (const type of ['s', 'p', 'e']) {
        await exec(`update house set connect_type = ? where id = ?`, [type, houses.a.id]);
        expect((await list(owner)).status).toBe(200);
      }
    } finally {
      await exec(`update house set connect_type = 's' where id = ?`, [houses.a.id]);
    }
  });

  it("keeps each house's customers to itself", async () => {
    const b = await signIn(t.server, 'house-b', 'owner');
    expect(lastNames(await list(b))).toEqual(['Other']);
    expect((await list(b, { groupID: spring })).status).toBe(404);
    expect((await b.agent.get(`/app/house/${ref}/yourCustomers`)).status).toBe(404);
    const report = await b.agent.get(`/app/house/${houses.b.houseRef}/keywordsReports`);
    expect(report.text).toContain('B only');
    expect(report.text).not.toContain('Tiffany');
  });
});
