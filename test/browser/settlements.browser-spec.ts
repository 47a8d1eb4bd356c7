import request from 'supertest';
import type { Page } from 'playwright-core';
import { createInvoicedGroup } from '../invoice-details/factory';
import { bidder, q } from '../invoice-marks/support';
import {
  DEMO_PASSWORD,
  describeIfChromium,
  ensureAdminBuilt,
  openBrowser,
  screenshot,
  signInAs,
  type OpenedBrowser,
} from '../support/browser';
import { startTestServer } from '../support/test-app';

// Consignor settlements (issue 17) in Chromium against the real server on the demo house: a sale
// with consigned, paid lots; create its settlements from the list, open one, mark it ready, then
// paid (check number, date, amount), and see it paid; the demo clerk (invoices only) is refused.

jest.setTimeout(120_000);

describeIfChromium('Settlements (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let saleId: number;

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
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
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    page = browser.page;
    await signInAs(page, server.baseUrl, 'demo', 'owner');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

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
