import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { simpleParser } from 'mailparser';
import { FORGOT_PASSWORD_TEXT, PASSWORD_TEXT, RESET_PASSWORD_TEXT } from '@ar/rules';
import { describeIfChromium, ensureAdminBuilt, openBrowser, screenshot, signInThroughUi, type OpenedBrowser } from '../support/browser';
import { startTestServer } from '../support/test-app';
import { TestSmtpServer } from '../support/test-smtp-server';
import { waitFor } from '../support/wait-for';

// The password reset in Debian's Chromium against the real server, demo data and a real SMTP server:
// request a link, read it from the mail the SMTP server received, open it, a weak password is
// refused, a strong one accepted, the link then refused as used, and sign-in works with the new one.

jest.setTimeout(120_000);

const PUBLIC_URL = 'http://backoffice.test';
const STRONG = 'Lantern-Quartz-Meadow-81';

describeIfChromium('Password reset (browser)', () => {
  const smtp = new TestSmtpServer();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: OpenedBrowser | undefined;
  let page: Page;
  let resetPath = '';
  const sessionCalls: string[] = [];

  beforeAll(async () => {
    ensureAdminBuilt();
    await smtp.start();
    server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL } });
    browser = await openBrowser();
    page = browser.page;
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/session')) sessionCalls.push(r.url());
    });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp.stop();
  });

  const shot = (name: string) => screenshot(page, `password-reset-${name}`, { fullPage: true });
  /** axe-core: no moderate, serious or critical finding (the page is one main landmark under one h1). */
  const axeFindings = async () =>
    (await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze()).violations
      .filter((v) => ['moderate', 'serious', 'critical'].includes(v.impact ?? ''))
      .map((v) => `${v.id}: ${v.help}`);
  const helperOf = async (id: string) => (await page.locator(`#${id}-helper-text`).textContent())?.trim() ?? '';

  it('requests a link: the required messages, then the check-your-email answer, and the mail arrives over SMTP', async () => {
    await page.goto(`${server.baseUrl}/ar/password-reset`);
    await page.getByRole('heading', { name: 'Request reset password link' }).waitFor();
    expect(await axeFindings()).toEqual([]);
    await page.getByTestId('forgot-password-submit').click();
    await page.locator('#forgot-house-helper-text').waitFor();
    expect(await helperOf('forgot-house')).toBe('House Name is a required field');
    expect(await helperOf('forgot-username')).toBe('Username is a required field');
    expect(await helperOf('forgot-email')).toBe('Email is a required field');
    await shot('request-required');

    await page.getByLabel('House ID').fill('demo');
    await page.getByLabel('Username').fill('owner');
    await page.getByLabel('Email').fill('owner@demo.example');
    await page.getByTestId('forgot-password-submit').click();
    await page.getByTestId('forgot-password-sent').getByText(FORGOT_PASSWORD_TEXT.checkEmail).waitFor();
    await shot('request-sent');
    // No user load on this page.
    expect(sessionCalls).toEqual([]);

    const received = await waitFor(
      () => Promise.resolve(smtp.received.filter((m) => m.to.includes('owner@demo.example'))),
      (list) => list.length > 0,
      'the reset mail to reach the SMTP server',
    );
    const mail = await simpleParser(received[0].raw);
    expect(mail.subject).toBe('Reset your password');
    const link = /(\S+\/ar\/password-reset\?jwt=\S+)/.exec(mail.text ?? '')?.[1];
    expect(link?.startsWith(`${PUBLIC_URL}/ar/password-reset?jwt=`)).toBe(true);
    const url = new URL(link!);
    resetPath = `${url.pathname}${url.search}`;
  });

  it('opens the link: a weak password is refused with its feedback, a strong one accepted', async () => {
    await page.goto(`${server.baseUrl}${resetPath}`);
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    const password = page.getByLabel('New Password', { exact: true });
    const confirm = page.getByLabel('Confirm New Password', { exact: true });
    const submit = page.getByTestId('reset-password-submit');
    const label = page.getByTestId('password-strength-label');

    await password.fill('Ab3-short');
    expect(await helperOf('reset-password')).toBe('Password must be at least 10 characters.');
    await password.fill('Lantern Quartz 81');
    expect(await helperOf('reset-password')).toBe(PASSWORD_TEXT.badCharacters);

    await password.fill('password123');
    await confirm.fill('password123');
    await label.getByText('Weak', { exact: true }).waitFor();
    await page.getByTestId('password-feedback').getByText('This is a commonly used password.').waitFor();
    expect(await helperOf('reset-password')).toBe(PASSWORD_TEXT.tooWeak);
    expect(await submit.isDisabled()).toBe(true);
    expect(await axeFindings()).toEqual([]);
    await shot('weak');

    await password.fill(STRONG);
    await confirm.fill(`${STRONG}x`);
    await confirm.blur();
    expect(await helperOf('reset-confirm')).toBe('Passwords must match');
    expect(await submit.isDisabled()).toBe(true);
    await confirm.fill(STRONG);
    await page
      .getByTestId('password-strength')
      .getByText(/Good|Excellent/)
      .waitFor();
    expect(await submit.isEnabled()).toBe(true);
    await shot('strong');
    await submit.click();
    await page.getByTestId('reset-password-done').getByText(RESET_PASSWORD_TEXT.success).waitFor();
    await shot('done');
    expect(sessionCalls).toEqual([]);
  });

  it('the same link again is refused as used, with a link to request a new one', async () => {
    await page.goto(`${server.baseUrl}${resetPath}`);
    await page.getByLabel('New Password', { exact: true }).fill('Copper-Violin-Harbor-19');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Copper-Violin-Harbor-19');
    await page.getByTestId('reset-password-submit').click();
    const failed = page.getByTestId('reset-password-failed');
    await failed.getByText(RESET_PASSWORD_TEXT.failed).waitFor();
    await failed.getByText(RESET_PASSWORD_TEXT.used).waitFor();
    await shot('used');
    await page.getByTestId('request-new-link').click();
    await page.getByRole('heading', { name: 'Request reset password link' }).waitFor();
  });

  it('signs in with the new password', async () => {
    await signInThroughUi(page, server.baseUrl, 'demo', 'owner', STRONG);
  });
});
