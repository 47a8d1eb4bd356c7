import { BigIntType, Entity, Index, Opt, PrimaryKey, Property, ManyToOne, type Rel } from '@mikro-orm/core';
import { Invoice } from '../../invoices/invoice.entity';

export type PaymentKind = 'payment' | 'refund';
export type PaymentSource = 'offline' | 'card' | 'ach';
export type PaymentStatus = 'settled' | 'pending' | 'failed';

/**
 * Money received on an invoice. Payments made = settled payments - settled refunds (voided rows
 * excluded). A staff "Mark as Paid" records an offline payment of what was outstanding; "Not Paid"
 * voids it, so balances always come from recorded money, never from a flag alone.
 */
@Entity({ tableName: 'invoice_payment' })
@Index({ properties: ['invoice'] })
export class InvoicePayment {
  @PrimaryKey()
  id!: number;

  @Property()
  @Index()
  houseId!: number;

  @ManyToOne({ entity: () => Invoice, deleteRule: 'cascade' })
  invoice!: Rel<Invoice>;

  /** Paid for one lot line (Mark as paid on an item), or for the invoice when null. */
  @Property({ type: 'integer', nullable: true })
  lineId?: number | null;

  @Property({ type: 'integer', nullable: true })
  additionalChargeId?: number | null;

  @Property({ type: new BigIntType('number') })
  amountCents!: number;

  @Property({ length: 8 })
  kind: PaymentKind & Opt = 'payment';

  @Property({ length: 8 })
  source!: PaymentSource;

  @Property({ length: 8 })
  status: PaymentStatus & Opt = 'settled';

  /** 3 Visa, 4 MasterCard, 5 Discover, 6 American Express, 11 ACH; others display as card. */
  @Property({ type: 'integer', nullable: true })
  paymentMethodId?: number | null;

  @Property({ type: 'date', nullable: true })
  paidDate?: string | null;

  /** The gateway's reference of the charge (card and ACH payments). */
  @Property({ length: 40, nullable: true })
  gatewayReference?: string | null;

  /** The charge attempt (invoice_charge_attempt) that recorded it. */
  @Property({ type: 'integer', nullable: true })
  chargeAttemptId?: number | null;

  @Property({ type: 'timestamptz', nullable: true })
  voidedAt?: Date | null;

  /** Why staff voided it (an offline payment, payments/refunds/). */
  @Property({ length: 250, nullable: true })
  voidReason?: string | null;

  @Property({ type: 'integer', nullable: true })
  voidedByUserId?: number | null;

  /** A refund: the payment it gives money back of (payments/refunds/). */
  @Property({ type: 'integer', nullable: true })
  @Index()
  refundedPaymentId?: number | null;

  /** A refund: why (required by the refund call). */
  @Property({ length: 250, nullable: true })
  reason?: string | null;

  /** A refund: the refund attempt (invoice_refund_attempt) that recorded it. */
  @Property({ type: 'integer', nullable: true })
  refundAttemptId?: number | null;

  @Property({ type: 'integer', nullable: true })
  createdByUserId?: number | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
