import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import type { InvoicePreview } from '@ar/rules';
import { MailMessage } from '../../../core/mail/mail-message.entity';
import { Invoice } from '../invoices/invoice.entity';

/**
 * `recorded`: the send call recorded this version as sent (sent date and status set); the job still
 * has to render it and queue its mail. `queued`: its mail is in the outbox (`mailId`; the outbox
 * row tells whether it was delivered). `not_sent`: nothing was sent (`reason`, e.g. no email).
 */
export type InvoiceSendStatus = 'recorded' | 'queued' | 'not_sent';

/**
 * One send of one invoice version (docs/decisions/invoice-sending.md). Unique on (invoice, version)
 * for the rows that sent something: the send call inserts with `on conflict do nothing`, so only
 * one request sends a version. The snapshot is the InvoicePreview the mail is rendered from.
 */
@Entity({ tableName: 'invoice_send' })
@Index({ properties: ['houseId', 'groupId', 'invoice'] })
@Index({
  name: 'invoice_send_invoice_id_version_unique',
  expression:
    'create unique index "invoice_send_invoice_id_version_unique" on "invoice_send" ("invoice_id", "version") where "status" <> \'not_sent\'',
})
@Index({
  name: 'invoice_send_recorded_index',
  expression: 'create index "invoice_send_recorded_index" on "invoice_send" ("created_at") where "status" = \'recorded\'',
})
export class InvoiceSend {
  @PrimaryKey()
  id!: number;

  @Property()
  houseId!: number;

  @Property()
  groupId!: number;

  @ManyToOne({ entity: () => Invoice, deleteRule: 'cascade' })
  invoice!: Rel<Invoice>;

  @Property()
  version!: number;

  /** The `invoice-send` job run that renders and queues it. */
  @Property({ type: 'text', nullable: true })
  jobId?: string | null;

  @Property({ length: 10 })
  status: InvoiceSendStatus & Opt = 'recorded';

  @Property({ type: 'text', nullable: true })
  reason?: string | null;

  @Property({ type: 'jsonb' })
  snapshot!: InvoicePreview;

  @ManyToOne({ entity: () => MailMessage, nullable: true, deleteRule: 'set null' })
  mail?: Rel<MailMessage> | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
