import { SALES_TAX_TEXT } from '@ar/rules';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { ledgerMoves } from '../../src/modules/invoicing/reports/sales-tax/sales-tax-report.rules';
import { createInvoicedGroup, type FactoryBidder } from '../invoice-details/factory';
import { q } from '../invoice-marks/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

/**
 * GET /app/house/{houseRef}/salesTaxReport over HTTP on real PostgreSQL (spec 001 "Sales Tax Reports";
 * docs/decisions/sales-tax-report.md): collected basis, refunds reducing it, filters, sort, paging,
 * access and tenancy. Invoices come from the invoice factory (the invoice arithmetic's own cents);
 * ledger rows are written as the payment paths write them.
 */
describe('sales tax report', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let A: number;
  let ref: string;

  const report = (query: Json = {}, s = owner, houseRef = ref) => s.agent.get(`/app/house/${houseRef}/salesTaxReport`).query(query);
  const ok = async (query: Json = {}, s = owner, houseRef = ref): Promise<Json> => {
    const res = await report(query, s, houseRef);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const pay = (
    houseId: number,
    invoiceId: number,
    amountCents: number,
    opts: { kind?: 'payment' | 'refund'; day?: string | null; createdAt?: string; status?: string; voided?: boolean } = {},
  ) =>
    q(
      t,
      `insert into invoice_payment (house_id, invoice_id, amount_cents, kind, source, status, paid_date, created_at, voided_at)
       values (?, ?, ?, ?, 'card', ?, ?, ?, ?)`,
      [
        houseId,
        invoiceId,
        amountCents,
        opts.kind ?? 'payment',
        opts.status ?? 'settled',
        opts.day === undefined ? null : opts.day,
        opts.createdAt ?? new Date().toISOString(),
        opts.voided ? new Date().toISOString() : null,
      ],
    );
  const invoice = async (id: number) =>
    (
      await q<{ tax: number; total: number }>(
        t,
        'select tax_total_cents::int as tax, invoice_total_cents::int as total from invoice where id = ?',
        [id],
      )
    )[0];

  const bidder = (lastName: string, stateCode: string, countryCode = 'US'): FactoryBidder => ({
    firstName: 'Tax',
    lastName,
    stateCode,
    countryCode,
  });

  // House A's invoices (processor p): two New York bidders, one California bidder, one Canadian bidder.
  let ny1: number;
  let ny2: number;
  let ca: number;
  let abroad: number;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    A = houses.a.id;
    ref = houses.a.houseRef;
    owner = await signIn(t.server, 'house-a', 'owner');
    const g = await createInvoicedGroup(t.em(), {
      houseId: A,
      sessions: [{ eventDate: '2025-10-10T23:00:00Z' }],
      bidders: [bidder('Albany', 'NY'), bidder('Buffalo', 'NY'), bidder('Fresno', 'CA'), bidder('Toronto', 'ON', 'CA')],
      lots: [
        { bidder: 0, hammer: 10_000 },
        { bidder: 1, hammer: 33_333 },
        { bidder: 1, hammer: 1_250 },
        { bidder: 2, hammer: 20_000 },
        { bidder: 3, hammer: 5_000 },
      ],
    });
    [ny1, ny2, ca, abroad] = g.invoiceIds as number[];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers no rows and zero totals before any money came in', async () => {
    const data = await ok();
    expect(data).toMatchObject({
      houseSalesTaxReport: [],
      totalRecords: 0,
      totals: { salesAmount: 0, salesAmountCents: 0, taxAmount: 0, taxAmountCents: 0 },
      currencyCode: 'USD',
      page: 1,
      size: 50,
    });
  });

  it('reports collected money per month and state, to the cent, with refunds reducing it', async () => {
    const i1 = await invoice(ny1);
    const i2 = await invoice(ny2);
    const i3 = await invoice(ca);
    // The invoice arithmetic's own tax: NY 4% of hammer 10000 + 25% premium + 3% live fee = 512.
    expect(i1).toEqual({ tax: 512, total: 13_312 });

    // ny1 paid in full in November 2025; ny2 in two parts (November, December); ca in December.
    await pay(A, ny1, i1.total, { day: '2025-11-03' });
    await pay(A, ny2, 20_000, { day: '2025-11-20' });
    await pay(A, ny2, i2.total - 20_000, { day: '2025-12-02' });
    await pay(A, ca, i3.total, { day: '2025-12-15' });
    // Ignored: pending, voided, and another country's invoice.
    await pay(A, ca, 999, { day: '2025-12-16', status: 'pending' });
    await pay(A, ca, 888, { day: '2025-12-17', voided: true });
    await pay(A, abroad, (await invoice(abroad)).total, { day: '2025-12-01' });
    // A refund of 5000 on ca without a paid date: recorded 03:00 UTC on Jan 1st 2026, which is
    // December 31st 2025 in the house's time zone (America/New_York).
    await pay(A, ca, 5_000, { kind: 'refund', createdAt: '2026-01-01T03:00:00Z' });

    const ny2Moves = ledgerMoves({ taxTotalCents: i2.tax, invoiceTotalCents: i2.total }, [
      { day: '2025-11-20', amountCents: 20_000, kind: 'payment' },
      { day: '2025-12-02', amountCents: i2.total - 20_000, kind: 'payment' },
    ]);
    const caMoves = ledgerMoves({ taxTotalCents: i3.tax, invoiceTotalCents: i3.total }, [
      { day: '2025-12-15', amountCents: i3.total, kind: 'payment' },
      { day: '2025-12-31', amountCents: 5_000, kind: 'refund' },
    ]);
    expect(caMoves[1].taxCents).toBeLessThan(0);

    const data = await ok();
    const rows = data.houseSalesTaxReport as Json[];
    // Newest month first, then state name.
    expect(rows.map((r) => [r.startDate, r.stateName])).toEqual([
      ['12/01/2025', 'California'],
      ['12/01/2025', 'New York'],
      ['11/01/2025', 'New York'],
    ]);
    const novNy = { tax: i1.tax + ny2Moves[0].taxCents, sales: i1.total - i1.tax + ny2Moves[0].salesCents };
    const decNy = { tax: ny2Moves[1].taxCents, sales: ny2Moves[1].salesCents };
    const decCa = { tax: caMoves[0].taxCents + caMoves[1].taxCents, sales: caMoves[0].salesCents + caMoves[1].salesCents };
    expect(rows[2]).toEqual({
      id: '2025-11|NY',
      startDate: '11/01/2025',
      maxDate: '11/20/2025',
      stateCode: 'NY',
      stateName: 'New York',
      salesAmountCents: novNy.sales,
      salesAmount: novNy.sales / 100,
      taxAmountCents: novNy.tax,
      taxAmount: novNy.tax / 100,
    });
    expect(rows[1]).toMatchObject({ maxDate: '12/02/2025', taxAmountCents: decNy.tax, salesAmountCents: decNy.sales });
    // The refund dated by the house's day: the row's last day is December 31st.
    expect(rows[0]).toMatchObject({ maxDate: '12/31/2025', taxAmountCents: decCa.tax, salesAmountCents: decCa.sales });
    // ny2 paid in full: its two months add up to exactly its tax.
    expect(ny2Moves[0].taxCents + ny2Moves[1].taxCents).toBe(i2.tax);
    // The CA refund took back 5000 x tax / total, rounded half up.
    expect(decCa.tax).toBe(Math.floor((2 * (i3.total - 5_000) * i3.tax + i3.total) / (2 * i3.total)));
    const taxTotal = i1.tax + i2.tax + decCa.tax;
    const collected = i1.total + i2.total + i3.total - 5_000;
    expect(data.totals).toEqual({
      taxAmountCents: taxTotal,
      taxAmount: taxTotal / 100,
      salesAmountCents: collected - taxTotal,
      salesAmount: (collected - taxTotal) / 100,
    });
    expect(data.totalRecords).toBe(3);
  });

  it('a refund in a later month is a negative row of that month; a full refund nets the invoice to nothing', async () => {
    const i1 = await invoice(ny1);
    await pay(A, ny1, i1.total, { kind: 'refund', day: '2026-02-10' });
    const feb = await ok({ year: 2026, month: 2 });
    expect(feb.houseSalesTaxReport).toEqual([
      expect.objectContaining({
        startDate: '02/01/2026',
        stateName: 'New York',
        taxAmountCents: -i1.tax,
        salesAmountCents: -(i1.total - i1.tax),
      }),
    ]);
    // November still shows what was collected then; over all months ny1 counts nothing.
    const nov = await ok({ year: 2025, month: 11, state: 'NY' });
    expect(nov.houseSalesTaxReport).toHaveLength(1);
    const all = await ok({ state: 'ny' });
    const i2 = await invoice(ny2);
    expect(all.totals.taxAmountCents).toBe(i2.tax);
  });

  it('filters by year, month and state', async () => {
    expect((await ok({ year: 2025 })).houseSalesTaxReport).toHaveLength(3);
    expect((await ok({ year: 2026 })).houseSalesTaxReport.map((r: Json) => r.startDate)).toEqual(['02/01/2026']);
    expect((await ok({ year: 2024 })).totalRecords).toBe(0);
    // A month without a year: that month of every year.
    expect((await ok({ month: 12 })).houseSalesTaxReport.map((r: Json) => r.stateCode)).toEqual(['CA', 'NY']);
    const ca = await ok({ state: 'CA' });
    expect(ca.houseSalesTaxReport.map((r: Json) => r.stateCode)).toEqual(['CA']);
    expect(ca.totals.taxAmountCents).toBe(ca.houseSalesTaxReport[0].taxAmountCents);
    // By name too (the state list's names), and blank parameters mean "all".
    expect((await ok({ state: 'California', year: '', month: '' })).totalRecords).toBe(1);
  });

  it('sorts in the database by each column, both ways, and pages', async () => {
    const byTax = (await ok({ sort: 'taxAmount', order: 'ASC' })).houseSalesTaxReport.map((r: Json) => r.taxAmountCents);
    expect(byTax).toEqual([...byTax].sort((a, b) => a - b));
    expect(byTax[0]).toBeLessThan(0);
    const bySales = (await ok({ sort: 'salesAmount', order: 'desc' })).houseSalesTaxReport.map((r: Json) => r.salesAmountCents);
    expect(bySales).toEqual([...bySales].sort((a, b) => b - a));
    const byState = (await ok({ sort: 'stateName' })).houseSalesTaxReport.map((r: Json) => r.stateName);
    expect(byState).toEqual(['California', 'New York', 'New York', 'New York']);
    const oldest = (await ok({ sort: 'startDate', order: 'ASC' })).houseSalesTaxReport.map((r: Json) => r.startDate);
    expect(oldest).toEqual(['11/01/2025', '12/01/2025', '12/01/2025', '02/01/2026']);

    const all = (await ok()).houseSalesTaxReport.map((r: Json) => r.id);
    const p2 = await ok({ size: 2, page: 2 });
    expect(p2).toMatchObject({ totalRecords: 4, page: 2, size: 2 });
    expect(p2.houseSalesTaxReport.map((r: Json) => r.id)).toEqual(all.slice(2, 4));
    // Past the end: no rows, the count and totals still there.
    const p9 = await ok({ size: 2, page: 9 });
    expect(p9.houseSalesTaxReport).toEqual([]);
    expect(p9.totalRecords).toBe(4);
    expect(p9.totals).toEqual((await ok()).totals);
  });

  it.each([
    [{ year: 2022 }, 'year', SALES_TAX_TEXT.year(new Date().getUTCFullYear())],
    [{ year: new Date().getUTCFullYear() + 1 }, 'year', SALES_TAX_TEXT.year(new Date().getUTCFullYear())],
    [{ year: 'soon' }, 'year', SALES_TAX_TEXT.year(new Date().getUTCFullYear())],
    [{ month: 13 }, 'month', SALES_TAX_TEXT.month],
    [{ month: 0 }, 'month', SALES_TAX_TEXT.month],
    [{ state: 'ZZ' }, 'state', SALES_TAX_TEXT.state],
    [{ size: 501 }, 'size', SALES_TAX_TEXT.size],
    [{ page: 0 }, 'page', SALES_TAX_TEXT.page],
    [{ sort: 'house_id' }, 'sort', SALES_TAX_TEXT.sort],
    [{ order: 'sideways' }, 'order', SALES_TAX_TEXT.order],
  ])('refuses %j with 400 and the field message', async (query, field, message) => {
    const res = await report(query);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ [field]: message });
    expect(res.body.message).toBe(SALES_TAX_TEXT.invalidQuery);
  });

  it('needs reports access: 403 with the permission text otherwise', async () => {
    for (const user of ['none', 'accessInvoices']) {
      const s = await signIn(t.server, 'house-a', user);
      const res = await report({}, s);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(PERMISSION_DENIED_TEXT);
    }
    const reports = await signIn(t.server, 'house-a', 'accessReports');
    expect((await ok({}, reports)).totalRecords).toBe(4);
  });

  it('keeps houses apart, and refuses a house whose processor type is not p', async () => {
    const ownerB = await signIn(t.server, 'house-b', 'owner');
    const B = houses.b.id;
    const gb = await createInvoicedGroup(t.em(), {
      houseId: B,
      sessions: [{ eventDate: '2025-10-10T23:00:00Z' }],
      bidders: [bidder('Austin', 'TX')],
      lots: [{ bidder: 0, hammer: 50_000 }],
    });
    const ib = await invoice(gb.invoiceIds[0]!);
    await pay(B, gb.invoiceIds[0]!, ib.total, { day: '2025-11-05' });
    // A row of house B's invoice wrongly tagged with house A never counts for A (both sides scoped).
    await pay(A, gb.invoiceIds[0]!, 12_345, { day: '2025-11-06' });

    const b = await ok({}, ownerB, houses.b.houseRef);
    expect(b.houseSalesTaxReport.map((r: Json) => r.stateCode)).toEqual(['TX']);
    expect(b.totals.taxAmountCents).toBe(ib.tax);
    expect((await ok({ state: 'TX' })).totalRecords).toBe(0);
    // Another house's ref: not found, never its data.
    expect((await report({}, owner, houses.b.houseRef)).status).toBe(404);

    await q(t, `update house set processor_type = 'w' where id = ?`, [B]);
    const res = await report({}, ownerB, houses.b.houseRef);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(PERMISSION_DENIED_TEXT);
  });
});
