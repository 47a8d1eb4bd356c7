import type { Page } from 'playwright-core';
import { LOGO_SPECS, PRIVATE_LABEL_BANNER_MS, PRIVATE_LABEL_TEXT } from '@ar/rules';
import { describeIfChromium, ensureAdminBuilt, openBrowser, screenshot, signInAs, type OpenedBrowser } from '../support/browser';
import { makeJpeg } from '../support/jpeg';
import { startTestServer } from '../support/test-app';

// Private Label Settings in Chromium against the real server and demo data (the demo house is
// instant with connect type s): a console logo of the wrong size then the right one, the colours
// and the live preview, Save and its 5-second banner, and the choices read back after a reload.

jest.setTimeout(120_000);

describeIfChromium('Private Label Settings (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer();
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    page = browser.page;
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const shot = async (name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, `private-label-${name}-1440`, { fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, `private-label-${name}-1024`, { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  };
  const backgroundOf = (testId: string) => page.getByTestId(testId).evaluate((el) => getComputedStyle(el).backgroundColor);

  it('uploads a console logo: the wrong size is refused with the spec message, the right one shows', async () => {
    await signInAs(page, server.baseUrl, 'demo', 'owner');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Private Label Settings' }).click();
    await page.waitForURL(/\/settings\/plSettings$/);
    await page.getByTestId('private-label').getByText('No logo yet').first().waitFor();

    await page
      .getByTestId('pl-logo-console-input')
      .setInputFiles({ name: 'console.jpg', mimeType: 'image/jpeg', buffer: makeJpeg(350, 100) });
    await page.getByTestId('pl-logo-console-error').getByText(LOGO_SPECS.console.message, { exact: true }).waitFor();
    expect(await page.getByTestId('pl-logo-console-img').count()).toBe(0);

    await page
      .getByTestId('pl-logo-console-input')
      .setInputFiles({ name: 'console.jpg', mimeType: 'image/jpeg', buffer: makeJpeg(240, 65) });
    await page.getByTestId('pl-logo-console-done').getByText(PRIVATE_LABEL_TEXT.uploaded('console')).waitFor();
    expect(await page.getByTestId('pl-logo-console-error').count()).toBe(0);
    const img = page.getByTestId('pl-logo-console-img');
    await img.waitFor();
    // The browser decoded the stored JPEG at its real size.
    await page.waitForFunction(() => {
      const el = document.querySelector<HTMLImageElement>('[data-testid="pl-logo-console-img"]');
      return !!el && el.complete && el.naturalWidth > 0;
    });
    expect(await img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([240, 65]);

    await page.getByTestId('pl-logo-site-input').setInputFiles({ name: 'site.jpg', mimeType: 'image/jpeg', buffer: makeJpeg(240, 65) });
    await page.getByTestId('pl-logo-site-error').getByText(LOGO_SPECS.site.message, { exact: true }).waitFor();
    await shot('logos');
  });

  it('changes the colours with a live preview, saves with a banner for 5 seconds, and reads them back', async () => {
    const before = await backgroundOf('pl-preview-button');
    await page.getByTestId('pl-button-color').selectOption({ label: 'Green' });
    await page.getByTestId('pl-font-color').selectOption({ label: 'Navy' });
    await page.getByTestId('pl-language').selectOption({ label: 'Français' });
    await page.getByTestId('pl-past-auctions').uncheck();
    // The preview follows the form before anything is saved.
    expect(await backgroundOf('pl-preview-button')).toBe('rgb(46, 125, 50)');
    expect(before).not.toBe('rgb(46, 125, 50)');
    expect(await page.getByTestId('pl-preview').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(31, 58, 95)');
    expect(await page.getByTestId('pl-preview-button').textContent()).toBe('Enchérir');
    expect(await page.getByTestId('pl-preview-past').count()).toBe(0);
    expect(await page.getByTestId('pl-button-color-swatch').getAttribute('data-hex')).toBe('#2e7d32');

    await page.getByTestId('pl-save').click();
    const banner = page.getByTestId('pl-saved');
    await banner.getByText(PRIVATE_LABEL_TEXT.saved).waitFor();
    const shownAt = Date.now();
    await shot('saved');
    await banner.waitFor({ state: 'detached', timeout: PRIVATE_LABEL_BANNER_MS + 3000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(PRIVATE_LABEL_BANNER_MS - 2000);

    await page.reload();
    await page.getByTestId('pl-button-color').waitFor();
    expect(await page.getByTestId('pl-button-color').evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text)).toBe('Green');
    expect(await page.getByTestId('pl-font-color').evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text)).toBe('Navy');
    expect(await page.getByTestId('pl-past-auctions').isChecked()).toBe(false);
    expect(await backgroundOf('pl-preview-button')).toBe('rgb(46, 125, 50)');
    await page.getByTestId('pl-logo-console-img').waitFor();
  });
});
