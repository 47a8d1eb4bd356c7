import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer } from '../support/test-app';

// The admin shell in Debian's Chromium against the real server and the demo data:
// sign-in, the menu per access flags, deep links, unknown and forbidden routes.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = path.resolve(__dirname, '../..');
const SHOTS = path.join(ROOT, 'test-output', 'screenshots');
// As root Chromium needs --no-sandbox; the rest keep it off the (closed) network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const PASSWORD = 'auction-demo';
// Jest reads testTimeout from the root config only, not per project.
jest.setTimeout(120_000);
const PERMISSION_DENIED = 'You do not have permissions to view this page. Please contact your system administrator.';

/** describe when Chromium is installed; otherwise a skipped suite that says why. */
function describeIfChromium(name: string, fn: () => void): void {
  if (fs.existsSync(CHROMIUM)) {
    describe(name, fn);
    return;
  }
  const reason = `Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  console.warn(`[browser] skipping "${name}": ${reason}`);
  describe.skip(`${name} [skipped: ${reason}]`, fn);
}

/** The server serves admin/dist; build it once if this checkout has none. */
function ensureAdminBuilt(): void {
  if (fs.existsSync(path.join(ROOT, 'admin', 'dist', 'index.html'))) return;
  execFileSync('npm', ['run', 'build', '-w', 'admin'], { cwd: ROOT, stdio: 'inherit' });
}

describeIfChromium('admin shell (browser)', () => {
  let server: { baseUrl: string; close(): Promise<void> };
  const contexts: BrowserContext[] = [];
  const profiles: string[] = [];

  beforeAll(async () => {
    ensureAdminBuilt();
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer();
  }, 300_000);

  afterAll(async () => {
    for (const ctx of contexts) await ctx.close().catch(() => undefined);
    for (const dir of profiles) fs.rmSync(dir, { recursive: true, force: true });
    await server?.close();
  });

  /** A browser with a fresh profile (its own cookies), one per signed-in user. */
  async function openBrowser(): Promise<Page> {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-chromium-'));
    profiles.push(profile);
    const ctx = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
    });
    contexts.push(ctx);
    return ctx.pages()[0] ?? (await ctx.newPage());
  }

  async function fillLogin(page: Page, username: string, password: string): Promise<void> {
    await page.getByLabel('House', { exact: true }).fill('demo');
    await page.getByLabel('User name', { exact: true }).fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.keyboard.press('Enter');
  }

  async function signIn(page: Page, username: string, startPath = '/ar/login'): Promise<void> {
    await page.goto(`${server.baseUrl}${startPath}`);
    await page.waitForURL('**/ar/login');
    await fillLogin(page, username, PASSWORD);
    await page.getByTestId('signed-in-user').getByText(username, { exact: true }).waitFor();
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
    const page = await openBrowser();
    await page.goto(`${server.baseUrl}/ar/login`);
    await page.getByLabel('House', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-house');

    await fillLogin(page, 'owner', 'not-the-password');
    await text(page, 'Invalid house, user name or password.');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByTestId('signed-in-user').getByText('owner', { exact: true }).waitFor();
    expect(await page.getByTestId('house-name').textContent()).toBe('Demo Auctions');
    expect(await page.getByTestId('build-info').textContent()).toMatch(/^Version \d+\.\d+\.\d+ \(\d{2}\/\d{2}\/\d{4}\)$/);

    await page.getByTestId('menu-settings').click();
    await page.getByTestId('menu-item-settings-locations').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'shell-owner-settings-menu.png'), animations: 'disabled' });
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
    await page.screenshot({ path: path.join(SHOTS, 'shell-page-not-found.png'), animations: 'disabled' });
  });

  it('shows the clerk (accessInvoices only) the invoices menu, not Locations, and denies a forbidden route', async () => {
    const page = await openBrowser();
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
    await page.screenshot({ path: path.join(SHOTS, 'shell-clerk-invoices-menu.png'), animations: 'disabled' });
    await page.keyboard.press('Escape');

    await page.goto(`${server.baseUrl}/ar/settings/locations`);
    await text(page, PERMISSION_DENIED);
    await page.screenshot({ path: path.join(SHOTS, 'shell-clerk-permission-denied.png'), animations: 'disabled' });

    await page.goto(`${server.baseUrl}/ar/invoices/invoiceTemplates`);
    await page.getByTestId('invoice-templates-page').waitFor();
    expect(await page.locator('#react-admin-title').textContent()).toBe('Invoice Templates');
  });
});
