import { BigIntType, Entity, Index, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/**
 * One auto-charge try of an invoice in the window of its date (docs/decisions/card-charging.md,
 * Auto-charge). Claimed (`trying`) before the charge: `(invoice, date, try)` is unique, so two runs
 * never try one invoice twice. Try 0 records, once per window, that the invoice was not eligible.
 * - trying: claimed, being charged (or the run died: tried again after 24 hours);
 * - approved / pending / declined: the charge's outcome; not_charged: in progress, unknown or failed;
 * - skipped (try 0): no longer eligible, `message` says why.
 */
@Entity({ tableName: 'invoice_auto_charge_run' })
@Unique({ name: 'invoice_auto_charge_run_try_unique', properties: ['invoiceId', 'autoChargeDate', 'tryNo'] })
export class InvoiceAutoChargeRun {
  @PrimaryKey()
  id!: number;

  @Property()
  @Index()
  houseId!: number;

  @Property()
  invoiceId!: number;

  /** YYYY-MM-DD: the date the try belongs to (a new date starts a new window). */
  @Property({ type: 'date' })
  autoChargeDate!: string;

  @Property()
  tryNo!: number;

  @Property({ length: 12 })
  status!: string;

  @Property({ type: new BigIntType('number'), default: 0 })
  amountCents: number & Opt = 0;

  @Property({ length: 300, nullable: true })
  message?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  finishedAt?: Date | null;
}
