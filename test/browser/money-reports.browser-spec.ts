import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import type { Download, Page } from 'playwright-core';
import { bidder, q, TODAY_ISO } from '../invoice-marks/support';
import { describeIfChromium, screenshot } from '../support/browser';
import { startMoneyBrowser, until } from '../support/money-browser';

// Money reports (issue 17) in Chromium against the real server on the demo house: a sale with one
// buyer paid by check and one unpaid, settled for its consignor; open each report's tab (chart and
// table), and download the aging as XLSX and the collections as CSV, then read them back.

jest.setTimeout(120_000);

describeIfChromium('Money reports (browser)', () => {
  let env: Awaited<ReturnType<typeof startMoneyBrowser>>;
  let page: Page;
  let unpaidNumber: number;
  let unpaidBalance: number;
  let paidCents: number;
  let downloads: Download[];

  beforeAll(async () => {
    env = await startMoneyBrowser();
    downloads = env.downloads;
    const sale = await env.createSale({
      title: 'Reports Month Sale',
      sessions: [{ title: 'Reports session', eventDate: new Date(Date.now() - 5 * 86_400_000).toISOString() }],
      bidders: [bidder('Payer', { firstName: 'Pat', paddle: 71 }), bidder('Owing', { firstName: 'Olive', paddle: 72 })],
      lots: [
        { bidder: 0, hammer: 125_000, title: 'Walnut chest' },
        { bidder: 1, hammer: 40_000, title: 'Brass lamp' },
      ],
    });
    paidCents = Number((await env.markPaid(sale.invoiceIds[0]!)).invoice_total_cents);
    const [owing] = await q(env.t, 'select invoice_number, balance_cents from invoice where id = ?', [sale.invoiceIds[1]]);
    unpaidNumber = Number(owing.invoice_number);
    unpaidBalance = Number(owing.balance_cents);
    await env.settleReady(sale, 'Reports plan', 'Cora Consignor');
    page = await env.openPage();
  }, 300_000);

  afterAll(async () => {
    await env?.close();
  });

  it('opens the outstanding invoices from the Reports menu: buckets, chart and the unpaid invoice', async () => {
    await page.getByRole('button', { name: 'Reports' }).click();
    await page.getByRole('menuitem', { name: 'Money Reports' }).click();
    await page.waitForURL('**/ar/reports/money');
    const report = page.getByTestId('report-aging');
    await report.waitFor();
    await page.getByTestId('aging-chart').locator('[data-testid=chart-bar]').first().waitFor();
    expect(await page.getByTestId('aging-chart').locator('[data-testid=chart-bar]').count()).toBe(4);
    const row = page.getByTestId('aging-table').locator('tbody tr', { hasText: 'Owing' });
    await row.waitFor();
    expect(await row.innerText()).toContain(String(unpaidNumber));
    expect(await page.getByTestId('aging-table').locator('tbody tr', { hasText: 'Payer' }).count()).toBe(0);
    expect(await row.innerText()).toContain(`$${(unpaidBalance / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    await page.getByTestId('aging-total').waitFor();
    await screenshot(page, 'money-reports-aging-1440', { fullPage: true });
  });

  it('downloads the aging as XLSX with the unpaid invoice and the total', async () => {
    await page.getByTestId('download-xlsx').click();
    await until(() => downloads.length === 1);
    const d = downloads[0];
    expect(d.suggestedFilename()).toMatch(/^Outstanding Invoices .* to .*\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync((await d.path())!) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0][0]).toBe('Invoice');
    expect(rows.some((r) => r[0] === unpaidNumber && Math.round((r[9] as number) * 100) === unpaidBalance)).toBe(true);
    expect(rows[rows.length - 1][0]).toBe('Total');
  });

  it('shows collections by day and method and downloads them as CSV', async () => {
    await page.getByTestId('tab-collections').click();
    const table = page.getByTestId('collections-table');
    // The demo house has payments of its own: today's check row holds ours.
    await table.locator('tbody tr', { hasText: TODAY_ISO }).filter({ hasText: 'Check' }).waitFor();
    await page.getByTestId('collections-chart').locator('[data-testid=chart-bar]').first().waitFor();
    await screenshot(page, 'money-reports-collections-1440', { fullPage: true });
    await page.getByTestId('download-csv').click();
    await until(() => downloads.length === 2);
    const rows = parse(fs.readFileSync((await downloads[1].path())!, 'utf8'), { bom: true }) as string[][];
    expect(rows[0]).toEqual(['Date', 'Method', 'Payments', 'Refunds', 'Collected', 'Refunded', 'Net']);
    const check = rows.find((r) => r[0] === TODAY_ISO && r[1] === 'Check')!;
    const [stored] = await q(
      env.t,
      `select sum(p.amount_cents)::int as c from invoice_payment p join house h on h.id = p.house_id
        where h.house_user_name = 'demo' and p.kind = 'payment' and p.status = 'settled' and p.voided_at is null
          and p.payment_method_id = 102 and coalesce(p.paid_date, (p.created_at at time zone 'UTC')::date) = ?::date`,
      [TODAY_ISO],
    );
    expect(Math.round(Number(check[4]) * 100)).toBe(stored.c);
    expect(stored.c).toBeGreaterThanOrEqual(paidCents);
  });

  it('shows the consignor payables and the revenue per sale', async () => {
    await page.getByTestId('tab-consignor-payables').click();
    await page.getByTestId('payables-table').locator('tbody tr', { hasText: 'Cora Consignor' }).waitFor();
    await screenshot(page, 'money-reports-payables-1440', { fullPage: true });
    await page.getByTestId('tab-sale-revenue').click();
    const sale = page.getByTestId('revenue-table').locator('tbody tr', { hasText: 'Reports Month Sale' });
    await sale.waitFor();
    await page.getByTestId('revenue-chart').locator('[data-testid=chart-bar]').first().waitFor();
    await screenshot(page, 'money-reports-revenue-1440', { fullPage: true });
    await page.setViewportSize({ width: 1024, height: 800 });
    await screenshot(page, 'money-reports-revenue-1024', { fullPage: true });
  });
});
