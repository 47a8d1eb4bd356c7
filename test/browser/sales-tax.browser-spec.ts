import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { SALES_TAX_CSV_HEADER, SALES_TAX_CSV_NAME, SALES_TAX_TEXT } from '@ar/rules';
import { createInvoicedGroup } from '../invoice-details/factory';
import { q } from '../invoice-marks/support';
import { describeIfChromium, ensureAdminBuilt, openBrowser, screenshot, signInAs, type OpenedBrowser } from '../support/browser';
import { signIn, type SignedIn } from '../support/fixtures';
import { startTestServer } from '../support/test-app';

// Sales Tax Reports (spec 001) in Debian's Chromium against the real server: invoices of Vermont and
// Wyoming bidders paid in 2024 (one partly refunded). Filter, View Report, sort by a column, download
// tax-report.csv and read its rows back; the empty state with its text and the CSV button disabled.
// The screen's figures are checked against the call's own answer (the e2e test checks the call).

jest.setTimeout(120_000);

type Json = Record<string, any>;

describeIfChromium('Sales Tax Reports (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let owner: SignedIn;
  let ref: string;

  const api = async (query: Record<string, string>): Promise<Json> =>
    (await owner.agent.get(`/app/house/${ref}/salesTaxReport`).query(query).expect(200)).body.data;
  const cells = (testid: string) => page.getByTestId('tax-table').locator(`td.column-${testid}`).allTextContents();
  const money = (cents: number) =>
    `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  const view = async () => {
    await page.getByTestId('tax-view').click();
    await page.waitForLoadState('networkidle');
  };

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    const t = server.testApp;
    const [house] = await q(t, `select id from house where house_user_name = 'demo'`);
    await q(t, `update house set processor_type = 'p' where id = ?`, [house.id]);
    const g = await createInvoicedGroup(t.em(), {
      houseId: house.id,
      sessions: [{ eventDate: '2024-02-20T23:00:00Z' }],
      bidders: [
        { firstName: 'Tax', lastName: 'Burlington', stateCode: 'VT' },
        { firstName: 'Tax', lastName: 'Montpelier', stateCode: 'VT' },
        { firstName: 'Tax', lastName: 'Cheyenne', stateCode: 'WY' },
      ],
      lots: [
        { bidder: 0, hammer: 12_000 },
        { bidder: 1, hammer: 48_000 },
        { bidder: 2, hammer: 150_000 },
      ],
    });
    const pay = async (i: number, day: string, kind: 'payment' | 'refund', cents?: number) => {
      const id = g.invoiceIds[i]!;
      const [inv] = await q(t, 'select invoice_total_cents::int as total from invoice where id = ?', [id]);
      await q(
        t,
        `insert into invoice_payment (house_id, invoice_id, amount_cents, kind, source, status, paid_date) values (?, ?, ?, ?, 'card', 'settled', ?)`,
        [house.id, id, cents ?? inv.total, kind, day],
      );
    };
    await pay(0, '2024-03-05', 'payment');
    await pay(1, '2024-05-10', 'payment');
    await pay(2, '2024-05-20', 'payment');
    await pay(1, '2024-06-01', 'refund', 10_000);

    owner = await signIn(t.server, 'demo', 'owner', 'auction-demo');
    ref = owner.user.houseInfo.houseRef;
    browser = await openBrowser({ acceptDownloads: true, viewport: { width: 1440, height: 900 } });
    page = browser.page;
    await signInAs(page, server.baseUrl, 'demo', 'owner');
    await page.goto(`${server.baseUrl}/ar/reports/salesTaxReports`);
    await page.getByTestId('sales-tax-reports').waitFor();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('filters by year, views the report with its totals, and sorts by a column', async () => {
    await page.getByTestId('tax-year').selectOption('2024');
    await view();
    expect(page.url()).toContain('year=2024');
    const expected = await api({ year: '2024' });
    expect(expected.houseSalesTaxReport.length).toBeGreaterThanOrEqual(4);
    await page.getByTestId('tax-table').waitFor();
    expect(await page.getByTestId('tax-total-sales').locator('dd').textContent()).toBe(money(expected.totals.salesAmountCents));
    expect(await page.getByTestId('tax-total-tax').locator('dd').textContent()).toBe(money(expected.totals.taxAmountCents));
    // Newest month first.
    expect(await cells('startDate')).toEqual(expected.houseSalesTaxReport.map((r: Json) => r.startDate));

    await page.getByRole('button', { name: 'Sales Tax' }).click();
    await page.waitForLoadState('networkidle');
    const byTax = await api({ year: '2024', sort: 'taxAmount', order: 'ASC' });
    await expectCells(
      'taxAmount',
      byTax.houseSalesTaxReport.map((r: Json) => money(r.taxAmountCents)),
    );
    // The refund month of Vermont is negative: first when sorted by tax ascending.
    expect((await cells('taxAmount'))[0]).toMatch(/^-\$/);
    await screenshot(page, 'sales-tax-1440');
    await page.setViewportSize({ width: 1024, height: 800 });
    await screenshot(page, 'sales-tax-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("narrows to a state and downloads tax-report.csv with the report's rows", async () => {
    await page.getByTestId('tax-state').selectOption('VT');
    await view();
    const expected = await api({ year: '2024', state: 'VT', sort: 'taxAmount', order: 'ASC' });
    expect(expected.houseSalesTaxReport).toHaveLength(3);
    await expectCells('stateName', ['Vermont', 'Vermont', 'Vermont']);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('tax-download').click()]);
    expect(download.suggestedFilename()).toBe(SALES_TAX_CSV_NAME);
    const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    const dec = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
    expect(lines).toEqual([
      SALES_TAX_CSV_HEADER.join(','),
      ...expected.houseSalesTaxReport.map((r: Json) =>
        [r.startDate, r.maxDate, r.stateName, dec(r.salesAmountCents), dec(r.taxAmountCents)].join(','),
      ),
    ]);
  });

  it('shows the empty text and disables the download when nothing matches', async () => {
    await page.getByTestId('tax-year').selectOption('2023');
    await page.getByTestId('tax-state').selectOption('WY');
    await view();
    await page.getByTestId('tax-empty').getByText(SALES_TAX_TEXT.empty, { exact: true }).waitFor();
    expect(await page.getByTestId('tax-download').isDisabled()).toBe(true);
    expect(await page.getByTestId('tax-total-tax').locator('dd').textContent()).toBe('$0.00');
  });

  async function expectCells(column: string, want: string[]) {
    for (let i = 0; i < 50; i++) {
      if (JSON.stringify(await cells(column)) === JSON.stringify(want)) return;
      await page.waitForTimeout(100);
    }
    expect(await cells(column)).toEqual(want);
  }
});
