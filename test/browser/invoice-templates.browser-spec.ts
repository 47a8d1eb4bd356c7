import { MikroORM, RequestContext } from '@mikro-orm/core';
import type { Locator, Page } from 'playwright-core';
import { InvoiceTemplatesService } from '../../src/modules/invoicing/templates/invoice-templates.service';
import { describeIfChromium, ensureAdminBuilt, openBrowser, screenshot, signInAs, type OpenedBrowser } from '../support/browser';
import { copiedAddressColumns } from '../support/house-address-copy';
import { startTestServer } from '../support/test-app';

// The Invoice Templates page in Debian's Chromium against the real server and the demo data:
// create a template with a tax row, a fee row and a third message, each error message on bad
// input, save, land on its URL, reload it intact; card-processor templates; a concurrent edit.

jest.setTimeout(120_000);

const TEXT = {
  summary: 'Please correct the errors noted and try saving again.',
  nameRequired: 'Invoice template name is required',
  subjectRequired: 'Email Subject is required',
  fromNameRequired: 'Reply to Name is required',
  fromEmailRequired: 'Reply to Email is required',
  validEmail: 'Valid Email is required',
  countryRequired: 'Country is required',
  taxRateInvalid: 'Please enter a valid tax rate %.',
  chargeTypeRequired: 'Charge type is required',
  stateRequired: 'State is required',
  provinceRequired: 'Province is required',
  taxBoxes: 'Tax Type is Required, Please select at least one Tax Type Check Box',
  feeBoxes: 'Fee Type is Required, Please select at least one Fee Type Check Box',
  taxInFees: 'Taxes cannot be entered in the fees section, please use the taxes section above.',
  sequenceUnique: 'Sequence number must be unique',
  saved: 'Your changes have been saved.',
  inactive: 'This template is no longer active and cannot be changed.',
};

