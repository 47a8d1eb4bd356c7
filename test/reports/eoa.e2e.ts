import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { EOA_TEXT, REPORT_DOWNLOADS_TEXT } from '@ar/rules';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { buyersPremium, liveFee, liveFeeSql, premiumSql } from '../../src/modules/invoicing/math';
import { EOA_EXPORT_HEADER } from '../../src/modules/lots/eoa/eoa.export';
import { post, q } from '../invoice-marks/support';
import { postGroup, seedSale, seedTemplate, SeededSale, storedInvoices, untilCreated } from '../invoice-groups/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

/**
 * End-of-auction reconciliation over HTTP on real PostgreSQL (docs/decisions/eoa.md): the view,
 * each correction with each message, the audit rows, access, tenancy, the download read back, and
 * the invoices built from a corrected session equal to the cent, after which the session is locked.
 */
describe('end-of-auction reconciliation', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let ownerB: SignedIn;
  let reports: SignedIn;
  let none: SignedIn;
  let sale: SeededSale;
  let otherSale: SeededSale;
  let saleB: SeededSale;
  let ref: string;
  let lots: number[];

  const view = (s = owner, houseRef = ref, catalogRef = sale.sessions[0].ref) => s.agent.get(`/app/house/${houseRef}/eoa/${catalogRef}`);
  /** A page of the lot list (react-admin list query). */
  const page = (query: Json = {}, s = owner, catalogRef = sale.sessions[0].ref, houseRef = ref) =>
    s.agent
      .get(`/app/house/${houseRef}/eoa/${catalogRef}/lots`)
      .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])));
  /** Every lot of the session in lot order, read a page of 500 at a time. */
  const allLots = async (catalogRef = sale.sessions[0].ref): Promise<Json[]> => {
    const out: Json[] = [];
    for (;;) {
      const res = await page({ range: [out.length, out.length + 499] }, owner, catalogRef);
      expect(res.status).toBe(200);
      out.push(...res.body.data.lots);
      if (out.length >= res.body.data.total) return out;
    }
  };
  /** The view with its lots, as the screen shows them. */
  const viewAll = async (catalogRef = sale.sessions[0].ref): Promise<Json> => ({
    ...(await view(owner, ref, catalogRef)).body.data,
    lots: await allLots(catalogRef),
  });
  const act = (what: 'hammer' | 'buyer' | 'pass', lotId: number, body: Json = {}, s = owner, houseRef = ref) =>
    post(s, houseRef, `eoa/lots/${lotId}/${what}`, body);
  /** A valid body of each correction. */
  const BODY = { hammer: { hammer: '1' }, buyer: { paddle: 12 }, pass: {} } as const;
  const auditRows = () =>
    q(t, 'select lot_id, user_name, action, before, after from lot_result_audit where catalog_id = ? order by id', [sale.sessions[0].id]);
  const lotRow = async (id: number) =>
    (await q(t, 'select winning_approval_id, hammer_cents::int as hammer, result_channel from lot where id = ?', [id]))[0];

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    ref = houses.a.houseRef;
    [owner, ownerB, reports, none] = await Promise.all([
      signIn(t.server, 'house-a', 'owner'),
      signIn(t.server, 'house-b', 'owner'),
      signIn(t.server, 'house-a', 'accessReports'),
      signIn(t.server, 'house-a', 'none'),
    ]);
    sale = await seedSale(t.em(), houses.a.id, {
      liveFeeRate: 3_000,
      steps: [
        { fromCents: 0, toCents: 100_000, rate: 25_000 },
        { fromCents: 100_000, toCents: null, rate: 20_000 },
      ],
      bidders: [
        { firstName: 'Ann', lastName: 'Cole', paddle: 11 },
        { firstName: 'Bob', lastName: 'Avery', platform: 'PL', paddle: 12 },
        { firstName: 'Cy', lastName: 'Bloom', platform: 'Floor', paddle: 13 },
      ],
      sessions: [
        {
          title: 'Evening sale',
          lots: [
            { hammer: 125_000, winner: 0 },
            { hammer: 5_050, winner: 1 },
            {},
            { hammer: 77_700, winner: 2 },
            { hammer: 33_333, winner: 0 },
          ],
        },
      ],
    });
    lots = sale.lots[0];
    otherSale = await seedSale(t.em(), houses.a.id, { bidders: [{ paddle: 50 }], sessions: [{ lots: [{ hammer: 100, winner: 0 }] }] });
    saleB = await seedSale(t.em(), houses.b.id, { bidders: [{ paddle: 11 }], sessions: [{ lots: [{ hammer: 100, winner: 0 }] }] });
  });
  afterAll(() => t?.close());

  it('lists every lot of the session with result, buyer, channel, hammer, premium and live fee', async () => {
    const res = await view();
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.session).toMatchObject({ catalogID: sale.sessions[0].id, title: 'Evening sale', currencyCode: 'USD' });
    expect(d.locked).toBe(false);
    expect(d.lockedReason).toBeNull();
    expect(d.audit).toEqual([]);
    expect(d.lots).toBeUndefined();
    expect(
      (await allLots()).map((l: Json) => [l.lotNumber, l.result, l.paddleNumber, l.buyerName, l.channel, l.hammer, l.premium, l.liveFee]),
    ).toEqual([
      ['1', 'Sold', 11, 'Ann Cole', 'INV', 125_000, 30_000, 3_750],
      ['2', 'Sold', 12, 'Bob Avery', 'PL', 5_050, 1_263, 152],
      ['3', 'Passed', null, null, null, null, 0, 0],
      ['4', 'Sold', 13, 'Cy Bloom', 'Floor', 77_700, 19_425, 0],
      ['5', 'Sold', 11, 'Ann Cole', 'INV', 33_333, 8_333, 1_000],
    ]);
    expect(d.totals).toEqual({ lots: 5, sold: 4, passed: 1, hammer: 241_083, premium: 59_021, liveFee: 4_902 });
  });

  describe('the lot list, paged in the database', () => {
    // Three marginal steps with odd rates and a live fee, so premiums and fees round per lot.
    const steps = [
      { fromCents: 0, toCents: 50_000, rate: 25_000 },
      { fromCents: 50_000, toCents: 200_000, rate: 17_500 },
      { fromCents: 200_000, toCents: null, rate: 12_345 },
    ];
    const feeRate = 4_995;
    const hammers = [1, 3, 199, 201, 49_999, 50_000, 50_001, 50_003, 199_999, 200_000, 200_001, 200_003, 33_333, 66_667];
    let paged: SeededSale;
    let all: Json[];
    const catalogRef = () => paged.sessions[0].ref;
    const list = async (query: Json) => {
      const res = await page(query, owner, catalogRef());
      expect(res.status).toBe(200);
      return res.body.data as { lots: Json[]; total: number; totals: Json };
    };
    /** The totals of some lots, summed from their own (JS-priced) amounts. */
    const sum = (ls: Json[]) => {
      const sold = ls.filter((l) => l.result === 'Sold');
      const add = (k: string) => sold.reduce((a, l) => a + l[k], 0);
      return {
        lots: ls.length,
        sold: sold.length,
        passed: ls.length - sold.length,
        hammer: add('hammer'),
        premium: add('premium'),
        liveFee: add('liveFee'),
      };
    };

    beforeAll(async () => {
      paged = await seedSale(t.em(), houses.a.id, {
        liveFeeRate: feeRate,
        steps,
        bidders: [
          { firstName: 'Ida', lastName: 'Zorn', paddle: 101 },
          { firstName: 'Al', lastName: 'Bell', platform: 'PL', paddle: 102 },
          { firstName: 'Flo', lastName: 'Moss', platform: 'Floor', paddle: 103 },
          { firstName: 'Ada', lastName: 'Kent', platform: 'AZ', paddle: 104 },
        ],
        sessions: [
          {
            title: 'Paged day',
            // 14 sold (boundaries and half cents), then 6 passed, then lot 12A.
            lots: [
              ...hammers.map((hammer, i) => ({ hammer, winner: i % 4 })),
              ...Array.from({ length: 6 }, () => ({})),
              { lotNumber: '12', hammer: 12_345, winner: 2 },
            ],
          },
        ],
      });
      await q(t, `update lot set lot_ext = 'A' where id = ?`, [paged.lots[0][20]]);
      all = await allLots(paged.sessions[0].ref);
    });

    it('answers the whole session in lot order, with totals the database computed equal to the lots’ own amounts', async () => {
      expect(all.map((l) => l.lotNumber)).toEqual([
        ...Array.from({ length: 12 }, (_, i) => String(i + 1)),
        '12A',
        ...Array.from({ length: 8 }, (_, i) => String(i + 13)),
      ]);
      const v = (await view(owner, ref, catalogRef())).body.data;
      expect(v.totals).toEqual(sum(all));
      expect(v.totals).toMatchObject({ lots: 21, sold: 15, passed: 6 });
    });

    it('pages by range, 50 by default', async () => {
      const first = await list({});
      expect([first.lots.length, first.total]).toEqual([21, 21]);
      const second = await list({ range: [5, 9] });
      expect(second.lots.map((l) => l.lotNumber)).toEqual(['6', '7', '8', '9', '10']);
      expect(second.total).toBe(21);
      expect(second.totals).toEqual(sum(all));
      const past = await list({ range: [40, 49] });
      expect([past.lots, past.total]).toEqual([[], 21]);
    });

    it.each([
      ['lotNumber', 'DESC', (ls: Json[]) => [...ls].reverse()],
      ['hammer', 'DESC', (ls: Json[]) => [...ls].sort((a, b) => (b.hammer ?? -1) - (a.hammer ?? -1))],
      ['paddleNumber', 'ASC', (ls: Json[]) => [...ls].sort((a, b) => (a.paddleNumber ?? 1e9) - (b.paddleNumber ?? 1e9))],
      ['result', 'ASC', (ls: Json[]) => [...ls.filter((l) => l.result === 'Passed'), ...ls.filter((l) => l.result === 'Sold')]],
      ['channel', 'ASC', (ls: Json[]) => ['AZ', 'Floor', 'INV', 'PL', null].flatMap((c) => ls.filter((l) => l.channel === c))],
      [
        'buyerName',
        'DESC',
        (ls: Json[]) => ['Ida Zorn', 'Flo Moss', 'Ada Kent', 'Al Bell', null].flatMap((n) => ls.filter((l) => l.buyerName === n)),
      ],
    ])('sorts by %s %s in the database (ties in lot order, empty last)', async (field, order, expected) => {
      const sorted = await list({ sort: [field, order], range: [0, 49] });
      expect(sorted.lots.map((l) => l.lotID)).toEqual((expected as (ls: Json[]) => Json[])(all).map((l) => l.lotID));
      // Pages of a sort follow each other without overlap.
      const [a, b] = [await list({ sort: [field, order], range: [0, 9] }), await list({ sort: [field, order], range: [10, 20] })];
      expect([...a.lots, ...b.lots].map((l) => l.lotID)).toEqual(sorted.lots.map((l) => l.lotID));
    });

    it.each([
      [{ result: 'Passed' }, (l: Json) => l.result === 'Passed'],
      [{ result: 'Sold' }, (l: Json) => l.result === 'Sold'],
      [{ channel: 'Floor' }, (l: Json) => l.channel === 'Floor'],
      [{ result: 'Sold', channel: 'PL' }, (l: Json) => l.channel === 'PL'],
      [{ q: '12' }, (l: Json) => ['12', '12A'].includes(l.lotNumber)],
      [{ q: ' 12a ' }, (l: Json) => l.lotNumber === '12A'],
      [{ q: '103' }, (l: Json) => l.paddleNumber === 103],
      [{ q: '3', channel: 'AZ' }, (l: Json) => l.lotNumber === '3' && l.channel === 'AZ'],
      [{ q: 'nothing' }, () => false],
    ])('filters by %j with the count and totals of the matching lots', async (filter, match) => {
      const res = await list({ filter, range: [0, 49] });
      const expected = all.filter(match as (l: Json) => boolean);
      expect(res.lots.map((l) => l.lotID)).toEqual(expected.map((l) => l.lotID));
      expect(res.total).toBe(expected.length);
      expect(res.totals).toEqual(sum(expected));
    });

    it('refuses a bad sort, range or filter with its message, and answers as the view for access and tenancy', async () => {
      const bad = async (query: Json) => {
        const res = await page(query, owner, catalogRef());
        expect(res.status).toBe(400);
        return res.body;
      };
      expect((await bad({ filter: { result: 'Won' } })).errors).toEqual({ result: EOA_TEXT.filterResult });
      expect((await bad({ filter: { channel: 'eBay', q: 'x'.repeat(33) } })).errors).toEqual({
        channel: EOA_TEXT.filterChannel,
        q: EOA_TEXT.filterSearch,
      });
      expect((await bad({ filter: { title: 'x' } })).errors).toEqual({ title: EOA_TEXT.filterUnknown('title') });
      expect((await bad({ sort: ['title', 'ASC'] })).message).toBe('Cannot sort by title.');
      expect((await bad({ range: [5, 1] })).message).toContain('range');
      expect((await bad({ page: '2' })).message).toBeDefined();
      expect((await page({}, none, catalogRef())).status).toBe(403);
      expect((await page({}, owner, saleB.sessions[0].ref)).status).toBe(404);
      expect((await page({}, ownerB, catalogRef(), houses.b.houseRef)).status).toBe(404);
    });

    it('prices in SQL exactly as the invoice arithmetic, for every hammer of a range', async () => {
      const premium = premiumSql('h', steps);
      const fee = liveFeeSql('h', 'c', feeRate);
      const rows = await q<{ h: string; c: string; p: string; f: string }>(
        t,
        `select h, c, ${premium.sql} as p, ${fee.sql} as f
           from generate_series(0::bigint, 400000::bigint, 11) h, (values ('INV'), ('Floor')) v(c)`,
        [...premium.params, ...fee.params],
      );
      expect(rows.length).toBeGreaterThan(70_000);
      const wrong = rows.filter(
        (r) => Number(r.p) !== buyersPremium(Number(r.h), steps) || Number(r.f) !== liveFee(Number(r.h), r.c as 'INV' | 'Floor', feeRate),
      );
      expect(wrong).toEqual([]);
    });
  });

  it('needs reports access or a super user (403 otherwise, nothing written)', async () => {
    expect((await view(reports)).status).toBe(200);
    const denied = await view(none);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(PERMISSION_DENIED_TEXT);
    for (const what of ['hammer', 'buyer', 'pass'] as const) {
      expect((await act(what, lots[0], BODY[what], none)).status).toBe(403);
    }
    expect((await none.agent.get(`/app/house/${ref}/eoa/${sale.sessions[0].ref}/download?format=csv`)).status).toBe(403);
    // A super user without the reports flag passes.
    await q(t, `update staff_user set access_reports = false where user_name = 'super' and house_id = ?`, [houses.a.id]);
    const superUser = await signIn(t.server, 'house-a', 'super');
    expect((await view(superUser)).status).toBe(200);
    expect(await auditRows()).toEqual([]);
  });

  it('refuses another house’s session and lots with 404, and a malformed id', async () => {
    expect((await view(owner, ref, saleB.sessions[0].ref)).status).toBe(404);
    expect((await view(owner, ref, 'C-unknown')).status).toBe(404);
    expect((await view(owner, houses.b.houseRef)).status).toBe(404);
    expect((await view(ownerB, houses.b.houseRef, sale.sessions[0].ref)).body.message).toBe(EOA_TEXT.sessionNotFound);
    for (const what of ['hammer', 'buyer', 'pass'] as const) {
      const res = await act(what, lots[0], BODY[what], ownerB, houses.b.houseRef);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(EOA_TEXT.lotNotFound);
      expect((await act(what, saleB.lots[0][0], BODY[what])).status).toBe(404);
    }
    expect((await act('pass', 0)).status).toBe(404);
    expect(await lotRow(saleB.lots[0][0])).toMatchObject({ hammer: 100 });
    expect(await auditRows()).toEqual([]);
  });

  it.each([
    [{}, EOA_TEXT.hammerRequired],
    [{ hammer: '' }, EOA_TEXT.hammerRequired],
    [{ hammer: '12.345' }, EOA_TEXT.hammerFormat],
    [{ hammer: '1,200' }, EOA_TEXT.hammerFormat],
    [{ hammer: '-5' }, EOA_TEXT.hammerNegative],
    [{ hammer: '100000000' }, EOA_TEXT.hammerTooLarge],
  ])('refuses the hammer %j with its message', async (body, message) => {
    const res = await act('hammer', lots[0], body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ hammer: message });
  });

  it('corrects a hammer, re-prices the lot and records who, when, before and after', async () => {
    const res = await act('hammer', lots[0], { hammer: '1300.50' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      changed: true,
      lot: expect.objectContaining({ lotID: lots[0], hammer: 130_050, premium: 31_010, liveFee: 3_902, buyerName: 'Ann Cole' }),
    });
    expect(await lotRow(lots[0])).toMatchObject({ hammer: 130_050, winning_approval_id: sale.approvals[0] });
    // The same hammer again changes nothing and records nothing.
    expect((await act('hammer', lots[0], { hammer: 1300.5 })).body.data.changed).toBe(false);
    expect(await auditRows()).toEqual([
      {
        lot_id: lots[0],
        user_name: 'owner',
        action: 'hammer',
        before: { hammer: 125_000, paddleNumber: 11, buyerName: 'Ann Cole', channel: 'INV' },
        after: { hammer: 130_050, paddleNumber: 11, buyerName: 'Ann Cole', channel: 'INV' },
      },
    ]);
  });

  it.each([
    [{}, { paddle: EOA_TEXT.paddleRequired }],
    [{ paddle: 'A12' }, { paddle: EOA_TEXT.paddleFormat }],
    [{ paddle: 0 }, { paddle: EOA_TEXT.paddleFormat }],
    [{ paddle: 12, hammer: '1.001' }, { hammer: EOA_TEXT.hammerFormat }],
    [{ paddle: 50 }, { paddle: EOA_TEXT.paddleNotRegistered(50) }],
    [{ paddle: 999 }, { paddle: EOA_TEXT.paddleNotRegistered(999) }],
  ])('refuses the buyer %j with its message', async (body, errors) => {
    const res = await act('buyer', lots[1], body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(errors);
  });

  it('refuses a paddle shared by two bidders of the sale', async () => {
    await q(t, 'update approval set paddle_number = 77 where id in (?, ?)', [sale.approvals[0], sale.approvals[1]]);
    try {
      const res = await act('buyer', lots[1], { paddle: 77 });
      expect(res.body.errors).toEqual({ paddle: EOA_TEXT.paddleAmbiguous(77) });
    } finally {
      await q(t, 'update approval set paddle_number = case when id = ? then 11 else 12 end where id in (?, ?)', [
        sale.approvals[0],
        sale.approvals[0],
        sale.approvals[1],
      ]);
    }
  });

  it("reassigns a buyer by paddle: the channel becomes the new bidder's (Floor: no live fee)", async () => {
    const res = await act('buyer', lots[1], { paddle: '13' });
    expect(res.status).toBe(200);
    expect(res.body.data.lot).toMatchObject({ paddleNumber: 13, buyerName: 'Cy Bloom', channel: 'Floor', hammer: 5_050, liveFee: 0 });
    expect(await lotRow(lots[1])).toEqual({ winning_approval_id: sale.approvals[2], hammer: 5_050, result_channel: 'Floor' });
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'buyer',
      before: { paddleNumber: 12, buyerName: 'Bob Avery', channel: 'PL', hammer: 5_050 },
      after: { paddleNumber: 13, buyerName: 'Cy Bloom', channel: 'Floor', hammer: 5_050 },
    });
  });

  it('passes a sold lot, refuses to pass it again or correct its hammer, and sells it again with a buyer and hammer', async () => {
    const res = await act('pass', lots[3], {}, reports);
    expect(res.status).toBe(200);
    expect(res.body.data.lot).toMatchObject({ result: 'Passed', hammer: null, buyerName: null });
    expect(await lotRow(lots[3])).toEqual({ winning_approval_id: null, hammer: null, result_channel: null });
    const again = await act('pass', lots[3]);
    expect([again.status, again.body.message]).toEqual([409, EOA_TEXT.alreadyPassed]);
    const hammer = await act('hammer', lots[3], { hammer: '10' });
    expect([hammer.status, hammer.body.message]).toEqual([409, EOA_TEXT.lotPassed]);
    const noHammer = await act('buyer', lots[2], { paddle: 12 });
    expect([noHammer.status, noHammer.body.errors]).toEqual([400, { hammer: EOA_TEXT.hammerRequired }]);
    const sold = await act('buyer', lots[2], { paddle: 12, hammer: '450' });
    expect(sold.body.data.lot).toMatchObject({
      result: 'Sold',
      paddleNumber: 12,
      channel: 'PL',
      hammer: 45_000,
      premium: 11_250,
      liveFee: 1_350,
    });
    expect((await auditRows()).slice(-2)).toEqual([
      expect.objectContaining({
        action: 'pass',
        user_name: 'accessReports',
        after: { hammer: null, paddleNumber: null, buyerName: null, channel: null },
      }),
      expect.objectContaining({ action: 'buyer', before: { hammer: null, paddleNumber: null, buyerName: null, channel: null } }),
    ]);
  });

  it('shows the audit trail in the view, newest first', async () => {
    const d = (await view()).body.data;
    expect(d.audit.map((a: Json) => [a.lotNumber, a.action, a.userName])).toEqual([
      ['3', 'buyer', 'owner'],
      ['4', 'pass', 'accessReports'],
      ['2', 'buyer', 'owner'],
      ['1', 'hammer', 'owner'],
    ]);
    expect(new Date(d.audit[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(d.audit[3].before.hammer).toBe(125_000);
  });

  const download = (format: string, s = owner, catalogRef = sale.sessions[0].ref) =>
    s.agent
      .get(`/app/house/${ref}/eoa/${catalogRef}/download`)
      .query({ format })
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });

  /** The view as the rows the file must hold (money as text with two decimals). */
  const expectedRows = (d: Json): string[][] => {
    const m = (c: number) => (c / 100).toFixed(2);
    const rows = d.lots.map((l: Json) => [
      l.lotNumber,
      l.title,
      l.result,
      l.paddleNumber === null ? '' : String(l.paddleNumber),
      l.buyerName ?? '',
      l.channel ?? '',
      ...(l.result === 'Sold' ? [m(l.hammer), m(l.premium), m(l.liveFee), m(l.hammer + l.premium + l.liveFee)] : ['', '', '', '']),
    ]);
    const tt = d.totals;
    rows.push([
      'Total',
      `${tt.lots} lots: ${tt.sold} sold, ${tt.passed} passed`,
      '',
      '',
      '',
      '',
      m(tt.hammer),
      m(tt.premium),
      m(tt.liveFee),
      m(tt.hammer + tt.premium + tt.liveFee),
    ]);
    return rows;
  };

  it('downloads the view as CSV and XLSX, read back equal to the screen', async () => {
    const d = await viewAll();
    const csv = await download('csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('End of Auction - Evening sale.csv');
    const parsed: string[][] = parse((csv.body as Buffer).toString('utf8'), { bom: true });
    expect(parsed[0]).toEqual([...EOA_EXPORT_HEADER]);
    expect(parsed.slice(1)).toEqual(expectedRows(d));

    const xlsx = await download('xlsx');
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as ArrayBuffer); // exceljs takes a Node Buffer; its types say ArrayBuffer
    const ws = wb.getWorksheet('End of Auction')!;
    const cells: string[][] = [];
    ws.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1);
      cells.push(
        EOA_EXPORT_HEADER.map((_, i) =>
          typeof values[i] === 'number' && i >= 6 ? (values[i] as number).toFixed(2) : String(values[i] ?? ''),
        ),
      );
    });
    expect(cells[0]).toEqual([...EOA_EXPORT_HEADER]);
    expect(cells.slice(1)).toEqual(expectedRows(d));
    expect(typeof ws.getRow(2).getCell(7).value).toBe('number');

    const bad = await owner.agent.get(`/app/house/${ref}/eoa/${sale.sessions[0].ref}/download?format=pdf`);
    expect(bad.status).toBe(400);
    expect((await download('csv', ownerB)).status).toBe(404);
  });

  it("answers the spec's eoaReports?catalogRef= with the same file (XLSX by default), and its refusals", async () => {
    const bytes = (path: string, s = owner) =>
      s.agent
        .get(path)
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        });
    const spec = `/app/house/${ref}/eoaReports?catalogRef=${sale.sessions[0].ref}`;
    const [viaSpec, viaScreen] = [await bytes(`${spec}&format=csv`), await download('csv')];
    expect(viaSpec.status).toBe(200);
    expect((viaSpec.body as Buffer).toString('utf8')).toBe((viaScreen.body as Buffer).toString('utf8'));
    const xlsx = await bytes(spec);
    expect([xlsx.status, xlsx.headers['content-disposition']]).toEqual([
      200,
      expect.stringContaining('End of Auction - Evening sale.xlsx'),
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as ArrayBuffer);
    expect(wb.getWorksheet('End of Auction')!.rowCount).toBe(expectedRows(await viewAll()).length + 1);
    const missing = await owner.agent.get(`/app/house/${ref}/eoaReports`);
    expect([missing.status, missing.body.errors]).toEqual([400, { catalogRef: REPORT_DOWNLOADS_TEXT.catalogRef }]);
    expect((await bytes(spec, none)).status).toBe(403);
    expect((await bytes(spec, ownerB)).status).toBe(404);
  });

  it('keeps a title that looks like a formula as text in both files', async () => {
    await q(t, `update lot set title = '=HYPERLINK("http://x")' where id = ?`, [otherSale.lots[0][0]]);
    const csv = await download('csv', owner, otherSale.sessions[0].ref);
    expect((csv.body as Buffer).toString('utf8')).toContain(`"'=HYPERLINK(""http://x"")"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download('xlsx', owner, otherSale.sessions[0].ref)).body as ArrayBuffer);
    const cell = wb.getWorksheet('End of Auction')!.getRow(2).getCell(2);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
  });

  it('streams a large session in keyset batches: every lot once, in lot order, totals to the cent', async () => {
    const big = await seedSale(t.em(), houses.a.id, { bidders: [{ paddle: 70 }], sessions: [{ title: 'Big day', lots: [] }] });
    const catalogId = big.sessions[0].id;
    // 2,500 lots (more than two batches): numbers 1..2400, 40 with a letter, 60 non-numeric; every third sold at n cents.
    await q(
      t,
      `insert into lot (house_id, catalog_id, lot_ref, lot_number, lot_ext, title, description, hammer_cents, winning_approval_id, result_channel)
       select ?, ?, 'LB' || n, case when n <= 2440 then least(n, 2400)::text else 'X' || n end,
              case when n between 2401 and 2440 then chr(64 + n - 2400) end, 'Lot ' || n, '',
              case when n % 3 = 0 then n end, case when n % 3 = 0 then ?::int end, case when n % 3 = 0 then 'INV' end
         from generate_series(1, 2500) n`,
      [houses.a.id, catalogId, big.approvals[0]],
    );
    const res = await download('csv', owner, big.sessions[0].ref);
    const rows: string[][] = parse((res.body as Buffer).toString('utf8'), { bom: true }).slice(1);
    const lotRows = rows.slice(0, -1);
    expect(lotRows).toHaveLength(2500);
    const d = await viewAll(big.sessions[0].ref);
    expect(lotRows.map((r) => r[0])).toEqual(d.lots.map((l: Json) => l.lotNumber));
    expect(lotRows.slice(2398, 2402).map((r) => r[0])).toEqual(['2399', '2400', '2400A', '2400B']);
    expect(lotRows.at(-1)![0]).toBe('X2500');
    const hammer = Array.from({ length: 2500 }, (_, i) => i + 1)
      .filter((n) => n % 3 === 0)
      .reduce((a, n) => a + n, 0);
    expect(d.totals.hammer).toBe(hammer);
    expect(rows.at(-1)!.slice(0, 2)).toEqual(['Total', `2500 lots: ${d.totals.sold} sold, ${d.totals.passed} passed`]);
    expect(rows.at(-1)![6]).toBe((hammer / 100).toFixed(2));
  });

  it('invoices the corrected session to the cent, then locks it (clear message, nothing written)', async () => {
    const d = await viewAll();
    const template = await seedTemplate(t.em(), houses.a.id);
    const created = await postGroup(owner, ref, {
      catalogRefs: [sale.sessions[0].ref],
      groupTitle: 'Evening',
      invoiceSettingsID: template,
    });
    expect(created.status).toBe(200);
    expect((await untilCreated(t, houses.a.id, created.body.data.invoiceGroupID)).status).toBe('completed');
    const { lines, invoices } = await storedInvoices(t, created.body.data.invoiceGroupID);
    const sold = d.lots.filter((l: Json) => l.result === 'Sold');
    expect(lines.map((l) => [l.lot_id, l.hammer_cents, l.premium_cents, l.live_fee_cents, l.channel]).sort()).toEqual(
      sold.map((l: Json) => [l.lotID, l.hammer, l.premium, l.liveFee, l.channel]).sort(),
    );
    const sum = (k: string) => invoices.reduce((s, i) => s + Number(i[k]), 0);
    expect([sum('hammer_total_cents'), sum('premium_total_cents'), sum('live_fee_total_cents')]).toEqual([
      d.totals.hammer,
      d.totals.premium,
      d.totals.liveFee,
    ]);

    const locked = (await view()).body.data;
    expect([locked.locked, locked.lockedReason]).toEqual([true, EOA_TEXT.locked]);
    const before = await auditRows();
    for (const [what, lotId, body] of [
      ['hammer', lots[0], { hammer: '1' }],
      ['buyer', lots[0], { paddle: 12 }],
      ['pass', lots[4], {}],
      // A passed lot of an invoiced session is locked too.
      ['buyer', lots[3], { paddle: 12, hammer: '5' }],
    ] as const) {
      const res = await act(what, lotId, body);
      expect([res.status, res.body.message]).toEqual([409, EOA_TEXT.locked]);
    }
    expect(await auditRows()).toEqual(before);
    expect(await lotRow(lots[3])).toEqual({ winning_approval_id: null, hammer: null, result_channel: null });
  });
});
