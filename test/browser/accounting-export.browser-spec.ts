import fs from 'node:fs';
import request from 'supertest';
import { parse } from 'csv-parse/sync';
import type { Download, Page } from 'playwright-core';
import { ACCOUNTING_TEXT } from '@ar/rules';
import { XERO_BANK_HEADER, XERO_BILL_HEADER, XERO_SALES_INVOICE_HEADER } from '../../src/modules/accounting/formats/xero';
import { createInvoicedGroup } from '../invoice-details/factory';
import { bidder, q, TODAY_ISO, TODAY_US } from '../invoice-marks/support';
import {
  DEMO_PASSWORD,
  describeIfChromium,
  ensureAdminBuilt,
  openBrowser,
  screenshot,
  signInAs,
  type OpenedBrowser,
} from '../support/browser';
import { startTestServer } from '../support/test-app';

// Accounting export (issue 17) in Chromium against the real server on the demo house: a sale paid
// and settled this month; map the accounts in the form (the shared messages first), see the month's
// trial balance balanced, export the month for Xero and read the downloaded files back; a second
// export of the same month is refused.

jest.setTimeout(120_000);

type Json = Record<string, any>;
/** Waits until `check` holds (downloads arrive one by one). */
async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
const cells = (text: string) => parse(text.replace(/^\uFEFF/, '')) as string[][];

describeIfChromium('Accounting export (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let invoiceNumber: string;
  let settlementId: number;
  const downloads: Download[] = [];

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    const t = server.testApp;
    const [house] = await q(t, `select id, house_ref from house where house_user_name = 'demo'`);
    const sale = await createInvoicedGroup(t.em(), {
      houseId: house.id,
      title: 'Export Month Sale',
      sessions: [{ title: 'Export session', eventDate: new Date(Date.now() - 10 * 86_400_000).toISOString() }],
      bidders: [bidder('Exporter', { firstName: 'Eve', email: 'eve@browser.example', paddle: 91 })],
      lots: [{ bidder: 0, hammer: 125_000, title: 'Walnut chest' }],
      invoices: { 0: { sentAt: new Date() } },
    });
    invoiceNumber = String(sale.invoiceNumbers[0]);
    const agent = request.agent(server.baseUrl);
    const login = await agent.post('/api/auth/login').send({ house: 'demo', username: 'owner', password: DEMO_PASSWORD });
    const csrf = login.body.data.csrfToken as string;
    const post = (path: string, body: object = {}) => agent.post(path).set('X-CSRF-Token', csrf).send(body);
    // Paid, settled and paid out through the calls, as the house would.
    const [inv] = await q(t, 'select version from invoice where id = ?', [sale.invoiceIds[0]]);
    const paid = await post(`/app/house/${house.house_ref}/invoicePaidOnly`, {
      invoiceID: sale.invoiceIds[0],
      paid: true,
      paidDate: TODAY_US,
      paymentMethodID: 102,
      version: inv.version,
    });
    expect(paid.status).toBe(200);
    const plan = await post('/api/commission-plans', { name: 'Export plan', tiers: [{ fromCents: 0, toCents: null, rate: 15_000 }] });
    const ann = await post('/api/consignors', { name: 'Ann Exporter', commissionPlanId: plan.body.id });
    expect((await post(`/api/consignors/${ann.body.id}/lots`, { lots: sale.lotIds.map((lotId) => ({ lotId })) })).status).toBe(200);
    const run = await post('/api/settlements/for-sale', { saleId: sale.auctionGroupId });
    settlementId = run.body.settlements[0].id;
    expect((await post(`/api/settlements/${settlementId}/ready`)).status).toBe(200);
    expect(
      (await post(`/api/settlements/${settlementId}/mark-paid`, { method: 'check', reference: 'CHK-77', paidDate: TODAY_ISO })).status,
    ).toBe(200);

    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    page = browser.page;
    page.on('download', (d) => downloads.push(d));
    await signInAs(page, server.baseUrl, 'demo', 'owner');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

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
    const [row] = await q(server.testApp, `select sales_account, card_clearing_account from house_accounting`);
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
    const [ledger] = await q(server.testApp, `select id, document_count from accounting_export where format = 'xero'`);
    const items = (await q(server.testApp, `select doc_kind, doc_number from accounting_export_item where export_id = ?`, [
      ledger.id,
    ])) as Json[];
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