describeIfChromium('Invoice Templates page (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const browsers: OpenedBrowser[] = [];

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer();
  }, 300_000);

  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await server?.close();
  });

  /** A fresh browser signed in as `username` of `house`. */
  async function signedIn(house: string, username: string): Promise<Page> {
    const browser = await openBrowser();
    browsers.push(browser);
    await signInAs(browser.page, server.baseUrl, house, username);
    return browser.page;
  }

  /** A full-page screenshot from the top (the sticky header then sits where it belongs). */
  const shot = async (page: Page, name: string) => {
    // The viewport grown to the page's height: sticky bars sit where they belong, not mid-page.
    const size = page.viewportSize()!;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
    await screenshot(page, `invoice-templates-${name}`);
    await page.setViewportSize(size);
  };
  /** The message MUI shows under a field (`{id}-helper-text`). */
  const fieldOf = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: false }).first();
  const messageOf = async (page: Page, fieldId: string) => {
    const el = page.locator(`[id="${fieldId}-helper-text"]`);
    return (await el.count()) ? ((await el.textContent()) ?? '').trim() : '';
  };
  const idOf = (l: Locator) => l.getAttribute('id').then((v) => v ?? '');
  /** Every error text the form shows right now. */
  const shownErrors = async (page: Page) =>
    (await page.locator('[data-testid="template-form"] .Mui-error.MuiFormHelperText-root').allTextContents()).map((t) => t.trim());

  async function openNew(page: Page): Promise<void> {
    await page.goto(`${server.baseUrl}/ar/invoices/invoiceTemplates`);
    await page.getByTestId('invoice-templates-page').waitFor();
    await page.getByRole('button', { name: '+ Create New Template' }).click();
    await page.getByTestId('template-form').waitFor();
  }

  it('creates a template with a tax row, a fee row and a third message, showing each error on bad input, then reloads it intact', async () => {
    // House "other" uses processor w: an ordinary (not card-processor) template, US taxes allowed.
    const page = await signedIn('other', 'owner');
    await page.goto(`${server.baseUrl}/ar/invoices/invoiceTemplates`);
    await page.getByTestId('invoice-templates-page').waitFor();
    expect(await page.locator('#react-admin-title').textContent()).toBe('Invoice Templates');
    const select = page.locator('#template-select');
    expect(await select.locator('option:checked').textContent()).toBe('Select Existing Template');

    // '+ Create New Template': a blank form, per-invoice charging, the two default messages.
    await page.getByRole('button', { name: '+ Create New Template' }).click();
    await page.getByTestId('template-form').waitFor();
    for (const section of ['Email Settings', 'Additional Charges | Taxes and Fees', 'Messages']) {
      await page.getByRole('heading', { name: section, exact: true }).waitFor();
    }
    expect(await page.getByLabel('per Invoice').isChecked()).toBe(true);
    expect(await page.getByLabel('per Lot').isChecked()).toBe(false);
    expect(await page.getByLabel('per Invoice').isDisabled()).toBe(false);
    const msg = (i: number) => page.getByTestId(`message-row-${i}`);
    expect(await msg(0).getByLabel('Header').inputValue()).toBe('Payment Option(s)');
    expect(await msg(0).locator('select').inputValue()).toBe('1');
    expect(await msg(1).getByLabel('Header').inputValue()).toBe('Shipping Notes');
    expect(await msg(1).locator('select').inputValue()).toBe('2');
    expect(await page.getByTestId('message-row-2').count()).toBe(0);
    // Default messages cannot be deleted; the first is locked at sequence 1.
    expect(await page.getByRole('button', { name: /^Delete message/ }).count()).toBe(0);
    expect(await msg(0).locator('select').isDisabled()).toBe(true);

    // Cancel leaves creation; create again.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('template-form').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '+ Create New Template' }).click();
    await page.getByTestId('template-form').waitFor();

    // Save with nothing: each required field's message and the summary.
    const save = page.getByTestId('template-save');
    await save.click();
    await page.getByTestId('template-summary').getByText(TEXT.summary, { exact: true }).waitFor();
    expect(await messageOf(page, 'template-groupName')).toBe(TEXT.nameRequired);
    expect(await messageOf(page, 'template-subject')).toBe(TEXT.subjectRequired);
    expect(await messageOf(page, 'template-fromName')).toBe(TEXT.fromNameRequired);
    expect(await messageOf(page, 'template-fromEmail')).toBe(TEXT.fromEmailRequired);
    await shot(page, 'required');

    // Bad reply-to and BCC emails.
    await fieldOf(page, 'Invoice Template Name').fill('Standard Invoice');
    await fieldOf(page, 'Email Subject').fill('Your invoice from Other House Auctioneers');
    await fieldOf(page, 'Reply to Name').fill('Otto Other');
    await fieldOf(page, 'Reply to Email').fill('otto-at-other');
    await fieldOf(page, 'BCC').fill('bcc@');
    await save.click();
    expect(await messageOf(page, 'template-groupName')).toBe('');
    expect(await messageOf(page, 'template-fromEmail')).toBe(TEXT.validEmail);
    expect(await messageOf(page, 'template-bccEmail')).toBe(TEXT.validEmail);
    await fieldOf(page, 'Reply to Email').fill('otto@other.example');
    await fieldOf(page, 'BCC').fill('books@other.example');

    // House address from the locations.
    await page
      .locator('#template-houseAddressID')
      .selectOption({ label: 'Riverside Hall: 9 River Road, Portland, OR, United States (primary)' });

    // A tax row: the rate's '0.00' clears on focus; US without a state, no box ticked.
    await page.getByTestId('add-tax').click();
    const tax = page.getByTestId('tax-row-0');
    const rate = tax.getByLabel('Rate %');
    expect(await rate.inputValue()).toBe('0.00');
    await rate.focus();
    expect(await rate.inputValue()).toBe('');
    expect(await rate.getAttribute('min')).toBe('0');
    expect(await rate.getAttribute('step')).toBe('0.001');
    await tax.locator('select').first().selectOption('US');
    await tax.getByLabel('Charge Type').fill('Sales Tax');
    await rate.fill('6.1255');
    await save.click();
    const taxId = (await idOf(tax.locator('select').first())).replace(/-country$/, '');
    expect(await messageOf(page, `${taxId}-state`)).toBe(TEXT.stateRequired);
    expect(await messageOf(page, `${taxId}-rate`)).toBe(TEXT.taxRateInvalid);
    expect(await tax.getByText(TEXT.taxBoxes, { exact: true }).count()).toBe(1);
    // Canada asks for a province.
    await tax.locator('select').first().selectOption('CA');
    expect(await messageOf(page, `${taxId}-state`)).toBe(TEXT.provinceRequired);
    await tax.locator('select').first().selectOption('US');
    await tax.getByLabel('State').selectOption('NY');
    await rate.fill('6.125');
    await tax.getByLabel('Hammer').check();
    await tax.getByLabel('BP').check();

    // A second tax row with only a name: country and rate messages.
    await page.getByTestId('add-tax').click();
    const tax2 = page.getByTestId('tax-row-1');
    await tax2.getByLabel('Charge Type').fill('VAT');
    await tax2.getByLabel('Rate %').fill('');
    await save.click();
    const tax2Id = (await idOf(tax2.locator('select').first())).replace(/-country$/, '');
    expect(await messageOf(page, `${tax2Id}-country`)).toBe(TEXT.countryRequired);
    expect(await messageOf(page, `${tax2Id}-rate`)).toBe(TEXT.taxRateInvalid);
    await tax2.getByRole('button', { name: 'Delete tax 2' }).click();
    expect(await page.getByTestId('tax-row-1').count()).toBe(0);

    // A fee named like a tax: its message at once, and Save disabled.
    await page.getByTestId('add-fee').click();
    const fee = page.getByTestId('fee-row-0');
    await fee.getByLabel('Charge Type').fill('Sales Tax');
    await fee.getByText(TEXT.taxInFees, { exact: true }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await shot(page, 'fee-named-tax');
    await fee.getByLabel('Charge Type').fill('');
    await fee.locator('select').first().selectOption('ALL');
    await fee.getByLabel('Rate %').fill('2.5');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    expect(await fee.getByText(TEXT.chargeTypeRequired, { exact: true }).count()).toBe(1);
    expect(await fee.getByText(TEXT.feeBoxes, { exact: true }).count()).toBe(1);
    await fee.getByLabel('Charge Type').fill('Handling');
    await fee.getByLabel('Hammer').check();

    // A third message: sequence 3, option 1 disabled; a duplicate sequence is refused.
    await page.getByTestId('add-message').click();
    const third = msg(2);
    const seq = third.locator('select');
    expect(await seq.inputValue()).toBe('3');
    expect(await seq.locator('option').allTextContents()).toEqual(['1', '2', '3']);
    expect(await seq.locator('option[value="1"]').isDisabled()).toBe(true);
    await third.getByLabel('Header').fill('Pickup Hours');
    await third.getByRole('textbox', { name: 'Message' }).fill('Pickup Monday to Friday, 9 am to 5 pm.');
    await seq.selectOption('2');
    await save.click();
    expect(await third.getByText(TEXT.sequenceUnique, { exact: true }).count()).toBe(1);
    expect(await msg(1).getByText(TEXT.sequenceUnique, { exact: true }).count()).toBe(1);
    await page.getByTestId('template-summary').waitFor();
    await shot(page, 'errors');
    await seq.selectOption('3');
    // A fourth message left without a header is dropped at save.
    await page.getByTestId('add-message').click();
    expect(await shownErrors(page)).toEqual([]);

    await save.click();
    await page.waitForURL(/\/ar\/invoices\/invoiceTemplates\/\d+$/);
    await page.getByTestId('template-saved').getByText(TEXT.saved, { exact: true }).waitFor();
    const url = page.url();
    const id = url.split('/').pop();
    expect(await select.inputValue()).toBe(id);
    expect(await select.locator('option:checked').textContent()).toBe('Standard Invoice');
    // Charging mode is fixed on an existing template.
    expect(await page.getByLabel('per Invoice').isDisabled()).toBe(true);
    await shot(page, 'saved');

    // Reload: everything as saved, and no repeated saved message.
    await page.reload();
    await page.getByTestId('template-form').waitFor();
    expect(await page.getByTestId('template-saved').count()).toBe(0);
    expect(await fieldOf(page, 'Invoice Template Name').inputValue()).toBe('Standard Invoice');
    expect(await fieldOf(page, 'Email Subject').inputValue()).toBe('Your invoice from Other House Auctioneers');
    expect(await fieldOf(page, 'Reply to Name').inputValue()).toBe('Otto Other');
    expect(await fieldOf(page, 'Reply to Email').inputValue()).toBe('otto@other.example');
    expect(await fieldOf(page, 'BCC').inputValue()).toBe('books@other.example');
    expect(await page.locator('#template-houseAddressID option:checked').textContent()).toContain('Riverside Hall');
    const t = page.getByTestId('tax-row-0');
    expect(await t.locator('select').first().inputValue()).toBe('US');
    expect(await t.getByLabel('State').inputValue()).toBe('NY');
    expect(await t.getByLabel('Charge Type').inputValue()).toBe('Sales Tax');
    expect(await t.getByLabel('Rate %').inputValue()).toBe('6.125');
    expect([
      await t.getByLabel('Hammer').isChecked(),
      await t.getByLabel('Live Fee').isChecked(),
      await t.getByLabel('BP').isChecked(),
    ]).toEqual([true, false, true]);
    expect(await page.getByTestId('tax-row-1').count()).toBe(0);
    const f = page.getByTestId('fee-row-0');
    expect(await f.locator('select').first().inputValue()).toBe('ALL');
    expect(await f.getByLabel('Charge Type').inputValue()).toBe('Handling');
    expect(await f.getByLabel('Rate %').inputValue()).toBe('2.500');
    expect([
      await f.getByLabel('Hammer').isChecked(),
      await f.getByLabel('Live Fee').isChecked(),
      await f.getByLabel('BP').isChecked(),
    ]).toEqual([true, false, false]);
    const headers = [];
    for (let i = 0; i < 3; i++) headers.push([await msg(i).locator('select').inputValue(), await msg(i).getByLabel('Header').inputValue()]);
    expect(headers).toEqual([
      ['1', 'Payment Option(s)'],
      ['2', 'Shipping Notes'],
      ['3', 'Pickup Hours'],
    ]);
    expect(await msg(2).getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Pickup Monday to Friday, 9 am to 5 pm.');
    expect(await page.getByTestId('message-row-3').count()).toBe(0);
    // The added message can be deleted, the defaults cannot.
    expect(await page.getByRole('button', { name: /^Delete message/ }).count()).toBe(1);
    await shot(page, 'reloaded');

    // Choosing from the dropdown navigates to the template's URL.
    await page.goto(`${server.baseUrl}/ar/invoices/invoiceTemplates`);
    await select.selectOption({ label: 'Standard Invoice' });
    await page.waitForURL(`**/ar/invoices/invoiceTemplates/${id}`);
    expect(await fieldOf(page, 'Invoice Template Name').inputValue()).toBe('Standard Invoice');
  });

  it('shows a concurrent change (409) with its message and reloads the template', async () => {
    const conn = server.testApp.em().getConnection();
    const [{ id: houseId }] = await conn.execute<{ id: number }[]>(`select id from house where house_user_name = 'other'`);
    const templates = server.testApp.app.get(InvoiceTemplatesService);
    const saved = await RequestContext.create(server.testApp.app.get(MikroORM).em, () =>
      templates.save(houseId, null, {
        groupName: 'Shared Template',
        subject: 'Your invoice',
        fromName: 'Otto Other',
        fromEmail: 'otto@other.example',
      }),
    );
    const page = await signedIn('other', 'owner');
    await page.goto(`${server.baseUrl}/ar/invoices/invoiceTemplates`);
    await page.locator('#template-select').selectOption({ label: 'Shared Template' });
    await page.waitForURL(`**/ar/invoices/invoiceTemplates/${saved.groupSettingsID}`);
    await page.getByTestId('template-form').waitFor();
    // Someone else renames it meanwhile.
    await conn.execute(`update invoice_template set group_name = 'Renamed Elsewhere', version = version + 1 where id = ?`, [
      saved.groupSettingsID,
    ]);
    await fieldOf(page, 'Email Subject').fill('A subject typed here');
    await page.getByTestId('template-save').click();
    await page
      .getByTestId('template-notice')
      .getByText('This template was changed by someone else. Reload it to see their changes.', { exact: true })
      .waitFor();
    await page.waitForFunction(
      () => (document.querySelector('#template-groupName') as HTMLInputElement | null)?.value === 'Renamed Elsewhere',
    );
    expect(await fieldOf(page, 'Email Subject').inputValue()).toBe('Your invoice');
    await shot(page, 'conflict');
  });

  it("a refused save shows the server's field message beside its field (a location deleted meanwhile)", async () => {
    const sql = (q: string, params: unknown[] = []): Promise<Record<string, unknown>[]> =>
      server.testApp.em().getConnection().execute(q, params);
    const columns = await copiedAddressColumns(sql);
    // A second location of house "other", a copy of its primary one.
    await sql(
      `insert into house_address (${columns.join(', ')}, "primary", facility_name)
       select ${columns.map((c) => `a.${c}`).join(', ')}, false, 'Annex'
         from house_address a join house h on h.id = a.house_id
        where h.house_user_name = 'other' and a."primary" and a.deleted_at is null`,
    );
    try {
      const page = await signedIn('other', 'owner');
      await openNew(page);
      await fieldOf(page, 'Invoice Template Name').fill('Annex Invoice');
      await fieldOf(page, 'Email Subject').fill('Your invoice');
      await fieldOf(page, 'Reply to Name').fill('Otto Other');
      await fieldOf(page, 'Reply to Email').fill('otto@other.example');
      const address = page.locator('#template-houseAddressID');
      await address.locator('option', { hasText: 'Annex:' }).waitFor({ state: 'attached' });
      await address.selectOption({ label: (await address.locator('option', { hasText: 'Annex:' }).textContent()) ?? '' });
      // Someone deletes the location meanwhile: only the server can tell.
      await sql(`update house_address set deleted_at = now() where facility_name = 'Annex'`);
      await page.getByTestId('template-save').click();
      await page
        .locator('[id="template-houseAddressID-helper-text"]')
        .getByText('Please select one of your locations.', { exact: true })
        .waitFor();
      expect(await address.getAttribute('aria-invalid')).toBe('true');
      await page.getByTestId('template-summary').getByText(TEXT.summary, { exact: true }).waitFor();
      expect(page.url()).toMatch(/\/invoiceTemplates$/);
      await shot(page, 'server-field-error');
      // The message goes once the field changes.
      await address.selectOption({ label: 'Riverside Hall: 9 River Road, Portland, OR, United States (primary)' });
      expect(await messageOf(page, 'template-houseAddressID')).toBe('The address printed on the invoice.');
      expect(await shownErrors(page)).toEqual([]);
    } finally {
      await sql(`delete from house_address where facility_name = 'Annex'`);
    }
  });

  it('card-processor house: tax countries exclude the US; an inactive card-processor template is read-only with the banner and no Save', async () => {
    // House "demo" uses processor p and is enrolled.
    const page = await signedIn('demo', 'owner');
    await openNew(page);
    await page.getByTestId('add-tax').click();
    const taxCountries = await page
      .getByTestId('tax-row-0')
      .locator('select')
      .first()
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(taxCountries.length).toBeGreaterThan(200);
    expect(taxCountries).not.toContain('US');
    expect(taxCountries).toEqual(expect.arrayContaining(['ALL', 'GB', 'CA']));
    // Fees keep the full list.
    await page.getByTestId('add-fee').click();
    const feeCountries = await page
      .getByTestId('fee-row-0')
      .locator('select')
      .first()
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(feeCountries).toContain('US');

    await fieldOf(page, 'Invoice Template Name').fill('Card Template');
    await fieldOf(page, 'Email Subject').fill('Your invoice');
    await fieldOf(page, 'Reply to Name').fill('Olivia Owner');
    await fieldOf(page, 'Reply to Email').fill('olivia@demo.example');
    await page.getByTestId('tax-row-0').getByRole('button', { name: 'Delete tax 1' }).click();
    await page.getByTestId('fee-row-0').getByRole('button', { name: 'Delete fee 1' }).click();
    await page.getByTestId('template-save').click();
    await page.waitForURL(/\/ar\/invoices\/invoiceTemplates\/\d+$/);
    await page.getByText(TEXT.saved, { exact: true }).waitFor();
    const id = Number(page.url().split('/').pop());

    await server.testApp.em().getConnection().execute('update invoice_template set active = false where id = ?', [id]);
    await page.reload();
    await page.getByTestId('template-inactive').getByText(TEXT.inactive, { exact: true }).waitFor();
    expect(await page.getByTestId('template-save').count()).toBe(0);
    expect(await fieldOf(page, 'Invoice Template Name').isDisabled()).toBe(true);
    expect(await page.getByTestId('add-tax').count()).toBe(0);
    expect(await page.locator('#template-select option:checked').textContent()).toBe('Card Template (inactive)');
    await shot(page, 'inactive');
  });

  it('a clerk with accessInvoices opens the page; an unknown template id says not found', async () => {
    const page = await signedIn('demo', 'clerk');
    await page.goto(`${server.baseUrl}/ar/invoices/invoiceTemplates/999999`);
    await page.getByText('Invoice template not found.', { exact: true }).waitFor();
    await page.getByRole('button', { name: '+ Create New Template' }).waitFor();
  });
});
