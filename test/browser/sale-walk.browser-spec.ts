import type { Page } from 'playwright-core';
import { addDays, dateIn, SUMMARY_TEXT } from '@ar/rules';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { Lot } from '../../src/modules/lots/lot.entity';
import { describeIfChromium, ensureAdminBuilt, openBrowser, screenshot, signInAs, type OpenedBrowser } from '../support/browser';
import { startTestServer } from '../support/test-app';

// Issue 12's walk in Debian's Chromium against the real server and the demo data, one page throughout:
// Add Sale (timed) from the calendar, steps 1-2 filled through the UI, step 3's single-item path to
// the Lot page (lot 1 added there, then on to step 4), step 4 skipped, the preview, the summary, Publish All, and five
// featured lots read back through the featured call. Along the way it screenshots the wizard steps
// no other spec draws (timed 3-6, and the demo buy-now sale's steps 3-5) at 1440 and 1024 wide;
// steps 1-2 and bin steps 1-2 are drawn by session-wizard and bin-wizard.

jest.setTimeout(180_000);

describeIfChromium('Sale walk: Add Sale → steps 1-6 → publish → five featured (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let csrf = '';

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer();
    browser = await openBrowser({ viewport: { width: 1440, height: 1000 } });
    page = browser.page;
    await signInAs(page, server.baseUrl, 'demo', 'owner');
    const session = (await (await page.request.get(`${server.baseUrl}/api/auth/session`)).json()) as { data: { csrfToken: string } };
    csrf = session.data.csrfToken;
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const shots = async (name: string) => {
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await screenshot(page, `sale-walk-${name}-1440`, { fullPage: true });
    await page.setViewportSize({ width: 1024, height: 900 });
    await screenshot(page, `sale-walk-${name}-1024`, { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 1000 });
  };
  const api = async <T>(method: 'GET' | 'POST', path: string, data?: object): Promise<T> => {
    const res = await page.request.fetch(`${server.baseUrl}${path}`, { method, data, headers: { 'X-CSRF-Token': csrf } });
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const title = (text: string) => page.getByTestId('wizard-title').getByText(text, { exact: true }).waitFor();

  it('adds a timed sale, walks steps 1-6 with a lot from the Lot page, publishes and features five lots', async () => {
    // Calendar → Add Sale (timed).
    await page.goto(`${server.baseUrl}/ar/my-auctions/current`);
    const panel = page.getByTestId('add-sale');
    await panel.waitFor();
    await panel.getByRole('radio', { name: 'Timed' }).check();
    await panel.getByLabel('Sale Name').fill('Walk Timed Sale');
    await panel.getByLabel('Terms').selectOption({ label: 'Standard Invoice' });
    await panel.getByTestId('add-sale-continue').click();

    // Step 1.
    await page.waitForURL(/\/ar\/session\/timed\/\d+\/0\/1$/);
    const groupId = Number(/timed\/(\d+)\//.exec(page.url())![1]);
    await title('Create Session');
    await page.getByLabel('Session Title').fill('Walk Timed Sale — Day 1');
    await page.getByLabel('First Lot End Date').fill(addDays(dateIn(new Date(), 'America/New_York'), 20));
    await page.getByLabel('Hour').selectOption('06');
    await page.getByLabel('Minute').selectOption('00');
    await page.getByLabel('AM/PM').selectOption('PM');
    await page.getByTestId('wizard-continue').click();

    // Step 2.
    await page.waitForURL(/\/ar\/session\/timed\/\d+\/\d+\/2$/);
    const catalogId = Number(/timed\/\d+\/(\d+)\/2$/.exec(page.url())![1]);
    const base = `/ar/session/timed/${groupId}/${catalogId}`;
    await title('Session Details');
    await page.getByLabel('Paintings').check();
    await page.getByRole('textbox', { name: 'Viewing Notes' }).fill('Viewing by appointment.');
    await page.getByTestId('wizard-continue').click();

    // Step 3, Upload Items: its single-item path opens Add Lot.
    await page.waitForURL(`**${base}/3`);
    await page.getByTestId('upload-panel').waitFor();
    await title('Upload Items');
    const tracker = async () => (await server.testApp.em().fork().findOneOrFail(Catalog, catalogId)).stepTracker;
    expect(await tracker()).toBe(3);
    await shots('timed-step3');
    await page.getByTestId('upload-add-single').click();
    await page.waitForURL(`**${base}/lot/0/items`);
    // Until the single lot is saved the user is still on Upload Items: nothing recorded, Cancel goes back there.
    expect(await page.getByTestId('lot-cancel').getAttribute('href')).toBe(`${base}/3`);
    const lotInput = (field: string) => page.locator(`#lot-${field}`);
    await lotInput('lotTitle').waitFor();
    for (const [field, text] of [
      ['lotNumber', '1'],
      ['lotTitle', 'A Hudson River School landscape'],
      ['lotDescription', 'Oil on canvas, 24 x 36 in., gilt frame.'],
      ['loEst', '800'],
      ['hiEst', '1200'],
    ]) {
      await lotInput(field).fill(text);
      await lotInput(field).blur();
    }
    await page.getByTestId('lot-save').click();
    await page.waitForURL(`**${base}/lot/1/items`);
    await page.locator('#react-admin-title').getByText('Edit Lot', { exact: true }).waitFor();
    expect(await tracker()).toBe(4); // the single-item path goes on to Upload Images (ours, the spec is silent)

    // Lots 2-5 through the same call the Lot page's Save makes (POST .../lot/new): five featured
    // lots need five lots, and the Lot page's own path is walked above for lot 1.
    const ids = [(await api<{ data: { lots: { lotID: number }[] } }>('GET', `/cps/app/catalog/${catalogId}/1`)).data.lots[0].lotID];
    for (const n of [2, 3, 4, 5]) {
      const added = await api<{ data: { lots: { lotID: number }[] } }>('POST', `/cps/app/catalog/${catalogId}/lot/new`, {
        lotNumber: String(n),
        lotTitle: `Walk lot ${n}`,
        lotDescription: `Walk lot ${n}, oil on board.`,
        loEst: String(100 * n),
        hiEst: String(200 * n),
      });
      ids.push(added.data.lots[0].lotID);
    }

    // From the Lot page on to Upload Images, skipped.
    await page.getByTestId('page-back').getByText('Continue to Upload Images').click();
    await page.waitForURL(`**${base}/4`);
    await page.getByTestId('image-upload-step').waitFor();
    await title('Upload Images');
    // Recording the step while the new lot's numbers were refetched once left the form "not valid".
    expect(await page.getByText('The form is not valid').count()).toBe(0);
    await shots('timed-step4');
    await page.getByTestId('wizard-continue').getByText('Skip & Continue').waitFor();
    await page.getByTestId('wizard-continue').click();

    // Step 5, Preview: the five lots.
    await page.waitForURL(`**${base}/5`);
    await page.getByTestId('preview-grid').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="preview-lot"]').length === 5);
    await title('Preview Session');
    expect(await tracker()).toBe(5); // recorded by Skip & Continue
    await shots('timed-step5');
    await page.getByTestId('preview-continue').click();

    // Step 6, Review & Publish: Publish All.
    await page.waitForURL(`**${base}/6`);
    expect(await tracker()).toBe(6); // "6 after preview": the calendar's Edit link opens the summary
    await page.getByTestId('summary-table').waitFor();
    await title('Review & Publish');
    // The lot's estimate, not the starting bid computed from it ($400).
    const lot1 = page.locator('[data-testid="summary-table"] tbody tr', { hasText: 'A Hudson River School landscape' });
    await lot1.getByText('$800 - $1,200', { exact: true }).waitFor();
    expect(await lot1.innerText()).not.toContain('$400');
    await shots('timed-step6');
    await page.getByTestId('publish-all').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByTestId('publish-success').getByText(SUMMARY_TEXT.published).waitFor();
    const lots = await server.testApp
      .em()
      .fork()
      .find(Lot, { catalog: catalogId }, { orderBy: { lotNumber: 'asc' } });
    expect(lots.map((l) => [l.lotNumber, l.published])).toEqual(['1', '2', '3', '4', '5'].map((n) => [n, true]));

    // Five featured lots, picked in the picker, read back through the featured call.
    await page.getByTestId('featured-open').click();
    await page.getByTestId('featured-dialog').waitFor();
    for (const id of ids) await page.getByTestId(`featured-pick-${id}`).click();
    await page.getByTestId('featured-save').click();
    await page.getByTestId('featured-dialog').waitFor({ state: 'detached' });
    await expect(page.getByTestId('featured-slot').count()).resolves.toBe(5);
    // The featured save confirms itself as a notification; the publish banner stays.
    await page.getByText(SUMMARY_TEXT.featuredSaved, { exact: true }).waitFor();
    await page.getByTestId('publish-success').getByText(SUMMARY_TEXT.published).waitFor();
    const featured = await api<{ data: { data: { featuredLots: number[] } } }>('GET', `/cps/app/featuredLots/catalog/${catalogId}`);
    expect([...featured.data.data.featuredLots].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    await shots('timed-step6-published');
  });

  it("screenshots the demo buy-now sale's steps 3-5 (Upload Images, Preview, Review & Publish)", async () => {
    const bin = await server.testApp
      .em()
      .fork()
      .findOneOrFail(Catalog, { saleType: 'bin' }, { populate: ['group'] });
    const base = `/ar/session/bin/${bin.group.id}/${bin.id}`;
    await page.goto(`${server.baseUrl}${base}/3`);
    await page.getByTestId('image-upload-step').waitFor();
    await title('Upload Images');
    await shots('bin-step3');
    await page.getByTestId('wizard-continue').click();
    await page.waitForURL(`**${base}/4`);
    const tracker = async () => (await server.testApp.em().fork().findOneOrFail(Catalog, bin.id)).stepTracker;
    expect(await tracker()).toBe(4); // bin: 4 after images
    await page.getByTestId('preview-grid').waitFor();
    await title('Preview Sale');
    await shots('bin-step4');
    await page.getByTestId('preview-continue').click();
    await page.waitForURL(`**${base}/5`);
    expect(await tracker()).toBe(5); // bin: 5 after preview
    await page.getByTestId('summary-table').waitFor();
    await title('Review & Publish');
    // A buy-now item shows its price (cells: select, image, lot #, inv. #, title, price, ...).
    const cells = page.locator('[data-testid="summary-table"] tbody tr').first().locator('td');
    const item = await server.testApp
      .em()
      .fork()
      .findOneOrFail(Lot, { catalog: bin.id, lotNumber: await cells.nth(2).innerText() });
    expect(await cells.nth(5).innerText()).toBe(`$${(item.itemPriceCents! / 100).toLocaleString('en-US')}`);
    await shots('bin-step5');
  });
});
