import type { Page } from 'playwright-core';
import { LOT_TEXT as T } from '@ar/rules';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { House } from '../../src/modules/houses/house.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { Lot } from '../../src/modules/lots/lot.entity';
import { describeIfChromium, ensureAdminBuilt, openBrowser, type OpenedBrowser, screenshot, signInByCall } from '../support/browser';
import { startTestServer } from '../support/test-app';

// The Lot page in Debian's Chromium against the real server: Add Lot with bad input showing each
// message, fixed and saved, then edited, a deleted lot's number refused (code 112), and Delete
// leading to the Lot Deleted page.

jest.setTimeout(120_000);

describeIfChromium('Lot page (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let base = '';

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer();
    const em = server.testApp.em();
    const house = await em.findOneOrFail(House, { houseUserName: 'demo' });
    const group = em.create(AuctionGroup, { house, groupName: 'Lot Page Sale' });
    const catalog = em.create(Catalog, {
      house,
      group,
      catalogRef: newRef('C'),
      title: 'Lot Page Timed Session',
      saleType: 'timed',
      eventDate: new Date(Date.now() + 5 * 24 * 3_600_000),
    });
    await em.flush();
    // A deleted lot: its number 7 stays reserved.
    em.create(Lot, { house, catalog, lotRef: newRef('L'), lotNumber: '7', title: 'Gone', description: 'Gone', status: 'd' });
    await em.flush();
    base = `${server.baseUrl}/ar/session/timed/${group.id}/${catalog.id}`;
    browser = await openBrowser({ viewport: { width: 1440, height: 1000 } });
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'owner');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const input = (field: string) => page.locator(`#lot-${field}`);
  const helper = (field: string) => page.locator(`#lot-${field}-helper-text`);
  const type = async (field: string, text: string) => {
    await input(field).fill(text);
    await input(field).blur();
  };
  const shots = async (name: string) => {
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await page.setViewportSize({ width: 1440, height: 1000 });
    await screenshot(page, `lot-page-${name}-1440`, { fullPage: true });
    await page.setViewportSize({ width: 1024, height: 900 });
    await screenshot(page, `lot-page-${name}-1024`, { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 1000 });
  };

  it('Add Lot: each bad input shows its message and Save stays disabled; fixed, it saves and opens Edit Lot', async () => {
    await page.goto(`${base}/lot/0`);
    await input('lotTitle').waitFor();
    expect(await page.locator('#react-admin-title').textContent()).toBe('Add Lot');
    expect(await page.getByTestId('lot-save').isDisabled()).toBe(true);
    await page.getByTestId('lot-images').getByText(T.imagesLater).waitFor();

    const cases: [string, string, string][] = [
      ['lotNumber', '123456789', T.numberTooLong],
      ['lotNumber', '12b', T.numberDigits],
      ['lotNumber', '7', T.numberDeleted],
      ['lotExt', '5', T.extension],
      ['invNumber', 'A B', T.inventoryFormat],
      ['lotTitle', '<b>Bold</b>', T.titleHtml],
      ['shipWidth', '2.5', 'Shipping Width must contain numerical values only.'],
      ['shipWeight', 'heavy', 'Total Weight must contain numerical values only.'],
      ['shipping', '$10', 'Shipping (Domestic) must contain numerical values only.'],
      ['loEst', '1.5', T.lowWhole],
      ['hiEst', 'x', T.highDigits],
      ['startingBid', '9.5', T.startingBidWhole],
      ['reserve', '1.25', T.reserveWhole],
    ];
    for (const [field, text, message] of cases) {
      await type(field, text);
      await helper(field).getByText(message, { exact: true }).waitFor();
      expect(await page.getByTestId('lot-save').isDisabled()).toBe(true);
    }
    await type('lotTitle', '');
    await helper('lotTitle').getByText(T.titleRequired, { exact: true }).waitFor();
    await type('lotDescription', '');
    await helper('lotDescription').getByText(T.descriptionRequired, { exact: true }).waitFor();
    await type('loEst', '500');
    await type('hiEst', '400');
    await helper('loEst').getByText(T.lowBelowHigh, { exact: true }).waitFor();
    await shots('errors');

    // Fixed: lot 7 is taken by a deleted lot, so 8A.
    await type('lotNumber', '8');
    await type('lotExt', 'a');
    await type('invNumber', 'INV-8');
    await type('lotTitle', 'A Georgian silver teapot');
    await type('lotDescription', 'London, 1790, by Hester Bateman.');
    await type('shipWidth', '10');
    await type('shipWeight', '4');
    await type('shipping', '35');
    await type('loEst', '400');
    await type('hiEst', '600');
    await type('startingBid', '');
    await type('reserve', '300');
    expect(await page.getByTestId('lot-save').isDisabled()).toBe(false);
    await page.getByTestId('lot-save').click();
    await page.waitForURL(/\/lot\/8A$/);
    await page.locator('#react-admin-title').getByText('Edit Lot', { exact: true }).waitFor();
    expect(await input('lotTitle').inputValue()).toBe('A Georgian silver teapot');
    expect(await input('lotExt').inputValue()).toBe('A');
    // The starting bid was computed (half the low estimate): the field stays empty.
    expect(await input('startingBid').inputValue()).toBe('');
    expect(await page.getByTestId('lot-computed-starting-bid').textContent()).toContain('Computed starting bid: 200.');
    await shots('edit');
  });

  it('Edit Lot: a change saves; a deleted lot number answers code 112 with its title and text', async () => {
    await type('lotTitle', 'A Georgian silver teapot and stand');
    await page.getByTestId('lot-save').click();
    await page.getByText('Lot saved').waitFor();
    expect(await input('lotTitle').inputValue()).toBe('A Georgian silver teapot and stand');

    // The page's own check knows lot 7 was deleted; the server's code 112 is what a stale page meets.
    await page.route('**/deletedlots', (route) => route.fulfill({ json: { data: { deletedLotsArray: [] } } }));
    await page.reload();
    await input('lotNumber').waitFor();
    await type('lotNumber', '7');
    await type('lotExt', '');
    await page.getByTestId('lot-save').click();
    const alert = page.getByTestId('lot-form-error');
    await alert.getByText(T.deletedNumberTitle).waitFor();
    await alert.getByText(T.deletedNumber('7', null)).waitFor();
    await helper('lotNumber').getByText(T.numberDeleted, { exact: true }).waitFor();
    await page.unroute('**/deletedlots');
  });

  it('Delete Lot leads to the Lot Deleted page', async () => {
    await page.goto(`${base}/lot/8A`);
    await input('lotTitle').waitFor();
    await page.getByTestId('lot-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const deleted = page.getByTestId('lot-deleted');
    await deleted.getByText(T.deletedPage).waitFor();
    expect(await page.locator('#react-admin-title').textContent()).toBe('Lot Deleted');
    expect(await deleted.getByTestId('lot-back').getAttribute('href')).toMatch(/\/session\/timed\/\d+\/\d+\/5$/);
    await shots('deleted');
  });
});
