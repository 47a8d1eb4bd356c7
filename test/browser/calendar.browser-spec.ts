import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { CALENDAR_TEXT } from '@ar/rules';
import { DEMO_TIMED_SALE } from '../../src/demo/demo-calendar';
import { House } from '../../src/modules/houses/house.entity';
import {
  describeIfChromium,
  ensureAdminBuilt,
  openBrowser,
  type OpenedBrowser,
  screenshot,
  signInAs,
  signInByCall,
} from '../support/browser';
import { startTestServer } from '../support/test-app';

// The calendar (My auctions) in Debian's Chromium against the real server and the demo data:
// Upcoming and Past, the buy-now sale, the two-hour banner, and Delete Session of an empty session.

jest.setTimeout(120_000);

describeIfChromium('Calendar (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer();
    browser = await openBrowser({ viewport: { width: 1440, height: 1000 } });
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'owner');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const group = (name: string): Locator =>
    page.locator('[data-testid^="group-"]').filter({ has: page.getByTestId('group-name').getByText(name, { exact: true }) });
  const groupNames = () => page.getByTestId('group-name').allTextContents();
  const shots = async (name: string) => {
    // From the top, nothing focused: the sticky header and a focus ring stay where they belong.
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await page.setViewportSize({ width: 1440, height: 1000 });
    await screenshot(page, `calendar-${name}-1440`, { fullPage: true });
    await page.setViewportSize({ width: 1024, height: 900 });
    await screenshot(page, `calendar-${name}-1024`, { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 1000 });
  };

  it('Upcoming: the sales soonest first with their sessions, the buy-now sale and the two-hour banner', async () => {
    await page.goto(`${server.baseUrl}/ar/my-auctions/current`);
    await group('Spring Jewelry & Watches').waitFor();
    expect(await page.locator('#react-admin-title').textContent()).toBe('Auctions/Sales');
    expect(await page.getByTestId('tab-current').getAttribute('aria-selected')).toBe('true');
    expect(await groupNames()).toEqual([
      'Books & Manuscripts',
      'Evening Silver Sale',
      DEMO_TIMED_SALE,
      'Spring Jewelry & Watches',
      'Mid-Century Design',
    ]);

    // A sale with no session yet: its empty state and the add-session links to the wizard's step 1.
    const books = group('Books & Manuscripts');
    await books.getByText(CALENDAR_TEXT.emptyGroup, { exact: true }).waitFor();
    const addLive = books.getByTestId('add-live-session');
    expect(await addLive.getAttribute('href')).toMatch(/^\/ar\/session\/live\/\d+\/0\/1$/);

    // Within two hours: the banner, no Edit and no Delete.
    const evening = group('Evening Silver Sale');
    await evening.getByTestId('in2hours-banner').getByText(CALENDAR_TEXT.in2Hours, { exact: false }).waitFor();
    expect(await evening.getByRole('link', { name: /^Edit / }).count()).toBe(0);
    expect(await evening.getByTestId('delete-session').count()).toBe(0);
    expect(await evening.getByTestId('session-status').textContent()).toContain('Within 2 hours');

    // Sessions with lots: Edit opens the recorded step; no Delete Session.
    const spring = group('Spring Jewelry & Watches');
    expect(await spring.getByTestId('session-title').allTextContents()).toEqual([
      'Spring Jewelry & Watches — Live Session',
      'Spring Jewelry & Watches — Timed Session',
    ]);
    expect(await spring.getByTestId('session-lots').allTextContents()).toEqual(['14', '10']);
    const editTimed = spring.getByRole('link', { name: 'Edit Spring Jewelry & Watches — Timed Session' });
    expect(await editTimed.getAttribute('href')).toMatch(/^\/ar\/session\/timed\/\d+\/\d+\/3$/);
    expect(await spring.getByTestId('delete-session').count()).toBe(0);
    // A timed session: bulk bidding among the other actions (the owner has every flag).
    await spring.getByRole('button', { name: 'More actions for Spring Jewelry & Watches — Timed Session' }).click();
    await page.getByRole('menuitem', { name: 'Bulk Bidding' }).waitFor();
    await page.keyboard.press('Escape');

    // The buy-now sale.
    expect(await page.getByTestId('bin-title').textContent()).toBe('Autumn Fine Art & Antiques — Buy Now');
    await shots('upcoming');
  });

  it("Bulk Bidding of the demo's open timed session opens its bulk bidding page, its lots with the demo's bids", async () => {
    await page.goto(`${server.baseUrl}/ar/my-auctions/current`);
    const sale = group(DEMO_TIMED_SALE);
    await sale.waitFor();
    const title = `${DEMO_TIMED_SALE} — Timed Session`;
    await sale.getByRole('button', { name: `More actions for ${title}` }).click();
    const item = page.getByRole('menuitem', { name: 'Bulk Bidding' });
    const [, catalogRef] = /\/bulk-bidding\/([^/]+)$/.exec((await item.getAttribute('href')) ?? '') ?? [];
    expect(catalogRef).toBeTruthy();
    await item.click();
    await page.waitForURL(`**/ar/bulk-bidding/${catalogRef}`);
    expect(await page.getByTestId('sale-name').textContent()).toBe(title);
    // The history counts (bids placed by the bidding engine when the demo was loaded): most lots have bids.
    const counts = page.locator('[data-testid^="history-"]');
    await counts.first().waitFor();
    const bids = (await counts.allTextContents()).map(Number);
    expect(bids.filter((n) => n > 0).length).toBeGreaterThanOrEqual(5);
    await page.goto(`${server.baseUrl}/ar/my-auctions/current`);
  });

  it('has no serious or critical accessibility violation (axe)', async () => {
    const res = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .options({ resultTypes: ['violations'] })
      .analyze();
    const bad = res.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.help} — ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(' | ')}`,
      );
    expect(bad).toEqual([]);
  });

  it('deletes an empty session after confirmation (a refusal meanwhile says why); the sale stays, empty', async () => {
    const design = group('Mid-Century Design');
    await design.getByRole('button', { name: 'Delete Session Mid-Century Design — Timed Session' }).click();
    const dialog = page.getByTestId('delete-session-dialog');
    await dialog.getByText(CALENDAR_TEXT.deleteConfirm('Mid-Century Design — Timed Session'), { exact: true }).waitFor();
    await screenshot(page, 'calendar-delete-confirm-1440');
    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await design.getByTestId('session-title').count()).toBe(1);

    // A lot added while the dialog is open: the server refuses, the dialog says why, the session stays.
    const sql = (q: string, p: unknown[] = []) => server.testApp.em().getConnection().execute(q, p);
    const [session] = await sql(`select id, house_id from catalog where title = 'Mid-Century Design — Timed Session'`);
    await design.getByRole('button', { name: 'Delete Session Mid-Century Design — Timed Session' }).click();
    await sql(
      `insert into lot (house_id, catalog_id, lot_ref, lot_number, title, description) values (?, ?, 'LLATE', '1', 'Late lot', 'x')`,
      [session.house_id, session.id],
    );
    await page.getByTestId('confirm-delete-session').click();
    await dialog.getByText(CALENDAR_TEXT.deleteHasLots, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The calendar shows the session as it is now: one lot, no Delete.
    await design.getByTestId('session-lots').getByText('1', { exact: true }).waitFor();
    expect(await design.getByTestId('delete-session').count()).toBe(0);

    await sql(`delete from lot where lot_ref = 'LLATE'`);
    await page.reload();
    await design.getByRole('button', { name: 'Delete Session Mid-Century Design — Timed Session' }).click();
    await page.getByTestId('confirm-delete-session').click();
    await page.getByText(CALENDAR_TEXT.deleted('Mid-Century Design — Timed Session'), { exact: true }).waitFor();
    await design.getByText(CALENDAR_TEXT.emptyGroup, { exact: true }).waitFor();
    expect(await design.getByTestId('session-title').count()).toBe(0);
  });

  it('Past: the sales with results, latest first, without add-session links, with the reports among the actions', async () => {
    await page.getByTestId('tab-past').click();
    await page.waitForURL(/\/ar\/my-auctions\/past$/);
    await group('Winter Collectibles').waitFor();
    expect(await groupNames()).toEqual(['Holiday Silver & Jewelry', 'Winter Collectibles', 'Autumn Fine Art & Antiques']);
    expect(await page.getByTestId('bin-sale').count()).toBe(0);
    const autumn = group('Autumn Fine Art & Antiques');
    // The buy-now session is the buy-now block's, not a row of the sale.
    expect(await autumn.getByTestId('session-title').allTextContents()).toEqual([
      'Autumn Fine Art & Antiques — Live Session',
      'Autumn Fine Art & Antiques — Timed Session',
    ]);
    expect(await autumn.getByRole('link', { name: /^Edit / }).count()).toBe(0);
    expect(await autumn.getByTestId('add-live-session').count()).toBe(0);
    expect(await autumn.getByTestId('session-status').first().textContent()).toContain('Past');
    await autumn.getByRole('button', { name: 'More actions for Autumn Fine Art & Antiques — Live Session' }).click();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual(expect.arrayContaining(['Session Statistics', 'Sale Results', 'Disputes']));
    expect(items).not.toContain('Seller Console');
    await page.keyboard.press('Escape');
    await shots('past');
  });

  it('shows the billing, stealth-mode and payment-activation banners the house settings call for', async () => {
    const em = server.testApp.em();
    const flags = {
      billingCardExpired: true,
      billingPaymentOverdue: true,
      stealthMode: true,
      paymentProcessingRequired: true,
      paymentProcessingEnabled: false,
    };
    await em.nativeUpdate(House, { houseUserName: 'demo' }, flags);
    try {
      await page.goto(`${server.baseUrl}/ar/my-auctions/current`);
      await page.getByTestId('banner-expired-card').getByText(CALENDAR_TEXT.expiredCard, { exact: true }).waitFor();
      await page.getByTestId('banner-overdue-payment').getByText(CALENDAR_TEXT.overduePayment, { exact: true }).waitFor();
      await page.getByTestId('banner-stealth').getByText(CALENDAR_TEXT.stealthMode, { exact: true }).waitFor();
      await page.getByTestId('banner-activation').getByText(CALENDAR_TEXT.paymentProcessingRequired, { exact: true }).waitFor();
      await shots('banners');
    } finally {
      await em.nativeUpdate(
        House,
        { houseUserName: 'demo' },
        {
          billingCardExpired: false,
          billingPaymentOverdue: false,
          stealthMode: false,
          paymentProcessingRequired: false,
          paymentProcessingEnabled: true,
        },
      );
    }
    await page.reload();
    await group('Spring Jewelry & Watches').waitFor();
    for (const id of ['banner-expired-card', 'banner-overdue-payment', 'banner-stealth', 'banner-activation']) {
      expect([id, await page.getByTestId(id).count()]).toEqual([id, 0]);
    }
  });

  it('Add Sale: Buy Now disabled while a buy-now sale exists; name and terms required for live and timed; Continue opens the wizard', async () => {
    await page.goto(`${server.baseUrl}/ar/my-auctions/current`);
    const panel = page.getByTestId('add-sale');
    await panel.waitFor();
    // The reason shows once the buy-now sale is read (a call of its own): then the radio is disabled.
    await panel.getByTestId('add-sale-bin-reason').waitFor();
    expect(await panel.getByTestId('add-sale-bin-reason').textContent()).toBe(`Buy Now: ${CALENDAR_TEXT.binExists}`);
    expect(await panel.getByRole('radio', { name: 'Buy Now' }).isDisabled()).toBe(true);
    const cont = panel.getByTestId('add-sale-continue');
    expect(await cont.isDisabled()).toBe(true);

    // Left empty: the spec's messages under each field.
    await panel.getByLabel('Sale Name').focus();
    await panel.getByLabel('Terms').focus();
    await panel.getByText(CALENDAR_TEXT.saleTitleRequired, { exact: true }).waitFor();
    await panel.getByRole('radio', { name: 'Timed' }).focus();
    await panel.getByText(CALENDAR_TEXT.termsRequired, { exact: true }).waitFor();
    await shots('add-sale-errors');

    await panel.getByLabel('Sale Name').fill('Summer Sporting Art');
    expect(await cont.isDisabled()).toBe(true);
    await panel.getByLabel('Terms').selectOption({ label: 'Standard Invoice' });
    await panel.getByRole('radio', { name: 'Timed' }).check();
    expect(await cont.isDisabled()).toBe(false);
    await cont.click();
    // The sale is created (POST .../auction): step 1 of its first session.
    await page.waitForURL(/\/ar\/session\/timed\/\d+\/0\/1$/);
  });

  it('is refused to a user without accessCalendar', async () => {
    const clerk = await openBrowser();
    try {
      await signInAs(clerk.page, server.baseUrl, 'demo', 'clerk');
      await clerk.page.goto(`${server.baseUrl}/ar/my-auctions/current`);
      await clerk.page
        .getByText('You do not have permissions to view this page. Please contact your system administrator.', { exact: true })
        .waitFor();
      expect(await clerk.page.getByTestId('calendar-page').count()).toBe(0);
    } finally {
      await clerk.close();
    }
  });
});
