import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { addDays, AUTO_CHARGE_TEXT, todayIn } from '@ar/rules';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { PaymentMethodsOnFileService } from '../../src/modules/invoicing/payments/methods/payment-methods-on-file.service';
import type { FactoryGroup } from '../invoice-details/factory';
import { bidder, group, q } from '../invoice-marks/support';
import {
  DEMO_PASSWORD,
  describeIfChromium,
  ensureAdminBuilt,
  openBrowser,
  type OpenedBrowser,
  screenshot,
  signInAs,
  signInByCall,
} from '../support/browser';
import { signIn, type SignedIn } from '../support/fixtures';
import { startTestServer } from '../support/test-app';

// Issue 11's Auto-charge page in Debian's Chromium against the real server: the demo house
// (processor p, payment processing and auto-charge on; set again in SQL, time zone New York), a
// group whose bidders have cards (one has none, so it is not listed). Set dates (one row, all rows),
// see the button change, save, and read the dates back through the API and on the page; a date
// that is no longer valid carries the spec's tooltip and must be replaced ('Select a new date to
// continue'); a refused save keeps the dates and shows the server's message.

jest.setTimeout(120_000);

const TZ = 'America/New_York';
const CARD = { kind: 'card' as const, brand: 'visa' as const, last4: '4242', expMonth: 12, expYear: 2030 };
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

