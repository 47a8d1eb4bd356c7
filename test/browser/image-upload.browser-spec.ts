import type { Page } from 'playwright-core';
import { IMAGE_ERROR_TEXT } from '@ar/rules';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { House } from '../../src/modules/houses/house.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { Lot } from '../../src/modules/lots/lot.entity';
import { describeIfChromium, ensureAdminBuilt, openBrowser, type OpenedBrowser, screenshot, signInByCall } from '../support/browser';
import { makePhoto } from '../support/images';
import { startTestServer } from '../support/test-app';

// Live/timed step 4, Upload Images, in Debian's Chromium against the real server and storage:
// real JPEGs made with sharp, one misnamed (no such lot) and one too small; their errors in the
// cards and the summary, "View items with errors", "Delete items with errors", Continue to step 5;
// then the lot page's images: rotate, reorder, delete, and its own uploader adding to the lot.

jest.setTimeout(180_000);

describeIfChromium('Upload Images step (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let base = '';
  let photos: Buffer[] = [];
  let small: Buffer;

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer();
    const em = server.testApp.em();
    const house = await em.findOneOrFail(House, { houseUserName: 'demo' });
    const group = em.create(AuctionGroup, { house, groupName: 'Image Sale' });
    const catalog = em.create(Catalog, {
      house,
      group,
      catalogRef: newRef('C'),
      title: 'Image Upload Live Session',
      saleType: 'live',
      eventDate: new Date(Date.now() + 5 * 24 * 3_600_000),
    });
    for (const [n, ext] of [
      ['1', null],
      ['2', 'A'],
    ] as const)
      em.create(Lot, { house, catalog, lotRef: newRef('L'), title: `Lot ${n}`, description: 'd', lotNumber: n, lotExt: ext ?? undefined });
    await em.flush();
    base = `${server.baseUrl}/ar/session/live/${group.id}/${catalog.id}`;
    photos = await Promise.all([1, 2, 3].map((i) => makePhoto(1200, 1000, 'jpeg', `P${i}`)));
    small = await makePhoto(400, 300);
    browser = await openBrowser({ viewport: { width: 1440, height: 1000 } });
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'owner');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const card = (name: string) => page.locator(`[data-testid="image-card"][data-name="${name}"]`);

  it('uploads JPEGs, shows the misnamed and the small one as errors, deletes them and continues', async () => {
    await page.goto(`${base}/4`);
    await page.getByTestId('image-upload-step').waitFor();
    await page.getByTestId('wizard-continue').getByText('Skip & Continue').waitFor();
    await screenshot(page, 'image-upload-empty-1440', { fullPage: true });

    const jpeg = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer });
    await page
      .getByTestId('image-file-input')
      .setInputFiles([
        jpeg('1.jpg', photos[0]),
        jpeg('0001-1.jpg', photos[1]),
        jpeg('2a.jpg', photos[2]),
        jpeg('99.jpg', photos[0]),
        jpeg('1.2.jpg', small),
      ]);
    await card('99.jpg').and(page.locator('[data-status="error"]')).waitFor();
    await card('1.2.jpg').and(page.locator('[data-status="error"]')).waitFor();
    for (const n of ['1.jpg', '0001-1.jpg', '2a.jpg']) await card(n).and(page.locator('[data-status="complete"]')).waitFor();
    await card('99.jpg').getByText(IMAGE_ERROR_TEXT.lotNum.title).waitFor();
    await card('1.2.jpg').getByText(IMAGE_ERROR_TEXT.pixel.title).waitFor();
    await page.getByTestId('image-counts').getByText('Success 3 · Error 2 · Pending 0 · Total 5').waitFor();
    const summary = page.getByTestId('image-error-summary');
    await summary.getByTestId('image-error-kind-lotNum').getByText('99.jpg').waitFor();
    await summary.getByTestId('image-error-kind-pixel').getByText('1.2.jpg').waitFor();
    await screenshot(page, 'image-upload-errors-1440', { fullPage: true });

    // View items with errors: only the two.
    await page.getByTestId('image-errors-only').check();
    expect(await page.getByTestId('image-card').count()).toBe(2);
    await page.getByTestId('image-errors-only').uncheck();
    expect(await page.getByTestId('image-card').count()).toBe(5);

    // The same name again replaces the earlier card (no duplicate).
    await page.getByTestId('image-file-input').setInputFiles([jpeg('01.jpg', photos[2])]);
    await card('01.jpg').and(page.locator('[data-status="complete"]')).waitFor();
    expect(await card('1.jpg').count()).toBe(0);
    expect(await page.getByTestId('image-card').count()).toBe(5);

    await page.getByTestId('image-delete-errors').click();
    expect(await page.getByTestId('image-card').count()).toBe(3);
    await page.getByTestId('image-error-summary').waitFor({ state: 'detached' });
    await page.getByTestId('image-counts').getByText('Success 3 · Error 0 · Pending 0 · Total 3').waitFor();

    await page.getByTestId('wizard-continue').getByText('Continue').click();
    await page.waitForURL(/\/5$/);

    const rows = await server.testApp
      .em()
      .getConnection()
      .execute<{ lot_number: string; sequence: number }[]>(
        `select l.lot_number, i.sequence from lot_image i join lot l on l.id = i.lot_id where l.catalog_id = ? order by 1, 2`,
        [Number(base.split('/').pop())],
      );
    expect(rows).toEqual([
      { lot_number: '1', sequence: 0 },
      { lot_number: '1', sequence: 1 },
      { lot_number: '2', sequence: 0 },
    ]);
  });

  it('shows an offline notice and ignores a drop while offline', async () => {
    await page.goto(`${base}/4`);
    await page.getByTestId('image-upload-step').waitFor();
    await browser!.context.setOffline(true);
    await page.getByTestId('image-offline').waitFor();
    await page.getByTestId('image-file-input').setInputFiles([{ name: '2a.1.jpg', mimeType: 'image/jpeg', buffer: photos[0] }]);
    await page
      .getByTestId('image-offline')
      .getByText(/were not added/)
      .waitFor();
    expect(await page.getByTestId('image-card').count()).toBe(0);
    await browser!.context.setOffline(false);
    await page.getByTestId('image-offline').waitFor({ state: 'detached' });
  });

  it("the lot page rotates, reorders and deletes the lot's images", async () => {
    await page.goto(`${base}/lot/1`);
    const images = page.getByTestId('lot-image');
    await images.first().waitFor();
    expect(await images.count()).toBe(2);
    const ids = async () => images.evaluateAll((els) => els.map((e) => e.getAttribute('data-photo-id')));
    const [first, second] = await ids();
    await screenshot(page, 'lot-page-images-1440', { fullPage: true });

    const src = await images.first().locator('img').getAttribute('src');
    await images.first().getByTestId('lot-image-rotate').click();
    await page.waitForFunction((old) => document.querySelector('[data-testid="lot-image"] img')?.getAttribute('src') !== old, src);

    await page.getByRole('button', { name: 'Move image 1 later' }).click();
    await page.waitForFunction((id) => document.querySelector('[data-testid="lot-image"]')?.getAttribute('data-photo-id') === id, second);
    expect(await ids()).toEqual([second, first]);

    await images.first().getByTestId('lot-image-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="lot-image"]').length === 1);
    expect(await ids()).toEqual([first]);
  });

  it('the lot page adds images to its lot (the same uploader and errors), and reorder still works', async () => {
    const images = page.getByTestId('lot-image');
    const ids = async () => images.evaluateAll((els) => els.map((e) => e.getAttribute('data-photo-id')));
    const [first] = await ids();
    const uploader = page.getByTestId('lot-image-uploader');
    // Any name goes on the lot page: the lot is the page's; a too-small file gets the step's pixel error.
    await page.getByTestId('lot-upload-file-input').setInputFiles([
      { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photos[1] },
      { name: 'tiny.jpg', mimeType: 'image/jpeg', buffer: small },
    ]);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="lot-image"]').length === 2);
    const [, added] = await ids();
    expect(added).not.toBe(first);
    await uploader
      .locator('[data-testid="image-card"][data-name="tiny.jpg"][data-status="error"]')
      .getByText(IMAGE_ERROR_TEXT.pixel.title)
      .waitFor();
    // A saved image leaves the cards for the list; the failed one stays with the counts and the summary.
    expect(await uploader.getByTestId('image-card').count()).toBe(1);
    await page.getByTestId('lot-upload-counts').getByText('Success 1 · Error 1 · Pending 0 · Total 2').waitFor();
    await uploader.getByTestId('image-error-kind-pixel').getByText('tiny.jpg').waitFor();
    await screenshot(page, 'lot-page-image-upload-1440', { fullPage: true });
    await page.getByTestId('lot-upload-delete-errors').click();
    await page.getByTestId('lot-upload-counts').waitFor({ state: 'detached' });
    expect(await uploader.getByTestId('image-card').count()).toBe(0);

    await page.getByRole('button', { name: 'Move image 2 earlier' }).click();
    await page.waitForFunction((id) => document.querySelector('[data-testid="lot-image"]')?.getAttribute('data-photo-id') === id, added);
    expect(await ids()).toEqual([added, first]);
    const rows = await server.testApp
      .em()
      .getConnection()
      .execute<{ id: number; sequence: number }[]>(
        `select i.id, i.sequence from lot_image i join lot l on l.id = i.lot_id where l.catalog_id = ? and l.lot_number = '1' order by i.sequence`,
        [Number(base.split('/').pop())],
      );
    expect(rows.map((r) => String(r.id))).toEqual([added, first]);
    expect(rows.map((r) => r.sequence)).toEqual([0, 1]);
  });
});
