import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { DISPUTE_TEXT as T, NO_BID_LIST_TEXT } from '@ar/rules';
import { createInvoicedGroup } from '../invoice-details/factory';
import { bidder, q } from '../invoice-marks/support';
import { describeIfChromium, ensureAdminBuilt, openBrowser, type OpenedBrowser, screenshot, signInByCall } from '../support/browser';
import { startTestServer } from '../support/test-app';

// Disputes (spec 001) in Debian's Chromium against the real server on the demo data: tick a lot on
// the Sale Results and reach Open New File with it, open the dispute, see it on the results, in
// View Disputes, send a message through the confirm page, close it after accepting the terms, read
// the single dispute; the closed dispute's bidder is on the No Bid List, and is removed from it.

jest.setTimeout(120_000);

describeIfChromium('Disputes (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let lotRef: string;
  let lotId: number;
  let catalogRef: string;

  const dispute = async () => (await q(server.testApp, 'select * from dispute where lot_id = ?', [lotId]))[0];

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    const t = server.testApp;
    const [house] = await q(t, `select id from house where house_user_name = 'demo'`);
    await q(t, 'update house set dispute_terms_accepted = false where id = ?', [house.id]);
    const sale = await createInvoicedGroup(t.em(), {
      houseId: house.id,
      title: 'Browser Dispute Sale',
      sessions: [{ title: 'Dispute session', eventDate: new Date(Date.now() - 10 * 86_400_000).toISOString() }],
      bidders: [bidder('Disputant', { firstName: 'Dora', email: 'dora@browser.example', paddle: 77 })],
      lots: [{ bidder: 0, hammer: 125_000, title: 'Silver teapot' }],
    });
    lotRef = sale.lotRefs[0];
    catalogRef = sale.catalogRefs[0];
    lotId = sale.lotIds[0];
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'owner');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('ticks a lot on the Sale Results and reaches Open New File with it', async () => {
    await page.goto(`${server.baseUrl}/ar/reports/sessionResults`);
    await page.getByTestId(`session-check-${catalogRef}`).check();
    await page.getByTestId('view-selected').click();
    const lotRow = page.getByTestId(`result-lot-${lotRef}`);
    await lotRow.waitFor();
    const openFile = page.getByTestId('results-open-file');
    expect(await openFile.isDisabled()).toBe(true);
    // The buyer's checkbox ticks the buyer's lots.
    await page.getByLabel('Select the lots of Dora Disputant').check();
    expect(await lotRow.getByRole('checkbox').isChecked()).toBe(true);
    expect(await openFile.textContent()).toBe(`${T.openTitle} (1)`);
    await screenshot(page, 'sale-results-open-file-1440');
    await openFile.click();
    await page.waitForURL('**/ar/reports/openDisputes');
  });

  it('files a dispute from the Open New File screen', async () => {
    await page.getByTestId('open-dispute-lots').getByText('Silver teapot').waitFor();
    await page.getByTestId('open-dispute-lots').getByText('Will be opened').waitFor();
    // Mutual Resolution shows its details.
    await page.getByLabel('Reason').selectOption({ label: 'Mutual Resolution' });
    await page.getByLabel('Resolution Details').waitFor();
    await page.getByLabel('Reason').selectOption({ label: 'Unpaid Item' });
    expect(await page.getByLabel('Resolution Details').count()).toBe(0);
    await page.getByTestId('open-dispute-submit').click();
    await page.getByText(T.openMessageRequired).waitFor();
    await screenshot(page, 'open-new-file-1440');
    await page.setViewportSize({ width: 1024, height: 800 });
    await screenshot(page, 'open-new-file-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('open-dispute-message').fill('The invoice is 10 days overdue.');
    await page.getByTestId('open-dispute-submit').click();
    await page.getByTestId('open-dispute-success').getByText(T.opened).waitFor();
    const d = await dispute();
    expect(d).toMatchObject({ open: true, stat: 'Open', reason_id: 4 });
    // Go Back: the Sale Results show the lot's dispute, and the lot can no longer be ticked.
    await page.getByRole('link', { name: T.goBack }).click();
    const lotDispute = page.getByTestId(`lot-dispute-${lotRef}`);
    await lotDispute.getByText('Open', { exact: true }).waitFor();
    expect(await lotDispute.getByRole('link').textContent()).toBe(`Dispute ${d.dispute_ref}`);
    expect(await page.getByTestId(`result-lot-${lotRef}`).getByRole('checkbox').count()).toBe(0);
  });

  it('lists it in View Disputes and sends a message through the confirm page', async () => {
    const d = await dispute();
    await page.goto(`${server.baseUrl}/ar/customers/viewDisputes`);
    const row = page.getByTestId('disputes-table').locator('tr', { hasText: d.dispute_ref });
    await row.waitFor();
    await screenshot(page, 'view-disputes-1440');
    await page.setViewportSize({ width: 1024, height: 800 });
    await screenshot(page, 'view-disputes-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('dispute-action-submit').click();
    await page.getByTestId('dispute-action-error').getByText(T.selectDispute).waitFor();
    await row.getByRole('checkbox').check();
    await page.getByTestId('dispute-action').selectOption('send');
    await page.getByTestId('dispute-message').fill('Please pay by Friday.');
    await page.getByTestId('dispute-action-submit').click();
    await page.getByTestId('confirm-dispute-action').getByText('Please pay by Friday.').waitFor();
    await page.getByTestId('dispute-confirm').click();
    await page.getByTestId('dispute-action-success').getByText(T.sent).waitFor();
    expect((await q(server.testApp, 'select count(*)::int as n from dispute_message where dispute_id = ?', [d.id]))[0].n).toBe(2);
  });

  it('closes it after 4 open days once the terms are accepted, and shows it under All', async () => {
    const d = await dispute();
    await q(server.testApp, 'update dispute set opened_at = ? where id = ?', [new Date(Date.now() - 5 * 86_400_000), d.id]);
    await page.getByTestId('back-to-disputes').click();
    const row = page.getByTestId('disputes-table').locator('tr', { hasText: d.dispute_ref });
    await row.getByRole('checkbox').check();
    await page.getByTestId('dispute-action').selectOption('close');
    await page.getByTestId('dispute-action-submit').click();
    await page.getByTestId('dispute-confirm').click();
    await page.getByTestId('dispute-terms').waitFor();
    await page.getByTestId('dispute-terms-continue').click();
    await page.getByTestId('dispute-terms').getByText(T.mustAgree).waitFor();
    await page.getByLabel(T.termsAgree).check();
    await page.getByTestId('dispute-terms-continue').click();
    await page.getByTestId('dispute-action-success').getByText(T.closed).waitFor();
    expect(await dispute()).toMatchObject({ open: false, stat: 'Closed' });
    await page.goto(`${server.baseUrl}/ar/customers/viewDisputes?filter=all`);
    await page.getByTestId('disputes-table').locator('tr', { hasText: d.dispute_ref }).getByText('Closed').waitFor();
    await page.goto(`${server.baseUrl}/ar/customers/dispute/${d.dispute_ref}`);
    await page.getByTestId('dispute-messages').getByText('Please pay by Friday.').waitFor();
    await screenshot(page, 'view-dispute-1440', { fullPage: true });
  });

  it('puts the bidder of the closed dispute on the No Bid List, and removes them after a confirm', async () => {
    const d = await dispute();
    await page.getByTestId('menu-customers').click();
    await page.getByTestId('menu-item-customers-no-bid-list').click();
    await page.waitForURL('**/ar/customers/noBidList');
    await page.getByTestId('no-bid-search').fill('dora@browser.example');
    await page.getByTestId('no-bid-search-submit').click();
    const row = page.getByTestId('no-bid-table').locator('tr', { hasText: 'dora@browser.example' });
    await row.getByText(`Dispute ${d.dispute_ref} closed (Unpaid Item)`).waitFor();
    expect(await row.textContent()).toContain('77');
    expect(page.url()).toContain('q=dora%40browser.example');
    // No serious or critical axe-core violation (as the accessibility suite asks).
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .options({ resultTypes: ['violations'] })
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await screenshot(page, 'no-bid-list-1440');
    await page.setViewportSize({ width: 1024, height: 800 });
    await screenshot(page, 'no-bid-list-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
    // Cancel keeps the bidder; Remove takes them off (the server audits it).
    await row.getByRole('button', { name: 'Remove Dora Disputant' }).click();
    await page.getByTestId('confirm-dialog').getByText('Remove Dora Disputant from your No Bid List?', { exact: false }).waitFor();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Remove Dora Disputant' }).click();
    await page.getByTestId('confirm-ok').click();
    await page.getByText(NO_BID_LIST_TEXT.removed).waitFor();
    await page.getByTestId('no-bid-empty').waitFor();
    const audit = await q(server.testApp, `select action, user_name from no_bid_audit where dispute_id = ? order by id`, [d.id]);
    expect(audit).toEqual([
      { action: 'add', user_name: 'owner' },
      { action: 'remove', user_name: 'owner' },
    ]);
  });

  it('adds the bidder back by paddle with a reason: rule messages first, then the server refusal, then the row', async () => {
    await page.getByTestId('no-bid-add').click();
    const dialog = page.getByTestId('no-bid-add-dialog');
    await page.getByTestId('no-bid-add-save').click();
    await dialog.getByText(NO_BID_LIST_TEXT.bidderRequired).waitFor();
    await dialog.getByText(NO_BID_LIST_TEXT.reasonRequired).waitFor();
    await page.getByTestId('no-bid-add-bidder').fill('999');
    await page.getByTestId('no-bid-add-reason').fill('Refused to pay the buyer premium.');
    await page.getByTestId('no-bid-add-save').click();
    // The server's refusal shows beside the field, once (no banner repeating it); what was typed stays.
    await dialog.locator('.MuiFormHelperText-root', { hasText: NO_BID_LIST_TEXT.bidderNotFound }).waitFor();
    expect(await dialog.getByText(NO_BID_LIST_TEXT.bidderNotFound).count()).toBe(1);
    await screenshot(page, 'no-bid-add-1440');
    await page.getByTestId('no-bid-add-bidder').fill('77');
    await page.getByTestId('no-bid-add-save').click();
    await page.getByText(NO_BID_LIST_TEXT.added).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('no-bid-table').locator('tr', { hasText: 'dora@browser.example' });
    await row.getByText('Refused to pay the buyer premium.').waitFor();
    const [added] = await q(server.testApp, `select user_name, entry from no_bid_audit where action = 'add' and dispute_id is null`);
    expect([added.user_name, added.entry.paddleNumber, added.entry.reason]).toEqual(['owner', 77, 'Refused to pay the buyer premium.']);
  });
});
