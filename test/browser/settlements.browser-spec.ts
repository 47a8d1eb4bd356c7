import request from 'supertest';
import type { Page } from 'playwright-core';
import { readPdfText } from '../../src/modules/invoicing/documents/pdf-text.testing';
import { createInvoicedGroup } from '../invoice-details/factory';
import { bidder, q } from '../invoice-marks/support';
import {
  DEMO_PASSWORD,
  describeIfChromium,
  ensureAdminBuilt,
  openBrowser,
  screenshot,
  signInAs,
  signInThroughUi,
  type OpenedBrowser,
} from '../support/browser';
import { startTestServer } from '../support/test-app';

// Consignor settlements (issue 17) in Chromium against one real server on the demo house (one boot
// for both describes; each seeds its own sale, consignor and plan, the second after the first's
// tests, so the list's totals are the first's alone):
// - a sale with consigned, paid lots; create its settlements from the list, open one, mark it ready,
//   then paid (check number, date, amount), and see it paid; the demo clerk (invoices only) is refused;
// - the settlement detail's editing screens: a lot's commission override on the draft (refused past
//   100 %, then saved: the line, the totals and the history change), an expense (the net due
//   changes), mark paid, then a correction row on the paid settlement; the statement PDF shows the
//   expense and the correction with their reasons.

jest.setTimeout(120_000);

