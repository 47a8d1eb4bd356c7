import { simpleParser } from 'mailparser';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { readPdfText } from '../../src/modules/invoicing/documents/pdf-text.testing';
import { formatPreviewMoney } from '@ar/rules';
import { createInvoicedGroup, type FactoryGroup } from '../invoice-details/factory';
import { q } from '../invoice-marks/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { MONEY_SALE_PLAN } from '../support/money-sale';
import { createTestApp, TestApp } from '../support/test-app';
import { TestSmtpServer } from '../support/test-smtp-server';

type Json = Record<string, any>;

/**
 * Consignor statements over HTTP on real PostgreSQL and a real SMTP server: the PDF read back with
 * pdf-parse carries every line and total of the settlement to the cent, the mail goes through the
 * outbox to the consignor with the same PDF attached, a consignor without email is refused, and
 * the calls need settlement access and answer 404 for another house's settlement.
 */
describe('settlement statements (PDF and email)', () => {
  const smtp = new TestSmtpServer();
  let t: TestApp;
  let houses: TwoHouses;
  let clerk: SignedIn;
  let invoicesOnly: SignedIn;
  let none: SignedIn;
  let other: SignedIn;
  let g: FactoryGroup;
  let aliceSettlement: number;
  let bobSettlement: number;
  let detail: Json;

  const post = (s: SignedIn, path: string, body: object = {}) => s.agent.post(path).set('X-CSRF-Token', s.csrf).send(body);
  const pdfOf = async (s: SignedIn, path: string) =>
    s.agent
      .get(path)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
  const $ = (cents: number) => formatPreviewMoney(cents, '$');
  const until = async <T>(read: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> => {
    for (let i = 0; i < 100; i++) {
      const v = await read();
      if (done(v)) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  };

  /** Every amount the settlement shows is printed in the PDF's text, each line's in its row order. */
  const expectStatementText = (text: string, s: Json) => {
    const flat = text.replace(/\s+/g, ' ');
    // The buy-in column, and the totals' buy-in, expense and advance lines, only when there are any.
    const buyIn = s.lines.some((l: Json) => l.buyInFeeCents !== 0);
    for (const l of s.lines) {
      const row = [l.hammerCents, l.commissionCents, ...(buyIn ? [l.buyInFeeCents] : []), l.feesCents, l.taxCents, l.netCents]
        .map($)
        .join(' ');
      expect(flat).toContain(row);
    }
    const totals: [string, string][] = [
      ['Hammer total', $(s.hammerCents)],
      ['Commission', $(-s.commissionCents)],
      ...(s.buyInFeeCents ? ([['Buy-in fees', $(-s.buyInFeeCents)]] as [string, string][]) : []),
      ['Lot fees', $(-s.feesCents)],
      ['Tax on commission', $(-s.taxCents)],
      ...(s.expensesCents ? ([['Expenses', $(-s.expensesCents)]] as [string, string][]) : []),
      ...(s.advancesCents ? ([['Advances', $(-s.advancesCents)]] as [string, string][]) : []),
      ['Net due to consignor', $(s.netDueCents)],
      ['Paid so far', $(-s.paidCents)],
      ['Balance due', $(s.balanceCents)],
    ];
    for (const [label, value] of totals) expect(flat).toContain(`${label} ${value}`);
  };

  beforeAll(async () => {
    await smtp.start();
    t = await createTestApp({
      redis: false,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Auctions <office@auctions.example>' },
    });
    houses = await seedTwoHouses(t.em());
    [clerk, invoicesOnly, none, other] = await Promise.all([
      signIn(t.server, 'house-a', 'accessSettlement'),
      signIn(t.server, 'house-a', 'accessInvoices'),
      signIn(t.server, 'house-a', 'none'),
      signIn(t.server, 'house-b', 'owner'),
    ]);
    g = await createInvoicedGroup(t.em(), {
      houseId: houses.a.id,
      title: 'Autumn Fine Art',
      sessions: [{ eventDate: '2025-10-10T23:00:00Z' }],
      bidders: [{ firstName: 'Paid', lastName: 'Buyer' }],
      lots: [
        { bidder: 0, hammer: 125_000, paidDate: '2025-10-20' }, // A
        { bidder: 0, hammer: 8_000, paidDate: '2025-10-20' }, // B: minimum
        { bidder: 0, hammer: 200_000, paidDate: '2025-10-21' }, // D: 12 % override
        { bidder: 0, hammer: 50_000 }, // held: not paid yet
      ],
    });
    const [{ id: unsold }] = await q<{ id: number }>(
      t,
      `insert into lot (house_id, catalog_id, lot_ref, lot_number, title, description, reserve_cents, status)
       values (?, ?, 'LX90', '90', 'A long title of a bought-in lot that wraps over two lines of the statement''s table', '', 40000, 's') returning id`,
      [houses.a.id, g.catalogIds[0]],
    );
    // docs/settlements.md's worked plan.
    const plan = await post(clerk, '/api/commission-plans', MONEY_SALE_PLAN);
    expect(plan.status).toBe(201);
    const alice = (
      await post(clerk, '/api/consignors', {
        name: 'Alice Arden',
        company: 'Arden Estates',
        street1: '1 Elm Street',
        city: 'Springfield',
        state: 'IL',
        postalCode: '62701',
        email: 'alice@example.com',
        taxId: '12-345',
      })
    ).body.id;
    const bob = (await post(clerk, '/api/consignors', { name: 'Bob Brook' })).body.id;
    expect(
      (
        await post(clerk, `/api/consignors/${alice}/lots`, {
          lots: [
            { lotId: g.lotIds[0] },
            { lotId: g.lotIds[1] },
            { lotId: g.lotIds[2], commissionRate: 12_000 },
            { lotId: g.lotIds[3] },
            { lotId: unsold },
          ],
        })
      ).status,
    ).toBe(200);
    const [{ id: bobLot }] = await q<{ id: number }>(
      t,
      `insert into lot (house_id, catalog_id, lot_ref, lot_number, title, description, status) values (?, ?, 'LX91', '91', 'Passed lot', '', 's') returning id`,
      [houses.a.id, g.catalogIds[0]],
    );
    expect((await post(clerk, `/api/consignors/${bob}/lots`, { lots: [{ lotId: bobLot }] })).status).toBe(200);
    const run = await post(clerk, '/api/settlements/for-sale', { saleId: g.auctionGroupId });
    expect(run.status).toBe(200);
    aliceSettlement = run.body.settlements.find((s: Json) => s.consignorId === alice).id;
    bobSettlement = run.body.settlements.find((s: Json) => s.consignorId === bob).id;
    await post(clerk, `/api/settlements/${aliceSettlement}/adjustments`, { kind: 'expense', amountCents: 12_000, note: 'Restoration' });
    await post(clerk, `/api/settlements/${aliceSettlement}/adjustments`, {
      kind: 'advance',
      amountCents: 50_000,
      note: 'Advance in September',
    });
    await post(clerk, `/api/settlements/${aliceSettlement}/ready`);
    const paid = await post(clerk, `/api/settlements/${aliceSettlement}/payouts`, {
      method: 'check',
      reference: 'CHK-1001',
      paidDate: '2025-11-01',
      amountCents: 100_000,
    });
    expect(paid.status).toBe(200);
    detail = paid.body;
    // The worked statement of docs/settlements.md without lot E (passed; Bob's here), less the 1,000.00 paid.
    expect(detail).toMatchObject({ netDueCents: 210_829, paidCents: 100_000, balanceCents: 110_829, heldCount: 1 });
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  describe('GET /api/settlements/:id/statement.pdf', () => {
    it('answers the statement inline, every line and total equal to the settlement to the cent', async () => {
      const res = await pdfOf(clerk, `/api/settlements/${aliceSettlement}/statement.pdf`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename="Statement-S-${aliceSettlement}.pdf"`);
      const pdf = res.body as Buffer;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const { pages } = await readPdfText(pdf);
      const text = pages.join('\n');
      expectStatementText(text, detail);
      // Who, which sale, the held lot's reason, the adjustments' notes and the payout so far.
      for (const s of [
        `S-${aliceSettlement}`,
        'Autumn Fine Art',
        'Alice Arden',
        'Arden Estates',
        '1 Elm Street',
        'Springfield, IL 62701',
        'Tax ID: 12-345',
        'Held: the buyer has not paid yet.',
        'Unsold (bought in)',
        'Restoration',
        'Advance in September',
        'CHK-1001',
        '11/01/2025',
        'All amounts are in USD.',
      ])
        expect(text).toContain(s);
      expect(text.replace(/\s+/g, ' ')).toContain(`Payout Check CHK-1001 ${$(100_000)}`);
    });

    it('a statement without payouts says so', async () => {
      const res = await pdfOf(clerk, `/api/settlements/${bobSettlement}/statement.pdf`);
      expect(res.status).toBe(200);
      const bob = (await clerk.agent.get(`/api/settlements/${bobSettlement}`)).body;
      const text = (await readPdfText(res.body as Buffer)).pages.join('\n');
      expectStatementText(text, bob);
      expect(text).toContain('No payouts yet.');
      expect(text).not.toContain('Buy-in');
    });
  });

  describe('POST /api/settlements/:id/send-statement', () => {
    it("mails the statement to the consignor's email through the outbox, the same PDF attached", async () => {
      const res = await post(clerk, `/api/settlements/${aliceSettlement}/send-statement`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ mailId: expect.any(Number), to: 'alice@example.com', fileName: `Statement-S-${aliceSettlement}.pdf` });
      const [row] = await q<Json>(t, 'select kind, to_address, status, house_id from mail_outbox where id = ?', [res.body.mailId]);
      expect(row).toMatchObject({ kind: 'settlement.statement', to_address: 'alice@example.com', house_id: houses.a.id });
      const mail = await until(
        async () => smtp.received.filter((m) => m.to.includes('alice@example.com')),
        (list) => list.length > 0,
        'the statement mail',
      );
      expect(mail).toHaveLength(1);
      const parsed = await simpleParser(mail[0].raw);
      expect(parsed.subject).toBe(`Statement S-${aliceSettlement} from house-a Auctions`);
      expect(parsed.text).toContain(`Net due to consignor: ${$(210_829)}`);
      expect(parsed.text).toContain(`Balance due: ${$(110_829)}`);
      expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        [`Statement-S-${aliceSettlement}.pdf`, 'application/pdf'],
      ]);
      expectStatementText((await readPdfText(parsed.attachments[0].content)).pages.join('\n'), detail);
      await until(
        async () => (await q<Json>(t, 'select status from mail_outbox where id = ?', [res.body.mailId]))[0].status,
        (s) => s === 'sent',
        'the outbox row to be sent',
      );
    });

    it('refuses a consignor without email with a clear message, queueing nothing', async () => {
      const before = (await q<{ n: number }>(t, 'select count(*)::int as n from mail_outbox'))[0].n;
      const res = await post(clerk, `/api/settlements/${bobSettlement}/send-statement`);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'NO_EMAIL',
        message: 'The consignor has no email address: add one to the consignor to email the statement.',
      });
      expect((await q<{ n: number }>(t, 'select count(*)::int as n from mail_outbox'))[0].n).toBe(before);
    });
  });

  describe('access', () => {
    it('needs settlement access (403), to preview or to send', async () => {
      const before = (await q<{ n: number }>(t, 'select count(*)::int as n from mail_outbox'))[0].n;
      for (const s of [none, invoicesOnly]) {
        const pdf = await s.agent.get(`/api/settlements/${aliceSettlement}/statement.pdf`);
        expect(pdf.status).toBe(403);
        expect(pdf.body.message).toBe(PERMISSION_DENIED_TEXT);
        const sent = await post(s, `/api/settlements/${aliceSettlement}/send-statement`);
        expect(sent.status).toBe(403);
        expect(sent.body.message).toBe(PERMISSION_DENIED_TEXT);
      }
      expect((await q<{ n: number }>(t, 'select count(*)::int as n from mail_outbox'))[0].n).toBe(before);
    });

    it("another house's settlement, an unknown or a malformed id is not found", async () => {
      const before = (await q<{ n: number }>(t, 'select count(*)::int as n from mail_outbox'))[0].n;
      for (const path of [`/api/settlements/${aliceSettlement}`, '/api/settlements/999999', '/api/settlements/abc']) {
        const pdf = await other.agent.get(`${path}/statement.pdf`);
        expect(pdf.status).toBe(404);
        expect(pdf.body.message).toBe('Settlement not found.');
        expect((await post(other, `${path}/send-statement`)).status).toBe(404);
      }
      expect((await post(clerk, '/api/settlements/999999/send-statement')).status).toBe(404);
      expect((await q<{ n: number }>(t, 'select count(*)::int as n from mail_outbox'))[0].n).toBe(before);
    });
  });
});
