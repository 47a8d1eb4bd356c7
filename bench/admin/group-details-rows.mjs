/* global window, document, MutationObserver -- the probe and the waits run in the page */
// Invoice Group Details: how long until a page of invoice rows is on screen and usable, from the
// start of the navigation, with the browser's cache cold (assets and answers cleared) and warm
// (the same URL again). Chromium headless against a running server with a created group:
//
//   node bench/admin/group-details-rows.mjs --url http://127.0.0.1:3000 --group 12 \
//     [--house demo --user owner --password auction-demo --rows 50 --runs 5]
//
// "Usable" = the page's rows (`--rows`, the spec's first page size) are in the document and the
// first row's checkbox is enabled: React attaches its handlers in the same commit. Printed beside
// it, from the same navigation: "shell", when the signed-in header is on screen (the floor: what
// every screen pays before its own code runs), "rows asked", when the `/api/invoices` request
// started, and "rows answer", when it answered.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const base = arg('url', 'http://127.0.0.1:3000');
const group = arg('group');
const rows = Number(arg('rows', '50'));
const runs = Number(arg('runs', '5'));
if (!group) throw new Error('--group <invoice group id> is required');

// Runs in the page before its own scripts: notes the time (ms since navigation start) at which the rows are usable.
const probe = (want) => {
  const ready = () => {
    const list = document.querySelectorAll('[data-testid="invoice-row"]');
    const box = list[0]?.querySelector('input[type="checkbox"]');
    return list.length >= want && box && !box.disabled;
  };
  const observer = new MutationObserver(() => {
    if (window.__shellReady === undefined && document.querySelector('[data-testid="signed-in-user"]'))
      window.__shellReady = performance.now();
    if (window.__rowsReady === undefined && ready()) {
      window.__rowsReady = performance.now();
      observer.disconnect();
    }
  });
  document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
};

const profile = mkdtempSync(join(tmpdir(), 'ar-bench-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  viewport: { width: 1440, height: 900 },
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.addInitScript(probe, rows);
  await page.goto(`${base}/ar/login`);
  await page.getByLabel('House', { exact: true }).fill(arg('house', 'demo'));
  await page.getByLabel('User name', { exact: true }).fill(arg('user', 'owner'));
  await page.getByLabel('Password', { exact: true }).fill(arg('password', 'auction-demo'));
  await page.keyboard.press('Enter');
  await page.getByTestId('signed-in-user').waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');

  const url = `${base}/ar/invoices/InvoiceGroupDetails/${group}`;
  const once = async () => {
    await page.goto(url);
    await page.waitForFunction(() => window.__rowsReady !== undefined, undefined, { timeout: 30_000 });
    return page.evaluate(() => {
      const call = performance.getEntriesByType('resource').find((r) => r.name.includes('/api/invoices?'));
      return { rows: window.__rowsReady, shell: window.__shellReady, asked: call?.startTime, answer: call?.responseEnd };
    });
  };
  const measure = async (cold) => {
    const out = [];
    for (let i = 0; i < runs; i++) {
      if (cold) await cdp.send('Network.clearBrowserCache');
      else await once(); // the same URL just before: assets in the HTTP cache
      out.push(await once());
    }
    return out;
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const line = (label, ms) => {
    const rowsMs = ms.map((m) => m.rows).sort((a, b) => a - b);
    const at = (key) => median(ms.map((m) => m[key] ?? NaN)).toFixed(0);
    console.log(
      `${label.padEnd(5)} rows usable median ${median(rowsMs).toFixed(0)} ms (min ${rowsMs[0].toFixed(0)}, max ${rowsMs.at(-1).toFixed(0)}); ` +
        `shell ${at('shell')} ms; rows asked ${at('asked')} ms; rows answer ${at('answer')} ms (${runs} runs)`,
    );
  };
  await once(); // the server's first answers (connection pool, plans) are not what is measured
  line('warm', await measure(false));
  line('cold', await measure(true));
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
