import fs from 'node:fs';
import type { Page } from 'playwright-core';
import {
  KEYWORD_REPORT_CSV_HEADER,
  KEYWORD_REPORT_FILE_NAME,
  YOUR_CUSTOMERS_CSV_HEADER,
  YOUR_CUSTOMERS_REDIRECT,
  YOUR_CUSTOMERS_TEXT,
  yourCustomerCsvRow,
  yourCustomersFileName,
} from '@ar/rules';
import { q } from '../invoice-marks/support';
import { describeIfChromium, ensureAdminBuilt, openBrowser, screenshot, signInAs, type OpenedBrowser } from '../support/browser';
import { signIn, type SignedIn } from '../support/fixtures';
import { startTestServer } from '../support/test-app';

// Your Customers (spec 001) in Debian's Chromium against the real server on the demo data, plus a
// sale with two known bidders and an empty sale: search, filter by sale group, download
// yourCustomers_{date}.csv and read it back, and the empty state of a sale without customers.

jest.setTimeout(120_000);

type Json = Record<string, any>;

describeIfChromium('Your Customers (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let owner: SignedIn;
  let ref: string;
  let sale: number;
  let emptySale: number;

  const lastNames = () => page.getByTestId('customers-table').locator('td.column-lastName').allTextContents();
  const firstNames = () => page.getByTestId('customers-table').locator('td.column-firstName').allTextContents();

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    const t = server.testApp;
    const [house] = await q(t, `select id from house where house_user_name = 'demo'`);
    [{ id: sale }] = await q(t, `insert into auction_group (house_id, group_name) values (?, 'Browser Customers Sale') returning id`, [
      house.id,
    ]);
    [{ id: emptySale }] = await q(t, `insert into auction_group (house_id, group_name) values (?, 'Browser Empty Sale') returning id`, [
      house.id,
    ]);
    for (const [first, phone] of [
      ['Quincy', '6175550101'],
      ['Rhoda', '+1 212 555 0199'],
    ]) {
      const [m] = await q(
        t,
        `insert into member (house_id, member_ref, first_name, last_name, email, phone, city, state_code, country_code, platform)
         values (?, ?, ?, 'Customerbrowser', ?, ?, 'Boston', 'MA', 'US', 'PL') returning id`,
        [house.id, `MB${first}${Date.now()}`, first, `${first.toLowerCase()}@browser.example`, phone],
      );
      await q(t, `insert into approval (house_id, group_id, member_id, channel) values (?, ?, ?, 'PL')`, [house.id, sale, m.id]);
    }
    owner = await signIn(t.server, 'demo', 'owner', 'auction-demo');
    ref = owner.user.houseInfo.houseRef;
    browser = await openBrowser({ acceptDownloads: true, viewport: { width: 1440, height: 900 } });
    page = browser.page;
    await signInAs(page, server.baseUrl, 'demo', 'owner');
    await page.goto(`${server.baseUrl}/ar/your-customers`);
    await page.getByTestId('customers-table').waitFor();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists the demo customers, then searches by name', async () => {
    const all = await owner.agent.get('/api/your-customers').query({ range: '[0,49]' }).expect(200);
    expect(await lastNames()).toEqual(all.body.map((c: Json) => c.lastName));
    await screenshot(page, 'your-customers-1440');
    await page.setViewportSize({ width: 1024, height: 800 });
    await screenshot(page, 'your-customers-1024');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByTestId('customers-search').fill('customerbrowser');
    await page.getByTestId('customers-search-submit').click();
    await expectRows(['Quincy', 'Rhoda']);
    expect(page.url()).toContain('q=customerbrowser');
    // Phones formatted (xxx) xxx-xxxx.
    await page.getByTestId('customers-table').getByText('(212) 555-0199', { exact: true }).waitFor();
  });

  it('filters by sale group and downloads yourCustomers_{date}.csv with its rows', async () => {
    await page.getByTestId('customers-search').fill('');
    await page.getByTestId('customers-search-submit').click();
    await page.getByTestId('customers-group').selectOption(String(sale));
    await expectRows(['Quincy', 'Rhoda']);
    expect(page.url()).toContain(`group=${sale}`);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('customers-download').click()]);
    expect(download.suggestedFilename()).toBe(yourCustomersFileName(new Date()));
    const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const expected = (await owner.agent.get(`/app/house/${ref}/yourCustomers/group/${sale}`).expect(200)).body.data.customers;
    expect(expected).toHaveLength(2);
    expect(text.trimEnd().split('\r\n')).toEqual([
      YOUR_CUSTOMERS_CSV_HEADER.join(','),
      ...expected.map((c: Json) => yourCustomerCsvRow(c as never).join(',')),
    ]);
    expect(text).toContain('(617) 555-0101');
  });

  it('shows the empty text for a sale without customers and disables the download', async () => {
    await page.getByTestId('customers-group').selectOption(String(emptySale));
    await page.getByTestId('customers-empty').getByText(YOUR_CUSTOMERS_TEXT.empty, { exact: true }).waitFor();
    expect(await page.getByTestId('customers-download').isDisabled()).toBe(true);
    await screenshot(page, 'your-customers-empty-1440');
  });

  it("saves the keyword alerts report as the server's CSV", async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('customers-keywords').click()]);
    expect(download.suggestedFilename()).toBe(KEYWORD_REPORT_FILE_NAME);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    const expected = (await owner.agent.get(`/app/house/${ref}/keywordsReports`).expect(200)).text;
    expect(text).toBe(expected);
    // The demo's twelve alerts under the header.
    expect(
      text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(13);
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(KEYWORD_REPORT_CSV_HEADER.join(','));
  });

  it('sends a house of another connect type to /?p=1', async () => {
    const t = server.testApp;
    await q(t, `update house set connect_type = 'i' where house_user_name = 'demo'`);
    try {
      await page.goto(`${server.baseUrl}/ar/your-customers`);
      // The router's basename /ar and the spec's /?p=1: /ar?p=1, the home page.
      await page.waitForURL((u) => u.pathname === '/ar' && u.search === YOUR_CUSTOMERS_REDIRECT.slice(1));
      expect(await page.getByTestId('your-customers').count()).toBe(0);
    } finally {
      await q(t, `update house set connect_type = 's' where house_user_name = 'demo'`);
    }
  });

  async function expectRows(want: string[]) {
    for (let i = 0; i < 50; i++) {
      if (JSON.stringify(await firstNames()) === JSON.stringify(want)) return;
      await page.waitForTimeout(100);
    }
    expect(await firstNames()).toEqual(want);
  }
});
