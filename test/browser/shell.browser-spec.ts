import type { Page } from 'playwright-core';
import {
  DEMO_PASSWORD,
  describeIfChromium,
  ensureAdminBuilt,
  fillLogin,
  openBrowser,
  screenshot,
  waitUntilSignedIn,
  type OpenedBrowser,
} from '../support/browser';
import { startTestServer } from '../support/test-app';

// The admin shell in Debian's Chromium against the real server and the demo data:
// sign-in, the menu per access flags, deep links, unknown and forbidden routes.

// Jest reads testTimeout from the root config only, not per project.
jest.setTimeout(120_000);
const PERMISSION_DENIED = 'You do not have permissions to view this page. Please contact your system administrator.';

describeIfChromium('admin shell (browser)', () => {
  let server: { baseUrl: string; close(): Promise<void> };
  const browsers: OpenedBrowser[] = [];

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer();
  }, 300_000);

  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await server?.close();
  });

  /** A browser with a fresh profile (its own cookies), one per signed-in user. */
  async function newPage(): Promise<Page> {
    const browser = await openBrowser({ viewport: { width: 1280, height: 800 } });
    browsers.push(browser);
    return browser.page;
  }

  /** Signs in at `startPath` (which leads to the login page) on house demo. */
  async function signIn(page: Page, username: string, startPath = '/ar/login'): Promise<void> {
    await page.goto(`${server.baseUrl}${startPath}`);
    await page.waitForURL('**/ar/login');
    await fillLogin(page, 'demo', username);
    await waitUntilSignedIn(page, username);
  }

  const text = (page: Page, s: string) => page.getByText(s, { exact: true }).waitFor();

  it('serves the built admin at /ar/, at deep links, and its version.json', async () => {
    for (const p of ['/ar/', '/ar/invoices/ExistingInvoices']) {
      const res = await fetch(`${server.baseUrl}${p}`, { redirect: 'manual' });
      expect({ path: p, status: res.status, location: res.headers.get('location') }).toEqual({ path: p, status: 200, location: null });
      expect(await res.text()).toContain('<div id="root">');
    }
    const version = await (await fetch(`${server.baseUrl}/ar/version.json`)).json();
    expect(version).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), buildDate: expect.any(String) });
  });

  it('signs the owner in and shows the full menu, deep links and the unknown-route page', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/ar/login`);
    await page.getByLabel('House', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-house');

    await fillLogin(page, 'demo', 'owner', 'not-the-password');
    await text(page, 'Invalid house, user name or password.');

    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await waitUntilSignedIn(page, 'owner');
    expect(await page.getByTestId('house-name').textContent()).toBe('Demo Auctions');
    expect(await page.getByTestId('build-info').textContent()).toMatch(/^Version \d+\.\d+\.\d+ \(\d{2}\/\d{2}\/\d{4}\)$/);

    await page.getByTestId('menu-settings').click();
    await page.getByTestId('menu-item-settings-locations').waitFor();
    await screenshot(page, 'shell-owner-settings-menu');
    await page.getByTestId('menu-item-settings-locations').click();
    await page.waitForURL('**/ar/settings/locations');
    await page.getByTestId('locations-page').waitFor();
    expect(await page.locator('#react-admin-title').textContent()).toBe('Locations');
    for (const menu of ['invoices', 'billing', 'auctions', 'customers']) {
      expect(await page.getByTestId(`menu-${menu}`).count()).toBe(1);
    }

    // A deep link is served by the server's index.html fallback and routed by the browser router.
    await page.goto(`${server.baseUrl}/ar/invoices/ExistingInvoices`);
    await page.getByTestId('existing-invoices').waitFor();
    expect(await page.locator('#react-admin-title').textContent()).toBe('Existing Invoices');

    await page.goto(`${server.baseUrl}/ar/no-such-screen/anywhere`);
    await text(page, 'Page Not Found');
    await text(page, 'Please try another page');
    await screenshot(page, 'shell-page-not-found');
  });

  it('shows the clerk (accessInvoices only) the invoices menu, not Locations, and denies a forbidden route', async () => {
    const page = await newPage();
    // Signed out, a deep link goes to sign-in and comes back after it.
    await signIn(page, 'clerk', '/ar/invoices/ExistingInvoices');
    await page.waitForURL('**/ar/invoices/ExistingInvoices');
    await page.getByTestId('existing-invoices').waitFor();
    expect(await page.locator('#react-admin-title').textContent()).toBe('Existing Invoices');

    // Settings holds nothing the clerk may open, so it is hidden, or at least has no Locations.
    if (await page.getByTestId('menu-settings').count()) {
      await page.getByTestId('menu-settings').click();
      await page.keyboard.press('Escape');
    }
    expect(await page.getByTestId('menu-item-settings-locations').count()).toBe(0);
    expect(await page.getByTestId('menu-billing').count()).toBe(0);

    await page.getByTestId('menu-invoices').click();
    await page.getByTestId('menu-item-invoices-existing').waitFor();
    await screenshot(page, 'shell-clerk-invoices-menu');
    await page.keyboard.press('Escape');

    await page.goto(`${server.baseUrl}/ar/settings/locations`);
    await text(page, PERMISSION_DENIED);
    await screenshot(page, 'shell-clerk-permission-denied');

    await page.goto(`${server.baseUrl}/ar/invoices/invoiceTemplates`);
    await page.getByTestId('invoice-templates-page').waitFor();
    expect(await page.locator('#react-admin-title').textContent()).toBe('Invoice Templates');
  });
});
