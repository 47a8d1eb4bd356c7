import { Entity, Index, Opt, PrimaryKey, Property } from '@mikro-orm/core';

/** `sending`: claimed by a worker until `leaseUntil`; a lease that ran out (a crash) is claimed again. */
export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** A file sent with a mail: its bytes live in FileStorage under `storageKey`, read at each delivery attempt. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  storageKey: string;
}

/** The outbox: every outgoing mail is a row first, so nothing is lost when SMTP is down or absent. */
@Entity({ tableName: 'mail_outbox' })
@Index({ properties: ['status', 'nextAttemptAt'] })
export class MailMessage {
  @PrimaryKey()
  id!: number;

  @Property({ nullable: true })
  @Index()
  houseId?: number;

  /** What the mail is about, e.g. `invoice.contact`, for the outbox list and tests. */
  @Property({ length: 60 })
  kind!: string;

  @Property({ length: 320 })
  fromAddress!: string;

  @Property({ length: 320, nullable: true })
  replyTo?: string;

  @Property({ type: 'text' })
  toAddress!: string;

  @Property({ type: 'text', nullable: true })
  bcc?: string;

  @Property({ length: 300 })
  subject!: string;

  @Property({ type: 'text' })
  textBody!: string;

  @Property({ type: 'text', nullable: true })
  htmlBody?: string;

  @Property({ type: 'jsonb', default: '[]' })
  attachments: MailAttachment[] & Opt = [];

  @Property({ length: 10 })
  status: MailStatus & Opt = 'queued';

  @Property()
  attempts: number & Opt = 0;

  @Property({ type: 'text', nullable: true })
  lastError?: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  nextAttemptAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date;

  @Property({ length: 300, nullable: true })
  providerMessageId?: string;

  /** The `Message-ID` header, fixed at the first claim: a resend after a crash carries the same one. */
  @Property({ length: 300, nullable: true })
  messageId?: string;

  @Property({ type: 'timestamptz', nullable: true })
  leaseUntil?: Date;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