describeIfChromium('Auto-charge page (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let api: SignedIn;
  let houseId: number;
  let g: FactoryGroup;
  /** Invoice ids and numbers: A, B and C have cards (C's date is no longer valid), D has none. */
  let id: Record<'A' | 'B' | 'C' | 'D', number>;
  let num: Record<'A' | 'B' | 'C' | 'D', number>;
  const today = () => todayIn(TZ);

  const url = (...ids: number[]) => `${server.baseUrl}/ar/invoices/InvoiceAutoCharge/${g.groupId}/invoice/${ids.join(',')}`;
  const open = async (...ids: number[]) => {
    await page.goto(url(...ids));
    await page.getByTestId('auto-charge-continue').waitFor();
  };
  const row = (n: number) => page.getByTestId(`auto-charge-row-${n}`);
  const dateInput = (n: number) => row(n).getByTestId('auto-charge-date');
  const button = () => page.getByTestId('auto-charge-continue');
  const tooltipOf = async (n: number, shot?: string) => {
    await row(n).getByTestId('auto-charge-invalid').hover();
    const tip = page.getByRole('tooltip');
    await tip.waitFor();
    const text = await tip.textContent();
    if (shot) await screenshot(page, shot, { fullPage: true });
    await page.mouse.move(0, 0);
    await tip.waitFor({ state: 'detached' });
    return text;
  };
  /** axe-core's serious and critical findings (issue 9's bar for every screen). */
  const axeProblems = async () => {
    const res = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .options({ resultTypes: ['violations'] })
      .analyze();
    return res.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  };
  const listed = async (ids: number[]) => {
    const res = await api.agent
      .post(`/app/house/${api.user.houseInfo.houseRef}/invoiceGroup/${g.groupId}/autoCharge`)
      .set('X-CSRF-Token', api.csrf)
      .send(ids);
    expect(res.status).toBe(200);
    return res.body.data.eligibleInvoiceList as { invoiceID: number; autoChargeDate: string | null }[];
  };

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    const t = server.testApp;
    [{ id: houseId }] = await q(t, `select id from house where house_user_name = 'demo'`);
    await q(
      t,
      `update house set processor_type = 'p', payment_processing_enabled = true, auto_charge_enabled = true, time_zone = ? where id = ?`,
      [TZ, houseId],
    );
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    const names = ['A', 'B', 'C', 'D'] as const;
    g = await group(
      t,
      houseId,
      names.map((n) => bidder(`Auto${n}`)),
      names.map((_, i) => ({ bidder: i, hammer: 20_000 + i * 1_000 })),
      Object.fromEntries(names.map((_, i) => [i, { sentAt: threeDaysAgo }])),
    );
    const methods = t.app.get(PaymentMethodsOnFileService);
    for (const i of [0, 1, 2])
      await methods.add(houseId, g.memberIds[i], { ...CARD, token: `tok_visa_approve_ac${i}`, cardLimitCents: null });
    id = Object.fromEntries(names.map((n, i) => [n, g.invoiceIds[i] as number])) as typeof id;
    num = Object.fromEntries(names.map((n, i) => [n, g.invoiceNumbers[i] as number])) as typeof num;
    // C was scheduled for tomorrow: no longer two days ahead.
    await q(t, `update invoice set auto_charge_date = ?::date where id = ?`, [addDays(today(), 1), id.C]);
    api = await signIn(t.server, 'demo', 'owner', DEMO_PASSWORD);
    browser = await openBrowser();
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'owner');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('sets dates (one row, then all), the button turns to Save & Continue, saves, and the dates are on the invoices', async () => {
    await open(id.A, id.B, id.D);
    expect((await page.title()).startsWith(`${AUTO_CHARGE_TEXT.title} | `)).toBe(true);
    // D has no card on file: not eligible, not listed.
    expect(await page.getByTestId('auto-charge-table').getByTestId('auto-charge-date').count()).toBe(2);
    expect(await row(num.D).count()).toBe(0);
    const [a] = await q(server.testApp, `select invoice_total_cents::int as total, balance_cents::int as due from invoice where id = ?`, [
      id.A,
    ]);
    const cells = await page.locator('tbody tr').first().locator('td').allTextContents();
    expect(cells.slice(0, 6)).toEqual([String(num.A), 'Test AutoA', 'INV', expect.stringMatching(/^\d+$/), money(a.total), money(a.due)]);
    expect(await page.getByTestId('auto-charge-intro').textContent()).toContain(
      `from ${us(addDays(today(), 2))} to ${us(addDays(today(), 7))}`,
    );
    expect(await dateInput(num.A).getAttribute('min')).toBe(addDays(today(), 2));
    expect(await dateInput(num.A).getAttribute('max')).toBe(addDays(today(), 7));

    expect(await button().textContent()).toBe(AUTO_CHARGE_TEXT.continueNoChanges);
    await dateInput(num.A).fill(addDays(today(), 3));
    expect(await button().textContent()).toBe(AUTO_CHARGE_TEXT.saveAndContinue);
    // Cleared again (it had no date): no change.
    await row(num.A)
      .getByRole('button', { name: `Clear auto-charge date of invoice ${num.A}` })
      .click();
    expect(await dateInput(num.A).inputValue()).toBe('');
    expect(await button().textContent()).toBe(AUTO_CHARGE_TEXT.continueNoChanges);

    // The picker for all invoices, then one row changed on its own.
    // Enter in it applies it (it does not submit the page).
    await page.getByLabel('Auto-charge date for all invoices', { exact: true }).fill(addDays(today(), 4));
    await page.getByLabel('Auto-charge date for all invoices', { exact: true }).press('Enter');
    await dateInput(num.B).fill(addDays(today(), 5));
    expect(await dateInput(num.A).inputValue()).toBe(addDays(today(), 4));
    expect(await button().textContent()).toBe(AUTO_CHARGE_TEXT.saveAndContinue);
    await screenshot(page, 'auto-charge-dates-set', { fullPage: true });
    await button().click();
    await page.waitForURL(`**/ar/invoices/InvoiceGroupPreview/${g.groupId}/invoice/${id.A},${id.B},${id.D}`);

    const dates = Object.fromEntries((await listed([id.A, id.B])).map((r) => [r.invoiceID, r.autoChargeDate]));
    expect(dates).toEqual({ [id.A]: us(addDays(today(), 4)), [id.B]: us(addDays(today(), 5)) });

    // Back on the page: the saved dates, and nothing to save.
    await open(id.A, id.B, id.D);
    expect(await dateInput(num.A).inputValue()).toBe(addDays(today(), 4));
    expect(await dateInput(num.B).inputValue()).toBe(addDays(today(), 5));
    expect(await button().textContent()).toBe(AUTO_CHARGE_TEXT.continueNoChanges);

    // Removing a date: clear it and save (setAutoCharge with null).
    await row(num.B)
      .getByRole('button', { name: `Clear auto-charge date of invoice ${num.B}` })
      .click();
    expect(await button().textContent()).toBe(AUTO_CHARGE_TEXT.saveAndContinue);
    await button().press('Enter');
    await page.waitForURL(`**/ar/invoices/InvoiceGroupPreview/**`);
    expect((await listed([id.B]))[0].autoChargeDate).toBeNull();
  });

  it("a date no longer valid has the spec's tooltip and must be replaced; an invalid pick too; a refused save keeps the dates", async () => {
    await open(id.C, id.A);
    // C's saved date (tomorrow) is shown, flagged, and blocks the button.
    expect(await dateInput(num.C).inputValue()).toBe(addDays(today(), 1));
    expect(await tooltipOf(num.C)).toBe(AUTO_CHARGE_TEXT.invalidDate);
    expect(await button().isDisabled()).toBe(true);
    expect(await axeProblems()).toEqual([]);
    // Cleared: a required date is empty.
    await row(num.C)
      .getByRole('button', { name: `Clear auto-charge date of invoice ${num.C}` })
      .click();
    expect(await page.getByTestId('auto-charge-message').textContent()).toBe(AUTO_CHARGE_TEXT.selectDate);
    expect(await button().isDisabled()).toBe(true);
    expect(await row(num.C).getByTestId('auto-charge-invalid').count()).toBe(0);
    // A date past the window on A: the tooltip there, still disabled.
    await dateInput(num.A).fill(addDays(today(), 9));
    expect(await tooltipOf(num.A, 'auto-charge-invalid')).toBe(AUTO_CHARGE_TEXT.invalidDate);
    await dateInput(num.A).fill(addDays(today(), 6));
    await dateInput(num.C).fill(addDays(today(), 2));
    expect(await page.getByTestId('auto-charge-message').count()).toBe(0);
    expect(await button().isDisabled()).toBe(false);
    expect(await button().textContent()).toBe(AUTO_CHARGE_TEXT.saveAndContinue);

    // The house turns auto-charge off meanwhile: the save is refused with the server's message, nothing is lost.
    await q(server.testApp, `update house set auto_charge_enabled = false where id = ?`, [houseId]);
    try {
      await button().click();
      await page.getByTestId('app-alert').getByText(PERMISSION_DENIED_TEXT).waitFor();
      expect(page.url()).toBe(url(id.C, id.A));
      expect(await dateInput(num.C).inputValue()).toBe(addDays(today(), 2));
      expect(await dateInput(num.A).inputValue()).toBe(addDays(today(), 6));
    } finally {
      await q(server.testApp, `update house set auto_charge_enabled = true where id = ?`, [houseId]);
    }
    await button().click();
    await page.waitForURL(`**/ar/invoices/InvoiceGroupPreview/${g.groupId}/invoice/${id.C},${id.A}`);
    const dates = Object.fromEntries((await listed([id.C, id.A])).map((r) => [r.invoiceID, r.autoChargeDate]));
    expect(dates).toEqual({ [id.C]: us(addDays(today(), 2)), [id.A]: us(addDays(today(), 6)) });
  });

  it('none eligible: the empty text, and Continue With No Changes goes to the preview', async () => {
    await open(id.D);
    expect(await page.getByTestId('auto-charge-empty').textContent()).toBe(AUTO_CHARGE_TEXT.noneEligible);
    expect(await button().textContent()).toBe(AUTO_CHARGE_TEXT.continueNoChanges);
    await button().click();
    await page.waitForURL(`**/ar/invoices/InvoiceGroupPreview/${g.groupId}/invoice/${id.D}`);
  });

  it("opens from Edit Invoices' Preview & Send, and its way back and the preview's lead back there", async () => {
    await page.goto(`${server.baseUrl}/ar/invoices/EditInvoices/${g.groupId}`);
    await page.getByTestId('invoice-editor').waitFor();
    await page.getByRole('checkbox', { name: `Select invoice ${num.A}`, exact: true }).check();
    await page.getByTestId('preview-send').click();
    await page.waitForURL(`**/ar/invoices/InvoiceAutoCharge/${g.groupId}/invoice/${id.A}`);
    await button().waitFor();
    expect(await page.getByTestId('page-back').textContent()).toBe('< Edit Invoices');
    await button().click();
    await page.waitForURL(`**/ar/invoices/InvoiceGroupPreview/${g.groupId}/invoice/${id.A}`);
    await page.getByTestId('page-back').getByText('< Edit Invoices').waitFor();
  });

  it('Group Details: Manage AutoCharge opens the page for the selection, else for the whole group; not for a user without settlement access', async () => {
    const details = async () => {
      await page.goto(`${server.baseUrl}/ar/invoices/InvoiceGroupDetails/${g.groupId}`);
      await page.getByTestId('invoice-row').first().waitFor();
    };
    await details();
    const manage = page.getByTestId('manage-auto-charge');
    expect(await manage.textContent()).toBe('Manage AutoCharge');
    await manage.click();
    await page.waitForURL(`**/ar/invoices/InvoiceAutoCharge/${g.groupId}/invoice/${[id.A, id.B, id.C, id.D].join(',')}`);
    await button().waitFor();
    expect(await page.getByTestId('page-back').textContent()).toBe('< Invoice Group Details');

    await details();
    for (const n of [num.B, num.A]) await page.getByRole('checkbox', { name: `Select invoice ${n}`, exact: true }).check();
    await manage.click();
    await page.waitForURL(`**/ar/invoices/InvoiceAutoCharge/${g.groupId}/invoice/${id.B},${id.A}`);
    await button().waitFor();

    // The demo clerk has invoices access only: no button, and the page itself is refused.
    await page.context().clearCookies();
    await signInAs(page, server.baseUrl, 'demo', 'clerk');
    await details();
    await page.getByTestId('download-csv').waitFor();
    expect(await manage.count()).toBe(0);
    await page.goto(url(id.A));
    await page.getByText(PERMISSION_DENIED_TEXT).waitFor();
    expect(await button().count()).toBe(0);
  });
});
