import request from 'supertest';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { seedSale } from '../invoice-groups/support';
import { exec, payLines, smallGroup } from '../invoice-editing/support';

/**
 * `GET /app/house/{houseRef}/home-summary` (issue 9, Home): uninvoiced sessions as Manage Invoices
 * lists them, unsent and unpaid invoices with their amounts, invoiced vs collected per month. Only
 * the signed-in house's data counts; invoices access is required.
 */
describe('GET home-summary (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;
  let b: SignedIn;

  const summary = async (s: SignedIn = a, houseRef = houses.a.houseRef) =>
    (await s.agent.get(`/app/house/${houseRef}/home-summary`).expect(200)).body.data;
  const month = new Date().toISOString().slice(0, 7);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    a = await signIn(t.server, 'house-a', 'owner');
    b = await signIn(t.server, 'house-b', 'owner');
  });
  afterAll(() => t?.close());

  it('an empty house has nothing to do and six empty months', async () => {
    const d = await summary();
    expect(d).toMatchObject({
      uninvoicedSessions: { sessions: 0, lots: 0 },
      unsentInvoices: { count: 0, amounts: [] },
      unpaidInvoices: { count: 0, amounts: [] },
      months: [],
    });
  });

  it("counts the house's own invoices, sessions and payments, never another house's", async () => {
    // House B is busy: invoices, a payment and an uninvoiced sale; none of it may show for A.
    const gB = await smallGroup(t, houses.b.id);
    await payLines(t, houses.b.id, gB.invoiceIds[0]!, [gB.lineIds[0]!]);
    await seedSale(t.em().fork(), houses.b.id, { bidders: [{}], sessions: [{ lots: [{ hammer: 10_000 }, { hammer: 5_000 }] }] });
    expect(await summary()).toMatchObject({ uninvoicedSessions: { sessions: 0, lots: 0 }, unsentInvoices: { count: 0 }, months: [] });

    const g = await smallGroup(t, houses.a.id);
    await seedSale(t.em().fork(), houses.a.id, { bidders: [{}], sessions: [{ lots: [{ hammer: 10_000 }, { hammer: 5_000 }, {}] }] });
    const ids = g.invoiceIds as number[];
    await exec(t, 'update invoice set sent_at = now() where id = ?', [ids[0]]);
    await payLines(t, houses.a.id, ids[1]!, [g.lineIds[3]!, g.lineIds[4]!]);
    const rows = await exec(
      t,
      'select id, invoice_total_cents, balance_cents, sent_at, all_paid from invoice where house_id = ? order by id',
      [houses.a.id],
    );
    const unsent = rows.filter((r) => r.sent_at === null);
    const unpaid = rows.filter((r) => Number(r.balance_cents) > 0 && !r.all_paid);
    // Collected in the chart's six months (this month and the five before).
    const [paid] = await exec(
      t,
      `select coalesce(sum(amount_cents), 0)::bigint as c from invoice_payment where house_id = ? and paid_date >= date_trunc('month', now() at time zone 'UTC') - interval '5 months'`,
      [houses.a.id],
    );

    const d = await summary();
    expect(d.uninvoicedSessions).toEqual({ sessions: 1, lots: 2 });
    expect(d.unsentInvoices).toEqual({
      count: unsent.length,
      amounts: [{ currencyCode: 'USD', cents: unsent.reduce((s, r) => s + Number(r.invoice_total_cents), 0) }],
    });
    expect(d.unpaidInvoices).toEqual({
      count: unpaid.length,
      amounts: [{ currencyCode: 'USD', cents: unpaid.reduce((s, r) => s + Number(r.balance_cents), 0) }],
    });
    expect(d.unsentInvoices.count).toBe(ids.length - 1);
    expect(d.months).toHaveLength(6);
    expect(d.months.map((m: { month: string }) => m.month)).toEqual([...d.months.map((m: { month: string }) => m.month)].sort());
    // The invoices were made this month.
    const invoicedNow = d.months.find((m: { month: string }) => m.month === month);
    expect(invoicedNow.invoicedCents).toBe(rows.reduce((s, r) => s + Number(r.invoice_total_cents), 0));
    const collected = d.months.reduce((s: number, m: { collectedCents: number }) => s + m.collectedCents, 0);
    expect(collected).toBe(Number(paid.c));

    // Manage Invoices lists the same uninvoiced session.
    const listed = (await a.agent.get(`/app/house/${houses.a.houseRef}/invoiceCatalogs`).expect(200)).body.data;
    const catalogs = listed.auctionGroups.flatMap((x: { catalogs: { uninvoicedLots: number }[] }) => x.catalogs);
    expect(catalogs).toHaveLength(d.uninvoicedSessions.sessions);
    expect(catalogs.reduce((s: number, c: { uninvoicedLots: number }) => s + c.uninvoicedLots, 0)).toBe(d.uninvoicedSessions.lots);

    // B sees only its own.
    const db = await summary(b, houses.b.houseRef);
    expect(db.uninvoicedSessions).toEqual({ sessions: 1, lots: 2 });
    expect(db.unsentInvoices.count).toBe(gB.invoiceIds.length);
  });

  it("needs invoices access; another house's houseRef is refused", async () => {
    const none = await signIn(t.server, 'house-a', 'none');
    await none.agent.get(`/app/house/${houses.a.houseRef}/home-summary`).expect(403);
    const invoicesOnly = await signIn(t.server, 'house-a', 'accessInvoices');
    await invoicesOnly.agent.get(`/app/house/${houses.a.houseRef}/home-summary`).expect(200);
    const res = await a.agent.get(`/app/house/${houses.b.houseRef}/home-summary`);
    expect([401, 403, 404]).toContain(res.status);
    await request(t.server as never)
      .get(`/app/house/${houses.a.houseRef}/home-summary`)
      .expect(401);
  });
});
