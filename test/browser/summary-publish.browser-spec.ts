import type { Page } from 'playwright-core';
import { SUMMARY_TEXT as T } from '@ar/rules';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { Lot } from '../../src/modules/lots/lot.entity';
import request from 'supertest';
import {
  DEMO_PASSWORD,
  describeIfChromium,
  ensureAdminBuilt,
  openBrowser,
  type OpenedBrowser,
  screenshot,
  signInByCall,
} from '../support/browser';
import { makeJpeg } from '../support/jpeg';
import { startTestServer } from '../support/test-app';

// Summary & Publish and Preview in Debian's Chromium against the real server and the demo data:
// the banners of the demo's live session, five featured lots (four refused, a sixth asked to
// deselect first), publish selected with its confirmation and the 24-48 hours banner; the preview grid
// and its house header with the site logo.

jest.setTimeout(120_000);

describeIfChromium('Summary & Publish (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let base = '';
  let catalogId = 0;

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer();
    const em = server.testApp.em();
    const catalog = await em.findOneOrFail(Catalog, { title: 'Spring Jewelry & Watches — Live Session' }, { populate: ['group'] });
    catalogId = catalog.id;
    base = `${server.baseUrl}/ar/session/live/${catalog.group.id}/${catalog.id}`;
    browser = await openBrowser({ viewport: { width: 1440, height: 1000 } });
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'owner');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const shots = async (name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize({ width: 1440, height: 1000 });
    await screenshot(page, `summary-publish-${name}-1440`, { fullPage: true });
    await page.setViewportSize({ width: 1024, height: 900 });
    await screenshot(page, `summary-publish-${name}-1024`, { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 1000 });
  };
  const pick = (title: string) => page.locator('[data-testid="featured-dialog"] [role="button"]', { hasText: title });

  it('shows the session, banners and the lot table in status order', async () => {
    await page.goto(`${base}/6`);
    await page.getByTestId('summary-table').waitFor();
    await page.getByTestId('banner-banned').waitFor();
    for (const b of ['potentiallyBanned', 'unpublished', 'restricted', 'withoutImages']) await page.getByTestId(`banner-${b}`).waitFor();
    const first = await page.locator('[data-testid="summary-table"] tbody tr').first().innerText();
    expect(first).toContain('Unpublished');
    await shots('summary');
  });

  it('featured picker: four are refused, a sixth asks to deselect first, five save', async () => {
    await page.getByTestId('featured-open').click();
    await page.getByTestId('featured-dialog').waitFor();
    for (const n of [1, 2, 3, 4]) await pick(`(${n})`).first().click();
    await page.getByTestId('featured-save').click();
    await expect(page.getByTestId('featured-error').innerText()).resolves.toBe(T.featuredCount);
    await shots('featured-four');
    await pick('(5)').first().click();
    await pick('(6)').first().click();
    await expect(page.getByTestId('featured-error').innerText()).resolves.toBe(T.featuredDeselectFirst);
    await page.getByTestId('featured-save').click();
    await page.getByTestId('featured-dialog').waitFor({ state: 'detached' });
    await expect(page.getByTestId('featured-slot').count()).resolves.toBe(5);
    const stored = await server.testApp.em().fork().findOneOrFail(Catalog, { id: catalogId });
    expect(stored.featuredLotIds).toHaveLength(5);
  });

  it('publishes a selected unpublished lot after confirmation and shows the 24-48 hours banner', async () => {
    const row = page.locator('[data-testid="summary-table"] tbody tr', { hasText: '(13)' });
    await row.locator('input[type="checkbox"]').check();
    await page.getByTestId('publish-selected').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await shots('publish-confirm');
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByTestId('publish-success').getByText(T.published).waitFor();
    const lot = await server.testApp.em().fork().findOneOrFail(Lot, { catalog: catalogId, lotNumber: '13' });
    expect(lot.published).toBe(true);
    await shots('published');
  });

  it("preview: the house header with the house's site logo, and a grid of lots with search and page size", async () => {
    // The site logo as Private Label Settings uploads it (the demo house has a private label).
    const [{ house_ref: houseRef }] = await server.testApp
      .em()
      .getConnection()
      .execute(`select house_ref from house where house_user_name = 'demo'`);
    const agent = request.agent(server.baseUrl);
    const login = await agent.post('/api/auth/login').send({ house: 'demo', username: 'owner', password: DEMO_PASSWORD }).expect(200);
    await agent
      .post(`/app/house/${houseRef as string}/logo`)
      .set('X-CSRF-Token', login.body.data.csrfToken as string)
      .field('fileName', 'site.jpg')
      .attach('file', makeJpeg(350, 100), { filename: 'site.jpg', contentType: 'image/jpeg' })
      .expect(200);

    await page.goto(`${base}/5`);
    await page.getByTestId('preview-grid').waitFor();
    await page.getByTestId('session-kind').waitFor();
    const logo = page.getByTestId('session-header').getByRole('img', { name: 'Demo Auctions logo' });
    await logo.waitFor();
    // The image itself loaded (the signed link opens), at the site logo's size.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="session-header"] img');
      return !!img && img.complete && img.naturalWidth === 350 && img.naturalHeight === 100;
    });
    await expect(page.getByTestId('preview-lot').count()).resolves.toBe(14);
    await page.getByTestId('preview-search').fill('brooch');
    await page.getByTestId('preview-search-submit').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="preview-lot"]').length === 2);
    await shots('preview');
  });
});
