import type { Page } from 'playwright-core';
import { DISPUTE_TEXT as T } from '@ar/rules';
import { createInvoicedGroup } from '../invoice-details/factory';
import { bidder, q } from '../invoice-marks/support';
import { describeIfChromium, ensureAdminBuilt, openBrowser, screenshot, signInAs, type OpenedBrowser } from '../support/browser';
import { startTestServer } from '../support/test-app';

// Disputes (spec 001) in Debian's Chromium against the real server on the demo data: open a
// dispute on a lot from the Open New File screen (as the invoices' File as dispute does), see it
// in View Disputes, send a message through the confirm page, then close it after accepting the
// terms, and read the single dispute.

jest.setTimeout(120_000);

describeIfChromium('Disputes (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let lotRef: string;
  let lotId: number;

  /** Client-side navigation with router state, as the invoice editor's File as dispute does. */
  const openWithState = async (path: string, state: unknown) => {
    await page.evaluate(
      ([p, s]) => {
        window.history.pushState({ usr: s, key: 'disputes', idx: 1 }, '', p as string);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      },
      [`/ar${path}`, state] as const,
    );
  };
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
    lotId = sale.lotIds[0];
    browser = await openBrowser({ viewport: { width: 1440, height: 900 } });
    page = browser.page;
    await signInAs(page, server.baseUrl, 'demo', 'owner');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('files a dispute from the Open New File screen', async () => {
    await openWithState('/reports/openDisputes', { action: 'open', lots: [{ lotRef }] });
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
    expect(await dispute()).toMatchObject({ open: true, stat: 'Open', reason_id: 4 });
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
});
