import request from 'supertest';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { readPdfText } from '../../src/modules/invoicing/documents/pdf-text.testing';
import { createInvoicedGroup } from '../invoice-details/factory';
import { bidder, q } from '../invoice-marks/support';
import {
  DEMO_PASSWORD,
  describeIfChromium,
  ensureAdminBuilt,
  openBrowser,
  type OpenedBrowser,
  screenshot,
  signInByCall,
} from '../support/browser';
import { startTestServer } from '../support/test-app';
import { TestSmtpServer } from '../support/test-smtp-server';

// Consignor statements (issue 17) in Chromium against the real server on the demo house and a real
// SMTP server: open a settlement, preview its statement PDF (the amounts read back from the PDF the
// page loaded), email it (the mail with the PDF arrives), and see a consignor without email refused.

jest.setTimeout(120_000);

describeIfChromium('Settlement statements (browser)', () => {
  const smtp = new TestSmtpServer();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let annSettlement: number;
  let benSettlement: number;

  beforeAll(async () => {
    ensureAdminBuilt();
    await smtp.start();
    server = await startTestServer({
      redis: false,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Auctions <office@auctions.example>' },
    });
    const t = server.testApp;
    const [house] = await q(t, `select id from house where house_user_name = 'demo'`);
    const sale = await createInvoicedGroup(t.em(), {
      houseId: house.id,
      title: 'Statement Sale',
      sessions: [{ title: 'Statement session', eventDate: new Date(Date.now() - 10 * 86_400_000).toISOString() }],
      bidders: [bidder('Payer', { firstName: 'Pat', email: 'pat@browser.example', paddle: 82 })],
      lots: [
        { bidder: 0, hammer: 125_000, title: 'Oak bureau', paidDate: '2025-10-20' },
        { bidder: 0, hammer: 8_000, title: 'Brass lamp', paidDate: '2025-10-20' },
        { bidder: 0, hammer: 20_000, title: 'Pine chest', paidDate: '2025-10-20' },
      ],
    });
    const agent = request.agent(server.baseUrl);
    const login = await agent.post('/api/auth/login').send({ house: 'demo', username: 'owner', password: DEMO_PASSWORD });
    const csrf = login.body.data.csrfToken as string;
    const post = (path: string, body: object) => agent.post(path).set('X-CSRF-Token', csrf).send(body);
    const plan = await post('/api/commission-plans', { name: 'Statement plan', tiers: [{ fromCents: 0, toCents: null, rate: 15_000 }] });
    expect(plan.status).toBe(201);
    const ann = await post('/api/consignors', { name: 'Ann Ashby', email: 'ann@consignor.example', commissionPlanId: plan.body.id });
    const ben = await post('/api/consignors', { name: 'Ben Boyd', commissionPlanId: plan.body.id });
    expect((await post(`/api/consignors/${ann.body.id}/lots`, { lots: sale.lotIds.slice(0, 2).map((lotId) => ({ lotId })) })).status).toBe(
      200,
    );
    expect((await post(`/api/consignors/${ben.body.id}/lots`, { lots: [{ lotId: sale.lotIds[2] }] })).status).toBe(200);
    const run = await post('/api/settlements/for-sale', { saleId: sale.auctionGroupId });
    expect(run.status).toBe(200);
    annSettlement = run.body.settlements.find((s: { consignorId: number }) => s.consignorId === ann.body.id).id;
    benSettlement = run.body.settlements.find((s: { consignorId: number }) => s.consignorId === ben.body.id).id;
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'owner');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp.stop();
  });

  it('opens a settlement and previews its statement PDF, the amounts equal to the page', async () => {
    await page.goto(`${server.baseUrl}/ar/settlements/${annSettlement}`);
    await page.getByTestId('settlement-lines').getByText('Oak bureau').waitFor();
    // 1,330.00 hammer - 15 % = 1,130.50 net due.
    await page.getByTestId('net-due').getByText('$1,130.50').waitFor();
    const loaded = page.waitForResponse((r) => r.url().endsWith(`/api/settlements/${annSettlement}/statement.pdf`));
    await page.getByTestId('preview-statement').click();
    const res = await loaded;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect(res.headers()['content-disposition']).toContain('inline');
    // The PDF the dialog shows, read again with the page's session (the viewer's own fetch may be partial).
    await page.getByTestId('statement-frame').waitFor();
    const href = await page.getByTestId('statement-open').getAttribute('href');
    expect(href).toBe(`/api/settlements/${annSettlement}/statement.pdf`);
    const pdf = await page.request.get(`${server.baseUrl}${href}`);
    expect(pdf.status()).toBe(200);
    const text = (await readPdfText(await pdf.body())).pages.join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Ann Ashby');
    expect(text).toContain('Statement Sale');
    expect(text).toContain('$1,250.00 $187.50 $0.00 $0.00 $1,062.50'); // Oak bureau: hammer, commission, fees, tax, net
    expect(text).toContain('Net due to consignor $1,130.50');
    expect(text).toContain('Balance due $1,130.50');
    await page.waitForTimeout(1000); // the PDF viewer draws the page
    await screenshot(page, 'settlement-statement-preview-1440');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('statement-preview').waitFor({ state: 'hidden' });
  });

  it('emails the statement to the consignor; the mail arrives with the PDF', async () => {
    await page.getByTestId('email-statement').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText(`Email statement S-${annSettlement} to Ann Ashby, with the PDF attached?`).waitFor();
    await screenshot(page, 'settlement-statement-email-1440');
    await dialog.getByTestId('confirm-ok').click();
    await page.getByTestId('app-alert').getByText(`Statement S-${annSettlement} emailed to ann@consignor.example.`).waitFor();
    await screenshot(page, 'settlement-statement-emailed-1440');
    let mail = smtp.received.find((m) => m.to.includes('ann@consignor.example'));
    for (let i = 0; !mail && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 100));
      mail = smtp.received.find((m) => m.to.includes('ann@consignor.example'));
    }
    expect(mail).toBeDefined();
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.attachments.map((a) => a.filename)).toEqual([`Statement-S-${annSettlement}.pdf`]);
    const text = (await readPdfText(parsed.attachments[0].content)).pages.join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Net due to consignor $1,130.50');
  });

  it("a consignor without email is refused with the server's message, nothing queued", async () => {
    await page.goto(`${server.baseUrl}/ar/settlements/${benSettlement}`);
    await page.getByTestId('settlement-consignor').getByText('Ben Boyd').waitFor();
    await page.getByTestId('email-statement').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByTestId('confirm-ok').click();
    await dialog.getByText('The consignor has no email address: add one to the consignor to email the statement.').waitFor();
    await screenshot(page, 'settlement-statement-no-email-1440');
    expect(await q(server.testApp, `select count(*)::int as n from mail_outbox where kind = 'settlement.statement'`)).toEqual([{ n: 1 }]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
