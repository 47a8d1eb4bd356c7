import type * as Nodemailer from 'nodemailer';
import { lazyModule } from '../lazy-module';

const nodemailer = lazyModule<typeof Nodemailer>('nodemailer');

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: string;
  bcc?: string;
  subject: string;
  text: string;
  html?: string;
  /** Sent as the `Message-ID` header (with its angle brackets). */
  messageId?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

/** A dead or silent server fails an attempt quickly; the outbox retries it later. */
export const SMTP_TIMEOUTS: SmtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP through nodemailer; null when no SMTP_URL is configured (mail then waits in the outbox). */
export function createSmtpTransport(smtpUrl: string | undefined, timeouts: SmtpTimeouts = SMTP_TIMEOUTS): MailTransport | null {
  if (!smtpUrl) return null;
  // Options go beside `url` in the first argument: the second one holds message defaults, not
  // transport options (timeouts passed there are silently ignored).
  const transporter = nodemailer().createTransport({ url: smtpUrl, ...timeouts });
  return {
    async send(mail) {
      const info = await transporter.sendMail(mail);
      return { messageId: String(info.messageId ?? '') };
    },
    close: () => transporter.close(),
  };
}
