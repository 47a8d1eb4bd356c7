import type { Page } from 'playwright-core';
import { simpleParser } from 'mailparser';
import { RESET_PASSWORD_TEXT, STAFF_USER_TEXT } from '@ar/rules';
import {
  describeIfChromium,
  ensureAdminBuilt,
  openBrowser,
  screenshot,
  signInAs,
  signInThroughUi,
  fillLogin,
  type OpenedBrowser,
} from '../support/browser';
import { startTestServer } from '../support/test-app';
import { TestSmtpServer } from '../support/test-smtp-server';
import { waitFor } from '../support/wait-for';

// Users and Permissions in Chromium against the real server, demo data and a real SMTP server: the
// owner adds a user, the user sets a password from the mailed link and signs in, the owner edits
// their flags and deactivates them (the user's open page loses its session), and adds a contact.

jest.setTimeout(150_000);

const PUBLIC_URL = 'http://backoffice.test';
const STRONG = 'Lantern-Quartz-Meadow-81';

describeIfChromium('Users and Permissions (browser)', () => {
  const smtp = new TestSmtpServer();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let owner: OpenedBrowser | undefined;
  let newcomer: OpenedBrowser | undefined;
  let page: Page;
  let setPasswordPath = '';

  beforeAll(async () => {
    ensureAdminBuilt();
    await smtp.start();
    server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL } });
    owner = await openBrowser({ viewport: { width: 1440, height: 900 } });
    page = owner.page;
  }, 300_000);

  afterAll(async () => {
    await owner?.close();
    await newcomer?.close();
    await server?.close();
    await smtp.stop();
  });

  const shot = async (name: string) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, `users-permissions-${name}-1440`, { fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, `users-permissions-${name}-1024`, { fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  };

  it('the owner adds a user: the form’s messages, then the mail with a set-password link arrives over SMTP', async () => {
    await signInAs(page, server.baseUrl, 'demo', 'owner');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Users and Permissions' }).click();
    await page.getByTestId('users-permissions-page').waitFor();
    await page.getByTestId('user-row-clerk').waitFor();
    // The demo house's contacts, of the three types.
    await page.getByRole('table', { name: 'Contacts' }).getByText('Sally Admin').waitFor();
    await shot('list');

    await page.getByTestId('add-user').click();
    const dialog = page.getByTestId('user-dialog');
    await dialog.getByLabel('User Name').fill('owner');
    await dialog.getByLabel('Email').fill('not-an-email');
    await page.getByTestId('user-save').click();
    await dialog.getByText(STAFF_USER_TEXT.emailInvalid).first().waitFor();
    await dialog.getByLabel('Email').fill('nina@demo.example');
    await page.getByTestId('user-save').click();
    await dialog.getByText(STAFF_USER_TEXT.userNameTaken).first().waitFor();
    await dialog.getByLabel('User Name').fill('nina');
    await dialog.getByLabel('First Name').fill('Nina');
    await dialog.getByLabel('Last Name').fill('New');
    await dialog.getByTestId('flag-accessInvoices').check();
    await shot('add-user');
    await page.getByTestId('user-save').click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('user-row-nina');
    await row.getByText('Nina New').waitFor();
    await row.getByText('Invoices', { exact: true }).waitFor();

    const received = await waitFor(
      () => Promise.resolve(smtp.received.filter((m) => m.to.includes('nina@demo.example'))),
      (list) => list.length > 0,
      'the set-password mail to reach the SMTP server',
    );
    const mail = await simpleParser(received[0].raw);
    expect(mail.subject).toBe('Set your password');
    expect(mail.text).toContain('72 hours');
    const link = /(\S+\/ar\/password-reset\?jwt=\S+)/.exec(mail.text ?? '')?.[1];
    expect(link?.startsWith(`${PUBLIC_URL}/ar/password-reset?jwt=`)).toBe(true);
    const url = new URL(link!);
    setPasswordPath = `${url.pathname}${url.search}`;
  });

  it('the new user sets a password from the link and signs in', async () => {
    newcomer = await openBrowser();
    const p = newcomer.page;
    await p.goto(`${server.baseUrl}${setPasswordPath}`);
    await p.getByLabel('New Password', { exact: true }).fill(STRONG);
    await p.getByLabel('Confirm New Password', { exact: true }).fill(STRONG);
    await p.getByTestId('reset-password-submit').click();
    await p.getByTestId('reset-password-done').getByText(RESET_PASSWORD_TEXT.success).waitFor();
    await signInThroughUi(p, server.baseUrl, 'demo', 'nina', STRONG);
  });

  it('the owner edits the user’s flags; the user name stays fixed', async () => {
    await page.getByRole('button', { name: 'Edit nina' }).click();
    const dialog = page.getByTestId('user-dialog');
    expect(await dialog.getByLabel('User Name').isDisabled()).toBe(true);
    await dialog.getByTestId('flag-accessReports').check();
    await dialog.getByTestId('flag-accessInvoices').uncheck();
    await page.getByTestId('user-save').click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('user-row-nina');
    await row.getByText('Reports', { exact: true }).waitFor();
    await row.getByText('Invoices', { exact: true }).waitFor({ state: 'detached' });
  });

  it('the owner deactivates the user: the user’s session ends at once and sign-in is refused', async () => {
    await page.getByRole('button', { name: 'Deactivate nina' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Deactivate' }).click();
    await page.getByTestId('user-row-nina').getByTestId('user-status').getByText('Deactivated').waitFor();
    await page.getByRole('button', { name: 'Reactivate nina' }).waitFor();
    await shot('deactivated');

    const p = newcomer!.page;
    await p.reload();
    await p.getByLabel('User name', { exact: true }).waitFor();
    await fillLogin(p, 'demo', 'nina', STRONG);
    await p.getByText('Invalid house, user name or password.').waitFor();
  });

  it('the owner adds a contact the session wizards will offer', async () => {
    await page.getByTestId('add-contact').click();
    const dialog = page.getByTestId('house-contact-dialog');
    await dialog.getByLabel('Contact Type').selectOption({ label: 'Expert' });
    await dialog.getByLabel('First Name').fill('Eve');
    await dialog.getByLabel('Last Name').fill('Expert');
    await page.getByTestId('house-contact-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: 'Contacts' }).getByText('Eve Expert').waitFor();
    await shot('contacts');
  });
});
