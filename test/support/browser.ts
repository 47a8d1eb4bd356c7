import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

// What the browser specs (test/browser/*.browser-spec.ts) share: Debian's Chromium (launched once per
// spec file and switch set), the built admin, a fresh browser context (its own cookies and storage) per
// signed-in user, sign-in (through the login page where the form is under test, else by the login
// call: signInAs), screenshots.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = path.resolve(__dirname, '../..');
/** Where the specs' screenshots go (test-output/screenshots). */
export const SHOTS = path.join(ROOT, 'test-output', 'screenshots');
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
/** The password of every demo user. */
export const DEMO_PASSWORD = 'auction-demo';

/** describe when Chromium is installed; otherwise a skipped suite that says why. */
export function describeIfChromium(name: string, fn: () => void): void {
  if (fs.existsSync(CHROMIUM)) {
    describe(name, fn);
    return;
  }
  const reason = `Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  console.warn(`[browser] skipping "${name}": ${reason}`);
  describe.skip(`${name} [skipped: ${reason}]`, fn);
}

/**
 * The server serves admin/dist; build it once if this checkout has none. Every browser file calls
 * this first in its setup, so it also starts the file's usual Chromium: the launch (seconds on a
 * loaded machine) overlaps the server's boot instead of following it.
 */
export function ensureAdminBuilt(): void {
  if (!fs.existsSync(path.join(ROOT, 'admin', 'dist', 'index.html')))
    execFileSync('npm', ['run', 'build', '-w', 'admin'], { cwd: ROOT, stdio: 'inherit' });
  if (fs.existsSync(CHROMIUM)) void sharedBrowser([]);
}

export interface OpenBrowserOptions {
  /** Default 1280×900. */
  viewport?: { width: number; height: number };
  acceptDownloads?: boolean;
  /** Chromium switches added to the usual ones (e.g. fake camera and microphone). */
  extraArgs?: string[];
}

export interface OpenedBrowser {
  context: BrowserContext;
  /** The context's first page. */
  page: Page;
  /** Closes the context (its pages, cookies and storage); the file's Chromium closes after its last test. */
  close(): Promise<void>;
}

/**
 * One Chromium per spec file and switch set (a launch costs seconds on a loaded machine, a context
 * a fraction of one), closed by the root-level afterAll registered below. Jest loads this module
 * afresh for each spec file, so nothing is shared across files.
 */
const launched = new Map<string, Promise<Browser>>();
function sharedBrowser(args: string[]): Promise<Browser> {
  const key = JSON.stringify(args);
  let browser = launched.get(key);
  if (!browser) {
    browser = chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...args] });
    launched.set(key, browser);
    browser.catch(() => launched.delete(key));
  }
  return browser;
}
/** Closes every Chromium this file launched (each spec file's last step; safe to call twice). */
export async function closeBrowsers(): Promise<void> {
  const all = [...launched.values()];
  launched.clear();
  await Promise.all(all.map((b) => b.then((x) => x.close()).catch(() => undefined)));
}
// Imported at a spec file's top level, so this is a root-level hook: it runs after the file's own afterAll.
if (typeof afterAll === 'function') afterAll(closeBrowsers);

/** A fresh browser context (its own cookies, like a fresh profile), e.g. one per signed-in user. */
export async function openBrowser({ extraArgs = [], ...options }: OpenBrowserOptions = {}): Promise<OpenedBrowser> {
  const browser = await sharedBrowser(extraArgs);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  return {
    context,
    page,
    async close() {
      await context.close().catch(() => undefined);
    },
  };
}

/** Fills the login form already on screen and presses Enter (does not wait for the outcome). */
export async function fillLogin(page: Page, house: string, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('House', { exact: true }).fill(house);
  await page.getByLabel('User name', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.keyboard.press('Enter');
}

/** Waits until the header shows `username` as the signed-in user. */
export async function waitUntilSignedIn(page: Page, username: string): Promise<void> {
  await page.getByTestId('signed-in-user').getByText(username, { exact: true }).waitFor();
}

/** Signs in through /ar/login and waits until the header shows the user. */
export async function signInThroughUi(
  page: Page,
  baseUrl: string,
  house: string,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto(`${baseUrl}/ar/login`);
  await fillLogin(page, house, username, password);
  await waitUntilSignedIn(page, username);
}

/**
 * Signs in by the login call only: the session cookie lands in the page's context and nothing is
 * loaded. For a file whose first step opens its own screen (page.goto): the admin loads once, there,
 * instead of on the home screen first.
 */
export async function signInByCall(page: Page, baseUrl: string, house: string, username: string, password = DEMO_PASSWORD): Promise<void> {
  const res = await page.request.post(`${baseUrl}/api/auth/login`, { data: { house, username, password } });
  if (!res.ok()) throw new Error(`sign-in ${house}/${username} failed: ${res.status()} ${await res.text()}`);
}

/**
 * Signs in by the login call itself (the session cookie lands in the page's context), then opens the
 * admin's home and waits until the header shows the user: where the login form is not under test,
 * this skips loading the login screen and typing into it. Ends where signInThroughUi ends.
 */
export async function signInAs(page: Page, baseUrl: string, house: string, username: string, password = DEMO_PASSWORD): Promise<void> {
  await signInByCall(page, baseUrl, house, username, password);
  await page.goto(`${baseUrl}/ar/`);
  await waitUntilSignedIn(page, username);
}

/** Saves `SHOTS/<name>.png` with animations disabled. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled', ...options });
}

/**
 * Opens `/ar<path>` as the admin's own links do, without reloading the page (no bundle to fetch and
 * run again, no session check): the URL is pushed and the router told. Loads the page instead when
 * the admin is not open in it yet. Wait for the screen yourself.
 */
export async function openInApp(page: Page, baseUrl: string, path: string): Promise<void> {
  const url = `${baseUrl}/ar${path}`;
  const here = page.url();
  if (!here.startsWith(`${baseUrl}/ar/`) || here.startsWith(`${baseUrl}/ar/login`)) {
    await page.goto(url);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, `/ar${path}`);
}
