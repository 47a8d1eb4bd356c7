import request from 'supertest';
import type { Page } from 'playwright-core';
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

// The settlement screens (issue 17) in Chromium against the real server (Bull on Redis) on the demo
// house: create a consignor (the server's message beside a wrong email), a tiered house-default plan,
// then the settlements of a sale as a job with its progress, and the totals of the whole list.

jest.setTimeout(120_000);

describeIfChromium('Settlement screens (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let sale: Awaited<ReturnType<typeof createInvoicedGroup>>;
  let post: (path: string, body: object) => request.Test;

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer();
    const t = server.testApp;
    const [house] = await q(t, `select id from house where house_user_name = 'demo'`);
    sale = await createInvoicedGroup(t.em(), {
      houseId: house.id,
      title: 'Screens Consigned Sale',
      sessions: [{ title: 'Consigned session', eventDate: new Date(Date.now() - 10 * 86_400_000).toISOString() }],
      bidders: [bidder('Payer', { firstName: 'Pat', email: 'pat@screens.example', paddle: 82 })],
      lots: [
        { bidder: 0, hammer: 125_000, title: 'Oak bureau', paidDate: '2025-10-20' },
        { bidder: 0, hammer: 8_000, title: 'Brass lamp', paidDate: '2025-10-20' },
      ],
    });
    const agent = request.agent(server.baseUrl);
    const login = await agent.post('/api/auth/login').send({ house: 'demo', username: 'owner', password: DEMO_PASSWORD });
    const csrf = login.body.data.csrfToken as string;
    post = (path, body) => agent.post(path).set('X-CSRF-Token', csrf).send(body);
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'owner');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('creates a consignor, showing the server message beside a wrong field', async () => {
    await page.goto(`${server.baseUrl}/ar/settlements`);
    await page.getByTestId('open-consignors').click();
    await page.waitForURL('**/ar/settlements/consignors');
    await page.getByTestId('new-consignor').click();
    const dialog = page.getByTestId('consignor-dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Cora Chen');
    await dialog.getByLabel('Company').fill('Chen Estates');
    await dialog.getByLabel('Email').fill('not-an-address');
    await page.getByTestId('consignor-save').click();
    await dialog.getByText('Email is not a valid address.').first().waitFor();
    await screenshot(page, 'consignor-dialog-error-1440');
    await dialog.getByLabel('Email').fill('cora@chen.example');
    await page.getByTestId('consignor-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('consignors-table').getByText('Cora Chen').waitFor();
    await screenshot(page, 'consignors-list-1440');
  });

  it('creates a tiered plan (marginal tiers, minimum, fees, tax)', async () => {
    await page.goto(`${server.baseUrl}/ar/settlements/plans`);
    await page.getByTestId('new-plan').click();
    const dialog = page.getByTestId('plan-dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Tiered house plan');
    await dialog.getByLabel('Applies to').click();
    await page.getByRole('option', { name: 'House default' }).click();
    // A second tier with no end, and a first one without its end: the form names the field.
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByLabel('Rate %').nth(0).fill('15');
    await dialog.getByLabel('Rate %').nth(1).fill('10');
    await page.getByTestId('plan-save').click();
    await dialog.getByText('Enter where this tier ends, above where it starts (blank for the last tier).').waitFor();
    await dialog.getByLabel('Up to (blank: and above)').nth(0).fill('1,000.00');
    await dialog.getByLabel('Minimum commission per lot').fill('25');
    await dialog.getByLabel('Lotting fee per lot').fill('5');
    await dialog.getByLabel('Tax on commission %').fill('0');
    await screenshot(page, 'plan-dialog-1440');
    await page.getByTestId('plan-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('plans-table').getByText('0.00-1,000.00 @ 15 %, 1,000.00+ @ 10 %').waitFor();
    await screenshot(page, 'plans-list-1440');
    const [plan] = await q(
      server.testApp,
      `select tiers, minimum_commission_cents, lotting_fee_cents from commission_plan where name = 'Tiered house plan'`,
    );
    expect(plan.tiers).toEqual([
      { fromCents: 0, toCents: 100_000, rate: 15_000 },
      { fromCents: 100_000, toCents: null, rate: 10_000 },
    ]);
    expect(Number(plan.minimum_commission_cents)).toBe(2_500);
    expect(Number(plan.lotting_fee_cents)).toBe(500);
  });

  it('creates the settlements of a sale as a job with progress, and totals the whole list', async () => {
    const [cora] = await q(server.testApp, `select id from consignor where name = 'Cora Chen'`);
    expect((await post(`/api/consignors/${cora.id}/lots`, { lots: sale.lotIds.map((lotId) => ({ lotId })) })).status).toBe(200);
    await page.goto(`${server.baseUrl}/ar/settlements`);
    await page.getByTestId('create-for-sale').click();
    const dialog = page.getByTestId('for-sale-dialog');
    await dialog.getByLabel('Sale').click();
    await page.getByRole('option', { name: 'Screens Consigned Sale' }).click();
    await page.getByTestId('for-sale-save').click();
    // 1,250.00: 150.00 + 25.00 = 175.00; 80.00: 12.00 -> minimum 25.00; fees 2 x 5.00.
    // 1,330.00 - 200.00 - 10.00 = 1,120.00.
    await page.getByTestId('run-result').getByText('Cora Chen: net due $1,120.00').waitFor();
    await page.getByTestId('settlements-table').getByText('Cora Chen').waitFor();
    const [job] = await q(server.testApp, `select status, progress_done, progress_total from job_run where name = 'settlements-for-sale'`);
    expect(job).toEqual({ status: 'completed', progress_done: 1, progress_total: 1 });
    const all = await q(
      server.testApp,
      `select count(*)::int as n, sum(net_due_cents)::bigint as net from settlement s join house h on h.id = s.house_id where h.house_user_name = 'demo'`,
    );
    await page.getByTestId('total-count').getByText(String(all[0].n), { exact: true }).waitFor();
    await screenshot(page, 'settlements-run-totals-1440');
    await page.setViewportSize({ width: 1024, height: 800 });
    await screenshot(page, 'settlements-run-totals-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('settles a consignor over a date range', async () => {
    await page.getByTestId('create-for-consignor').click();
    const dialog = page.getByTestId('for-consignor-dialog');
    await dialog.getByLabel('Consignor').click();
    await page.getByRole('option', { name: 'Cora Chen' }).click();
    await dialog.getByLabel('From').fill('2030-01-01');
    await dialog.getByLabel('To').fill('2030-12-31');
    await page.getByTestId('for-consignor-save').click();
    await dialog.getByText('This consignor has no lot in a sale between these dates.').waitFor();
    await screenshot(page, 'settle-consignor-range-1440');
  });
});
