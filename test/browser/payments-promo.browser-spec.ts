import type { Page } from 'playwright-core';
import { PERMISSION_DENIED_TEXT } from '../../admin/src/common/customerCare';
import { PAYMENTS_PROMO_TEXT as T, PROMO_LINK_TEXT } from '../../admin/src/payments/paymentsPromo';
import { House } from '../../src/modules/houses/house.entity';
import { describeIfChromium, ensureAdminBuilt, openBrowser, screenshot, signInAs, type OpenedBrowser } from '../support/browser';
import { startTestServer } from '../support/test-app';

// The Payments promotion page (spec 001) in Chromium against the real server: /payments shows the
// sign-up call to action, /payments/switch shows Book Appointment, both say payments will be
// required from January, with the house's name and processor; reached from Billing > Payment Center
// and by keyboard; from the calendar's activation banner (a processor-w house goes to the switch
// appointment, with its own name and processor); a user without invoices and settlement access gets the permission-denied text.

jest.setTimeout(120_000);

describeIfChromium('Payments promotion page (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;

  const open = async (path: string) => {
    await page.goto(`${server.baseUrl}/ar${path}`);
    await page.getByTestId('payments-promo').waitFor();
  };
  const cta = () => page.getByTestId('payments-cta');

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    page = browser.page;
    await signInAs(page, server.baseUrl, 'demo', 'owner');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('/payments shows the sign-up call to action, the January notice and the house', async () => {
    await open('/payments');
    expect(await page.getByTestId('payments-promo').getAttribute('data-variant')).toBe('signUp');
    expect(await page.getByTestId('payments-january').textContent()).toBe(T.january);
    expect(await cta().textContent()).toBe(T.signUp);
    expect(await page.getByText(T.bookAppointment).count()).toBe(0);
    expect(await page.getByTestId('payments-house').textContent()).toBe('Demo Auctions');
    expect(await page.getByTestId('payments-processor').textContent()).toBe(
      'Current processor: integrated payments (processor P), payment processing enabled.',
    );
    const href = new URL((await cta().getAttribute('href'))!);
    expect(href.searchParams.get('topic')).toBe('payments-sign-up');
    expect(href.searchParams.get('house')).toBe('demo');
    expect(await cta().getAttribute('target')).toBe('_blank');
    await screenshot(page, 'payments-promo-1440');
  });

  it('/payments/switch shows Book Appointment, reachable with the keyboard', async () => {
    await open('/payments/switch');
    expect(await page.getByTestId('payments-promo').getAttribute('data-variant')).toBe('switch');
    expect(await page.getByTestId('payments-january').textContent()).toBe(T.january);
    expect(await cta().textContent()).toBe(T.bookAppointment);
    expect(await page.getByText(T.signUp, { exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: `${T.bookAppointment} ${T.opensNewTab}` }).waitFor();
    // Tab from the page start until the call to action has the focus.
    await page.locator('body').focus();
    let focused = '';
    for (let i = 0; i < 60 && focused !== 'payments-cta'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    }
    expect(focused).toBe('payments-cta');
    await page.setViewportSize({ width: 1024, height: 800 });
    await screenshot(page, 'payments-promo-switch-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('any other action is the sign-up page; the menu Billing > Payment Center leads to it', async () => {
    await open('/payments/Switch');
    expect(await cta().textContent()).toBe(T.signUp);
    await page.goto(`${server.baseUrl}/ar/`);
    await page.getByRole('button', { name: 'Billing' }).click();
    await page.getByRole('menuitem', { name: 'Payment Center' }).click();
    await page.getByTestId('payments-promo').waitFor();
    expect(new URL(page.url()).pathname).toBe('/ar/payments');
  });

  it('a user without invoices and settlement access is refused', async () => {
    const clerk = await openBrowser();
    try {
      await signInAs(clerk.page, server.baseUrl, 'demo', 'clerk');
      await clerk.page.goto(`${server.baseUrl}/ar/payments/switch`);
      await clerk.page.getByText(PERMISSION_DENIED_TEXT).waitFor();
      expect(await clerk.page.getByTestId('payments-promo').count()).toBe(0);
    } finally {
      await clerk.close();
    }
  });

  it("the calendar's activation banner sends a house on processor w to Book Appointment", async () => {
    const em = server.testApp.em();
    await em.nativeUpdate(House, { houseUserName: 'other' }, { paymentProcessingRequired: true });
    const other = await openBrowser({ viewport: { width: 1440, height: 900 } });
    try {
      const p = other.page;
      await signInAs(p, server.baseUrl, 'other', 'owner');
      await p.goto(`${server.baseUrl}/ar/my-auctions/current`);
      const link = p.getByTestId('banner-activation').getByRole('link', { name: PROMO_LINK_TEXT });
      await link.click();
      await p.getByTestId('payments-promo').waitFor();
      expect(new URL(p.url()).pathname).toBe('/ar/payments/switch');
      expect(await p.getByTestId('payments-cta').textContent()).toBe(T.bookAppointment);
      expect(await p.getByTestId('payments-house').textContent()).toBe('Other House Auctioneers');
      expect(await p.getByTestId('payments-processor').textContent()).toBe(
        'Current processor: processor W, payment processing not enabled.',
      );
    } finally {
      await other.close();
      await em.nativeUpdate(House, { houseUserName: 'other' }, { paymentProcessingRequired: false });
    }
  });
});
