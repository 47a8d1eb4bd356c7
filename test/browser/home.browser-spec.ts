import type { Page } from 'playwright-core';
import {
  describeIfChromium,
  ensureAdminBuilt,
  openBrowser,
  type OpenedBrowser,
  screenshot,
  signInAs,
  signInByCall,
} from '../support/browser';
import { signIn } from '../support/fixtures';
import { startTestServer } from '../support/test-app';
import { invoiceDemoSale } from '../invoice-groups/support';

// Issue 9's Home: the greeting by first name, what needs doing with counts that match the data and
// link to the screens, and the invoiced vs collected chart.

jest.setTimeout(180_000);

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describeIfChromium('Home (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let houseId: number;

  const sql = (q: string, p: unknown[] = []): Promise<Record<string, unknown>[]> => server.testApp.em().getConnection().execute(q, p);

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    [{ id: houseId }] = (await sql(`select id from house where house_user_name = 'demo'`)) as { id: number }[];
    const owner = await signIn(server.testApp.server, 'demo', 'owner', 'auction-demo');
    await invoiceDemoSale(server.testApp, owner, houseId, { title: 'Autumn home' });
    browser = await openBrowser({ viewport: { width: 1024, height: 900 } });
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'owner');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('greets by first name, counts what needs doing, links to the screens, charts the months', async () => {
    await page.goto(`${server.baseUrl}/ar/`);
    expect(await page.getByTestId('home-greeting').textContent()).toBe('Welcome, Olivia');
    const unsent = page.getByTestId('home-task-unsent');
    await unsent.waitFor();
    const [u] = await sql(
      `select count(*)::int as n, coalesce(sum(invoice_total_cents), 0)::bigint as c from invoice i join invoice_group g on g.id = i.group_id and g.invoice_created where i.house_id = ? and i.sent_at is null`,
      [houseId],
    );
    expect(await unsent.getByTestId('home-task-count').textContent()).toBe(Number(u.n).toLocaleString('en-US'));
    expect(await unsent.getByTestId('home-task-detail').textContent()).toBe(money(Number(u.c)));
    expect(Number(u.n)).toBeGreaterThan(0);
    // The months: six, the current one with what was invoiced.
    const rows = await page.getByTestId('home-chart-table').locator('tbody tr').count();
    expect(rows).toBe(6);
    expect(await page.getByTestId('home-chart-table').locator('tbody tr').last().locator('td').first().textContent()).not.toBe('$0.00');
    // Nothing is wider than the window (a visually hidden table once was).
    expect(await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth))).toBeLessThanOrEqual(1024);
    await screenshot(page, 'home-1024', { fullPage: true });
    await page.getByTestId('home-task-uninvoiced').click();
    await page.waitForURL('**/ar/invoices');
    await page.getByTestId('manage-invoices').waitFor();
    await page.goBack();
    await page.getByTestId('home-task-unpaid').click();
    await page.waitForURL('**/ar/invoices/ExistingInvoices');
  });

  it("another house's user sees their own house's counts", async () => {
    const other = await openBrowser({ viewport: { width: 1024, height: 900 } });
    try {
      await signInAs(other.page, server.baseUrl, 'other', 'owner');
      await other.page.goto(`${server.baseUrl}/ar/`);
      expect(await other.page.getByTestId('home-greeting').textContent()).toBe('Welcome, Otto');
      await other.page.getByTestId('home-task-unsent').waitFor();
      const [{ id: otherId }] = await sql(`select id from house where house_user_name = 'other'`);
      const [u] = await sql(`select count(*)::int as n from invoice where house_id = ? and sent_at is null`, [otherId]);
      expect(await other.page.getByTestId('home-task-unsent').getByTestId('home-task-count').textContent()).toBe(String(u.n));
    } finally {
      await other.close();
    }
  });
});
