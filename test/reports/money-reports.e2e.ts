import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { ACCOUNTING_TEXT, MONEY_REPORT_TEXT } from '@ar/rules';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { q, TODAY_ISO } from '../invoice-marks/support';
import type { FactoryGroup } from '../invoice-details/factory';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { seedMoneySale } from '../support/money-sale';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

const daysAgo = (n: number) => new Date(Date.parse(`${TODAY_ISO}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
// A year back (365 days, the longest range is 366): the backdated invoice stays inside.
const RANGE = { from: daysAgo(365), to: TODAY_ISO };
const BUYER_SIDE = ['aging', 'collections'];
const SELLER_SIDE = ['consignor-payables', 'sale-revenue'];
const REPORTS = [...BUYER_SIDE, ...SELLER_SIDE];
const cents = (v: unknown) => Math.round(Number(v) * 100);

/**
 * The money reports over HTTP on real PostgreSQL (docs/reports.md "Money reports"): a sale built
 * through the real calls (offline and card payments, a refund, a dispute, settlements and payouts),
 * each report equal to the cent to the stored invoices and settlements and to the accounting trial
 * balance of the same range, the files read back, access (reports vs settlement) and tenancy.
 */
describe('money reports (REST)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let settlementClerk: SignedIn;
  let reportsClerk: SignedIn;
  let none: SignedIn;
  let ownerB: SignedIn;
  let g: FactoryGroup;
  let tb: Json;

  const get = (s: SignedIn, path: string, query: Json = RANGE) => s.agent.get(path).query(query);
  const download = (s: SignedIn, report: string, format: string, query: Json = RANGE) =>
    s.agent
      .get(`/api/reports/${report}/download`)
      .query({ ...query, format })
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
  const csvRows = async (report: string) => {
    const res = await download(owner, report, 'csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    return parse((res.body as Buffer).toString('utf8'), { bom: true }) as string[][];
  };
  const xlsxRows = async (report: string) => {
    const res = await download(owner, report, 'xlsx');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as ArrayBuffer);
    const out: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1)));
    return out;
  };

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em(), { paymentProcessingEnabled: true });
    [owner, settlementClerk, reportsClerk, none, ownerB] = await Promise.all([
      signIn(t.server, 'house-a', 'owner'),
      signIn(t.server, 'house-a', 'accessSettlement'),
      signIn(t.server, 'house-a', 'accessReports'),
      signIn(t.server, 'house-a', 'none'),
      signIn(t.server, 'house-b', 'owner'),
    ]);

    ({ g } = await seedMoneySale(t, houses, owner, settlementClerk, 'tok_visa_approve_money'));
    // The unpaid buyer's invoice is 100 days old: 90+ (a date, not money: set directly).
    await q(t, `update invoice set created_at = now() - interval '100 days' where id = ?`, [g.invoiceIds[3]]);
    tb = (await get(owner, '/api/accounting/trial-balance')).body;
    expect(tb.balanced).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('access: reports access for the buyer side, settlement access for the seller side', () => {
    it.each(REPORTS)('%s refuses a user with no access, JSON and file (403)', async (report) => {
      for (const res of [await get(none, `/api/reports/${report}`), await download(none, report, 'csv')]) {
        expect(res.status).toBe(403);
      }
      expect((await get(none, `/api/reports/${report}`)).body.message).toBe(PERMISSION_DENIED_TEXT);
    });
    it.each(BUYER_SIDE)('%s needs reports access: settlement access alone is refused', async (report) => {
      expect((await get(settlementClerk, `/api/reports/${report}`)).status).toBe(403);
      expect((await get(reportsClerk, `/api/reports/${report}`)).status).toBe(200);
    });
    it.each(SELLER_SIDE)('%s needs settlement access: reports access alone is refused', async (report) => {
      expect((await get(reportsClerk, `/api/reports/${report}`)).status).toBe(403);
      expect((await download(reportsClerk, report, 'xlsx')).status).toBe(403);
      expect((await get(settlementClerk, `/api/reports/${report}`)).status).toBe(200);
    });
  });

  describe('validation', () => {
    it.each(REPORTS)('%s refuses a bad range and a bad format with the field and its message', async (report) => {
      const backwards = await get(owner, `/api/reports/${report}`, { from: TODAY_ISO, to: daysAgo(1) });
      expect(backwards.status).toBe(400);
      expect(backwards.body.errors).toEqual({ from: ACCOUNTING_TEXT.badRange });
      const long = await get(owner, `/api/reports/${report}`, { from: daysAgo(366), to: TODAY_ISO });
      expect(long.body.errors).toEqual({ to: ACCOUNTING_TEXT.rangeTooLong });
      const bad = await get(owner, `/api/reports/${report}`, { from: '2026-13-01', to: TODAY_ISO });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ from: ACCOUNTING_TEXT.date });
      const format = await download(owner, report, 'pdf');
      expect(format.status).toBe(400);
      expect(JSON.parse((format.body as Buffer).toString('utf8')).errors).toEqual({ format: MONEY_REPORT_TEXT.format });
    });
  });

  describe('outstanding invoices (aging)', () => {
    it('ages every invoice with a balance into its bucket; the balances are the invoices’ to the cent', async () => {
      const res = await get(owner, '/api/reports/aging');
      expect(res.status).toBe(200);
      const open = await q<Json>(
        t,
        `select id, balance_cents::int as b from invoice where house_id = ? and balance_cents > 0 order by id`,
        [houses.a.id],
      );
      expect(open.length).toBeGreaterThanOrEqual(2);
      expect((res.body.rows as Json[]).map((r) => [r.id, r.balanceCents])).toEqual(open.map((r) => [r.id, r.b]));
      const total = open.reduce((s, r) => s + (r.b as number), 0);
      expect(res.body.totalCents).toBe(total);
      // The trial balance's receivables: what buyers still owe (no invoice here is overpaid).
      expect(res.body.totalCents).toBe(tb.buyer.receivablesCents);
      const unpaid = (res.body.rows as Json[]).find((r) => r.id === g.invoiceIds[3])!;
      expect(unpaid).toMatchObject({ ageDays: 100, bucket: '90+' });
      const card = (res.body.rows as Json[]).find((r) => r.id === g.invoiceIds[1])!;
      expect(card).toMatchObject({ ageDays: 0, bucket: '0-30', balanceCents: 12_345 });
      const buckets = Object.fromEntries((res.body.buckets as Json[]).map((b) => [b.bucket, b.balanceCents]));
      expect(Object.keys(buckets)).toEqual(['0-30', '31-60', '61-90', '90+']);
      expect(buckets['90+']).toBe(unpaid.balanceCents);
      expect(buckets['31-60'] + buckets['61-90']).toBe(0);
    });

    it('downloads the same rows and totals as CSV and XLSX', async () => {
      const view = (await get(owner, '/api/reports/aging')).body;
      const csv = await csvRows('aging');
      expect(csv[0]).toEqual([
        'Invoice',
        'Invoice Date',
        'Age (days)',
        'Bucket',
        'Buyer',
        'Paddle',
        'Invoice Group',
        'Invoice Total',
        'Paid',
        'Balance',
      ]);
      expect(csv.slice(1, 1 + view.rows.length).map((r) => [Number(r[0]), cents(r[9])])).toEqual(
        (view.rows as Json[]).map((r) => [r.invoiceNumber, r.balanceCents]),
      );
      const total = csv[csv.length - 1];
      expect(total[0]).toBe('Total');
      expect(cents(total[9])).toBe(view.totalCents);
      expect(csv.find((r) => r[0] === 'Total 90+ days')![9]).toBe((view.buckets[3].balanceCents / 100).toFixed(2));
      const xlsx = await xlsxRows('aging');
      expect(xlsx).toHaveLength(csv.length);
      expect(Math.round((xlsx[xlsx.length - 1][9] as number) * 100)).toBe(view.totalCents);
    });
  });

  describe('collections', () => {
    it('sums per day and method equal the trial balance’s payments and refunds', async () => {
      const res = await get(reportsClerk, '/api/reports/collections');
      expect(res.status).toBe(200);
      const { rows, totals } = res.body as Json;
      expect(totals.collectedCents).toBe(tb.buyer.paymentsCents);
      expect(totals.refundedCents).toBe(12_345);
      expect(totals.refundedCents).toBe(tb.buyer.refundsCents);
      expect(totals.netCents).toBe(tb.buyer.paymentsCents - tb.buyer.refundsCents);
      expect(totals.payments).toBe(tb.counts.payments);
      const [stored] = await q<Json>(t, `select sum(payments_made_cents)::int as made from invoice where house_id = ?`, [houses.a.id]);
      expect(totals.netCents).toBe(stored.made);
      expect((rows as Json[]).every((r) => r.day === TODAY_ISO)).toBe(true);
      expect((rows as Json[]).map((r) => r.method)).toContain('Check');
    });

    it('downloads the day rows, a total per method and the grand total', async () => {
      const view = (await get(owner, '/api/reports/collections')).body;
      const csv = await csvRows('collections');
      expect(csv[0]).toEqual(['Date', 'Method', 'Payments', 'Refunds', 'Collected', 'Refunded', 'Net']);
      expect(csv[csv.length - 1]).toEqual([
        'Total',
        '',
        String(view.totals.payments),
        String(view.totals.refunds),
        (view.totals.collectedCents / 100).toFixed(2),
        (view.totals.refundedCents / 100).toFixed(2),
        (view.totals.netCents / 100).toFixed(2),
      ]);
      const xlsx = await xlsxRows('collections');
      expect(xlsx).toHaveLength(csv.length);
      expect(Math.round((xlsx[xlsx.length - 1][6] as number) * 100)).toBe(view.totals.netCents);
    });
  });

  describe('consignor payables', () => {
    it('per consignor: net due, paid and open equal the settlements and the trial balance', async () => {
      const res = await get(settlementClerk, '/api/reports/consignor-payables');
      expect(res.status).toBe(200);
      const [stl] = await q<Json>(
        t,
        `select count(*)::int as n, sum(net_due_cents)::int as net, sum(paid_cents)::int as paid, sum(net_due_cents - paid_cents)::int as open
           from settlement where house_id = ? and status in ('ready', 'paid')`,
        [houses.a.id],
      );
      const { rows, totals } = res.body as Json;
      expect((rows as Json[]).map((r) => r.consignor)).toEqual(['Alice Arden', 'Bob Brook']);
      expect(totals).toMatchObject({ settlements: stl.n, netDueCents: stl.net, paidCents: stl.paid, openCents: stl.open });
      expect(totals.netDueCents).toBe(tb.consignor.settlementsCents);
      expect(totals.openCents).toBe(tb.consignor.payablesCents);
      expect(rows[1].company).toBe('Brook & Sons');
    });

    it('downloads the consignors and the total row', async () => {
      const view = (await get(owner, '/api/reports/consignor-payables')).body;
      const csv = await csvRows('consignor-payables');
      expect(csv[0][0]).toBe('Consignor');
      expect(csv.map((r) => r[0])).toEqual(['Consignor', 'Alice Arden', 'Bob Brook', 'Total']);
      expect(csv[3][1]).toBe('2 consignors');
      expect(cents(csv[3][10])).toBe(view.totals.openCents);
      const xlsx = await xlsxRows('consignor-payables');
      expect(Math.round((xlsx[3][8] as number) * 100)).toBe(view.totals.netDueCents);
    });
  });

  describe('sale revenue', () => {
    it("premium and live fee equal the invoices', commission and fees the settlements' (the trial balance's revenue)", async () => {
      const res = await get(settlementClerk, '/api/reports/sale-revenue');
      expect(res.status).toBe(200);
      const { rows, totals } = res.body as Json;
      const [inv] = await q<Json>(
        t,
        `select sum(premium_total_cents)::int as premium, sum(live_fee_total_cents)::int as live_fee, sum(hammer_total_cents)::int as hammer,
                sum(shipping_total_cents + insurance_total_cents + other_total_cents)::int as charges
           from invoice where house_id = ?`,
        [houses.a.id],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].saleId).toBe(g.auctionGroupId);
      expect(totals.premiumCents).toBe(inv.premium);
      expect(totals.premiumCents).toBe(tb.revenue.premiumCents);
      expect(totals.liveFeeCents).toBe(inv.live_fee);
      expect(totals.hammerCents).toBe(inv.hammer);
      expect(totals.commissionCents).toBe(tb.revenue.commissionCents);
      // The trial balance's fees also hold the invoices' shipping, insurance and other charges (not sale revenue).
      expect(totals.liveFeeCents + totals.consignorFeesCents + inv.charges).toBe(tb.revenue.feesCents);
      expect(totals.revenueCents + inv.charges).toBe(tb.revenue.totalCents);
      expect(totals.lots).toBe(6);
    });

    it('downloads the sales and the total row', async () => {
      const view = (await get(owner, '/api/reports/sale-revenue')).body;
      const csv = await csvRows('sale-revenue');
      expect(csv[0]).toEqual(['Sale', 'Invoiced Lots', 'Hammer', "Buyer's Premium", 'Live Fee', 'Commission', 'Consignor Fees', 'Revenue']);
      expect(csv).toHaveLength(3);
      expect(cents(csv[2][7])).toBe(view.totals.revenueCents);
      const xlsx = await xlsxRows('sale-revenue');
      expect(xlsx[2][0]).toBe('Total');
      expect(Math.round((xlsx[2][3] as number) * 100)).toBe(view.totals.premiumCents);
    });
  });

  describe('tenancy', () => {
    it.each(REPORTS)("%s: another house sees none of house A's money", async (report) => {
      const res = await get(ownerB, `/api/reports/${report}`);
      expect(res.status).toBe(200);
      expect(res.body.rows).toEqual([]);
      const csv = parse(((await download(ownerB, report, 'csv')).body as Buffer).toString('utf8'), { bom: true }) as string[][];
      // Header and total rows only (aging: a total per bucket and the grand total).
      expect(csv.filter((r) => !String(r[0]).startsWith('Total'))).toHaveLength(1);
    });
  });
});
