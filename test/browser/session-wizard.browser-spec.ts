import type { Page } from 'playwright-core';
import { addDays, dateIn, SESSION_TEXT } from '@ar/rules';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { describeIfChromium, ensureAdminBuilt, openBrowser, screenshot, signInAs, type OpenedBrowser } from '../support/browser';
import { startTestServer } from '../support/test-app';

// Add Sale (timed) from the calendar into the live/timed wizard, in Debian's Chromium against the
// real server and the demo data: step 1 with a bad date then a good one, step 2 with categories,
// Save & Exit back to the calendar; screenshots of both steps at 1440 and 1024 wide.

jest.setTimeout(120_000);

describeIfChromium('Session wizard, live/timed steps 1-2 (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer();
    browser = await openBrowser({ viewport: { width: 1440, height: 1000 } });
    page = browser.page;
    await signInAs(page, server.baseUrl, 'demo', 'owner');
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
    await page.setViewportSize({ width: 1440, height: 1000 });
    await screenshot(page, `session-wizard-${name}-1440`, { fullPage: true });
    await page.setViewportSize({ width: 1024, height: 900 });
    await screenshot(page, `session-wizard-${name}-1024`, { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 1000 });
  };

  it('Add Sale (timed) → step 1 (bad date, then valid) → step 2 with categories → Save & Exit', async () => {
    await page.goto(`${server.baseUrl}/ar/my-auctions/current`);
    const panel = page.getByTestId('add-sale');
    await panel.waitFor();
    await panel.getByRole('radio', { name: 'Timed' }).check();
    await panel.getByLabel('Sale Name').fill('Autumn Timed Sale');
    await panel.getByLabel('Terms').selectOption({ label: 'Standard Invoice' });
    await panel.getByTestId('add-sale-continue').click();

    // The sale exists; step 1 of its first session.
    await page.waitForURL(/\/ar\/session\/timed\/\d+\/0\/1$/);
    const groupId = Number(/timed\/(\d+)\//.exec(page.url())![1]);
    const sale = await server.testApp.em().findOneOrFail(AuctionGroup, groupId);
    expect([sale.groupName, sale.isTimed]).toEqual(['Autumn Timed Sale', true]);
    await page.getByTestId('wizard-title').getByText('Create Session', { exact: true }).waitFor();
    expect(await page.getByTestId('wizard-step-1').getAttribute('aria-current')).toBe('step');

    const cont = page.getByTestId('wizard-continue');
    await page.getByLabel('Session Title').fill('Autumn Timed Sale — Day 1');
    // Three years ahead in the location's zone: the spec's message, Continue stays disabled.
    const today = dateIn(new Date(), 'America/New_York');
    await page.getByLabel('First Lot End Date').fill(addDays(today, 3 * 366));
    await page.getByLabel('First Lot End Date').blur();
    await page.getByText(SESSION_TEXT.dateWindow, { exact: true }).waitFor();
    expect(await cont.isDisabled()).toBe(true);
    await shots('step1-errors');

    const date = addDays(today, 30);
    await page.getByLabel('First Lot End Date').fill(date);
    await page.getByLabel('Hour').selectOption('07');
    await page.getByLabel('Minute').selectOption('30');
    await page.getByLabel('AM/PM').selectOption('PM');
    expect(await page.getByText(SESSION_TEXT.dateWindow, { exact: true }).count()).toBe(0);
    // The zone comes from the location and the date.
    expect(await page.getByTestId('session-time-zone').textContent()).toMatch(/Time zone: E[SD]T \(America\/New_York\)/);
    // Timed: lots staggered 60 seconds apart by default.
    expect(await page.getByLabel('Stagger lot end times').isChecked()).toBe(true);
    expect(await page.getByLabel('Seconds between lots').inputValue()).toBe('60');
    await shots('step1');
    expect(await cont.isDisabled()).toBe(false);
    await cont.click();

    // Created: step 2 of the new session, the tracker recorded 2.
    await page.waitForURL(/\/ar\/session\/timed\/\d+\/\d+\/2$/);
    const catalogId = Number(/timed\/\d+\/(\d+)\/2$/.exec(page.url())![1]);
    await page.getByTestId('wizard-title').getByText('Session Details', { exact: true }).waitFor();
    const created = await server.testApp.em().findOneOrFail(Catalog, catalogId);
    expect([created.title, created.saleType, created.timeZone, created.stepTracker, created.timedValue]).toEqual([
      'Autumn Timed Sale — Day 1',
      'timed',
      'America/New_York',
      2,
      60,
    ]);
    expect(dateIn(created.eventDate, 'America/New_York')).toBe(date);

    // No category yet: Continue is disabled and says why.
    await page.getByTestId('session-categories').waitFor();
    expect(await page.getByTestId('wizard-continue').isDisabled()).toBe(true);
    expect(await page.getByTestId('wizard-blocked-hint').textContent()).toBe('Please select at least one category');
    await page.getByLabel('Paintings').check();
    await page.getByLabel('Rings').check();
    await page.getByRole('textbox', { name: 'Viewing Notes' }).fill('Viewing by appointment, Friday 10-4.');
    expect(await page.getByTestId('wizard-continue').isDisabled()).toBe(false);
    await shots('step2');

    await page.getByTestId('wizard-save-exit').click();
    await page.waitForURL(/\/ar\/my-auctions\/current$/);
    const saved = await server.testApp.em().findOneOrFail(Catalog, catalogId, { refresh: true });
    expect([saved.stepTracker, saved.viewNotes]).toEqual([3, 'Viewing by appointment, Friday 10-4.']);
    const cats = await server.testApp
      .em()
      .getConnection()
      .execute<{ category_id: number }[]>('select category_id from catalog_category where catalog_id = ? order by category_id', [
        catalogId,
      ]);
    expect(cats.map((r) => r.category_id)).toEqual([101, 301]);
    // The calendar lists the session; its edit link opens the recorded step.
    const edit = page.getByRole('link', { name: 'Edit Autumn Timed Sale — Day 1' });
    await edit.waitFor();
    expect(await edit.getAttribute('href')).toBe(`/ar/session/timed/${groupId}/${catalogId}/3`);
  });

  it('an out-of-range step becomes 1; from the summary step 2 offers Save & Return / Cancel & Return to Summary', async () => {
    const c = await server.testApp.em().findOneOrFail(Catalog, { title: 'Autumn Timed Sale — Day 1' }, { populate: ['group'] });
    await page.goto(`${server.baseUrl}/ar/session/timed/${c.group.id}/${c.id}/9`);
    await page.waitForURL(new RegExp(`/session/timed/${c.group.id}/${c.id}/1$`));
    await page.getByTestId('wizard-title').getByText('Create Session', { exact: true }).waitFor();
    expect(await page.getByLabel('Session Title').inputValue()).toBe('Autumn Timed Sale — Day 1');

    await page.goto(`${server.baseUrl}/ar/session/timed/${c.group.id}/${c.id}/2/summary`);
    await page.getByTestId('wizard-continue').getByText('Save & Return to Summary').waitFor();
    expect(await page.getByLabel('Paintings').isChecked()).toBe(true);
    await page.getByTestId('wizard-cancel-summary').click();
    await page.waitForURL(new RegExp(`/session/timed/${c.group.id}/${c.id}/6$`));
    await page.getByTestId('wizard-title').getByText('Review & Publish', { exact: true }).waitFor();

    // Saved from the summary (spec 001 section 4): step 1 records nothing, step 2 records 6; both return there.
    const tracker = async () => (await server.testApp.em().fork().findOneOrFail(Catalog, c.id)).stepTracker;
    const saveAndReturn = async (step: number) => {
      await page.goto(`${server.baseUrl}/ar/session/timed/${c.group.id}/${c.id}/${step}/summary`);
      await page.getByTestId('wizard-continue').getByText('Save & Return to Summary').click();
      await page.waitForURL(new RegExp(`/session/timed/${c.group.id}/${c.id}/6$`));
      await page.getByTestId('wizard-title').getByText('Review & Publish', { exact: true }).waitFor();
    };
    await saveAndReturn(1);
    expect(await tracker()).toBe(3);
    await saveAndReturn(2);
    expect(await tracker()).toBe(6);
  });
});