describeIfChromium('Settlements (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    page = browser.page;
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  describe('list, ready, paid, refused', () => {
    let saleId: number;

    beforeAll(async () => {
      const t = server.testApp;
      const [house] = await q(t, `select id from house where house_user_name = 'demo'`);
      const sale = await createInvoicedGroup(t.em(), {
        houseId: house.id,
        title: 'Browser Consigned Sale',
        sessions: [{ title: 'Consigned session', eventDate: new Date(Date.now() - 10 * 86_400_000).toISOString() }],
        bidders: [bidder('Payer', { firstName: 'Pat', email: 'pat@browser.example', paddle: 81 })],
        lots: [
          { bidder: 0, hammer: 125_000, title: 'Oak bureau', paidDate: '2025-10-20' },
          { bidder: 0, hammer: 8_000, title: 'Brass lamp', paidDate: '2025-10-20' },
        ],
      });
      saleId = sale.auctionGroupId;
      // The plan and the consignor through the calls, as a house would set them up.
      const agent = request.agent(server.baseUrl);
      const login = await agent.post('/api/auth/login').send({ house: 'demo', username: 'owner', password: DEMO_PASSWORD });
      const csrf = login.body.data.csrfToken as string;
      const post = (path: string, body: object) => agent.post(path).set('X-CSRF-Token', csrf).send(body);
      const plan = await post('/api/commission-plans', { name: 'Browser plan', tiers: [{ fromCents: 0, toCents: null, rate: 15_000 }] });
      expect(plan.status).toBe(201);
      const ann = await post('/api/consignors', { name: 'Ann Ashby', commissionPlanId: plan.body.id });
      expect(ann.status).toBe(201);
      expect((await post(`/api/consignors/${ann.body.id}/lots`, { lots: sale.lotIds.map((lotId) => ({ lotId })) })).status).toBe(200);
      await signInAs(page, server.baseUrl, 'demo', 'owner');
    }, 300_000);

    it('creates the settlements of a sale from the list', async () => {
      await page.getByRole('button', { name: 'Reports' }).click();
      await page.getByRole('menuitem', { name: 'Consignor Settlements' }).click();
      await page.waitForURL('**/ar/settlements');
      await page.getByTestId('create-for-sale').click();
      const dialog = page.getByTestId('for-sale-dialog');
      await dialog.getByLabel('Sale').click();
      await page.getByRole('option', { name: 'Browser Consigned Sale' }).click();
      await page.getByTestId('for-sale-save').click();
      // 1,330.00 hammer - 15 % = 1,130.50 net due.
      await page.getByTestId('run-result').getByText('Ann Ashby: net due $1,130.50').waitFor();
      await page.getByTestId('settlements-table').getByText('Ann Ashby').waitFor();
      await page.getByTestId('total-net-due').getByText('$1,130.50').waitFor();
      expect(await q(server.testApp, 'select status from settlement where auction_group_id = ?', [saleId])).toEqual([{ status: 'draft' }]);
      await screenshot(page, 'settlements-list-1440');
      await page.setViewportSize({ width: 1024, height: 800 });
      await screenshot(page, 'settlements-list-1024');
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    it('opens one, marks it ready, then paid, and shows it paid', async () => {
      await page.getByTestId('settlements-table').getByText('Ann Ashby').click();
      await page.waitForURL(/\/ar\/settlements\/\d+$/);
      await page.getByTestId('settlement-lines').getByText('Oak bureau').waitFor();
      await page.getByTestId('net-due').getByText('$1,130.50').waitFor();
      await page.getByTestId('mark-ready').click();
      await page.getByTestId('settlement-status').getByText('Ready').waitFor();
      await page.getByTestId('mark-paid').click();
      const dialog = page.getByTestId('mark-paid-dialog');
      expect(await dialog.getByTestId('mark-paid-amount').inputValue()).toBe('1,130.50');
      await dialog.getByTestId('mark-paid-reference').fill('CHK-2001');
      await dialog.getByTestId('mark-paid-date').fill('2025-11-03');
      await screenshot(page, 'settlement-mark-paid-1440');
      await page.getByTestId('mark-paid-save').click();
      await page.getByTestId('settlement-status').getByText('Paid').waitFor();
      await page.getByTestId('settlement-payouts').getByText('CHK-2001').waitFor();
      await page.getByTestId('balance').getByText('$0.00').waitFor();
      expect(await page.getByTestId('mark-paid').count()).toBe(0);
      const [row] = await q(server.testApp, 'select status, paid_cents from settlement where auction_group_id = ?', [saleId]);
      expect(row).toMatchObject({ status: 'paid' });
      expect(Number(row.paid_cents)).toBe(113_050);
      await screenshot(page, 'settlement-paid-1440');
      await page.setViewportSize({ width: 1024, height: 800 });
      await screenshot(page, 'settlement-paid-1024');
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    it('refuses a user without settlement access, and hides the menu entry', async () => {
      await page.context().clearCookies();
      await signInAs(page, server.baseUrl, 'demo', 'clerk');
      await page.getByRole('button', { name: 'Reports' }).click();
      await page.getByRole('menuitem').first().waitFor();
      expect(await page.getByRole('menuitem', { name: 'Consignor Settlements' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await page.goto(`${server.baseUrl}/ar/settlements`);
      await page.getByTestId('permission-denied').waitFor();
      expect(await page.getByTestId('settlements-table').count()).toBe(0);
    });
  });

  describe('overrides, adjustments and corrections', () => {
    let settlementId: number;
    let lotA: number;

    beforeAll(async () => {
      const t = server.testApp;
      const [house] = await q(t, `select id from house where house_user_name = 'demo'`);
      const sale = await createInvoicedGroup(t.em(), {
        houseId: house.id,
        title: 'Adjustments Sale',
        sessions: [{ title: 'Adjustments session', eventDate: new Date(Date.now() - 10 * 86_400_000).toISOString() }],
        bidders: [bidder('Payer', { firstName: 'Pam', email: 'pam@browser.example', paddle: 83 })],
        lots: [
          { bidder: 0, hammer: 100_000, title: 'Walnut desk', paidDate: '2025-10-20' },
          { bidder: 0, hammer: 50_000, title: 'Silver jug', paidDate: '2025-10-20' },
        ],
      });
      lotA = sale.lotIds[0];
      const agent = request.agent(server.baseUrl);
      const login = await agent.post('/api/auth/login').send({ house: 'demo', username: 'owner', password: DEMO_PASSWORD });
      const post = (path: string, body: object) =>
        agent
          .post(path)
          .set('X-CSRF-Token', login.body.data.csrfToken as string)
          .send(body);
      const plan = await post('/api/commission-plans', { name: 'Flat 15', tiers: [{ fromCents: 0, toCents: null, rate: 15_000 }] });
      const cara = await post('/api/consignors', { name: 'Cara Cole', commissionPlanId: plan.body.id });
      await post(`/api/consignors/${cara.body.id}/lots`, { lots: sale.lotIds.map((lotId) => ({ lotId })) });
      const run = await post('/api/settlements/for-sale', { saleId: sale.auctionGroupId });
      expect(run.status).toBe(200);
      settlementId = run.body.settlements[0].id;
      // The settlements above end signed in as the clerk.
      await page.context().clearCookies();
      await signInThroughUi(page, server.baseUrl, 'demo', 'owner');
    }, 300_000);

    it("overrides a lot's commission on the draft: validated, then the line, totals and history change", async () => {
      await page.goto(`${server.baseUrl}/ar/settlements/${settlementId}`);
      // 1,500.00 hammer - 15 % = 1,275.00.
      await page.getByTestId('net-due').getByText('$1,275.00').waitFor();
      await page.getByTestId(`override-${lotA}`).click();
      const dialog = page.getByTestId('lot-override-dialog');
      await dialog.getByText('Walnut desk: hammer $1,000.00, commission $150.00').waitFor();
      await dialog.getByLabel('A rate of the hammer').check();
      await dialog.getByTestId('lot-override-rate').fill('150');
      await page.getByTestId('lot-override-save').click();
      await dialog.getByText('Enter a rate from 0 % to 100 % with at most three decimals.').waitFor();
      await dialog.getByTestId('lot-override-rate').fill('10');
      await dialog.getByTestId('lot-override-note').fill('Agreed on the phone');
      await screenshot(page, 'settlement-lot-override-1440');
      await page.getByTestId('lot-override-save').click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId(`commission-${lotA}`).getByText('$100.00').waitFor();
      await page.getByTestId(`override-chip-${lotA}`).getByText('10 %').waitFor();
      await page.getByTestId('net-due').getByText('$1,325.00').waitFor();
      const history = page.getByTestId('settlement-history');
      await history.getByText('commission: plan -> 10 %').waitFor();
      await history.getByText('Agreed on the phone').waitFor();
      expect(await q(server.testApp, 'select rate from lot_commission_override where lot_id = ?', [lotA])).toEqual([{ rate: 10_000 }]);
    });

    it('adds an expense: the totals change and the row names its reason', async () => {
      await page.getByTestId('add-adjustment').click();
      const dialog = page.getByTestId('adjustment-dialog');
      await dialog.getByTestId('adjustment-amount').fill('42.555');
      await page.getByTestId('adjustment-save').click();
      await dialog.getByText('Enter an amount above 0.00 with at most two decimals.').first().waitFor();
      await dialog.getByTestId('adjustment-amount').fill('42.50');
      await dialog.getByTestId('adjustment-note').fill('Reframing the desk mirror');
      await page.getByTestId('adjustment-save').click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('net-due').getByText('$1,282.50').waitFor();
      const card = page.getByTestId('settlement-adjustments');
      await card.getByText('Reframing the desk mirror').waitFor();
      await card.getByText('-$42.50').waitFor();
      await screenshot(page, 'settlement-adjustment-added-1440');
    });

    it('once paid, only a correction row: it reopens the balance and the statement shows it all', async () => {
      await page.getByTestId('mark-ready').click();
      await page.getByTestId('add-correction').waitFor();
      expect(await page.getByTestId('add-adjustment').count()).toBe(0);
      expect(await page.getByTestId(`override-${lotA}`).count()).toBe(0);
      await page.getByTestId('mark-paid').click();
      await page.getByTestId('mark-paid-reference').fill('CHK-3001');
      await page.getByTestId('mark-paid-save').click();
      await page.getByTestId('settlement-status').getByText('Paid').waitFor();

      await page.getByTestId('add-correction').click();
      const dialog = page.getByTestId('correction-dialog');
      await dialog.getByTestId('correction-amount').fill('-10.00');
      await dialog.getByTestId('correction-reference').fill('CHK-3001');
      await page.getByTestId('correction-save').click();
      await dialog.getByText('Say why: the note is kept with the row.').waitFor();
      await dialog.getByTestId('correction-note').fill('Check written 10.00 over');
      await screenshot(page, 'settlement-correction-1440');
      await page.getByTestId('correction-save').click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('balance').getByText('$10.00').waitFor();
      await page.getByTestId('settlement-status').getByText('Ready').waitFor();
      await page.getByTestId('settlement-payouts').getByText('Check written 10.00 over').waitFor();
      await screenshot(page, 'settlement-corrected-1440');

      await page.getByTestId('preview-statement').click();
      const href = await page.getByTestId('statement-open').getAttribute('href');
      const pdf = await page.request.get(`${server.baseUrl}${href}`);
      expect(pdf.status()).toBe(200);
      const text = (await readPdfText(await pdf.body())).pages.join('\n').replace(/\s+/g, ' ');
      expect(text).toContain('Expense Reframing the desk mirror -$42.50');
      expect(text).toContain('Correction: Check written 10.00 over');
      expect(text).toContain('$1,000.00 $100.00'); // the desk at its overridden 10 %
      expect(text).toContain('Walnut desk Commission agreed: 10 %');
      expect(text).toContain('Net due to consignor $1,282.50');
      expect(text).toContain('Balance due $10.00');
    });
  });
});
