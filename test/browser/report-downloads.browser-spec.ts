import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { createInvoicedGroup, type FactoryGroup } from '../invoice-details/factory';
import { q } from '../invoice-marks/support';
import { describeIfChromium, ensureAdminBuilt, openBrowser, type OpenedBrowser, screenshot, signInByCall } from '../support/browser';
import { startTestServer } from '../support/test-app';

// The Sale Results screen's Reports menu in Debian's Chromium against the real server, as the demo
// super user: select a sale's two sessions, view the results, open Reports, download one session's
// Payments and Collections and read it back (the invoice's figures), then the selection's Session Summary.

jest.setTimeout(120_000);

describeIfChromium('Report downloads (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let sale: FactoryGroup;

  const readXlsx = async (file: string, sheet: string) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync(file) as unknown as ArrayBuffer);
    return wb.getWorksheet(sheet)!;
  };

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    const t = server.testApp;
    const [house] = await q(t, `select id from house where house_user_name = 'demo'`);
    sale = await createInvoicedGroup(t.em(), {
      houseId: house.id,
      title: 'Browser reports sale',
      sessions: [
        { title: 'Reports day one', eventDate: '2031-06-01T15:00:00Z' },
        { title: 'Reports day two', eventDate: '2031-06-02T15:00:00Z' },
      ],
      bidders: [
        { firstName: 'Xavier', lastName: 'Quimby', email: 'xavier@example.com', paddle: 601 },
        { firstName: 'Wanda', lastName: 'Quest', email: 'wanda@example.com', platform: 'Floor', paddle: 602 },
      ],
      lots: [
        { bidder: 0, hammer: 150_000, title: 'Brass telescope' },
        { bidder: 1, hammer: 12_345, title: 'Oak chair' },
        { session: 1, bidder: 0, hammer: 33_333, title: 'Silver spoon' },
      ],
      invoices: { 0: { sentAt: new Date('2031-06-03T12:00:00Z'), payments: [{ amount: 100_000, kind: 'payment' }] } },
    });
    browser = await openBrowser({ acceptDownloads: true, viewport: { width: 1440, height: 900 } });
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'super');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('downloads a session report from the Sale Results screen and reads it back', async () => {
    await page.goto(`${server.baseUrl}/ar/reports/sessionResults`);
    await page.getByTestId(`group-check-${sale.auctionGroupId}`).check();
    await page.getByTestId('view-selected').click();
    await page.getByTestId('results-table').waitFor();

    await page.getByTestId('report-downloads').click();
    await page.getByTestId(`report-pactsReports-${sale.catalogRefs[0]}`).waitFor();
    const res = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .options({ resultTypes: ['violations'] })
      .analyze();
    expect(res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await screenshot(page, 'report-downloads-menu-1440');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId(`report-pactsReports-${sale.catalogRefs[0]}`).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Payments and Collections - Reports day one.xlsx');
    const ws = await readXlsx((await download.path())!, 'Payments and Collections');
    const [inv] = await q(
      server.testApp,
      'select invoice_number, invoice_total_cents, payments_made_cents, balance_cents from invoice where id = ?',
      [sale.invoiceIds[0]],
    );
    const quimby = ws.getRow(3); // Quest (Floor) sorts before Quimby
    expect(ws.getRow(2).getCell(2).value).toBe('Quest');
    expect(quimby.getCell(2).value).toBe('Quimby');
    expect(quimby.getCell(9).value).toBe(inv.invoice_number);
    expect(quimby.getCell(10).value).toBe('Partial Paid');
    expect([12, 13, 14].map((c) => Math.round((quimby.getCell(c).value as number) * 100))).toEqual([
      Number(inv.invoice_total_cents),
      Number(inv.payments_made_cents),
      Number(inv.balance_cents),
    ]);
    // The menu closed on the click; the selection's Session Summary next.
    await page.getByTestId('report-downloads').click();
    const [summary] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-sessionReports').click()]);
    expect(summary.suggestedFilename()).toBe('Session Summary - 2 sessions.xlsx');
    const sheet = await readXlsx((await summary.path())!, 'Session Summary');
    const total = sheet.getRow(sheet.rowCount);
    expect([total.getCell(1).value, total.getCell(6).value, total.getCell(7).value]).toEqual(['Total', 3, 3]);
    await page.setViewportSize({ width: 1024, height: 800 });
    await screenshot(page, 'report-downloads-1024');
  });
});
