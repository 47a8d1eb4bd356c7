import { signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { createInvoicedGroup, FactoryGroup } from './factory';
import { seedDetailsWorld } from './scenario';

type Invoice = Record<string, any>;

/** `/api/invoices` (react-admin, API consumers): filters, search, sort, range + Content-Range, getOne, tenancy. */
describe('/api/invoices (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;
  let b: SignedIn;
  let main: FactoryGroup;
  let other: FactoryGroup;
  let bGroup: FactoryGroup;

  const list = (s: SignedIn, filter: object = {}, extra: Record<string, string> = {}) =>
    s.agent.get('/api/invoices').query({ filter: JSON.stringify(filter), ...extra });
  const names = (body: Invoice[]) => body.map((i) => i.lastName);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    ({ houses, main, other, bGroup, a, b } = await seedDetailsWorld(t));
  });
  afterAll(() => t?.close());

  it("lists the house's invoices by invoice number with id on every record and the total in Content-Range", async () => {
    const res = await list(a).expect(200);
    expect(res.headers['content-range']).toBe('invoices 0-5/6');
    expect(res.body.map((i: Invoice) => i.id)).toEqual([...main.invoiceIds.slice(0, 4), ...other.invoiceIds]);
    expect(res.body[0]).toMatchObject({
      id: main.invoiceIds[0],
      invoiceID: main.invoiceIds[0],
      invoiceGroupID: main.groupId,
      invoiceStatus: 'Sent',
      shipStatus: 'Not',
      invoiceTotal: 1684.38,
      itemCount: 1,
    });
    expect(res.body[0]).not.toHaveProperty('invoiceDetails');
  });

  it('filters by group and status, searches by name or invoice number', async () => {
    expect(names((await list(a, { invoiceGroupId: main.groupId }).expect(200)).body)).toEqual([
      'Lovelace',
      'Floorman',
      'Tremblay',
      'Worthington',
    ]);
    expect(names((await list(a, { invoiceGroupId: main.groupId, status: 'PAID' }).expect(200)).body)).toEqual(['Floorman']);
    expect(names((await list(a, { invoiceGroupId: main.groupId, status: 'UNPAID' }).expect(200)).body)).toEqual([
      'Lovelace',
      'Tremblay',
      'Worthington',
    ]);
    expect(names((await list(a, { invoiceGroupId: other.groupId, status: 'ALL' }).expect(200)).body)).toEqual(['Other', 'Other']);
    expect(names((await list(a, { q: 'tremb' }).expect(200)).body)).toEqual(['Tremblay']);
    expect(names((await list(a, { q: 'frank other' }).expect(200)).body)).toEqual(['Other']);
    const byNumber = (await list(a, { q: String(main.invoiceNumbers[3]) }).expect(200)).body;
    expect(byNumber.map((i: Invoice) => i.invoiceNumber)).toContain(main.invoiceNumbers[3]);
    const none = await list(a, { q: 'zzz-nobody' }).expect(200);
    expect(none.body).toEqual([]);
    expect(none.headers['content-range']).toBe('invoices */0');
  });

  it('sorts by invoice number, name, total and balance, both ways', async () => {
    const sorted = async (field: string, order: string) =>
      names((await list(a, { invoiceGroupId: main.groupId }, { sort: JSON.stringify([field, order]) }).expect(200)).body);
    expect(await sorted('invoiceNumber', 'DESC')).toEqual(['Worthington', 'Tremblay', 'Floorman', 'Lovelace']);
    expect(await sorted('name', 'ASC')).toEqual(['Floorman', 'Lovelace', 'Tremblay', 'Worthington']);
    expect(await sorted('invoiceTotal', 'DESC')).toEqual(['Tremblay', 'Lovelace', 'Floorman', 'Worthington']);
    expect(await sorted('outStandingBalance', 'ASC')).toEqual(['Floorman', 'Worthington', 'Lovelace', 'Tremblay']);
    expect((await list(a, {}, { sort: '["notes","ASC"]' }).expect(400)).body.message).toBe('Cannot sort by notes.');
  });

  it('ranges in the database: pages, the last partial page, past the end', async () => {
    const page = (range: string) => list(a, {}, { range }).expect(200);
    const p1 = await page('[0,3]');
    expect(p1.headers['content-range']).toBe('invoices 0-3/6');
    expect(p1.body).toHaveLength(4);
    const p2 = await page('[4,7]');
    expect(p2.headers['content-range']).toBe('invoices 4-5/6');
    expect(p2.body.map((i: Invoice) => i.id)).toEqual(other.invoiceIds);
    const past = await page('[50,99]');
    expect(past.body).toEqual([]);
    expect(past.headers['content-range']).toBe('invoices */6');
  });

  it('getMany (filter id) and getOne with every line', async () => {
    const many = (await list(a, { id: [main.invoiceIds[1], other.invoiceIds[0]] }).expect(200)).body;
    expect(many.map((i: Invoice) => i.id)).toEqual([main.invoiceIds[1], other.invoiceIds[0]]);
    const one = (await a.agent.get(`/api/invoices/${main.invoiceIds[0]}`).expect(200)).body;
    expect(one).toMatchObject({ id: main.invoiceIds[0], invoiceID: main.invoiceIds[0], lastName: 'Lovelace', invoiceTotalCents: 168_438 });
    expect(one.invoiceDetails.map((d: Invoice) => [d.lotTitle, d.suppress, d.saleIdentifier])).toEqual([
      ['Worked example', false, main.catalogRefs[0]],
      ['Hidden lot', true, main.catalogRefs[2]],
    ]);
    // The same invoice through the documented call: the same cents and texts.
    const fromDetails = (await a.agent.get(`/app/house/${houses.a.houseRef}/invoiceGroup/${main.groupId}/groupDetailInfo`).expect(200)).body
      .data.invoiceBidders[0];
    const { id: _id, ...rest } = one;
    expect(rest).toEqual(fromDetails);
  });

  it('refuses bad input with 400: unknown filters, bad group, status, ids, range; unknown id 404', async () => {
    expect((await list(a, { houseId: houses.b.id }).expect(400)).body.errors).toEqual({ houseId: 'Cannot filter by houseId.' });
    expect((await list(a, { invoiceGroupId: 'x', status: 'OPEN' }).expect(400)).body.errors).toEqual({
      invoiceGroupId: 'Invoice group must be a positive whole number.',
      status: 'Status must be ALL, UNPAID or PAID.',
    });
    expect((await list(a, { id: ['x'] }).expect(400)).body.errors).toEqual({
      id: 'Send a list of at most 5000 invoice ids (positive whole numbers).',
    });
    expect((await list(a, {}, { range: '[5,1]' })).status).toBe(400);
    expect((await a.agent.get('/api/invoices/abc').expect(404)).body).toEqual({
      statusCode: 404,
      code: 'INVOICE_NOT_FOUND',
      message: 'Invoice not found.',
    });
    expect((await a.agent.get('/api/invoices/987654').expect(404)).body).toEqual({
      statusCode: 404,
      code: 'INVOICE_NOT_FOUND',
      message: 'Invoice not found.',
    });
  });

  it('the PAID filter agrees with the Paid status text in every edge case, and ALL = PAID + UNPAID', async () => {
    const g = await createInvoicedGroup(t.em(), {
      houseId: houses.a.id,
      processorType: 'w',
      sessions: [{ eventDate: '2026-11-21T15:00:00Z' }],
      bidders: ['Settled', 'Overpaid', 'OnlineZero', 'HiddenPaid', 'ZeroPaidLine', 'Pending', 'Partial', 'Failed'].map((n) => ({
        firstName: 'Edge',
        lastName: n,
      })),
      lots: [
        { bidder: 0, hammer: 1_000 },
        { bidder: 1, hammer: 1_000 },
        { bidder: 2, hammer: 1_000, hidden: true },
        { bidder: 3, hammer: 1_000, hidden: true, paidDate: '2026-11-22' },
        { bidder: 4, hammer: 0, paidDate: '2026-11-22' },
        { bidder: 5, hammer: 1_000 },
        { bidder: 6, hammer: 1_000 },
        { bidder: 7, hammer: 1_000 },
      ],
      invoices: {
        0: { payments: [{ amount: 1_280, kind: 'payment' }] },
        1: { payments: [{ amount: 5_000, kind: 'payment' }] },
        2: { onlinePaymentStat: 'a' },
        3: { sentAt: new Date('2026-11-22T10:00:00Z') },
        5: { onlinePaymentStat: 'p', payments: [{ amount: 1_280, kind: 'payment', status: 'pending' }] },
        6: { payments: [{ amount: 100, kind: 'payment' }] },
        7: { onlinePaymentStat: 'd' },
      },
    });
    const statuses = Object.fromEntries(
      (await list(a, { invoiceGroupId: g.groupId }).expect(200)).body.map((i: Invoice) => [i.lastName, i.invoiceStatus]),
    );
    expect(statuses).toEqual({
      Settled: 'Paid',
      Overpaid: 'Paid',
      OnlineZero: 'Paid',
      HiddenPaid: 'Sent',
      ZeroPaidLine: 'Paid',
      Pending: 'Payment Pending',
      Partial: 'Partial Paid',
      Failed: 'Payment Failed',
    });
    const paid = names((await list(a, { invoiceGroupId: g.groupId, status: 'PAID' }).expect(200)).body);
    const unpaid = names((await list(a, { invoiceGroupId: g.groupId, status: 'UNPAID' }).expect(200)).body);
    expect(paid.sort()).toEqual(
      Object.keys(statuses)
        .filter((k) => statuses[k] === 'Paid')
        .sort(),
    );
    expect([...paid, ...unpaid].sort()).toEqual(Object.keys(statuses).sort());
  });

  it("house B sees none of house A's invoices, whatever it names; A none of B's", async () => {
    const bList = await list(b).expect(200);
    expect(bList.body.map((i: Invoice) => i.id)).toEqual(bGroup.invoiceIds);
    expect((await list(b, { invoiceGroupId: main.groupId }).expect(200)).body).toEqual([]);
    expect((await list(b, { id: main.invoiceIds.filter(Boolean) }).expect(200)).body).toEqual([]);
    expect((await list(b, { q: 'Lovelace' }).expect(200)).body).toEqual([]);
    for (const id of main.invoiceIds.filter(Boolean)) {
      const res = await b.agent.get(`/api/invoices/${id}`).expect(404);
      expect(JSON.stringify(res.body)).not.toContain('Lovelace');
    }
    await a.agent.get(`/api/invoices/${bGroup.invoiceIds[0]}`).expect(404);
  });

  it('needs accessInvoices', async () => {
    const none = await signIn(t.server, 'house-a', 'none');
    expect((await list(none)).status).toBe(403);
    expect((await none.agent.get(`/api/invoices/${main.invoiceIds[0]}`)).status).toBe(403);
  });
});
