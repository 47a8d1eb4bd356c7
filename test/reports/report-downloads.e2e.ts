import ExcelJS from 'exceljs';
import { MikroORM } from '@mikro-orm/core';
import { REPORT_DOWNLOADS_TEXT, SALE_RESULTS_TEXT } from '@ar/rules';
import { BIDDERS_HEADER } from '../../src/modules/reports/bidders.report';
import { MAX_BIDS_HEADER } from '../../src/modules/reports/max-bids.report';
import { PACTS_HEADER } from '../../src/modules/reports/pacts.report';
import { ReportDownloadsService } from '../../src/modules/reports/report-downloads.service';
import { SESSION_SUMMARY_HEADER } from '../../src/modules/reports/session-summary.report';
import { createInvoicedGroup, type FactoryGroup } from '../invoice-details/factory';
import { bidder, q } from '../invoice-marks/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;
type Cell = string | number | null;

/**
 * The report downloads of the Sale Results screen over HTTP on real PostgreSQL (spec 001 "Results and
 * reports"; docs/reports.md): each file read back with exceljs, the amounts compared with the
 * invoices (lines and the invoice list's records) to the cent, the refusals, reports access and
 * tenancy, and a session larger than one read batch.
 */
describe('report downloads', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let ref: string;
  let sale: FactoryGroup;
  let euro: FactoryGroup;
  let other: FactoryGroup;
  /** Session one's lots not in the factory: unsold, and sold to Dunn but not invoiced. */
  let unsoldLotId: number;

  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const get = (path: string, query: Json, s = owner, houseRef = ref) =>
    s.agent
      .get(`/app/house/${houseRef}/${path}`)
      .query(query)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
  /** The first sheet's rows as plain values (empty cells null), and the sheet itself. */
  const sheet = async (res: { status: number; headers: Json; body: unknown }, name: string) => {
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as ArrayBuffer); // exceljs takes a Node Buffer; its types say ArrayBuffer
    const ws = wb.getWorksheet(name)!;
    expect(ws).toBeDefined();
    const rows: Cell[][] = [];
    const width = ws.getRow(1).cellCount;
    ws.eachRow((row) => rows.push(Array.from({ length: width }, (_, i) => (row.getCell(i + 1).value ?? null) as Cell)));
    return { rows, ws };
  };
  const cents = (v: Cell) => (v === null ? null : Math.round((v as number) * 100));
  const apiInvoices = async (groupId: number): Promise<Json[]> =>
    (
      await owner.agent
        .get('/api/invoices')
        .query({ filter: JSON.stringify({ invoiceGroupId: groupId }), range: '[0,99]' })
        .expect(200)
    ).body;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    ref = houses.a.houseRef;
    owner = await signIn(t.server, 'house-a', 'owner');
    sale = await createInvoicedGroup(t.em(), {
      houseId: houses.a.id,
      title: 'Spring sale',
      sessions: [
        { title: 'Day one', eventDate: '2026-10-01T15:00:00Z' },
        { title: 'Day two', eventDate: '2026-10-02T15:00:00Z' },
      ],
      bidders: [
        bidder('Adams', { firstName: 'Alice', email: 'alice@example.com', paddle: 11 }),
        bidder('Brown', { firstName: 'Bob', email: 'bob@example.com', platform: 'Floor', paddle: 12 }),
        bidder('Clark', { firstName: '=HYPERLINK("http://evil.example")', email: null, platform: 'PL', paddle: 13 }),
        bidder('Dunn', { firstName: 'Dora', email: 'dora@example.com', paddle: 0 }),
      ],
      lots: [
        { bidder: 0, hammer: 150_000, title: 'Brass telescope', paidDate: '2026-10-05', shippedDate: '2026-10-06' },
        { bidder: 1, hammer: 10_000, title: 'Oak chair', shippedDate: '2026-10-07' },
        { bidder: 2, hammer: 2_000, title: 'Hidden vase', hidden: true },
        { session: 1, bidder: 0, hammer: 33_333, title: 'Silver spoon' },
        { session: 1, bidder: 2, hammer: 5_000, title: 'Tin box' },
      ],
      invoices: {
        0: { sentAt: new Date('2026-10-03T12:00:00Z'), payments: [{ amount: 50_000, kind: 'payment' }] },
        1: { sentAt: new Date('2026-10-03T12:00:00Z'), allPaid: true, paidDate: '2026-10-04', paymentMethodId: 101, pickup: true },
      },
    });
    euro = await createInvoicedGroup(t.em(), {
      houseId: houses.a.id,
      title: 'Euro sale',
      currencyCode: 'EUR',
      sessions: [{ title: 'Euro day', eventDate: '2026-09-01T15:00:00Z' }],
      bidders: [bidder('Dupont', { email: 'dan@example.com' })],
      lots: [{ bidder: 0, hammer: 20_000 }],
    });
    other = await createInvoicedGroup(t.em(), {
      houseId: houses.b.id,
      sessions: [{ title: 'B day', eventDate: '2026-10-01T15:00:00Z' }],
      bidders: [bidder('Other', { email: 'other@example.com' })],
      lots: [{ bidder: 0, hammer: 1_000 }],
    });
    const [day1] = sale.catalogIds;
    // An unsold lot with estimates, and a lot sold to Dunn after the invoices were made.
    [{ id: unsoldLotId }] = await q<{ id: number }>(
      t,
      `insert into lot (house_id, catalog_id, lot_ref, lot_number, title, description, lo_est_cents, hi_est_cents)
       values (?, ?, 'LUNSOLD1', '50', 'Unsold clock', 'd', 40000, 60000) returning id`,
      [houses.a.id, day1],
    );
    await q(
      t,
      `insert into lot (house_id, catalog_id, lot_ref, lot_number, title, description, winning_approval_id, hammer_cents, result_channel)
       values (?, ?, 'LLATE1', '60', 'Late lamp', 'd', ?, 7000, 'INV')`,
      [houses.a.id, day1, sale.approvalIds[3]],
    );
    // Bids: on the telescope Adams twice (best 1,600.00), Dunn 1,400.00, Clark's 2,000.00 cancelled;
    // on the chair a tie at 90.00 goes to Adams (earlier); on the unsold clock Dunn alone.
    const bid = (lotId: number, approval: number, cents: number, at: string, cancelled = false) =>
      q(
        t,
        `insert into order_bid (house_id, lot_id, approval_id, max_bid_cents, bid_type, created_at, cancelled_at)
         values (?, ?, ?, ?, 'maxBid', ?, ${cancelled ? 'now()' : 'null'})`,
        [houses.a.id, lotId, sale.approvalIds[approval], cents, at],
      );
    await bid(sale.lotIds[0], 0, 120_000, '2026-09-30T10:00:00Z');
    await bid(sale.lotIds[0], 3, 140_000, '2026-09-30T10:05:00Z');
    await bid(sale.lotIds[0], 0, 160_000, '2026-09-30T10:10:00Z');
    await bid(sale.lotIds[0], 2, 200_000, '2026-09-30T10:15:00Z', true);
    await bid(sale.lotIds[1], 0, 9_000, '2026-09-30T11:00:00Z');
    await bid(sale.lotIds[1], 3, 9_000, '2026-09-30T11:01:00Z');
    await bid(unsoldLotId, 3, 5_000, '2026-09-30T12:00:00Z');
  });

  afterAll(() => t?.close());

  it('downloads Max Bids: each bidder best live bid per lot, ranked, with the result', async () => {
    const res = await get('maxBidReports', { catalogRefs: sale.catalogRefs.join(',') });
    expect(res.headers['content-disposition']).toContain('filename="Max Bids - 2 sessions.xlsx"');
    const { rows } = await sheet(res, 'Max Bids');
    expect(rows[0]).toEqual([...MAX_BIDS_HEADER]);
    const pick = (r: Cell[]) => [r[0], r[1], r[2], r[5], r[6], r[7], cents(r[11]), r[12], r[13], r[14], r[15], cents(r[16])];
    expect(rows.slice(1).map(pick)).toEqual([
      ['Day one', 'A-1', 'Brass telescope', 1, 11, 'Adams', 160_000, 'Max bid', 2, '2026-09-30 10:10', 'Won', 150_000],
      ['Day one', 'A-1', 'Brass telescope', 2, null, 'Dunn', 140_000, 'Max bid', 1, '2026-09-30 10:05', 'Lost', 150_000],
      ['Day one', 'A-2', 'Oak chair', 1, 11, 'Adams', 9_000, 'Max bid', 1, '2026-09-30 11:00', 'Lost', 10_000],
      ['Day one', 'A-2', 'Oak chair', 2, null, 'Dunn', 9_000, 'Max bid', 1, '2026-09-30 11:01', 'Lost', 10_000],
      ['Day one', 'A-50', 'Unsold clock', 1, null, 'Dunn', 5_000, 'Max bid', 1, '2026-09-30 12:00', 'No result', null],
    ]);
    expect([cents(rows[5][3]), cents(rows[5][4])]).toEqual([40_000, 60_000]);

    const one = await get('maxBidReports', { catalogRefs: sale.catalogRefs[1] });
    expect(one.headers['content-disposition']).toContain('filename="Max Bids - Day two.xlsx"');
    expect((await sheet(one, 'Max Bids')).rows).toHaveLength(1);
  });

  it('downloads the Session Summary with amounts equal to the invoice lines to the cent', async () => {
    const res = await get('sessionReports', { catalogRefs: sale.catalogRefs.join(',') });
    expect(res.headers['content-disposition']).toContain('filename="Session Summary - 2 sessions.xlsx"');
    const { rows, ws } = await sheet(res, 'Session Summary');
    expect(rows[0]).toEqual([...SESSION_SUMMARY_HEADER]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11]])).toEqual([
      ['Session', 'Day one', null, 5, 4, 1, 80, 4, 2, 4],
      ['Channel', 'Day one', 'INV', null, 2, null, null, null, null, 2],
      ['Channel', 'Day one', 'PL', null, 1, null, null, null, null, 1],
      ['Channel', 'Day one', 'Floor', null, 1, null, null, null, null, 1],
      ['Session', 'Day two', null, 2, 2, 0, 100, 4, 0, 2],
      ['Channel', 'Day two', 'INV', null, 1, null, null, null, null, 1],
      ['Channel', 'Day two', 'PL', null, 1, null, null, null, null, 1],
      ['Total', '2 sessions', null, 7, 6, 1, 85.7, 4, 2, 4],
    ]);
    expect(rows[1].slice(2, 4)).toEqual(['2026-10-01', 'USD']);
    expect([cents(rows[1][12]), cents(rows[1][13])]).toEqual([40_000, 60_000]);
    // Hammer, premium, live fee: the invoice lines of each session (hidden ones too: they are sold) plus the late lamp.
    const late = { h: 7_000, p: 1_750, f: 210 };
    for (const [i, row] of [
      [0, rows[1]],
      [1, rows[5]],
    ] as const) {
      const [l] = await q<Json>(
        t,
        `select sum(hammer_cents)::int as h, sum(premium_cents)::int as p, sum(live_fee_cents)::int as f from invoice_line where catalog_id = ?`,
        [sale.catalogIds[i]],
      );
      const extra = i === 0 ? late : { h: 0, p: 0, f: 0 };
      expect(row.slice(14).map(cents)).toEqual([
        l.h + extra.h,
        l.p + extra.p,
        l.f + extra.f,
        l.h + l.p + l.f + extra.h + extra.p + extra.f,
      ]);
    }
    const total = rows[8].slice(14).map(cents);
    expect(total).toEqual([0, 1, 2, 3].map((k) => cents(rows[1][14 + k])! + cents(rows[5][14 + k])!));
    expect(ws.getRow(2).getCell(15).numFmt).toBe('#,##0.00');
  });

  it('downloads Bidders: every registered bidder with contact and the session totals of their invoice lines', async () => {
    const res = await get('bidderReports', { catalogRef: sale.catalogRefs[0] });
    expect(res.headers['content-disposition']).toContain('filename="Bidders - Day one.xlsx"');
    const { rows, ws } = await sheet(res, 'Bidders');
    expect(rows[0]).toEqual([...BIDDERS_HEADER]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[4], r[12], r[14], r[15]])).toEqual([
      [11, 'Adams', 'Alice', 'alice@example.com', 'INV', 2, 1],
      [12, 'Brown', 'Bob', 'bob@example.com', 'Floor', 0, 1],
      [13, 'Clark', '=HYPERLINK("http://evil.example")', null, 'PL', 0, 1],
      [null, 'Dunn', 'Dora', 'dora@example.com', 'INV', 3, 1],
      [null, 'Total', '4 bidders', null, null, 5, 4],
    ]);
    // Text that looks like a formula is stored as text, never as a formula.
    expect(ws.getRow(4).getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(rows[1].slice(8, 12)).toEqual(['Albany', 'NY', null, 'US']);
    // Each invoiced bidder's session amounts equal their invoice lines of the session.
    for (const [i, row] of [rows[1], rows[2], rows[3]].entries()) {
      const [l] = await q<Json>(
        t,
        `select sum(hammer_cents)::int as h, sum(premium_cents)::int as p, sum(live_fee_cents)::int as f
           from invoice_line where invoice_id = ? and catalog_id = ?`,
        [sale.invoiceIds[i], sale.catalogIds[0]],
      );
      expect(row.slice(16).map(cents)).toEqual([l.h, l.p, l.f, l.h + l.p + l.f]);
    }
    expect(rows[4].slice(16).map(cents)).toEqual([7_000, 1_750, 210, 8_960]);
    expect(rows[5].slice(16).map(cents)).toEqual([0, 1, 2, 3].map((k) => rows.slice(1, 5).reduce((s, r) => s + cents(r[16 + k])!, 0)));
  });

  it("downloads Payments and Collections: the invoice list's figures to the cent, and lots not invoiced", async () => {
    const res = await get('pactsReports', { catalogRef: sale.catalogRefs[0] });
    expect(res.headers['content-disposition']).toContain('filename="Payments and Collections - Day one.xlsx"');
    const { rows } = await sheet(res, 'Payments and Collections');
    expect(rows[0]).toEqual([...PACTS_HEADER]);
    const records = await apiInvoices(sale.groupId);
    const byNumber = new Map(records.map((r) => [r.invoiceNumber, r]));
    const invoiced = rows.slice(1, 4);
    expect(invoiced.map((r) => [r[1], r[6], r[8]])).toEqual([
      ['Adams', 1, sale.invoiceNumbers[0]],
      ['Brown', 1, sale.invoiceNumbers[1]],
      ['Clark', 0, sale.invoiceNumbers[2]],
    ]);
    for (const r of invoiced) {
      const inv = byNumber.get(r[8])!;
      expect([r[9], cents(r[11]), cents(r[12]), cents(r[13])]).toEqual([
        inv.invoiceStatus,
        inv.invoiceTotalCents,
        inv.invoicePaidCents,
        inv.outStandingBalanceCents,
      ]);
      const [l] = await q<Json>(
        t,
        `select coalesce(sum(total_cents), 0)::int as total from invoice_line where invoice_id = ? and catalog_id = ? and not suppress`,
        [inv.invoiceID, sale.catalogIds[0]],
      );
      expect(cents(r[7])).toBe(l.total);
    }
    expect(invoiced.map((r) => [r[9], r[10], r[14], r[15], r[16], r[17]])).toEqual([
      ['Partial Paid', '2026-10-03', null, null, 'Shipping', 'Shipped'],
      ['Paid', '2026-10-03', '2026-10-04', 'Cash', 'Pickup', 'Picked Up'],
      ['Not Sent', null, null, null, 'Shipping', 'Not'],
    ]);
    expect(rows[4].slice(0, 11)).toEqual([null, 'Dunn', 'Dora', 'dora@example.com', null, 'INV', 1, 89.6, null, 'Not Invoiced', null]);
    const total = rows[5];
    expect(total.slice(0, 3)).toEqual([null, 'Total', '3 invoices']);
    expect(total[6]).toBe(3);
    expect(cents(total[7])).toBe(rows.slice(1, 5).reduce((s, r) => s + cents(r[7])!, 0));
    const sum = (k: string) => invoiced.reduce((s, r) => s + byNumber.get(r[8])![k], 0);
    expect([cents(total[11]), cents(total[12]), cents(total[13])]).toEqual([
      sum('invoiceTotalCents'),
      sum('invoicePaidCents'),
      sum('outStandingBalanceCents'),
    ]);
  });

  it('refuses an empty or malformed selection, mixed currencies and sessions not of the house', async () => {
    const empty = await get('maxBidReports', { catalogRefs: ' , ' });
    expect(empty.status).toBe(400);
    expect(JSON.parse((empty.body as Buffer).toString()).errors).toEqual({ catalogRefs: SALE_RESULTS_TEXT.selectSessions });
    expect((await get('sessionReports', {})).status).toBe(400);
    const tooMany = await get('sessionReports', { catalogRefs: Array.from({ length: 101 }, (_, i) => `C${i}`).join(',') });
    expect(JSON.parse((tooMany.body as Buffer).toString()).errors).toEqual({ catalogRefs: SALE_RESULTS_TEXT.catalogRefs });
    const mixed = await get('sessionReports', { catalogRefs: `${sale.catalogRefs[0]},${euro.catalogRefs[0]}` });
    expect(mixed.status).toBe(400);
    expect(JSON.parse((mixed.body as Buffer).toString()).errors).toEqual({ catalogRefs: SALE_RESULTS_TEXT.sameCurrency });
    for (const path of ['bidderReports', 'pactsReports']) {
      const none = await get(path, {});
      expect(none.status).toBe(400);
      expect(JSON.parse((none.body as Buffer).toString()).errors).toEqual({ catalogRef: REPORT_DOWNLOADS_TEXT.catalogRef });
      expect((await get(path, { catalogRef: ' ' })).status).toBe(400);
      expect((await get(path, { catalogRef: 'CNOPE' })).status).toBe(404);
      expect((await get(path, { catalogRef: sale.catalogRefs[0], format: 'csv' })).status).toBe(400);
    }
    expect((await get('maxBidReports', { catalogRefs: 'CNOPE' })).status).toBe(404);
    expect((await get('maxBidReports', { catalogRefs: `${sale.catalogRefs[0]},${other.catalogRefs[0]}` })).status).toBe(404);
  });

  it('needs reports access', async () => {
    for (const user of ['none', 'accessInvoices']) {
      const s = await signIn(t.server, 'house-a', user);
      expect((await get('maxBidReports', { catalogRefs: sale.catalogRefs[0] }, s)).status).toBe(403);
      expect((await get('sessionReports', { catalogRefs: sale.catalogRefs[0] }, s)).status).toBe(403);
      expect((await get('bidderReports', { catalogRef: sale.catalogRefs[0] }, s)).status).toBe(403);
      expect((await get('pactsReports', { catalogRef: sale.catalogRefs[0] }, s)).status).toBe(403);
    }
    const reports = await signIn(t.server, 'house-a', 'accessReports');
    expect((await get('pactsReports', { catalogRef: sale.catalogRefs[0] }, reports)).status).toBe(200);
  });

  it("answers 404 for another house's houseRef or sessions, and its own files hold only its data", async () => {
    const b = await signIn(t.server, 'house-b', 'owner');
    const bRef = houses.b.houseRef;
    for (const [path, key] of [
      ['maxBidReports', 'catalogRefs'],
      ['sessionReports', 'catalogRefs'],
      ['bidderReports', 'catalogRef'],
      ['pactsReports', 'catalogRef'],
    ]) {
      expect((await get(path, { [key]: sale.catalogRefs[0] }, b, ref)).status).toBe(404);
      expect((await get(path, { [key]: sale.catalogRefs[0] }, b, bRef)).status).toBe(404);
      const own = await get(path, { [key]: other.catalogRefs[0] }, b, bRef);
      expect(own.status).toBe(200);
      const { rows } = await sheet(own, (await import('@ar/rules')).REPORT_DOWNLOADS.find((d) => d.path === path)!.title);
      expect(JSON.stringify(rows)).not.toMatch(/Adams|Dunn|alice@/);
    }
  });

  it('reads a session larger than one batch completely and in order', async () => {
    const n = 1_203;
    const big = await createInvoicedGroup(t.em(), {
      houseId: houses.a.id,
      title: 'Big sale',
      sessions: [{ title: 'Big day', eventDate: '2026-11-01T15:00:00Z' }],
      bidders: Array.from({ length: 601 }, (_, i) => bidder(`Buyer${String(i).padStart(4, '0')}`, { paddle: i + 1 })),
      lots: Array.from({ length: n }, (_, i) => ({ bidder: i % 601, hammer: 1_000 + i })),
    });
    await q(
      t,
      `insert into order_bid (house_id, lot_id, approval_id, max_bid_cents) select house_id, id, winning_approval_id, hammer_cents from lot where catalog_id = ?`,
      [big.catalogIds[0]],
    );
    const hammer = (n * 1_000 + (n * (n - 1)) / 2) / 100;

    const bids = (await sheet(await get('maxBidReports', { catalogRefs: big.catalogRefs[0] }), 'Max Bids')).rows.slice(1);
    expect(bids.map((r) => r[1])).toEqual(Array.from({ length: n }, (_, i) => `A-${i + 1}`));

    const bidders = (await sheet(await get('bidderReports', { catalogRef: big.catalogRefs[0] }), 'Bidders')).rows;
    expect(bidders.slice(1, -1).map((r) => r[0])).toEqual(Array.from({ length: 601 }, (_, i) => i + 1));
    expect(bidders.at(-1)![15]).toBe(n);
    expect(cents(bidders.at(-1)![16])).toBe(Math.round(hammer * 100));

    const pacts = (await sheet(await get('pactsReports', { catalogRef: big.catalogRefs[0] }), 'Payments and Collections')).rows;
    expect(pacts.slice(1, -1).map((r) => r[1])).toEqual(Array.from({ length: 601 }, (_, i) => `Buyer${String(i).padStart(4, '0')}`));
    const records = await apiInvoices(big.groupId);
    expect(records).toHaveLength(100);
    const [all] = await q<Json>(t, `select sum(invoice_total_cents)::bigint as total from invoice where group_id = ?`, [big.groupId]);
    expect(cents(pacts.at(-1)![11])).toBe(Number(all.total));

    const summary = (await sheet(await get('sessionReports', { catalogRefs: big.catalogRefs[0] }), 'Session Summary')).rows;
    expect(summary[1].slice(5, 7)).toEqual([n, n]);
    expect(cents(summary[1][14])).toBe(Math.round(hammer * 100));
  });

  it('reads a 10,000-lot session from the database a batch at a time, never at once', async () => {
    const n = 10_000;
    const big = await createInvoicedGroup(t.em(), {
      houseId: houses.a.id,
      title: 'Huge sale',
      sessions: [{ title: 'Huge day', eventDate: '2026-11-05T15:00:00Z' }],
      bidders: Array.from({ length: 1_000 }, (_, i) => bidder(`Huge${i}`, { paddle: i + 1 })),
      lots: Array.from({ length: n }, (_, i) => ({ bidder: i % 1_000, hammer: 500 + i })),
    });
    await q(
      t,
      `insert into order_bid (house_id, lot_id, approval_id, max_bid_cents) select house_id, id, winning_approval_id, hammer_cents from lot where catalog_id = ?`,
      [big.catalogIds[0]],
    );
    // Count the rows of every query the reports make (the connection is the application's own).
    const conn = t.app.get(MikroORM).em.getConnection() as unknown as { execute: (...a: unknown[]) => Promise<unknown> };
    const original = conn.execute;
    const sizes: number[] = [];
    conn.execute = async function (this: unknown, ...a: unknown[]) {
      const rows = await original.apply(this, a);
      if (Array.isArray(rows)) sizes.push(rows.length);
      return rows;
    };
    try {
      const reports = t.app.get(ReportDownloadsService);
      const file = await reports.maxBids(houses.a.id, big.catalogRefs);
      const rows = (file.table.rows as AsyncIterable<unknown>)[Symbol.asyncIterator]();
      expect((await rows.next()).done).toBe(false);
      // The session, then the first 500 lots, their bids and bidders: nothing more before the first row.
      expect(sizes).toEqual([1, 500, 500, 500]);
      let count = 1;
      while (!(await rows.next()).done) count++;
      expect(count).toBe(n);
      expect(Math.max(...sizes)).toBe(500);
      expect(sizes).toHaveLength(1 + 3 * (n / 500) + 1);

      sizes.length = 0;
      const summary = await reports.sessionSummary(houses.a.id, big.catalogRefs);
      let lines = 0;
      for await (const _ of summary.table.rows as AsyncIterable<unknown>) lines++;
      expect(lines).toBe(3); // the session, its one channel, the total
      expect(Math.max(...sizes)).toBe(500);

      // Bidders and buyers come 500 at a time too (a buyer batch reads those buyers' lots: 10 each here).
      for (const make of [() => reports.bidders(houses.a.id, big.catalogRefs[0]), () => reports.pacts(houses.a.id, big.catalogRefs[0])]) {
        sizes.length = 0;
        let people = 0;
        for await (const _ of (await make()).table.rows as AsyncIterable<unknown>) people++;
        expect(people).toBe(1_001); // 1,000 and the total row
        expect(Math.max(...sizes)).toBe(5_000);
      }
    } finally {
      conn.execute = original;
    }
  });
});
