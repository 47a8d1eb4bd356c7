import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { csvDocument, REALIZED_TEXT, SHEET_TEXT } from '@ar/rules';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { Lot } from '../../src/modules/lots/lot.entity';
import { q } from '../invoice-marks/support';
import { describeIfChromium, ensureAdminBuilt, openBrowser, type OpenedBrowser, screenshot, signInByCall } from '../support/browser';
import { startTestServer } from '../support/test-app';

// Edit Realized Prices (spec 001) in Debian's Chromium against the real server, as the demo
// house's owner: upload a sheet with one bad price, see the error, fix it in the item list
// (zero shows Passed), publish answering the buyer's-premium question, land on the calendar.

jest.setTimeout(120_000);

const DAY = 86_400_000;

describeIfChromium('Edit Realized Prices (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let catalogId: number;

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    const t = server.testApp;
    const [house] = await q(t, `select id from house where house_user_name = 'demo'`);
    const em = t.em().fork();
    const group = em.create(AuctionGroup, { house: house.id, groupName: 'Realized prices sale', isLive: true });
    const c = em.create(Catalog, {
      house: house.id,
      group,
      catalogRef: newRef('C'),
      title: 'Spring Fine Art',
      saleType: 'live',
      eventDate: new Date(Date.now() - 3 * DAY),
    });
    for (const [n, title] of [
      ['1', 'Oil on canvas, harbour scene'],
      ['2', 'Pair of Meissen figures'],
      ['3', 'Georgian silver teapot'],
    ])
      em.create(Lot, { house: house.id, catalog: c, lotRef: newRef('L'), lotNumber: n, title, description: 'D' });
    await em.flush();
    catalogId = c.id;
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'owner');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('uploads realized prices with one error, fixes it, publishes', async () => {
    await page.goto(`${server.baseUrl}/ar/pricesrealized/${catalogId}`);
    await page.getByTestId('realized-dropzone').waitFor();
    expect(await page.getByTestId('realized-session').textContent()).toBe('Spring Fine Art');
    await screenshot(page, 'realized-prices-1-new');

    const sheet = csvDocument(
      ['Lot Number', 'Realized Price'],
      [
        ['1', '1,250.50'],
        ['2', '12.345'],
        ['3', '0'],
      ],
    );
    await page.getByTestId('realized-file').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
    await page.getByTestId('realized-upload').click();
    await page.getByTestId('realized-uploaded').waitFor();
    expect(await page.getByTestId('realized-uploaded').textContent()).toContain(SHEET_TEXT.uploadFailed(1));
    expect(await page.getByTestId('realized-errors').textContent()).toContain(REALIZED_TEXT.decimals);
    await screenshot(page, 'realized-prices-2-uploaded');

    await page.getByTestId('realized-continue').click();
    await page.getByTestId('realized-list').waitFor();
    expect(page.url()).toContain('step=2');
    expect(await page.getByTestId('realized-publish').isDisabled()).toBe(true);
    expect(await page.getByTestId('realized-items').textContent()).toContain(REALIZED_TEXT.decimals);
    expect(await page.getByTestId('result-4').textContent()).toBe('Passed');
    expect(await page.getByTestId('result-2').textContent()).toBe('1,250.50');
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa'])
      .options({ resultTypes: ['violations'] })
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await screenshot(page, 'realized-prices-3-item-list-error');

    // Clearing the price shows the required message; a two-decimal price fixes the row. The grid's
    // rows follow an edit an effect later (useList), so the checks wait for the texts to follow.
    await page.getByTestId('price-3').fill('');
    await page.getByTestId('realized-items').filter({ hasText: REALIZED_TEXT.required }).waitFor();
    // Typed fast, key by key: no key is lost while the list re-checks every row.
    await page.getByTestId('price-3').pressSequentially('12.34');
    expect(await page.getByTestId('price-3').inputValue()).toBe('12.34');
    await page
      .getByTestId('result-3')
      .filter({ hasText: /^12\.34$/ })
      .waitFor();
    expect(await page.getByTestId('realized-publish').isDisabled()).toBe(false);
    await screenshot(page, 'realized-prices-4-fixed');

    await page.getByTestId('realized-publish').click();
    expect(await page.getByTestId('realized-premium-dialog').textContent()).toContain(REALIZED_TEXT.publishQuestion);
    await screenshot(page, 'realized-prices-5-publish');
    await page.getByTestId('premium-yes').click();
    await page.waitForURL(/\/ar\/my-auctions\/current/);

    const lots = await q(server.testApp, `select lot_number, realized_price_cents from lot where catalog_id = ? order by lot_number`, [
      catalogId,
    ]);
    expect(lots.map((l) => [l.lot_number, Number(l.realized_price_cents)])).toEqual([
      ['1', 125_050],
      ['2', 1_234],
      ['3', 0],
    ]);
    const [cat] = await q(server.testApp, `select realized_include_premium from catalog where id = ?`, [catalogId]);
    expect(cat.realized_include_premium).toBe(true);
  });

  it('a session over 45 days old shows the refusal to a non-super user', async () => {
    await q(server.testApp, `update catalog set event_date = now() - interval '50 days' where id = ?`, [catalogId]);
    await page.goto(`${server.baseUrl}/ar/pricesrealized/${catalogId}`);
    await page.getByText(REALIZED_TEXT.tooLate).waitFor();
    await screenshot(page, 'realized-prices-6-too-late');
  });
});
