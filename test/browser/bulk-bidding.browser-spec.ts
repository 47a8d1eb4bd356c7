import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { BULK_BIDDING_TEXT as T } from '@ar/rules';
import { q } from '../invoice-marks/support';
import { describeIfChromium, ensureAdminBuilt, openBrowser, type OpenedBrowser, screenshot, signInByCall } from '../support/browser';
import { signIn, type SignedIn } from '../support/fixtures';
import { startTestServer } from '../support/test-app';
import { seedTimedSale, type TimedSale } from '../timed-bidding/support';

// Bulk bidding page (spec 001 "Bulk bidding") in Debian's Chromium against the real server, as
// the demo super user: three new max bids, one refused because a bidder outbid the page meanwhile
// (its lot number in the failure banner), then one of the user's bids cancelled from the history.

jest.setTimeout(120_000);

describeIfChromium('Bulk bidding (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let owner: SignedIn;
  let sale: TimedSale;
  let houseId: number;

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    const t = server.testApp;
    const [house] = await q(t, `select id from house where house_user_name = 'demo'`);
    houseId = house.id;
    sale = await seedTimedSale(t.em(), { houseId, lots: 3, bidders: 1, startingBidCents: 2000, reserveCents: null });
    owner = await signIn(t.server, 'demo', 'super', 'auction-demo');
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'super');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('places three max bids, one refused with its lot number, and searches once every lot is loaded', async () => {
    await page.goto(`${server.baseUrl}/ar/bulk-bidding/${sale.catalogRef}`);
    await page.getByTestId(`new-bid-${sale.lotRefs[2]}`).waitFor();
    expect(await page.getByTestId('sale-name').textContent()).toBe('Timed session');
    // The first option of a lot without bids is its starting bid; 50 options and the "No bid" choice.
    expect(await page.getByTestId(`new-bid-${sale.lotRefs[0]}`).locator('option').count()).toBe(51);
    for (const ref of sale.lotRefs) await page.getByTestId(`new-bid-${ref}`).selectOption('2000');
    expect(await page.getByTestId('bulk-place').textContent()).toBe('Place 3 New Max Bids');

    // A bidder takes lot 2 meanwhile: the page's $20.00 is now under the lowest accepted bid.
    await owner.agent
      .post('/api/timed-bids')
      .set('X-CSRF-Token', owner.csrf)
      .send({ lotRef: sale.lotRefs[1], approvalID: sale.approvalIds[0], bidAmount: 10_000, bidType: 'maxBid' })
      .expect(200);

    await page.getByTestId('bulk-place').click();
    expect(await page.getByTestId('confirm-dialog').textContent()).toContain('Place 3 new max bids?');
    await page.getByTestId('confirm-ok').click();
    expect(await page.getByTestId('banner-placed').textContent()).toContain(T.placed);
    expect(await page.getByTestId('banner-failed').textContent()).toContain(`${T.placeFailed} Failed lots: 2`);
    // The bid lots are reloaded: lot 1 stands at $20.00, lot 2 has the bidder's bid, the choices are cleared.
    await page.getByTestId(`current-${sale.lotRefs[0]}`).getByText('$20.00').waitFor();
    expect(await page.getByTestId(`history-${sale.lotRefs[1]}`).textContent()).toBe('1');
    expect(await page.getByTestId('bulk-place').isDisabled()).toBe(true);
    // Lot 2 now offers from one increment above its current bid.
    expect(await page.getByTestId(`new-bid-${sale.lotRefs[1]}`).locator('option').nth(1).getAttribute('value')).toBe('2500');

    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await screenshot(page, 'bulk-bidding-1440');
    await page.setViewportSize({ width: 1024, height: 800 });
    await screenshot(page, 'bulk-bidding-1024');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByTestId('bulk-search').fill('Lot 3');
    await page.getByTestId(`new-bid-${sale.lotRefs[0]}`).waitFor({ state: 'detached' });
    expect(await page.getByTestId(`new-bid-${sale.lotRefs[2]}`).isVisible()).toBe(true);
    await page.getByTestId('bulk-search').fill('');
    await page.getByTestId(`new-bid-${sale.lotRefs[0]}`).waitFor();
  });

  it('cancels one of the user own bids from the bid history', async () => {
    await page.getByTestId(`history-${sale.lotRefs[0]}`).click();
    const dialog = page.getByTestId('bid-history');
    await dialog.getByTestId('cancel-count').waitFor();
    const cancel = dialog.locator('[data-testid^="cancel-bid-"]');
    expect(await cancel.count()).toBe(1);
    await screenshot(page, 'bulk-bidding-history-1440');
    await cancel.click();
    expect(await dialog.getByTestId('history-banner').textContent()).toBe(T.cancelled);
    await dialog.getByText('Cancelled', { exact: true }).waitFor();
    expect(await dialog.getByTestId('cancel-count').textContent()).toContain('cancelled 1 of 10');
    expect(await dialog.locator('[data-testid^="cancel-bid-"]').count()).toBe(0);
    await dialog.getByTestId('history-close').click();
    // The lot is reloaded: no standing bid any more.
    expect(await page.getByTestId(`history-${sale.lotRefs[0]}`).textContent()).toBe('0');

    // Another user's bid (the bidder's on lot 2) has no Cancel.
    await page.getByTestId(`history-${sale.lotRefs[1]}`).click();
    await dialog.getByTestId('cancel-count').waitFor();
    expect(await dialog.locator('[data-testid^="cancel-bid-"]').count()).toBe(0);
    await dialog.getByTestId('history-close').click();
  });

  it('answers "Sale info not found." for a session that is not timed', async () => {
    const live = await seedTimedSale(server.testApp.em(), { houseId, lots: 1, saleType: 'live' });
    await page.goto(`${server.baseUrl}/ar/bulk-bidding/${live.catalogRef}`);
    expect(await page.getByTestId('bulk-not-found').textContent()).toBe(T.saleInfoNotFound);
  });
});
