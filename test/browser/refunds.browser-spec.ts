import type { Locator, Page } from 'playwright-core';
import { PaymentMethodsOnFileService } from '../../src/modules/invoicing/payments/methods/payment-methods-on-file.service';
import type { FactoryGroup } from '../invoice-details/factory';
import { bidder, group, post, q, TODAY_US } from '../invoice-marks/support';
import { describeIfChromium, ensureAdminBuilt, openBrowser, screenshot, signInAs, type OpenedBrowser } from '../support/browser';
import { signIn } from '../support/fixtures';
import { startTestServer } from '../support/test-app';

// Issue 11's payments panel on Edit Invoices in Debian's Chromium against the real server and the
// sandbox gateway: one invoice paid by card (charged through processCards), one marked paid by
// check. Refund part of the card payment and see the refund row, the new balance and Partial Paid
// on the panel and on the invoice's block; void the check and see the balance come back.

jest.setTimeout(120_000);

const CARD = { kind: 'card' as const, brand: 'visa' as const, last4: '4242', expMonth: 12, expYear: 2030 };
const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

describeIfChromium('Payments panel: refund and void (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let g: FactoryGroup;
  let numbers: number[];
  let totals: number[];

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    const t = server.testApp;
    const [house] = await q(t, `select id from house where house_user_name = 'demo'`);
    await q(t, `update house set processor_type = 'p', payment_processing_enabled = true where id = ?`, [house.id]);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    g = await group(
      t,
      house.id,
      [bidder('RefundCard'), bidder('RefundCheck')],
      [
        { bidder: 0, hammer: 25_000 },
        { bidder: 1, hammer: 14_000 },
      ],
      { 0: { sentAt: threeDaysAgo }, 1: { sentAt: threeDaysAgo } },
    );
    await q(t, `update invoice set sent_at = ? where group_id = ?`, [threeDaysAgo, g.groupId]);
    await t.app
      .get(PaymentMethodsOnFileService)
      .add(house.id, g.memberIds[0], { ...CARD, token: 'tok_visa_approve_refund_browser', cardLimitCents: null });
    const owner = await signIn(t.server, 'demo', 'owner', 'auction-demo');
    const ref = owner.user.houseInfo.houseRef;
    const [cardId, checkId] = g.invoiceIds as number[];
    expect((await post(owner, ref, 'processCards', [cardId])).body.data.data.invoiceConfirmations[0]).toMatchObject({ charged: true });
    await post(owner, ref, 'invoicePaidOnly', { invoiceID: checkId, paid: true, paidDate: TODAY_US, paymentMethodID: 102 }).expect(200);
    numbers = g.invoiceNumbers as number[];
    totals = await Promise.all(
      [cardId, checkId].map(async (id) =>
        Number((await q(t, `select invoice_total_cents from invoice where id = ?`, [id]))[0].invoice_total_cents),
      ),
    );
    browser = await openBrowser();
    page = browser.page;
    await signInAs(page, server.baseUrl, 'demo', 'owner');
    await page.goto(`${server.baseUrl}/ar/invoices/EditInvoices/${g.groupId}`);
    await page.getByTestId('invoice-editor').waitFor();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const block = (invoiceNumber: number): Locator => page.locator(`section[aria-label="Invoice ${invoiceNumber}"]`);
  const panel = () => page.getByTestId('payments-dialog');
  const stripValue = (testId: string) => panel().getByTestId(testId).locator('dd').textContent();

  it('refunds part of a card payment: the refund row, the new balance and Partial Paid, on the panel and the invoice', async () => {
    await block(numbers[0]).getByTestId('payments').click();
    await panel().getByTestId('payments-table').waitFor();
    expect(await panel().getByTestId('payments-status').textContent()).toBe('Paid');
    expect(await panel().getByTestId('payment-kind').allTextContents()).toEqual([expect.stringMatching(/^Card payment/)]);

    await panel().getByTestId('payment-refund').click();
    const dialog = page.getByTestId('refund-dialog');
    await dialog.waitFor();
    const amount = dialog.getByTestId('refund-amount');
    expect(await amount.inputValue()).toBe((totals[0] / 100).toFixed(2));
    await amount.fill('40.00');
    await dialog.getByTestId('payment-action-reason').fill('Frame arrived scratched');
    await screenshot(page, 'refunds-refund-dialog');
    await dialog.getByTestId('payment-action-save').click();
    await dialog.waitFor({ state: 'detached' });

    await panel().getByTestId('payment-kind').nth(1).waitFor();
    expect(await panel().getByTestId('payment-kind').allTextContents()).toEqual([
      expect.stringMatching(/^Card payment/),
      expect.stringMatching(/^Card refund/),
    ]);
    expect(await panel().getByTestId('payment-amount').nth(1).textContent()).toBe('−$40.00');
    expect(await stripValue('payments-balance')).toBe('$40.00');
    expect(await panel().getByTestId('payments-status').textContent()).toBe('Partial Paid');
    await panel().getByText('Frame arrived scratched').waitFor();
    await screenshot(page, 'refunds-payments-panel');

    await panel().getByTestId('payments-close').click();
    await block(numbers[0]).getByTestId('invoice-balance').getByText('$40.00', { exact: true }).waitFor();
    expect(await block(numbers[0]).getByTestId('delivery-mode').textContent()).toContain('Status: Partial Paid');
  });

  it('voids an offline payment with a reason: the balance comes back', async () => {
    await block(numbers[1]).getByTestId('payments').click();
    await panel().getByTestId('payments-table').waitFor();
    expect(await panel().getByTestId('payment-refund').count()).toBe(0);
    await panel().getByTestId('payment-void').click();
    const dialog = page.getByTestId('void-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('payment-action-save').click();
    await dialog.getByText('Please enter a reason for voiding this payment.').waitFor();
    await dialog.getByTestId('payment-action-reason').fill('Check returned by the bank');
    await dialog.getByTestId('payment-action-save').click();
    await dialog.waitFor({ state: 'detached' });

    await panel().getByTestId('payment-status').getByText('Voided', { exact: true }).waitFor();
    expect(await stripValue('payments-balance')).toBe(dollars(totals[1]));
    expect(await panel().getByTestId('payments-status').textContent()).toBe('Sent');
    expect(await panel().getByTestId('payment-void').count()).toBe(0);
    await screenshot(page, 'refunds-void');
    await panel().getByTestId('payments-close').click();
    await block(numbers[1]).getByTestId('invoice-balance').getByText(dollars(totals[1]), { exact: true }).waitFor();
  });
});
