/** The password-reset mail: plain text and a small HTML version, every value escaped in the HTML. */
export const RESET_MAIL_SUBJECT = 'Reset your password';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function resetMail(input: { link: string; minutes: number; userName: string; firstName: string | null; houseName: string }): {
  subject: string;
  text: string;
  html: string;
} {
  const hello = `Hello ${input.firstName?.trim() || input.userName},`;
  const asked = `We received a request to reset the password of the user "${input.userName}" at ${input.houseName}.`;
  const valid = `The link works once, for ${input.minutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.`;
  const text = [hello, '', asked, 'Open this link to choose a new password:', '', input.link, '', valid, ''].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(asked)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">Choose a new password</a></p>`,
    `<p>${escapeHtml(valid)}</p>`,
  ].join('\n');
  return { subject: RESET_MAIL_SUBJECT, text, html };
}
