import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { EOA_TEXT } from '@ar/rules';
import { postGroup, seedSale, seedTemplate, untilCreated, type SeededSale } from '../invoice-groups/support';
import { q } from '../invoice-marks/support';
import { describeIfChromium, ensureAdminBuilt, openBrowser, type OpenedBrowser, screenshot, signInByCall } from '../support/browser';
import { signIn } from '../support/fixtures';
import { startTestServer } from '../support/test-app';

// End-of-auction reconciliation (issue 14) in Debian's Chromium against the real server, as the demo
// super user: open a session's EOA from Sales Results, correct a hammer (a bad one first: the
// rule's message), pass a lot, see both in the audit trail, download the EOA report and read it back.

jest.setTimeout(120_000);

describeIfChromium('End of auction (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let sale: SeededSale;
  let houseId: number;

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    const t = server.testApp;
    const [house] = await q(t, `select id from house where house_user_name = 'demo'`);
    houseId = house.id;
    sale = await seedSale(t.em(), house.id, {
      name: 'Browser EOA sale',
      liveFeeRate: 3_000,
      bidders: [
        { firstName: 'Ada', lastName: 'Lovelace', paddle: 601 },
        { firstName: 'Alan', lastName: 'Turing', platform: 'Floor', paddle: 602 },
      ],
      sessions: [
        {
          title: 'EOA evening',
          date: '2031-06-01T18:00:00Z',
          lots: [
            { hammer: 100_000, winner: 0, title: 'Brass telescope' },
            { hammer: 20_000, winner: 1, title: 'Oak chair' },
            { title: 'Unsold vase' },
          ],
        },
      ],
    });
    // 57 more unsold lots (4..60): more than one page of 50.
    await q(
      t,
      `insert into lot (house_id, catalog_id, lot_ref, lot_number, title, description)
       select ?, ?, 'LEOA' || n, n::text, 'Unsold ' || n, '' from generate_series(4, 60) n`,
      [house.id, sale.sessions[0].id],
    );
    browser = await openBrowser({ acceptDownloads: true, viewport: { width: 1440, height: 900 } });
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'super');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const [first, second] = [0, 1];

  it('opens the EOA view of a session from Sales Results', async () => {
    await page.goto(`${server.baseUrl}/ar/reports/sessionResults`);
    await page.getByTestId(`session-eoa-${sale.sessions[0].ref}`).click();
    await page.getByTestId('eoa-table').waitFor();
    expect(await page.getByTestId('eoa-session').textContent()).toContain('EOA evening');
    expect(await page.getByTestId(`eoa-result-${sale.lots[0][2]}`).textContent()).toBe('Passed');
    expect(await page.getByTestId('eoa-audit-empty').isVisible()).toBe(true);
  });

  // The pager updates before the next page's rows replace the shown ones: wait for the rows too.
  const rowsAre = (n: number) =>
    page.waitForFunction((count) => document.querySelectorAll('[data-testid="eoa-table"] tbody tr').length === count, n);
  const rangeIs = (text: string) =>
    page.waitForFunction((t) => document.querySelector('[data-testid="eoa-page-range"]')?.textContent === t, text);
  /** A sortable column's header button. */
  const header = (name: string) => page.getByTestId('eoa-table').locator('thead').getByRole('button', { name });
  const firstLotIs = (n: string) =>
    page.waitForFunction((lot) => document.querySelector('[data-testid="eoa-table"] tbody tr td')?.textContent === lot, n);

  it('pages, filters and sorts the lots on the server, with the totals of what matches', async () => {
    await rangeIs('1-50 of 60');
    await rowsAre(50);
    await page.getByRole('navigation', { name: 'EOA lot pages' }).getByRole('button', { name: 'Page 2' }).click();
    await rangeIs('51-60 of 60');
    await rowsAre(10);
    await page.getByLabel('Rows per page').selectOption('100');
    await rangeIs('1-60 of 60');

    // A paddle: only Alan Turing's lot, with the matching totals.
    await page.getByPlaceholder('Lot number or paddle').fill('602');
    await rangeIs('1-1 of 1');
    await rowsAre(1);
    expect(await page.getByTestId(`eoa-hammer-${sale.lots[0][1]}`).textContent()).toBe('$200.00');
    expect(await page.getByTestId('eoa-filtered-hammer').textContent()).toContain('$200.00');
    await page.getByPlaceholder('Lot number or paddle').fill('');
    await rangeIs('1-60 of 60');

    // The passed lots only.
    await page.getByRole('combobox', { name: 'Result' }).click();
    await page.getByRole('option', { name: 'Passed' }).click();
    await rangeIs('1-58 of 58');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Result' }).click();
    // react-admin names the empty choice "Clear value"; it shows "All results".
    await page.getByRole('option', { name: 'Clear value' }).click();
    await rangeIs('1-60 of 60');
    expect(await page.getByTestId('eoa-filtered-totals').count()).toBe(0);

    // Sorted by hammer: lowest first (unsold last), then highest first; back to lot order.
    await header('Hammer').click();
    await firstLotIs('2');
    await header('Hammer').click();
    await firstLotIs('1');
    await header('Lot').click();
    await firstLotIs('1');
    expect(await page.getByTestId('eoa-total-hammer').textContent()).toContain('$1,200.00');
  });

  it('corrects a hammer (refusing a bad one with its message) and passes a lot; the audit trail shows both', async () => {
    const lot = sale.lots[0][first];
    await page.getByTestId(`eoa-edit-hammer-${lot}`).click();
    await page.getByTestId('eoa-hammer-input').fill('1250.555');
    await page.getByTestId('eoa-hammer-save').click();
    await page.getByText(EOA_TEXT.hammerFormat).waitFor();
    await page.getByTestId('eoa-hammer-input').fill('1250.50');
    await page.getByTestId('eoa-hammer-save').click();
    await page
      .getByTestId('eoa-hammer-dialog')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await page.waitForFunction((id) => document.querySelector(`[data-testid="eoa-hammer-${id}"]`)?.textContent === '$1,250.50', lot);

    const passed = sale.lots[0][second];
    await page.getByTestId(`eoa-pass-${passed}`).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Pass lot' }).click();
    await page.waitForFunction((id) => document.querySelector(`[data-testid="eoa-result-${id}"]`)?.textContent === 'Passed', passed);

    await page.getByTestId('eoa-audit').waitFor();
    const trail = await page.getByTestId('eoa-audit').textContent();
    expect(trail).toContain('Hammer corrected');
    expect(trail).toContain('1,000.00 to paddle 601 (Ada Lovelace), INV');
    expect(trail).toContain('1,250.50 to paddle 601 (Ada Lovelace), INV');
    expect(trail).toContain('Passed');
    const rows = await q(server.testApp, 'select action, user_name from lot_result_audit where catalog_id = ? order by id', [
      sale.sessions[0].id,
    ]);
    expect(rows).toEqual([
      { action: 'hammer', user_name: 'super' },
      { action: 'pass', user_name: 'super' },
    ]);
    const res = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .options({ resultTypes: ['violations'] })
      .analyze();
    expect(res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await screenshot(page, 'eoa-1440');
    await page.setViewportSize({ width: 1024, height: 800 });
    await screenshot(page, 'eoa-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('downloads the EOA report as XLSX and reads it back: the corrected hammer, the passed lot, the totals', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('eoa-download-xlsx').click()]);
    expect(download.suggestedFilename()).toBe('End of Auction - EOA evening.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('End of Auction')!;
    const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(row(2).slice(0, 7)).toEqual(['1', 'Brass telescope', 'Sold', 601, 'Ada Lovelace', 'INV', 1250.5]);
    expect(row(3).slice(0, 3)).toEqual(['2', 'Oak chair', 'Passed']);
    expect(row(4).slice(0, 3)).toEqual(['3', 'Unsold vase', 'Passed']);
    expect(row(62)[0]).toBe('Total');
    expect(row(62)[1]).toBe('60 lots: 1 sold, 59 passed');
    expect(row(62)[6]).toBe(1250.5);
  });

  it('locks the view once the session is invoiced and says why', async () => {
    const t = server.testApp;
    const api = await signIn(t.server, 'demo', 'super', 'auction-demo');
    const template = await seedTemplate(t.em(), houseId, { name: 'EOA browser' });
    const created = await postGroup(api, api.user.houseInfo.houseRef, {
      catalogRefs: [sale.sessions[0].ref],
      groupTitle: 'EOA evening',
      invoiceSettingsID: template,
    });
    expect(created.status).toBe(200);
    expect((await untilCreated(t, houseId, created.body.data.invoiceGroupID)).status).toBe('completed');
    await page.reload();
    expect(await page.getByTestId('eoa-locked').textContent()).toContain(EOA_TEXT.locked);
    for (const id of ['eoa-edit-hammer', 'eoa-edit-buyer', 'eoa-pass']) {
      expect(await page.getByTestId(`${id}-${sale.lots[0][0]}`).isDisabled()).toBe(true);
    }
    await screenshot(page, 'eoa-locked-1440');
  });
});
