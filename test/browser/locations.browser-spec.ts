import type { Locator, Page } from 'playwright-core';
import { VAT_TEXT } from '@ar/rules';
import {
  describeIfChromium,
  ensureAdminBuilt,
  openBrowser,
  type OpenedBrowser,
  screenshot,
  signInAs,
  signInByCall,
} from '../support/browser';
import { copiedAddressColumns } from '../support/house-address-copy';
import { startTestServer } from '../support/test-app';

// The Locations page (/settings/locations) in Debian's Chromium against the real server and the
// demo data: add, edit, make primary and delete a location; the form's rules and messages; the
// house's VAT rate below the list.

jest.setTimeout(120_000);

const VERIFY = 'Please verify that your country and postal code are in the correct format.';
const PRIMARY_TEXT = 'A new primary location must be designated before the current primary can be deleted.';

describeIfChromium('Locations page (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer();
    browser = await openBrowser();
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'owner');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const shot = (name: string) => screenshot(page, `locations-${name}`, { fullPage: true });
  const row = (name: string): Locator =>
    page.locator('[data-testid^="location-row-"]').filter({ has: page.getByTestId('location-name').getByText(name, { exact: true }) });
  const dialog = () => page.getByRole('dialog');
  const field = (label: string) => dialog().getByLabel(label, { exact: false });
  /** The message under a field (MUI links it with aria-describedby). */
  const helperOf = async (id: string) => (await page.locator(`#${id}-helper-text`).textContent())?.trim() ?? '';
  const names = async () => page.getByTestId('location-name').allTextContents();

  it('lists the demo locations with the primary badge, its text, and no Delete on the primary', async () => {
    await page.goto(`${server.baseUrl}/ar/settings/locations`);
    await page.getByTestId('locations-page').waitFor();
    await row('Main Saleroom').waitFor();
    expect(await page.locator('#react-admin-title').textContent()).toBe('Locations');
    expect(await names()).toEqual(['Main Saleroom', 'Boston Gallery']);
    const main = row('Main Saleroom');
    expect(await main.getByTestId('primary-badge').textContent()).toBe('Primary');
    await main.getByText(PRIMARY_TEXT, { exact: true }).waitFor();
    expect(await main.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await row('Boston Gallery').getByTestId('primary-badge').count()).toBe(0);
    expect(await row('Boston Gallery').getByRole('button', { name: 'Delete Boston Gallery' }).count()).toBe(1);
    await shot('list');
  });

  it('adds a location: Save disabled until valid, required and postal-code messages, country labels, Escape closes', async () => {
    await page.getByRole('button', { name: 'Add Location' }).click();
    await dialog().getByText('Add Location', { exact: true }).waitFor();
    const save = page.getByTestId('location-save');
    expect(await save.isDisabled()).toBe(true);

    // Escape closes the modal, asking first when something was typed; opening it again starts blank.
    await field('Street Address 1').fill('something');
    await page.keyboard.press('Escape');
    await page.getByTestId('discard-dialog').getByText('Discard changes?', { exact: true }).waitFor();
    await page.getByTestId('discard-confirm').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add Location' }).click();
    expect(await field('Street Address 1').inputValue()).toBe('');

    // A required field left empty: "{field} is required".
    await field('Street Address 1').focus();
    await field('City').focus();
    expect(await helperOf('location-addressStreet1')).toBe('Street Address 1 is required');

    // A postal code with no country yet.
    await field('Postal Code').fill('60606');
    await field('Phone').focus();
    expect(await helperOf('location-postalCode')).toBe('Please select a country first');

    // The labels follow the country; the state is a select for US/CA/AU/UK, free text elsewhere.
    const country = page.locator('#location-countryCode');
    const stateLabelFor = async (code: string) => {
      await country.selectOption(code);
      return (await page.locator('label[for="location-stateCode"], label[for="location-province"]').textContent())
        ?.replace(/\s*\*\s*$/, '')
        .trim();
    };
    expect(await stateLabelFor('CA')).toBe('Province');
    expect(await stateLabelFor('AU')).toBe('State/Territory');
    expect(await stateLabelFor('UK')).toBe('County');
    expect(await stateLabelFor('FR')).toBe('State/Province');
    expect(await page.locator('#location-province').evaluate((e) => e.tagName)).toBe('INPUT');
    expect(await stateLabelFor('US')).toBe('State');
    expect(await page.locator('#location-stateCode').evaluate((e) => e.tagName)).toBe('SELECT');
    expect((await page.locator('label[for="location-postalCode"]').textContent())?.replace(/\s*\*\s*$/, '').trim()).toBe('Zip Code');
    // The state list was refetched for the US: Illinois is there.
    await page.locator('#location-stateCode option[value="IL"]').waitFor({ state: 'attached' });

    // A US zip code in the wrong format.
    await field('Zip Code').fill('ABCDE');
    await field('Phone').focus();
    expect(await helperOf('location-postalCode')).toBe(VERIFY);
    await field('Facility Name').fill('Chicago Warehouse');
    await field('Street Address 1').fill('200 W Lake Street');
    await field('City').fill('Chicago');
    await page.locator('#location-stateCode').selectOption('IL');
    expect(await save.isDisabled()).toBe(true);
    await shot('add-postal-error');

    await field('Zip Code').fill('60606');
    await field('Phone').fill('(312) 555-0199');
    await field('Email').fill('chicago@demo.example');
    expect(await save.isDisabled()).toBe(false);
    // Not the first location: not primary unless asked.
    expect(await page.locator('#location-primary').isChecked()).toBe(false);
    await save.click();
    await dialog().waitFor({ state: 'detached' });
    await row('Chicago Warehouse').waitFor();
    expect(await names()).toEqual(['Main Saleroom', 'Boston Gallery', 'Chicago Warehouse']);
    expect(await row('Chicago Warehouse').textContent()).toContain('Chicago, IL, United States 60606');
  });

  it('edits a location (Enter saves) and makes it primary; the old primary gets its Delete back', async () => {
    await row('Chicago Warehouse').getByRole('button', { name: 'Edit Chicago Warehouse' }).click();
    await dialog().getByText('Edit Location', { exact: true }).waitFor();
    expect(await field('Street Address 1').inputValue()).toBe('200 W Lake Street');
    expect(await page.locator('#location-stateCode').inputValue()).toBe('IL');
    await field('Facility Name').fill('Chicago Depot');
    await page.keyboard.press('Enter');
    await dialog().waitFor({ state: 'detached' });
    await row('Chicago Depot').waitFor();

    await row('Chicago Depot').getByRole('button', { name: 'Edit Chicago Depot' }).click();
    await page.locator('#location-primary').check();
    await shot('edit-make-primary');
    await page.getByTestId('location-save').click();
    await dialog().waitFor({ state: 'detached' });
    await row('Chicago Depot').getByTestId('primary-badge').waitFor();
    expect(await names()).toEqual(['Chicago Depot', 'Main Saleroom', 'Boston Gallery']);
    expect(await row('Main Saleroom').getByTestId('primary-badge').count()).toBe(0);
    expect(
      await row('Chicago Depot')
        .getByRole('button', { name: /^Delete/ })
        .count(),
    ).toBe(0);

    // The primary cannot be unmarked: its checkbox is checked and disabled.
    await row('Chicago Depot').getByRole('button', { name: 'Edit Chicago Depot' }).click();
    expect(await page.locator('#location-primary').isChecked()).toBe(true);
    expect(await page.locator('#location-primary').isDisabled()).toBe(true);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    await shot('after-primary');
  });

  it("a refused save shows the server's message beside its field; Escape on a changed dialog asks first", async () => {
    // A state the server's list does not know (data from elsewhere): only the server can refuse it.
    const sql = (q: string, params: unknown[] = []) => server.testApp.em().getConnection().execute(q, params);
    const [{ id, state_code: original }] = await sql(`select id, state_code from house_address where facility_name = 'Boston Gallery'`);
    await sql(`update house_address set state_code = 'XX' where id = ?`, [id]);
    try {
      await page.reload();
      await row('Boston Gallery').getByRole('button', { name: 'Edit Boston Gallery' }).click();
      const state = page.locator('#location-stateCode');
      // The dialog fills its fields once the location arrives: wait for the value (it was read too
      // early on a loaded machine), then assert it.
      await page
        .waitForFunction(() => (document.querySelector('#location-stateCode') as HTMLInputElement | null)?.value === 'XX', undefined, {
          timeout: 10_000,
        })
        .catch(() => undefined);
      expect(await state.inputValue()).toBe('XX');
      await page.getByTestId('location-save').click();
      // The server's field message beside the State select, and the dialog stays open with the values.
      await page.locator('#location-stateCode-helper-text').getByText('Please select a valid State.', { exact: true }).waitFor();
      expect(await state.getAttribute('aria-invalid')).toBe('true');
      await page.getByTestId('location-form-error').waitFor();
      await shot('server-field-error');
      // The message goes once the field changes.
      await state.selectOption('MA');
      expect(await page.locator('#location-stateCode-helper-text').count()).toBe(0);

      // A changed dialog: Escape asks "Discard changes?"; Keep editing keeps the values, Discard closes.
      await page.keyboard.press('Escape');
      const discard = page.getByTestId('discard-dialog');
      await discard.getByText('Discard changes?', { exact: true }).waitFor();
      await page.getByTestId('discard-keep').click();
      await discard.waitFor({ state: 'detached' });
      expect(await state.inputValue()).toBe('MA');
      await page.keyboard.press('Escape');
      await page.getByTestId('discard-confirm').click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // An unchanged dialog closes on Escape without asking.
      await row('Boston Gallery').getByRole('button', { name: 'Edit Boston Gallery' }).click();
      await page.getByTestId('location-form').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await page.getByTestId('discard-dialog').count()).toBe(0);
    } finally {
      await sql(`update house_address set state_code = ? where id = ?`, [original, id]);
      await page.reload();
    }
  });

  it('refuses to delete a location used by sessions, with the reason, and deletes an unused one after confirmation', async () => {
    // Main Saleroom is the demo sale's location.
    await row('Main Saleroom').getByRole('button', { name: 'Delete Main Saleroom' }).click();
    await page.getByRole('dialog').getByText('Delete Location', { exact: true }).waitFor();
    await page.getByTestId('confirm-delete').click();
    await page
      .getByTestId('app-alert')
      .getByText(/This location is the sale location of \d+ sessions? and cannot be deleted/)
      .waitFor();
    expect(await names()).toContain('Main Saleroom');

    // Make Main Saleroom primary again, then delete Chicago Depot; Cancel first keeps it.
    await row('Main Saleroom').getByRole('button', { name: 'Edit Main Saleroom' }).click();
    await page.locator('#location-primary').check();
    await page.getByTestId('location-save').click();
    await dialog().waitFor({ state: 'detached' });
    await row('Main Saleroom').getByTestId('primary-badge').waitFor();

    await row('Chicago Depot').getByRole('button', { name: 'Delete Chicago Depot' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await names()).toContain('Chicago Depot');

    await row('Chicago Depot').getByRole('button', { name: 'Delete Chicago Depot' }).click();
    await shot('delete-confirm');
    await page.getByTestId('confirm-delete').click();
    await dialog().waitFor({ state: 'detached' });
    await row('Chicago Depot').waitFor({ state: 'detached' });
    expect(await names()).toEqual(['Main Saleroom', 'Boston Gallery']);
    await shot('after-delete');
  });

  it('a house without locations: the empty state, and the first location is always primary', async () => {
    // House "other" loses its only location (as if deleted long ago): the page starts empty.
    await server.testApp
      .em()
      .getConnection()
      .execute(`update house_address set deleted_at = now() where house_id = (select id from house where house_user_name = 'other')`);
    const other = await openBrowser();
    try {
      const p = other.page;
      await signInAs(p, server.baseUrl, 'other', 'owner');
      await p.goto(`${server.baseUrl}/ar/settings/locations`);
      await p.getByTestId('locations-empty').waitFor();
      await screenshot(p, 'locations-empty');

      await p.getByRole('button', { name: 'Add Location' }).click();
      const primary = p.locator('#location-primary');
      expect(await primary.isChecked()).toBe(true);
      expect(await primary.isDisabled()).toBe(true);
      await p.getByText('The first location is always the primary location.', { exact: true }).waitFor();
      await p.locator('#location-addressStreet1').fill('1 Poultry');
      await p.locator('#location-addressCity').fill('London');
      await p.locator('#location-countryCode').selectOption('UK');
      await p.locator('#location-stateCode option[value="LND"]').waitFor({ state: 'attached' });
      await p.locator('#location-stateCode').selectOption('LND');
      await p.locator('#location-postalCode').fill('EC2R 8EJ');
      await p.keyboard.press('Enter');
      await p.getByRole('dialog').waitFor({ state: 'detached' });
      const row = p.locator('[data-testid^="location-row-"]');
      // The list is fetched again after the save: wait for the row rather than count at once.
      await row.first().waitFor();
      expect(await row.count()).toBe(1);
      expect(await row.getByTestId('primary-badge').textContent()).toBe('Primary');
      expect(await row.getByTestId('location-name').textContent()).toBe('1 Poultry');
    } finally {
      await other.close();
    }
  });

  it('pages the locations 25 at a time, primary first, with the pager at the top and the bottom', async () => {
    const sql = (q: string, params: unknown[] = []): Promise<Record<string, unknown>[]> =>
      server.testApp.em().getConnection().execute(q, params);
    const columns = await copiedAddressColumns(sql);
    // 30 more locations for the demo house, copies of a non-primary one, straight in the table.
    await sql(
      `insert into house_address (${columns.join(', ')}, "primary", facility_name)
       select ${columns.map((c) => `a.${c}`).join(', ')}, false, 'Pager ' || lpad(n::text, 2, '0')
         from house_address a join house h on h.id = a.house_id, generate_series(1, 30) n
        where h.house_user_name = 'demo' and not a."primary" and a.deleted_at is null
          and a.id = (select min(b.id) from house_address b where b.house_id = h.id and not b."primary" and b.deleted_at is null)`,
    );
    try {
      const [{ n }] = await sql(
        `select count(*)::int as n from house_address a join house h on h.id = a.house_id where h.house_user_name = 'demo' and a.deleted_at is null`,
      );
      await page.goto(`${server.baseUrl}/ar/settings/locations`);
      await page.getByTestId('primary-badge').waitFor();
      expect(await page.locator('[data-testid^="location-row-"]').count()).toBe(25);
      expect(await page.locator('[data-testid^="location-row-"]').first().getByTestId('primary-badge').count()).toBe(1);
      const ranges = page.locator('.MuiTablePagination-displayedRows');
      expect(await ranges.allTextContents()).toEqual([`1-25 of ${String(n)}`, `1-25 of ${String(n)}`]);
      await page.getByRole('navigation', { name: 'Location pages', exact: true }).getByRole('button', { name: 'Page 2' }).click();
      await page.waitForURL(/page=2/);
      await page
        .getByText(`26-${String(n)} of ${String(n)}`)
        .first()
        .waitFor();
      expect(await page.locator('[data-testid^="location-row-"]').count()).toBe((n as number) - 25);
      expect(await page.getByTestId('primary-badge').count()).toBe(0);
      await shot('paged');
    } finally {
      await sql(`delete from house_address where facility_name like 'Pager %'`);
    }
  });

  it("sets the house's VAT rate below the locations: the range and format messages, then a saved rate", async () => {
    const vat = async () =>
      (await server.testApp.em().getConnection().execute(`select vat_rate from house where house_user_name = 'demo'`))[0].vat_rate as
        number | null;
    const vatHelper = (text: string) =>
      page.waitForFunction((t) => document.getElementById('house-vat-rate-helper-text')?.textContent?.trim() === t, text);
    await page.goto(`${server.baseUrl}/ar/settings/locations`);
    const card = page.getByTestId('house-tax');
    const input = card.getByLabel(VAT_TEXT.label);
    await input.waitFor();
    expect(await input.inputValue()).toBe('');
    expect(await helperOf('house-vat-rate')).toBe(VAT_TEXT.help);
    await input.fill('120');
    await input.blur();
    await vatHelper(VAT_TEXT.range);
    await input.fill('17.1234');
    await card.getByTestId('save-vat-rate').click();
    await vatHelper(VAT_TEXT.format);
    expect(await vat()).toBeNull();
    await screenshot(page, 'locations-vat-error');
    await input.fill('17.5');
    await card.getByTestId('save-vat-rate').click();
    await page.getByText(VAT_TEXT.saved, { exact: true }).waitFor();
    expect(await vat()).toBe(17_500);
    expect(await helperOf('house-vat-rate')).toBe(VAT_TEXT.help);
    await page.reload();
    await card.getByLabel(VAT_TEXT.label).waitFor();
    expect(await card.getByLabel(VAT_TEXT.label).inputValue()).toBe('17.5');
    await screenshot(page, 'locations-vat-saved');
  });
});
