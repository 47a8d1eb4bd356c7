import request from 'supertest';
import type { Page } from 'playwright-core';
import { LOT_CONSIGNMENT_TEXT, LOT_TEXT as T } from '@ar/rules';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { House } from '../../src/modules/houses/house.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { Lot } from '../../src/modules/lots/lot.entity';
import { createInvoicedGroup, type FactoryGroup } from '../invoice-details/factory';
import { bidder } from '../invoice-marks/support';
import {
  DEMO_PASSWORD,
  describeIfChromium,
  ensureAdminBuilt,
  openBrowser,
  screenshot,
  signInByCall,
  type OpenedBrowser,
} from '../support/browser';
import { startTestServer } from '../support/test-app';

// The Lot page in Debian's Chromium against the real server: Add Lot with bad input showing each
// message, fixed and saved, then edited, a deleted lot's number refused (code 112), Delete
// leading to the Lot Deleted page; a sold lot's consignor and commission override set on the page
// and read on its settlement.

jest.setTimeout(120_000);

describeIfChromium('Lot page (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let base = '';
  let sold: FactoryGroup;
  let api: (method: 'post' | 'get', path: string, body?: object) => Promise<request.Response>;

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
    // A past sale with a paid lot, a consignor and a house plan, for the Consignment card.
    sold = await createInvoicedGroup(em, {
      houseId: house.id,
      title: 'Consigned Sale',
      sessions: [{ title: 'Consigned session', eventDate: new Date(Date.now() - 10 * 86_400_000).toISOString() }],
      bidders: [bidder('Payer', { firstName: 'Lou', email: 'lou@browser.example', paddle: 84 })],
      lots: [{ bidder: 0, hammer: 100_000, title: 'Oak chest', paidDate: '2025-10-20' }],
    });
    const agent = request.agent(server.baseUrl);
    const login = await agent.post('/api/auth/login').send({ house: 'demo', username: 'owner', password: DEMO_PASSWORD });
    api = (method, path, body = {}) =>
      agent[method](path)
        .set('X-CSRF-Token', login.body.data.csrfToken as string)
        .send(body);
    const plan = await api('post', '/api/commission-plans', {
      name: 'Lot page 15',
      tiers: [{ fromCents: 0, toCents: null, rate: 15_000 }],
    });
    await api('post', '/api/consignors', { name: 'Dana Dale', email: 'dana@browser.example', commissionPlanId: plan.body.id });
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

  it('Consignment: the consignor is picked and saved, the commission overridden, and the settlement shows it; a ready one freezes it', async () => {
    const lotId = sold.lotIds[0];
    await page.goto(`${server.baseUrl}/ar/session/live/${sold.auctionGroupId}/${sold.catalogIds[0]}/lot/1`);
    const card = page.getByTestId('lot-consignment');
    await card.getByTestId('lot-commission-refusal').getByText(LOT_CONSIGNMENT_TEXT.noConsignor).waitFor();
    expect(await card.getByTestId('lot-commission-change').isDisabled()).toBe(true);

    await card.getByLabel('Consignor').fill('Dana');
    await page.getByRole('option', { name: 'Dana Dale (dana@browser.example)' }).click();
    await card.getByTestId('lot-consignor-save').click();
    await page.getByText('Consignor saved').waitFor();
    expect(await card.getByTestId('lot-commission-change').isDisabled()).toBe(false);

    await card.getByTestId('lot-commission-change').click();
    const dialog = page.getByTestId('lot-override-dialog');
    await dialog.getByLabel('A rate of the hammer').check();
    await dialog.getByTestId('lot-override-rate').fill('12');
    await dialog.getByTestId('lot-override-note').fill('Agreed at intake');
    await page.getByTestId('lot-override-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByTestId('lot-commission-value').getByText('Commission: 12 %').waitFor();
    await card.getByTestId('lot-commission-history').getByText('plan -> 12 % (Agreed at intake)', { exact: false }).waitFor();
    await shots('consignment');

    // The sale's settlement takes the lot's consignor and override: 1,000.00 x 12 % = 120.00.
    const run = await api('post', '/api/settlements/for-sale', { saleId: sold.auctionGroupId });
    expect(run.status).toBe(200);
    const settlementId = run.body.settlements[0].id as number;
    await page.goto(`${server.baseUrl}/ar/settlements/${settlementId}`);
    await page.getByTestId(`commission-${lotId}`).getByText('$120.00').waitFor();
    await page.getByTestId(`override-chip-${lotId}`).getByText('12 %').waitFor();

    // Ready: the Lot page says why the commission can no longer change before any click.
    expect((await api('post', `/api/settlements/${settlementId}/ready`)).status).toBe(200);
    await page.goBack();
    await card.getByTestId('lot-commission-settlement').getByText(`Settlement S-${settlementId} (ready)`).waitFor();
    await card.getByText(LOT_CONSIGNMENT_TEXT.settledCommission(settlementId, 'ready')).waitFor();
    expect(await card.getByTestId('lot-commission-change').isDisabled()).toBe(true);
  });
});
