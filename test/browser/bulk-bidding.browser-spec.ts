import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { BULK_BIDDING_TEXT as T } from '@ar/rules';
import { q } from '../invoice-marks/support';
import { describeIfChromium, ensureAdminBuilt, openBrowser, type OpenedBrowser, screenshot, signInByCall } from '../support/browser';
import { signIn, type SignedIn } from '../support/fixtures';
import { startTestServer } from '../support/test-app';
import { seedTimedSale, type TimedSale } from '../timed-bidding/support';

// Bulk bidding page (spec 001 "Bulk bidding") in Debian's Chromium against one real server (one
// boot and sign-in for both describes; each seeds its own timed sale), as the demo super user:
// - three new max bids, one refused because a bidder outbid the page meanwhile (its lot number in
//   the failure banner), then one of the user's bids cancelled from the history;
// - the rest of the page: lots loaded 100 at a time with search disabled until the last page is in,
//   the 500 ms search debounce, consignor and image, Current Bid (bid now), Refresh, and every
//   failure text of the spec, each caused by the real server refusing (the lot closed, the session
//   no longer timed).

jest.setTimeout(120_000);

const LOTS = 150;
/** A 1x1 PNG as the lot's image (no outside host in tests). */
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describeIfChromium('Bulk bidding (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'super');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  describe('max bids, a refusal, a cancel', () => {
    let owner: SignedIn;
    let sale: TimedSale;
    let houseId: number;

    beforeAll(async () => {
      const t = server.testApp;
      const [house] = await q(t, `select id from house where house_user_name = 'demo'`);
      houseId = house.id;
      sale = await seedTimedSale(t.em(), { houseId, lots: 3, bidders: 1, startingBidCents: 2000, reserveCents: null });
      owner = await signIn(t.server, 'demo', 'super', 'auction-demo');
    }, 300_000);

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

      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa'])
        .options({ resultTypes: ['violations'] })
        .analyze();
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

  describe('loading, bid types, refresh and failure texts', () => {
    let owner: SignedIn;
    let sale: TimedSale;

    beforeAll(async () => {
      // The page as the first describe left it: back to the usual width.
      await page.setViewportSize({ width: 1440, height: 900 });
      const t = server.testApp;
      const [house] = await q(t, `select id from house where house_user_name = 'demo'`);
      sale = await seedTimedSale(t.em(), { houseId: house.id, lots: LOTS, bidders: 1, startingBidCents: 2000, reserveCents: null });
      owner = await signIn(t.server, 'demo', 'super', 'auction-demo');
    }, 300_000);

    const sql = (text: string, params: unknown[]) => q(server.testApp, text, params);

    it('loads the lots 100 at a time, searching only once all are in, 500 ms after the last key; shows consignor and image', async () => {
      const [house] = await sql(`select id from house where house_user_name = 'demo'`, []);
      const [c] = await sql(`insert into consignor (house_id, name) values (?, 'Estate of A. Smith') returning id`, [house.id]);
      await sql('update lot set consignor_id = ? where id = ?', [c.id, sale.lotIds[0]]);
      await sql(`insert into lot_image (house_id, lot_id, sequence, url) values (?, ?, 1, ?)`, [house.id, sale.lotIds[0], PIXEL]);
      // The second page is held back a moment (the real answer, later) so the loading state can be seen.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/lots?size=100&page=1', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${server.baseUrl}/ar/bulk-bidding/${sale.catalogRef}`);
      await page.getByTestId(`new-bid-${sale.lotRefs[0]}`).waitFor();
      expect(await page.getByTestId(`consignor-${sale.lotRefs[0]}`).textContent()).toBe('Consignor: Estate of A. Smith');
      expect(await page.getByTestId(`image-${sale.lotRefs[0]}`).getAttribute('src')).toBe(PIXEL);
      expect(await page.getByTestId(`consignor-${sale.lotRefs[1]}`).count()).toBe(0);
      const search = page.getByTestId('bulk-search');
      expect(await search.isDisabled()).toBe(true);
      await page.getByText(`Loading lots (100 of ${LOTS})…`).waitFor();
      await screenshot(page, 'bulk-bidding-loading-1440');
      release();
      await page.waitForFunction(() => !(document.querySelector('[data-testid="bulk-search"]') as HTMLInputElement).disabled);
      await page.unroute('**/lots?size=100&page=1');

      await search.fill('Lot 150');
      // Within the debounce the table is unchanged; then only lot 150 is left.
      expect(await page.getByTestId(`new-bid-${sale.lotRefs[0]}`).isVisible()).toBe(true);
      await page.getByTestId(`new-bid-${sale.lotRefs[0]}`).waitFor({ state: 'detached' });
      expect(await page.getByTestId(`new-bid-${sale.lotRefs[149]}`).isVisible()).toBe(true);
      await search.fill('');
      await page.getByTestId(`new-bid-${sale.lotRefs[0]}`).waitFor();
    });

    it('places a Current Bid (bid now), and Refresh shows what others bid meanwhile', async () => {
      await page.getByTestId('type-current').check();
      await page.getByTestId(`new-bid-${sale.lotRefs[0]}`).selectOption('2000');
      expect(await page.getByTestId('bulk-place').textContent()).toBe('Place 1 New Current Bids');
      await page.getByTestId('bulk-place').click();
      expect(await page.getByTestId('confirm-dialog').textContent()).toContain('Place 1 new current bid?');
      await page.getByTestId('confirm-ok').click();
      expect(await page.getByTestId('banner-placed').textContent()).toContain(T.placed);
      const [stored] = await sql(`select bid_type, max_bid_cents::int as amount from order_bid where lot_id = ?`, [sale.lotIds[0]]);
      expect(stored).toEqual({ bid_type: 'bidNow', amount: 2000 });

      // A bidder bids on lot 2 through the bidder API; the page shows it after Refresh.
      expect(await page.getByTestId(`history-${sale.lotRefs[1]}`).textContent()).toBe('0');
      await owner.agent
        .post('/api/timed-bids')
        .set('X-CSRF-Token', owner.csrf)
        .send({ lotRef: sale.lotRefs[1], approvalID: sale.approvalIds[0], bidAmount: 5000, bidType: 'maxBid' })
        .expect(200);
      await page.getByTestId('bulk-refresh').click();
      await page.getByTestId(`history-${sale.lotRefs[1]}`).getByText('1', { exact: true }).waitFor();
      expect(await page.getByTestId('banner-placed').count()).toBe(0);
    });

    it('shows each failure text when the server refuses', async () => {
      // Cancel refused: the lot closed while the history was open.
      await page.getByTestId(`history-${sale.lotRefs[0]}`).click();
      const dialog = page.getByTestId('bid-history');
      const cancel = dialog.locator('[data-testid^="cancel-bid-"]');
      await cancel.waitFor();
      await sql(`update lot set closed_at = now() where id = ?`, [sale.lotIds[0]]);
      await cancel.click();
      expect(await dialog.getByTestId('history-banner').textContent()).toBe(T.cancelFailed);
      await screenshot(page, 'bulk-bidding-cancel-failed-1440');
      await dialog.getByTestId('history-close').click();

      // The session stops being timed under the open page: placing fails as a whole, and so does the
      // reload of the bid lots; the history cannot be read; a refresh finds no lots.
      await page.getByTestId('type-max').check();
      await page.getByTestId(`new-bid-${sale.lotRefs[2]}`).selectOption('2000');
      await sql(`update catalog set sale_type = 'live' where id = ?`, [sale.catalogId]);
      await page.getByTestId('bulk-place').click();
      await page.getByTestId('confirm-ok').click();
      expect(await page.getByTestId('banner-unavailable').textContent()).toBe(T.placeUnavailable);
      expect(await page.getByTestId('banner-lots').textContent()).toBe(T.lotsFailed);
      await screenshot(page, 'bulk-bidding-failures-1440');

      await page.getByTestId(`history-${sale.lotRefs[1]}`).click();
      expect(await dialog.getByTestId('history-banner').textContent()).toBe(T.historyFailed);
      await dialog.getByTestId('history-close').click();

      await page.getByTestId('bulk-refresh').click();
      expect(await page.getByTestId('bulk-not-found').textContent()).toBe(T.catalogNotFound);
      const [bids] = await sql(`select count(*)::int as n from order_bid where lot_id = ?`, [sale.lotIds[2]]);
      expect(bids.n).toBe(0);
    });
  });
});
