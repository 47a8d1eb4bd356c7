import type { Page } from 'playwright-core';
import { PaymentMethodsOnFileService } from '../../src/modules/invoicing/payments/methods/payment-methods-on-file.service';
import type { FactoryGroup } from '../invoice-details/factory';
import { bidder, group, q } from '../invoice-marks/support';
import { describeIfChromium, ensureAdminBuilt, openBrowser, screenshot, signInAs, type OpenedBrowser } from '../support/browser';
import { startTestServer } from '../support/test-app';

// Issue 11's Charge selected cards on Invoice Group Details in Debian's Chromium against the real
// server and the sandbox gateway: a processor-p house with payment processing on (the demo house;
// set again in SQL), invoices sent three days ago, one bidder's card approves, one declines, one
// bidder has no card and one card's limit is below the amount: the confirm dialog, the spec's exact
// banners, the skipped reasons and the statuses read again. A user without settlement access has no button.

jest.setTimeout(120_000);

const CARD = { kind: 'card' as const, brand: 'visa' as const, last4: '4242', expMonth: 12, expYear: 2030 };
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describeIfChromium('Charge selected cards (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let g: FactoryGroup;
  let numbers: number[];
  let dueCents: number[];

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    const t = server.testApp;
    const [house] = await q(t, `select id from house where house_user_name = 'demo'`);
    await q(t, `update house set processor_type = 'p', payment_processing_enabled = true where id = ?`, [house.id]);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    const names = ['Approve', 'Decline', 'Nocard', 'Limit'];
    g = await group(
      t,
      house.id,
      names.map((n) => bidder(`Charge${n}`)),
      names.map((_, i) => ({ bidder: i, hammer: 10_000 + i * 100 })),
      Object.fromEntries(names.map((_, i) => [i, { sentAt: threeDaysAgo }])),
    );
    await q(t, `update invoice set sent_at = ? where group_id = ?`, [threeDaysAgo, g.groupId]);
    const methods = t.app.get(PaymentMethodsOnFileService);
    await methods.add(house.id, g.memberIds[0], { ...CARD, token: 'tok_visa_approve_browser', cardLimitCents: null });
    await methods.add(house.id, g.memberIds[1], { ...CARD, token: 'tok_decline_insufficient_funds_browser', cardLimitCents: null });
    await methods.add(house.id, g.memberIds[3], { ...CARD, token: 'tok_visa_limit_5000', cardLimitCents: 5_000 });
    numbers = g.invoiceNumbers as number[];
    dueCents = await Promise.all(
      (g.invoiceIds as number[]).map(async (id) =>
        Number((await q(t, `select balance_cents from invoice where id = ?`, [id]))[0].balance_cents),
      ),
    );
    browser = await openBrowser();
    page = browser.page;
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const row = (n: number) => page.getByTestId('invoice-row').filter({ has: page.getByRole('checkbox', { name: `Select invoice ${n}` }) });
  const open = async () => {
    await page.goto(`${server.baseUrl}/ar/invoices/InvoiceGroupDetails/${g.groupId}`);
    await page.getByTestId('invoice-row').first().waitFor();
  };

  it('a user without settlement access sees no charge button', async () => {
    await signInAs(page, server.baseUrl, 'demo', 'clerk');
    await open();
    await page.getByTestId('download-csv').waitFor();
    expect(await page.getByTestId('charge-cards').count()).toBe(0);
    await page.context().clearCookies();
  });

  it('charges the selected cards: confirm with count and total, the exact banners, skipped reasons, statuses read again', async () => {
    await signInAs(page, server.baseUrl, 'demo', 'owner');
    await open();
    const button = page.getByTestId('charge-cards');
    expect(await button.textContent()).toBe('Charge all cards');
    for (const n of numbers) await page.getByRole('checkbox', { name: `Select invoice ${n}` }).check();
    expect(await button.textContent()).toBe('Charge selected cards');
    await button.click();

    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    expect(await dialog.locator('.MuiDialogContentText-root').textContent()).toBe(
      `Charge the cards on file for 2 invoices, a total of ${dollars(dueCents[0] + dueCents[1])}? ` +
        '2 invoices cannot be charged and will be skipped: No credit card on file for this bidder. (1) ' +
        'The amount due exceeds the credit card limit. This invoice requires ACH payment. (1)',
    );
    await page.getByTestId('confirm-ok').click();

    await page.getByTestId('charge-banner-processed').waitFor();
    expect(await page.getByTestId('charge-banner-processed').locator('.MuiAlert-message').textContent()).toBe(
      '1/2 of your payments have been processed!.',
    );
    expect(await page.getByTestId('charge-banner-failed').locator('.MuiAlert-message').textContent()).toBe(
      '1/2 of your payments failed.Some payments were not processed due to invalid payment type. Please contact the bidder to arrange payment.',
    );
    expect(await page.getByTestId('charge-clear-filter').textContent()).toBe('Clear filter');
    expect(await page.getByTestId('charge-banner-cardLimit').locator('.MuiAlert-message').textContent()).toBe(
      '1/4 invoices will require ACH payment and cannot be automatically charged.',
    );
    expect(await page.getByTestId('charge-skipped').locator('li').allTextContents()).toEqual([
      'No credit card on file for this bidder. (1)',
      'The amount due exceeds the credit card limit. This invoice requires ACH payment. (1)',
    ]);
    await row(numbers[0]).getByTestId('invoice-status').getByText('Paid', { exact: true }).waitFor();
    const statuses = await Promise.all(numbers.map((n) => row(n).getByTestId('invoice-status').textContent()));
    expect(statuses).toEqual(['Paid', 'Payment Failed', 'Sent', 'Sent']);
    await screenshot(page, 'card-charging-banners', { fullPage: true });
  });
});
