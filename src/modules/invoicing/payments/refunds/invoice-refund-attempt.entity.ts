import { BigIntType, Entity, Index, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/**
 * One attempt to refund (part of) a card or ACH payment through the gateway
 * (docs/decisions/refunds.md). Written and committed with status `started` before the gateway is
 * called; its idempotency key (`refund:{paymentId}:{amountCents}:{attemptNo}`) is the one the
 * gateway is called with. At most one open attempt (`started` or `unknown`) per payment, and one
 * live attempt per client request id (`request_id`, one per opened Refund dialog): the partial
 * unique indexes are the claim.
 * - started: written, the gateway called (or about to be);
 * - refunded: the gateway refunded it; recorded with the refund row (`refund_payment_id`);
 * - unknown: the gateway did not answer (timeout): `reconcile()` looks the key up, never refunds again;
 * - failed: nothing was refunded (the gateway was unavailable or refused).
 */
@Entity({ tableName: 'invoice_refund_attempt' })
@Unique({ properties: ['paymentId', 'attemptNo'] })
@Index({
  name: 'invoice_refund_attempt_open_unique',
  expression: `create unique index "invoice_refund_attempt_open_unique" on "invoice_refund_attempt" ("payment_id") where status in ('started', 'unknown')`,
})
@Index({
  name: 'invoice_refund_attempt_request_unique',
  expression: `create unique index "invoice_refund_attempt_request_unique" on "invoice_refund_attempt" ("payment_id", "request_id") where request_id is not null and status <> 'failed'`,
})
export class InvoiceRefundAttempt {
  @PrimaryKey()
  id!: number;

  @Property()
  @Index()
  houseId!: number;

  @Property()
  invoiceId!: number;

  /** The payment (invoice_payment, kind payment) refunded. */
  @Property()
  paymentId!: number;

  /** Per payment; never reused. */
  @Property()
  attemptNo!: number;

  @Property({ length: 200, unique: true })
  idempotencyKey!: string;

  @Property({ length: 64, nullable: true })
  requestId?: string | null;

  @Property({ type: new BigIntType('number') })
  amountCents!: number;

  @Property({ length: 250 })
  reason!: string;

  @Property({ length: 10 })
  @Index()
  status!: string;

  /** The gateway's reference of the refund. */
  @Property({ length: 40, nullable: true })
  gatewayReference?: string | null;

  /** The refund row (invoice_payment, kind refund) it recorded. */
  @Property({ type: 'integer', nullable: true })
  refundPaymentId?: number | null;

  @Property({ length: 300, nullable: true })
  error?: string | null;

  @Property({ type: 'integer', nullable: true })
  createdByUserId?: number | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  finishedAt?: Date | null;
}
