import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import type { Download, Page } from 'playwright-core';
import { ACCOUNTING_TEXT } from '@ar/rules';
import { XERO_BANK_HEADER, XERO_BILL_HEADER, XERO_SALES_INVOICE_HEADER } from '../../src/modules/accounting/formats/xero';
import { bidder, q, TODAY_ISO } from '../invoice-marks/support';
import { describeIfChromium, screenshot } from '../support/browser';
import { startMoneyBrowser, until } from '../support/money-browser';

// The money screens of issue 17 in Chromium against one real server on the demo house (one boot and
// one sign-in for both; each describe seeds its own sale and reads only its own rows and files):
// - Accounting export: a sale paid and settled this month; map the accounts in the form (the shared
//   messages first), see the month's trial balance balanced, export the month for Xero and read the
//   downloaded files back; a second export of the same month is refused.
// - Money reports: a sale with one buyer paid by check and one unpaid, settled for its consignor;
//   open each report's tab (chart and table), and download the aging as XLSX and the collections as
//   CSV, then read them back.

jest.setTimeout(120_000);

type Json = Record<string, any>;
const cells = (text: string) => parse(text.replace(/^\uFEFF/, '')) as string[][];

describeIfChromium('Money screens (browser)', () => {
  let env: Awaited<ReturnType<typeof startMoneyBrowser>>;
  let page: Page;
  let downloads: Download[];

  beforeAll(async () => {
    env = await startMoneyBrowser();
    downloads = env.downloads;
    page = await env.openPage();
  }, 300_000);

  afterAll(async () => {
    await env?.close();
  });

  describe('Accounting export', () => {
    let invoiceNumber: string;
    let settlementId: number;

    beforeAll(async () => {
      // The other describe's files are not counted here.
      downloads.length = 0;
      await page.setViewportSize({ width: 1440, height: 900 });
      const sale = await env.createSale({
        title: 'Export Month Sale',
        sessions: [{ title: 'Export session', eventDate: new Date(Date.now() - 10 * 86_400_000).toISOString() }],
        bidders: [bidder('Exporter', { firstName: 'Eve', email: 'eve@browser.example', paddle: 91 })],
        lots: [{ bidder: 0, hammer: 125_000, title: 'Walnut chest' }],
        invoices: { 0: { sentAt: new Date() } },
      });
      invoiceNumber = String(sale.invoiceNumbers[0]);
      // Paid, settled and paid out through the calls, as the house would.
      await env.markPaid(sale.invoiceIds[0]!);
      settlementId = await env.settleReady(sale, 'Export plan', 'Ann Exporter');
      expect(
        (await env.post(`/api/settlements/${settlementId}/mark-paid`, { method: 'check', reference: 'CHK-77', paidDate: TODAY_ISO }))
          .status,
      ).toBe(200);
    }, 300_000);

    it('maps the accounts in the form, with the shared messages', async () => {
      await page.getByRole('button', { name: 'Reports' }).click();
      await page.getByRole('menuitem', { name: 'Accounting Export' }).click();
      await page.waitForURL('**/ar/settlements/accounting');
      await page.getByTestId('accounts-not-mapped').waitFor();
      expect(await page.getByTestId('export-button').isDisabled()).toBe(true);

      await page.getByTestId('edit-accounts').click();
      const dialog = page.getByTestId('accounts-dialog');
      await dialog.getByTestId('account-salesAccount').fill('200');
      await page.getByTestId('accounts-save').click();
      await dialog.getByText('Fees account is required.').waitFor();
      const codes: Record<string, string> = {
        buyersPremiumAccount: '210',
        liveFeeAccount: '215',
        taxPayableAccount: '820',
        feesAccount: '260',
        commissionIncomeAccount: '230',
        consignorPayableAccount: '810',
        cardClearingAccount: '610',
      };
      for (const [key, code] of Object.entries(codes)) await dialog.getByTestId(`account-${key}`).fill(code);
      await screenshot(page, 'accounting-accounts-1440');
      await page.getByTestId('accounts-save').click();
      await page.getByTestId('account-codes').getByText('810').waitFor();
      const [row] = await q(env.t, `select sales_account, card_clearing_account from house_accounting`);
      expect(row).toEqual({ sales_account: '200', card_clearing_account: '610' });
    });

    it("shows the month's trial balance, balanced", async () => {
      await page
        .getByTestId('balanced')
        .getByText(/^Balanced/)
        .waitFor();
      await page.getByTestId('tb-table').getByText('Consignor payable').waitFor();
      await screenshot(page, 'accounting-export-1440', { fullPage: true });
      await page.setViewportSize({ width: 1024, height: 800 });
      await screenshot(page, 'accounting-export-1024', { fullPage: true });
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    it('exports the month for Xero and reads the files back', async () => {
      expect(await page.getByTestId('export-format').inputValue()).toBe('xero');
      await page.getByTestId('export-button').click();
      await page.getByTestId('export-result').waitFor();
      await until(() => downloads.length === 4);
      // Each file is the server's streamed attachment, not a text the page built.
      expect(downloads.map((d) => new URL(d.url()).pathname)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\/api\/accounting\/exports\/\d+\/download$/)]),
      );
      expect(downloads.every((d) => d.url().includes('/download?file='))).toBe(true);
      const byName = new Map<string, string>();
      for (const d of downloads) byName.set(d.suggestedFilename(), fs.readFileSync((await d.path())!, 'utf8'));
      const month = `${TODAY_ISO.slice(0, 8)}01-to-${TODAY_ISO}`;
      expect([...byName.keys()].sort()).toEqual(
        [`xero-bills-${month}.csv`, `xero-payments-${month}.csv`, `xero-payouts-${month}.csv`, `xero-sales-invoices-${month}.csv`].sort(),
      );

      const sales = cells(byName.get(`xero-sales-invoices-${month}.csv`)!);
      expect(sales[0]).toEqual([...XERO_SALES_INVOICE_HEADER]);
      const ours = sales.filter((r) => r[10] === invoiceNumber);
      expect(ours.map((r) => [r[0], r[15].split(' (')[0], r[17], r[19], r[20]])).toEqual([
        ['Eve Exporter', 'Hammer', '1250.00', '200', 'Tax Exempt'],
        ['Eve Exporter', "Buyer's premium", '300.00', '210', 'Tax Exempt'],
        ['Eve Exporter', 'Live fee', '37.50', '215', 'Tax Exempt'],
        ['Eve Exporter', 'Sales tax', '63.50', '820', 'Tax Exempt'],
      ]);

      const bills = cells(byName.get(`xero-bills-${month}.csv`)!);
      expect(bills[0]).toEqual([...XERO_BILL_HEADER]);
      const bill = bills.filter((r) => r[10] === `STL-${settlementId}`);
      expect(bill.map((r) => [r[0], r[13], r[17], r[18]])).toEqual([
        ['Ann Exporter', '1062.50', '1250.00', '200'],
        ['Ann Exporter', '1062.50', '-187.50', '230'],
      ]);
      const payouts = cells(byName.get(`xero-payouts-${month}.csv`)!);
      expect(payouts[0]).toEqual([...XERO_BANK_HEADER]);
      expect(
        payouts
          .slice(1)
          .filter((r) => r[3].includes(`STL-${settlementId}`))
          .map((r) => [r[1], r[2], r[5]]),
      ).toEqual([['-1062.50', 'Ann Exporter', 'CHK-77']]);
      const payments = cells(byName.get(`xero-payments-${month}.csv`)!);
      expect(
        payments
          .slice(1)
          .filter((r) => r[3].includes(`invoice ${invoiceNumber} `))
          .map((r) => r[1]),
      ).toEqual(['1651.00']);

      // What the ledger holds is what the files carry.
      const [ledger] = await q(env.t, `select id, document_count from accounting_export where format = 'xero'`);
      const items = (await q(env.t, `select doc_kind, doc_number from accounting_export_item where export_id = ?`, [ledger.id])) as Json[];
      expect(
        items
          .filter((i) => i.doc_kind === 'invoice')
          .map((i) => i.doc_number)
          .sort(),
      ).toEqual([...new Set(sales.slice(1).map((r) => r[10]))].sort());
      await screenshot(page, 'accounting-exported-1440');
    });

    it('refuses to export the same month twice unless asked', async () => {
      await page.getByTestId('export-button').click();
      await page.getByTestId('app-alert').getByText(ACCOUNTING_TEXT.nothingNew).waitFor();
      await page.getByTestId('include-exported').click();
      const before = downloads.length;
      await page.getByTestId('export-button').click();
      await page.getByTestId('export-result').waitFor();
      await until(() => downloads.length === before + 4);
    });
  });

  describe('Money reports', () => {
    let unpaidNumber: number;
    let unpaidBalance: number;
    let paidCents: number;

    beforeAll(async () => {
      // The other describe's files are not counted here.
      downloads.length = 0;
      await page.setViewportSize({ width: 1440, height: 900 });
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
    }, 300_000);

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
});
