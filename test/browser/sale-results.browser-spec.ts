import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { FEEDBACK_TEXT, SALE_RESULTS_TEXT } from '@ar/rules';
import { createInvoicedGroup, type FactoryGroup } from '../invoice-details/factory';
import { q } from '../invoice-marks/support';
import { describeIfChromium, ensureAdminBuilt, openBrowser, type OpenedBrowser, screenshot, signInByCall } from '../support/browser';
import { signIn, type SignedIn } from '../support/fixtures';
import { startTestServer } from '../support/test-app';

// Sale results and default feedback messages (spec 001) in Debian's Chromium against the real
// server, as the demo super user: select a sale's two sessions with its checkbox, view the results
// (figures checked against the call's answer), refuse a mixed-currency selection, search a bidder,
// message a bidder and find the mail in the dev outbox table; then save the feedback messages.

jest.setTimeout(120_000);

type Json = Record<string, any>;

describeIfChromium('Sale results (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let owner: SignedIn;
  let ref: string;
  let sale: FactoryGroup;
  let euro: FactoryGroup;

  /** No serious or critical axe-core violation on the screen as it stands (as the accessibility suite asks). */
  const expectAccessible = async () => {
    const res = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .options({ resultTypes: ['violations'] })
      .analyze();
    expect(
      res.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  };
  const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    const t = server.testApp;
    const [house] = await q(t, `select id from house where house_user_name = 'demo'`);
    sale = await createInvoicedGroup(t.em(), {
      houseId: house.id,
      title: 'Browser results sale',
      sessions: [
        { title: 'Results day one', eventDate: '2031-05-01T15:00:00Z' },
        { title: 'Results day two', eventDate: '2031-05-02T15:00:00Z' },
      ],
      bidders: [
        { firstName: 'Zebedee', lastName: 'Quill', email: 'zebedee@example.com', paddle: 501 },
        { firstName: 'Yolanda', lastName: 'Quartz', email: 'yolanda@example.com', platform: 'Floor', paddle: 502 },
      ],
      lots: [
        { bidder: 0, hammer: 150_000, title: 'Brass telescope' },
        { bidder: 1, hammer: 12_345, title: 'Oak chair' },
        { session: 1, bidder: 0, hammer: 33_333, title: 'Silver spoon' },
      ],
    });
    euro = await createInvoicedGroup(t.em(), {
      houseId: house.id,
      title: 'Browser euro sale',
      currencyCode: 'EUR',
      sessions: [{ title: 'Euro results day', eventDate: '2031-04-01T15:00:00Z' }],
      bidders: [{ firstName: 'Eva', lastName: 'Euro', email: 'eva@example.com' }],
      lots: [{ bidder: 0, hammer: 10_000 }],
    });
    owner = await signIn(t.server, 'demo', 'super', 'auction-demo');
    ref = owner.user.houseInfo.houseRef;
    browser = await openBrowser({ acceptDownloads: true, viewport: { width: 1440, height: 900 } });
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'super');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('selects a sale with its checkbox and refuses sessions of two currencies', async () => {
    await page.goto(`${server.baseUrl}/ar/reports/sessionResults`);
    await page.getByTestId(`sale-group-${sale.auctionGroupId}`).waitFor();
    await page.getByTestId(`group-check-${sale.auctionGroupId}`).check();
    expect(await page.getByTestId(`session-check-${sale.catalogRefs[1]}`).isChecked()).toBe(true);
    await page.getByTestId(`session-check-${euro.catalogRefs[0]}`).check();
    await page.getByTestId('view-selected').click();
    expect(await page.getByTestId('selection-error').textContent()).toContain(SALE_RESULTS_TEXT.sameCurrency);
    expect(page.url()).toMatch(/\/reports\/sessionResults$/);
    await page.getByTestId(`session-check-${euro.catalogRefs[0]}`).uncheck();
    expect(await page.getByTestId('view-selected').textContent()).toBe(SALE_RESULTS_TEXT.viewSelected(2));
    await expectAccessible();
    await screenshot(page, 'sale-results-list-1440');
    await page.setViewportSize({ width: 1024, height: 800 });
    await screenshot(page, 'sale-results-list-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('views the results by buyer with the grand totals, and searches a bidder', async () => {
    await page.getByTestId('view-selected').click();
    await page.getByTestId('results-table').waitFor();
    expect(page.url()).toContain('/reports/sessionResults/viewSessionResults');
    const expected: Json = (
      await owner.agent
        .post(`/app/house/${ref}/sessionResults/lots`)
        .set('X-CSRF-Token', owner.csrf)
        .send({ catalogRefs: sale.catalogRefs })
        .expect(200)
    ).body.data;
    expect(await page.getByTestId('grand-payable').textContent()).toBe(money(expected.grandTotals.payable));
    for (const b of expected.groupedData) {
      expect(await page.getByTestId(`member-payable-${b.memberID}`).textContent()).toBe(money(b.memberSums.sumPayable));
    }
    await expectAccessible();
    await screenshot(page, 'sale-results-1440');
    await page.setViewportSize({ width: 1024, height: 800 });
    await screenshot(page, 'sale-results-1024');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Download .XLSX: the server's file, read back with exceljs, ends with the grand totals shown.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('results-download-xlsx').click()]);
    expect(download.suggestedFilename()).toBe('Sale Results - 2 sessions.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Sale Results')!;
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Grand total');
    expect(Math.round((last.getCell(13).value as number) * 100)).toBe(expected.grandTotals.payable);

    await page.getByTestId('results-search').fill('zebedee');
    await page.getByTestId(`buyer-${sale.memberIds[1]}`).waitFor({ state: 'detached' });
    expect(await page.getByTestId(`buyer-${sale.memberIds[0]}`).isVisible()).toBe(true);
    expect(await page.getByTestId('grand-totals').textContent()).toContain('2 lots');
  });

  it('messages a bidder (subject and message required) and the mail is in the outbox', async () => {
    await page.getByTestId(`message-bidder-${sale.memberIds[0]}`).click();
    await page.getByTestId('contact-send').click();
    await page.getByText(SALE_RESULTS_TEXT.subjectRequired).waitFor();
    await page.getByText(SALE_RESULTS_TEXT.messageRequired).waitFor();
    await page.getByTestId('contact-subject').fill('About your telescope');
    await page.getByTestId('contact-message').fill('Thank you for bidding with us.');
    await page.getByTestId('contact-send').click();
    await page.getByText(SALE_RESULTS_TEXT.messageSent).waitFor();
    await page.getByTestId('message-sent-close').click();

    await page.goto(`${server.baseUrl}/ar/dev/outbox`);
    const row = page.getByTestId('outbox-list').locator('tr', { hasText: 'About your telescope' });
    await row.waitFor();
    expect(await row.textContent()).toContain('zebedee@example.com');
  });

  it('saves the default feedback messages and shows the saved toast', async () => {
    await page.goto(`${server.baseUrl}/ar/customers/feedback/default`);
    await page.getByTestId('feedback-1').waitFor();
    await page.getByTestId('feedback-2').fill('');
    await page.getByTestId('feedback-save').click();
    await page.getByText(FEEDBACK_TEXT.required).waitFor();
    await page.getByTestId('feedback-2').fill('Paid the same day. Recommended!');
    await page.getByTestId('feedback-save').click();
    expect(await page.getByTestId('feedback-saved').textContent()).toContain(FEEDBACK_TEXT.saved);
    // Checked once the toast has grown in (mid-transition it is translucent).
    await page.waitForFunction(() => {
      const toast = document.querySelector('[data-testid="feedback-saved"]');
      return !!toast && getComputedStyle(toast).opacity === '1' && getComputedStyle(toast).transform === 'none';
    });
    await expectAccessible();
    await screenshot(page, 'feedback-1440');
    await page.setViewportSize({ width: 1024, height: 800 });
    await screenshot(page, 'feedback-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    expect(await page.getByTestId('feedback-2').inputValue()).toBe('Paid the same day. Recommended!');
    await page.getByTestId('feedback-exit').click();
    await page.waitForURL((u) => !u.pathname.includes('/customers/feedback'));
  });
});
