import * as fs from 'node:fs';
import type { Page } from 'playwright-core';
import { readPdfText } from '../../src/modules/invoicing/documents/pdf-text.testing';
import { describeIfChromium, ensureAdminBuilt, openBrowser, type OpenedBrowser, screenshot, signInByCall } from '../support/browser';
import { startTestServer } from '../support/test-app';
import { FactoryGroup } from '../invoice-details/factory';
import { otherGroup } from '../invoice-details/scenario';

// Issue 10's PDF buttons on Invoice Group Details in Debian's Chromium against the real server (its
// in-process queue runs the invoice-pdf job): a row's "Download PDF", the toolbar's batch button for
// all invoices and for the selected one, and Edit Invoices' link per invoice block.

jest.setTimeout(120_000);

/** The invoice numbers of a PDF's pages. */
const numbersOf = async (file: string) =>
  (await readPdfText(fs.readFileSync(file))).pages.map((p) => Number(/Invoice #\s*(\d+)/.exec(p)?.[1]));

describeIfChromium('invoice PDFs (browser)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let group: FactoryGroup;

  beforeAll(async () => {
    ensureAdminBuilt();
    server = await startTestServer({ redis: false });
    const em = server.testApp.em();
    const [house] = await em.getConnection().execute(`select id from house where house_user_name = 'demo'`);
    group = await otherGroup(em, house.id, 'PDF sale');
    browser = await openBrowser({ acceptDownloads: true });
    page = browser.page;
    await signInByCall(page, server.baseUrl, 'demo', 'owner');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const numbers = () => group.invoiceNumbers.filter((n): n is number => n !== undefined).sort((a, b) => a - b);

  it("a row's Download PDF downloads that invoice", async () => {
    await page.goto(`${server.baseUrl}/ar/invoices/InvoiceGroupDetails/${group.groupId}`);
    await page.getByTestId('invoice-row').first().waitFor();
    const first = Number(await page.getByTestId('invoice-number').first().textContent());
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('row-pdf').first().click()]);
    expect(download.suggestedFilename()).toBe(`Invoice-${first}.pdf`);
    expect(await numbersOf((await download.path())!)).toEqual([first]);
  });

  it('Download PDF (all) runs the job and downloads every invoice of the group, by invoice number', async () => {
    const button = page.getByTestId('download-pdf');
    expect(await button.textContent()).toBe('Download PDF (all)');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`invoices-group-${group.groupId}.pdf`);
    expect(await numbersOf((await download.path())!)).toEqual(numbers());
    await page.getByText('Download PDF (all)').waitFor();
    await screenshot(page, 'invoice-pdf-group-details');
  });

  it('Download PDF (selected) prints only the selected invoices', async () => {
    const last = Number(await page.getByTestId('invoice-number').last().textContent());
    await page.getByRole('checkbox', { name: `Select invoice ${last}` }).check();
    const button = page.getByTestId('download-pdf');
    expect(await button.textContent()).toBe('Download PDF (selected)');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(await numbersOf((await download.path())!)).toEqual([last]);
  });

  it("Edit Invoices: an invoice block's Download PDF downloads that invoice", async () => {
    const id = group.invoiceIds.find((i) => i !== undefined)!;
    const number = group.invoiceNumbers[group.invoiceIds.indexOf(id)]!;
    await page.goto(`${server.baseUrl}/ar/invoices/EditInvoices/${group.groupId}?id=${id}`);
    const link = page.getByTestId('invoice-actions').getByTestId('download-pdf');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`Invoice-${number}.pdf`);
    expect(await numbersOf((await download.path())!)).toEqual([number]);
  });
});
