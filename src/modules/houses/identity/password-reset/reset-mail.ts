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

export const INVITE_MAIL_SUBJECT = 'Set your password';

/** The mail of a new staff user: the same single-use link, to choose a first password (never a password in the mail). */
export function inviteMail(input: { link: string; minutes: number; userName: string; firstName: string | null; houseName: string }): {
  subject: string;
  text: string;
  html: string;
} {
  const hello = `Hello ${input.firstName?.trim() || input.userName},`;
  const added = `You have been added as the user "${input.userName}" at ${input.houseName}.`;
  const hours = input.minutes % 60 === 0 ? `${input.minutes / 60} hours` : `${input.minutes} minutes`;
  const valid = `The link works once, for ${hours}. When it has expired, use "Forgot password" on the sign-in page or ask for a new link.`;
  const text = [hello, '', added, 'Open this link to choose your password:', '', input.link, '', valid, ''].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(added)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">Choose your password</a></p>`,
    `<p>${escapeHtml(valid)}</p>`,
  ].join('\n');
  return { subject: INVITE_MAIL_SUBJECT, text, html };
}
