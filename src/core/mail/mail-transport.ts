import * as nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: string;
  bcc?: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/** SMTP through nodemailer; null when no SMTP_URL is configured (mail then waits in the outbox). */
export function createSmtpTransport(smtpUrl: string | undefined): MailTransport | null {
  if (!smtpUrl) return null;
  const transporter = nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as never);
  return {
    async send(mail) {
      const info = await transporter.sendMail(mail);
      return { messageId: String(info.messageId ?? '') };
    },
    close: () => transporter.close(),
  };
}
