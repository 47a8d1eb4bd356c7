import * as fs from 'node:fs';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { LOT_TEXT, SNAPSHOT_TEXT } from '@ar/rules';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { LotImagesService } from '../../src/modules/lots/images/lot-images.service';
import { Lot } from '../../src/modules/lots/lot.entity';
import { readSheet } from '../../src/modules/lots/spreadsheets/sheet-reader';
import { q } from '../invoice-marks/support';
import { makePhoto } from '../support/images';
import { describeIfChromium, ensureAdminBuilt, openBrowser, type OpenedBrowser, screenshot, signInByCall } from '../support/browser';
import { startTestServer } from '../support/test-app';

// Catalog Snapshot (spec 001 "/my-auctions/snapshots") in Debian's Chromium against the real server,
// as the demo house's super user: the catalog ID's digits-only message, then a snapshot asked for,
// its progress shown, the zip downloaded and read (the lot sheet and the image).

jest.setTimeout(120_000);

const DAY = 86_400_000;
const TITLE = 'Vase, 12" high; "Tiffany" — café 日本';

describeIfChromium('Catalog Snapshot (browser)', () => {
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
    const group = em.create(AuctionGroup, { house: house.id, groupName: 'Snapshot sale', isLive: true });
    const c = em.create(Catalog, {
      house: house.id,
      group,
      catalogRef: newRef('C'),
      title: 'Snapshot sale',
      saleType: 'live',
      eventDate: new Date(Date.now() + 5 * DAY),
    });
    em.create(Lot, { house: house.id, catalog: c, lotRef: newRef('L'), lotNumber: '1', title: TITLE, description: 'Signed, 4 1/2"' });
    em.create(Lot, {
      house: house.id,
      catalog: c,
      lotRef: newRef('L'),
      lotNumber: '2',
      lotExt: 'A',
      title: 'Chair',
      description: 'Walnut',
    });
    await em.flush();
    catalogId = c.id;
    const photo = await makePhoto(1000, 1000, 'jpeg', 'one');
    await t.app.get(LotImagesService).importFiles(house.id, catalogId, [{ name: '1.0.jpg', read: async () => photo }], 'lot');
    browser = await openBrowser({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'super');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('checks the catalog ID, then makes the snapshot with progress and downloads the zip', async () => {
    await page.goto(`${server.baseUrl}/ar/my-auctions/snapshots`);
    const field = page.getByLabel('Catalog ID');
    await field.waitFor();
    await screenshot(page, 'snapshot-1-empty');

    await field.fill('12a');
    await page.getByText(SNAPSHOT_TEXT.catalogIdDigits, { exact: true }).waitFor();
    await page.getByTestId('snapshot-download').click();
    expect(await page.getByTestId('snapshot-progress').count()).toBe(0); // refused: nothing asked
    await screenshot(page, 'snapshot-2-digits-only');

    // An unknown catalog: the session 404's message.
    await field.fill('999999');
    await page.getByTestId('snapshot-download').click();
    await page.getByText(LOT_TEXT.sessionNotFound, { exact: true }).waitFor();

    // Slow the start a little so the progress is on screen long enough to see.
    await page.route('**/cps/app/snapshot/*/lot-data?*', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await field.fill(String(catalogId));
    const downloading = page.waitForEvent('download');
    await page.getByTestId('snapshot-download').click();
    await page.getByTestId('snapshot-progress').waitFor();
    await screenshot(page, 'snapshot-3-progress');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`snapshot-${catalogId}.zip`);
    const zip = await JSZip.loadAsync(fs.readFileSync((await download.path())!));
    expect(Object.keys(zip.files).sort()).toEqual(['images/1.0.jpg', `lot-data-${catalogId}.xlsx`]);
    const sheet = await readSheet('lots.xlsx', await zip.file(`lot-data-${catalogId}.xlsx`)!.async('nodebuffer'));
    if (!sheet.ok) throw new Error(sheet.message);
    expect(sheet.sheet.rows.map((r) => [r.cells[0], r.cells[1], r.cells[3]])).toEqual([
      ['1', '', TITLE],
      ['2', 'A', 'Chair'],
    ]);
    await page.getByText(`snapshot-${catalogId}.zip: 2 lots and 1 image.`).waitFor();
    await screenshot(page, 'snapshot-4-done');
  });
});
