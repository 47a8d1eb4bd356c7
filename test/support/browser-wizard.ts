import type { Page } from 'playwright-core';
import { screenshot } from './browser';

// The sale wizard's steps as the browser specs fill them (session-wizard.browser-spec.ts: steps 1-2
// under test, then the whole walk to publishing): one way to add a timed sale and fill its first
// steps, so the two walks cannot drift apart.

/** Waits for the wizard's title. */
export const wizardTitle = (page: Page, text: string) => page.getByTestId('wizard-title').getByText(text, { exact: true }).waitFor();

/** Calendar → Add Sale (timed) with the Standard Invoice terms; ends on step 1 and answers the new sale's id. */
export async function addTimedSale(page: Page, baseUrl: string, name: string): Promise<number> {
  await page.goto(`${baseUrl}/ar/my-auctions/current`);
  const panel = page.getByTestId('add-sale');
  await panel.waitFor();
  await panel.getByRole('radio', { name: 'Timed' }).check();
  await panel.getByLabel('Sale Name').fill(name);
  await panel.getByLabel('Terms').selectOption({ label: 'Standard Invoice' });
  await panel.getByTestId('add-sale-continue').click();
  await page.waitForURL(/\/ar\/session\/timed\/\d+\/0\/1$/);
  return Number(/timed\/(\d+)\//.exec(page.url())![1]);
}

/** Step 1's end date and time (the title is filled apart: step 1 is checked between the two). */
export async function fillEndTime(page: Page, date: string, hour: string, minute: string, ampm: 'AM' | 'PM'): Promise<void> {
  await page.getByLabel('First Lot End Date').fill(date);
  await page.getByLabel('Hour').selectOption(hour);
  await page.getByLabel('Minute').selectOption(minute);
  await page.getByLabel('AM/PM').selectOption(ampm);
}

/** Step 2's categories (by label) and viewing notes. */
export async function fillSessionDetails(page: Page, categories: string[], viewingNotes: string): Promise<void> {
  for (const label of categories) await page.getByLabel(label).check();
  await page.getByRole('textbox', { name: 'Viewing Notes' }).fill(viewingNotes);
}

/** The whole page at 1440 and 1024 wide (`<prefix>-<name>-<width>.png`), focus and scroll reset; ends at 1440 × 1000. */
export async function wizardShots(page: Page, prefix: string, name: string): Promise<void> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.setViewportSize({ width: 1440, height: 1000 });
  await screenshot(page, `${prefix}-${name}-1440`, { fullPage: true });
  await page.setViewportSize({ width: 1024, height: 900 });
  await screenshot(page, `${prefix}-${name}-1024`, { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 1000 });
}
