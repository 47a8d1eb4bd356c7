import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { SALE_RESULTS_TEXT } from '@ar/rules';
import { MikroORM } from '@mikro-orm/core';
import { REPORT_BATCH_SIZE } from '../../src/core/database/keyset-batches';
import { SALE_RESULTS_EXPORT_HEADER } from '../../src/modules/lots/sale-results/sale-results.export';
import { SaleResultsService } from '../../src/modules/lots/sale-results/sale-results.service';
import { createInvoicedGroup, type FactoryGroup } from '../invoice-details/factory';
import { bidder, post, q } from '../invoice-marks/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

/**
 * Sale results over HTTP on real PostgreSQL (spec 001 "Sale results"; docs/decisions/sale-results.md):
 * the sessions list, lots by buyer with the invoices' numbers to the cent, bidder search, the
 * currency rule, messaging a bidder through the outbox, reports access and tenancy.
 */
describe('sale results', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let ref: string;
  let usd: FactoryGroup;
  let eur: FactoryGroup;
  let other: FactoryGroup;
  let memberRefs: string[];

  const catalogs = (s = owner, houseRef = ref) => s.agent.get(`/app/house/${houseRef}/sessionResults/catalogs`);
  const lots = (body: Json, s = owner, houseRef = ref) => post(s, houseRef, 'sessionResults/lots', body);
  const ok = async (body: Json): Promise<Json> => {
    const res = await lots(body);
    expect(res.status).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    ref = houses.a.houseRef;
    owner = await signIn(t.server, 'house-a', 'owner');
    usd = await createInvoicedGroup(t.em(), {
      houseId: houses.a.id,
      title: 'Autumn sale',
      sessions: [
        { title: 'Day one', eventDate: '2026-10-01T15:00:00Z' },
        { title: 'Day two', eventDate: '2026-10-02T15:00:00Z' },
      ],
      bidders: [
        bidder('Adams', { firstName: 'Alice', email: 'alice@example.com', paddle: 11 }),
        bidder('Brown', { firstName: 'Bob', email: 'bob@example.com', platform: 'Floor', paddle: 12 }),
        bidder('Clark', { firstName: 'Carol', email: null, platform: 'PL', paddle: 13 }),
      ],
      lots: [
        { bidder: 0, hammer: 150_000 },
        { bidder: 1, hammer: 10_000 },
        { session: 1, bidder: 0, hammer: 33_333 },
        { session: 1, bidder: 2, hammer: 5_000 },
      ],
    });
    eur = await createInvoicedGroup(t.em(), {
      houseId: houses.a.id,
      title: 'Euro sale',
      currencyCode: 'EUR',
      sessions: [{ title: 'Euro day', eventDate: '2026-09-01T15:00:00Z' }],
      bidders: [bidder('Dupont', { firstName: 'Dan', email: 'dan@example.com' })],
      lots: [{ bidder: 0, hammer: 20_000 }],
    });
    other = await createInvoicedGroup(t.em(), {
      houseId: houses.b.id,
      sessions: [{ title: 'B day', eventDate: '2026-10-01T15:00:00Z' }],
      bidders: [bidder('Other', { email: 'other@example.com' })],
      lots: [{ bidder: 0, hammer: 1_000 }],
    });
    // A session with no result is not offered.
    await q(
      t,
      `insert into catalog (house_id, group_id, catalog_ref, title, sale_type, event_date) values (?, ?, 'CUNSOLD', 'Unsold day', 'live', now())`,
      [houses.a.id, usd.auctionGroupId],
    );
    memberRefs = (
      await q<{ member_ref: string }>(t, `select member_ref from member where id in (${usd.memberIds.join(', ')}) order by id`)
    ).map((r) => r.member_ref);
  });

  afterAll(() => t?.close());

  const download = (format: string, refs: string[], s = owner, houseRef = ref, search?: string) =>
    s.agent
      .get(`/app/house/${houseRef}/sessionResults/download`)
      .query({ format, catalogRefs: refs.join(','), ...(search ? { search } : {}) })
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
  /** The screen's answer as the rows the file must hold: lots, a total per buyer, the grand total. */
  const expectedRows = (data: Json): string[][] => {
    const money = (c: number) => (c / 100).toFixed(2);
    const titles = new Map(data.catalogHeaders.map((h: Json) => [h.catalogRef, h.title]));
    const out: string[][] = [];
    for (const b of data.groupedData) {
      const who = [String(b.paddleNumber), b.lastName, b.firstName, b.email ?? '', b.channel];
      for (const l of b.items) {
        out.push([
          'Lot',
          titles.get(l.catalogRef) as string,
          `${l.catalogPrefix}-${l.lotNumber}`,
          l.title,
          ...who,
          money(l.hammer),
          money(l.buyPrem),
          money(l.liveFee),
          money(l.payble),
        ]);
      }
      const m = b.memberSums;
      out.push([
        'Buyer total',
        '',
        '',
        `${m.lotCount} ${m.lotCount === 1 ? 'lot' : 'lots'}`,
        ...who,
        money(m.sumHammer),
        money(m.sumBuyPrem),
        money(m.sumLiveFee),
        money(m.sumPayable),
      ]);
    }
    const g = data.grandTotals;
    out.push([
      'Grand total',
      '',
      '',
      `${g.lotCount} lots`,
      '',
      '',
      '',
      '',
      '',
      money(g.hammer),
      money(g.buyPrem),
      money(g.liveFee),
      money(g.payable),
    ]);
    return out;
  };
  const HEADER = [...SALE_RESULTS_EXPORT_HEADER];

  it('downloads the sale results as CSV with the rows and totals of the screen, to the cent', async () => {
    const data = await ok({ catalogRefs: usd.catalogRefs });
    const res = await download('csv', usd.catalogRefs);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Sale Results - 2 sessions.csv"; filename*=UTF-8''Sale%20Results%20-%202%20sessions.csv`,
    );
    const text = (res.body as Buffer).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(text, { bom: true });
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1)).toEqual(expectedRows(data));
    // Alice: 1,500.00 + 333.33, premium 433.33, fee 55.00, payable 2,321.66.
    expect(rows[3].slice(9)).toEqual(['1833.33', '433.33', '55.00', '2321.66']);
    expect(rows.at(-1)![12]).toBe((data.grandTotals.payable / 100).toFixed(2));

    const one = await download('csv', [usd.catalogRefs[0]], owner, ref, 'brown');
    expect(one.headers['content-disposition']).toContain('filename="Sale Results - Day one.csv"');
    const few: string[][] = parse((one.body as Buffer).toString('utf8'), { bom: true });
    expect(few.slice(1).map((r) => [r[0], r[5]])).toEqual([
      ['Lot', 'Brown'],
      ['Buyer total', 'Brown'],
      ['Grand total', ''],
    ]);
  });

  it('downloads the sale results as XLSX, read back with exceljs, amounts as numbers to the cent', async () => {
    const data = await ok({ catalogRefs: usd.catalogRefs });
    const res = await download('xlsx', usd.catalogRefs);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('filename="Sale Results - 2 sessions.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as ArrayBuffer); // exceljs takes a Node Buffer; its types say ArrayBuffer
    const ws = wb.getWorksheet('Sale Results')!;
    const values: unknown[][] = [];
    ws.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]).toEqual(HEADER);
    const asText = values.slice(1).map((r) =>
      HEADER.map((_, i) => {
        const v = r[i];
        if (i >= 9) return (Math.round((v as number) * 100) / 100).toFixed(2);
        return v === undefined || v === null ? '' : String(v);
      }),
    );
    expect(asText).toEqual(expectedRows(data));
    expect(typeof values[1][9]).toBe('number');
    expect(typeof values[1][4]).toBe('number'); // the paddle
    expect(ws.getRow(2).getCell(10).numFmt).toBe('#,##0.00');
  });

  it('refuses bad downloads as the screen does', async () => {
    expect((await download('pdf', usd.catalogRefs)).status).toBe(400);
    const empty = await download('csv', []);
    expect(empty.status).toBe(400);
    const mixed = await download('xlsx', [usd.catalogRefs[0], eur.catalogRefs[0]]);
    expect(mixed.status).toBe(400);
    expect(JSON.parse((mixed.body as Buffer).toString()).errors).toEqual({ catalogRefs: SALE_RESULTS_TEXT.sameCurrency });
    expect((await download('csv', ['CNOPE'])).status).toBe(404);
  });

  it('lists the sessions with results grouped by sale, with their currency', async () => {
    const res = await catalogs();
    expect(res.status).toBe(200);
    expect(res.body.data.groups).toEqual([
      {
        groupRef: usd.auctionGroupId,
        groupName: 'Autumn sale',
        catalogs: [
          {
            catalogRef: usd.catalogRefs[0],
            catalogCurrencyCode: 'USD',
            catalogTitle: 'Day one',
            catalogDateFull: '2026-10-01T15:00:00.000Z',
          },
          {
            catalogRef: usd.catalogRefs[1],
            catalogCurrencyCode: 'USD',
            catalogTitle: 'Day two',
            catalogDateFull: '2026-10-02T15:00:00.000Z',
          },
        ],
      },
      {
        groupRef: eur.auctionGroupId,
        groupName: 'Euro sale',
        catalogs: [
          {
            catalogRef: eur.catalogRefs[0],
            catalogCurrencyCode: 'EUR',
            catalogTitle: 'Euro day',
            catalogDateFull: '2026-09-01T15:00:00.000Z',
          },
        ],
      },
    ]);
  });

  it("groups the selected sessions' lots by buyer with the invoices' numbers to the cent", async () => {
    const data = await ok({ catalogRefs: usd.catalogRefs });
    expect(data.catalogHeaders.map((h: Json) => [h.prefix, h.title])).toEqual([
      ['A', 'Day one'],
      ['B', 'Day two'],
    ]);
    expect(data.currencySymbol).toBe('$');
    expect(data.groupedData.map((b: Json) => [b.lastName, b.paddleNumber, b.channel, b.items.length])).toEqual([
      ['Adams', 11, 'INV', 2],
      ['Brown', 12, 'Floor', 1],
      ['Clark', 13, 'PL', 1],
    ]);
    expect(data.groupedData[0].items.map((i: Json) => i.catalogPrefix)).toEqual(['A', 'B']);
    // Each buyer's sums equal the sums of their invoice's lines.
    for (const [i, b] of data.groupedData.entries()) {
      const [line] = await q<Json>(
        t,
        `select count(*)::int as n, sum(hammer_cents)::int as h, sum(premium_cents)::int as p, sum(live_fee_cents)::int as f
           from invoice_line where invoice_id = ?`,
        [usd.invoiceIds[i]],
      );
      expect(b.memberSums).toEqual({
        lotCount: line.n,
        sumHammer: line.h,
        sumBuyPrem: line.p,
        sumLiveFee: line.f,
        sumPayable: line.h + line.p + line.f,
      });
    }
    // 1,500.00 + 333.33 online: premium 350.00 + 83.33, live fee 3 % 45.00 + 10.00; floor 100.00: premium 25.00, no fee.
    expect(data.groupedData[0].memberSums).toEqual({
      lotCount: 2,
      sumHammer: 183_333,
      sumBuyPrem: 43_333,
      sumLiveFee: 5_500,
      sumPayable: 232_166,
    });
    expect(data.groupedData[1].memberSums.sumLiveFee).toBe(0);
    const sums = data.groupedData.map((b: Json) => b.memberSums);
    const add = (k: string) => sums.reduce((s: number, m: Json) => s + m[k], 0);
    expect(data.grandTotals).toEqual({
      lotCount: 4,
      hammer: add('sumHammer'),
      buyPrem: add('sumBuyPrem'),
      liveFee: add('sumLiveFee'),
      payable: add('sumPayable'),
    });
  });

  it('searches bidders by first name, last name, full name or email', async () => {
    const names = async (search: string) => (await ok({ catalogRefs: usd.catalogRefs, search })).groupedData.map((b: Json) => b.lastName);
    expect(await names('ALI')).toEqual(['Adams']);
    expect(await names('brow')).toEqual(['Brown']);
    expect(await names('Carol Clark')).toEqual(['Clark']);
    expect(await names('bob@example')).toEqual(['Brown']);
    expect(await names('%')).toEqual([]);
    const none = await ok({ catalogRefs: usd.catalogRefs, search: 'nobody' });
    expect(none.grandTotals).toEqual({ lotCount: 0, hammer: 0, buyPrem: 0, liveFee: 0, payable: 0 });
  });

  it('refuses sessions of different currencies, an empty selection and sessions not of the house', async () => {
    const mixed = await lots({ catalogRefs: [usd.catalogRefs[0], eur.catalogRefs[0]] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors).toEqual({ catalogRefs: SALE_RESULTS_TEXT.sameCurrency });
    const empty = await lots({ catalogRefs: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.catalogRefs).toBe(SALE_RESULTS_TEXT.selectSessions);
    expect((await lots({ catalogRefs: [usd.catalogRefs[0], other.catalogRefs[0]] })).status).toBe(404);
    expect((await lots({ catalogRefs: ['CNOPE'] })).status).toBe(404);
    expect((await lots({ catalogRefs: usd.catalogRefs, extra: 1 })).status).toBe(400);
  });

  it('sends a message to a bidder through the mail outbox', async () => {
    const blank = await post(owner, ref, 'message', { userRef: memberRefs[0], subject: ' ', message: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ subject: SALE_RESULTS_TEXT.subjectRequired, message: SALE_RESULTS_TEXT.messageRequired });

    const res = await post(owner, ref, 'message', {
      houseUserRef: owner.user.userRef,
      userRef: memberRefs[0],
      subject: 'Your lots',
      message: 'Thank you for bidding.',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ success: true, mail: { to: 'alice@example.com' } });
    const [mail] = await q<Json>(t, 'select house_id, kind, to_address, subject, text_body from mail_outbox where id = ?', [
      res.body.data.mail.id,
    ]);
    expect(mail).toMatchObject({
      house_id: houses.a.id,
      kind: 'sale-results.message',
      to_address: 'alice@example.com',
      subject: 'Your lots',
    });
    expect(mail.text_body).toContain('Thank you for bidding.');

    expect((await post(owner, ref, 'message', { userRef: memberRefs[2], subject: 's', message: 'm' })).status).toBe(409);
    const otherRef = (await q<{ member_ref: string }>(t, 'select member_ref from member where id = ?', [other.memberIds[0]]))[0].member_ref;
    expect((await post(owner, ref, 'message', { userRef: otherRef, subject: 's', message: 'm' })).status).toBe(404);
    expect((await post(owner, ref, 'message', { houseUserRef: 'UNOPE', userRef: memberRefs[0], subject: 's', message: 'm' })).status).toBe(
      403,
    );
  });

  it('needs reports access', async () => {
    const none = await signIn(t.server, 'house-a', 'accessInvoices');
    expect((await catalogs(none)).status).toBe(403);
    expect((await lots({ catalogRefs: usd.catalogRefs }, none)).status).toBe(403);
    expect((await post(none, ref, 'message', { userRef: memberRefs[0], subject: 's', message: 'm' })).status).toBe(403);
    expect((await download('csv', usd.catalogRefs, none)).status).toBe(403);
    expect((await download('xlsx', usd.catalogRefs, none)).status).toBe(403);
    const reports = await signIn(t.server, 'house-a', 'accessReports');
    expect((await catalogs(reports)).status).toBe(200);
  });

  it("answers 404 for another house's houseRef and never lists its sessions", async () => {
    const b = await signIn(t.server, 'house-b', 'owner');
    expect((await catalogs(b, ref)).status).toBe(404);
    expect((await lots({ catalogRefs: usd.catalogRefs }, b, ref)).status).toBe(404);
    expect((await lots({ catalogRefs: usd.catalogRefs }, b, houses.b.houseRef)).status).toBe(404);
    expect((await download('csv', usd.catalogRefs, b, ref)).status).toBe(404);
    expect((await download('xlsx', usd.catalogRefs, b, houses.b.houseRef)).status).toBe(404);
    expect((await download('csv', [usd.catalogRefs[0], other.catalogRefs[0]], b, houses.b.houseRef)).status).toBe(404);
    const mine = await download('csv', other.catalogRefs, b, houses.b.houseRef);
    expect(mine.status).toBe(200);
    expect((mine.body as Buffer).toString()).not.toContain('Adams');
    const own = await catalogs(b, houses.b.houseRef);
    expect(own.body.data.groups.map((g: Json) => g.catalogs.map((c: Json) => c.catalogRef))).toEqual([[other.catalogRefs[0]]]);
    expect((await post(b, houses.b.houseRef, 'message', { userRef: memberRefs[0], subject: 's', message: 'm' })).status).toBe(404);
  });

  describe('a 10,000-lot session', () => {
    const n = 10_000;
    let huge: FactoryGroup;
    /** The invoices' sums per paddle and in all (cents), what the file's buyer and grand totals must equal. */
    let invoiced: Map<number, number[]>;
    let all: number[];

    beforeAll(async () => {
      huge = await createInvoicedGroup(t.em(), {
        houseId: houses.a.id,
        title: 'Huge sale',
        sessions: [{ title: 'Huge day', eventDate: '2026-11-05T15:00:00Z' }],
        bidders: Array.from({ length: 1_000 }, (_, i) =>
          bidder(`Huge${String(i).padStart(4, '0')}`, { paddle: i + 1, platform: (['INV', 'PL', 'Floor'] as const)[i % 3] }),
        ),
        // Hammers with odd cents, so premiums and live fees round per lot.
        lots: Array.from({ length: n }, (_, i) => ({ bidder: i % 1_000, hammer: 3_333 + 17 * i })),
      });
      const rows = await q<Json>(
        t,
        `select a.paddle_number as paddle, sum(i.hammer_total_cents)::bigint as h, sum(i.premium_total_cents)::bigint as p,
                sum(i.live_fee_total_cents)::bigint as f
           from invoice i join approval a on a.id = i.approval_id where i.group_id = ? group by a.paddle_number`,
        [huge.groupId],
      );
      invoiced = new Map(
        rows.map((r) => [Number(r.paddle), [Number(r.h), Number(r.p), Number(r.f), Number(r.h) + Number(r.p) + Number(r.f)]]),
      );
      all = [0, 1, 2, 3].map((k) => [...invoiced.values()].reduce((s, v) => s + v[k], 0));
    });

    /** Buyer total rows and the grand total row, amounts as cents. */
    const check = (rows: (string | number | null)[][]) => {
      const cents = (v: unknown) => Math.round(Number(v) * 100);
      expect(rows.filter((r) => r[0] === 'Lot')).toHaveLength(n);
      const buyers = rows.filter((r) => r[0] === 'Buyer total');
      expect(buyers).toHaveLength(1_000);
      for (const b of buyers) expect(b.slice(9).map(cents)).toEqual(invoiced.get(Number(b[4])));
      const grand = rows.at(-1)!;
      expect(grand.slice(0, 4)).toEqual(['Grand total', '', '', '10000 lots']);
      expect(grand.slice(9).map(cents)).toEqual(all);
    };

    it('downloads it as CSV and XLSX whose buyer and grand totals equal the invoices to the cent', async () => {
      const csv = await download('csv', huge.catalogRefs);
      expect(csv.status).toBe(200);
      const parsed: string[][] = parse((csv.body as Buffer).toString('utf8'), { bom: true });
      expect(parsed[0]).toEqual(HEADER);
      expect(parsed).toHaveLength(1 + n + 1_000 + 1);
      // Buyers by name, each buyer's lots then their total row.
      expect(parsed.slice(1, 12).map((r) => [r[0], r[5]])).toEqual([
        ...Array.from({ length: 10 }, () => ['Lot', 'Huge0000']),
        ['Buyer total', 'Huge0000'],
      ]);
      check(parsed.slice(1));

      const xlsx = await download('xlsx', huge.catalogRefs);
      expect(xlsx.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.body as ArrayBuffer); // exceljs takes a Node Buffer; its types say ArrayBuffer
      const ws = wb.getWorksheet('Sale Results')!;
      const rows: (string | number | null)[][] = [];
      ws.eachRow((row) => rows.push(HEADER.map((_, i) => (row.getCell(i + 1).value ?? '') as string | number)));
      expect(rows[0]).toEqual(HEADER);
      check(rows.slice(1));
    });

    it('reads the sold lots a batch at a time, only as the file is written', async () => {
      // Count the rows of every query the download makes (the connection is the application's own).
      const conn = t.app.get(MikroORM).em.getConnection() as unknown as { execute: (...a: unknown[]) => Promise<unknown> };
      const original = conn.execute;
      const sizes: number[] = [];
      conn.execute = async function (this: unknown, ...a: unknown[]) {
        const rows = await original.apply(this, a);
        if (Array.isArray(rows)) sizes.push(rows.length);
        return rows;
      };
      try {
        const file = await t.app.get(SaleResultsService).download(houses.a.id, { catalogRefs: huge.catalogRefs, search: null });
        // The selection and the sale's charging (its group and two premium steps); no lot yet.
        expect(sizes).toEqual([1, 1, 2]);
        const rows = (file.table.rows as AsyncIterable<unknown>)[Symbol.asyncIterator]();
        expect((await rows.next()).done).toBe(false);
        expect(sizes.slice(3)).toEqual([REPORT_BATCH_SIZE]);
        let count = 1;
        while (!(await rows.next()).done) count++;
        expect(count).toBe(n + 1_000 + 1);
        // 20 batches of 500 and the empty read that ends them: never more than one batch at once.
        expect(sizes.slice(3)).toEqual([...Array.from({ length: n / REPORT_BATCH_SIZE }, () => REPORT_BATCH_SIZE), 0]);
      } finally {
        conn.execute = original;
      }
    });
  });
});
