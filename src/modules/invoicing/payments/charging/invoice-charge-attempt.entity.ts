import { BigIntType, Entity, Index, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/**
 * One attempt to charge an invoice through the gateway (docs/decisions/card-charging.md). Written
 * and committed with status `started` before the gateway is called; its idempotency key
 * (`invoice:{invoiceId}:{amountCents}:{attemptNo}`) is the one the gateway is called with. At most
 * one open attempt (`started` or `unknown`) per invoice: the partial unique index is the claim.
 * - started: written, the gateway called (or about to be);
 * - approved / declined / pending (ACH): the gateway's answer, recorded with the payment;
 * - unknown: the gateway did not answer (timeout): `reconcile()` looks the key up, never charges again;
 * - failed: the gateway proved nothing was charged (an error before charging, or no charge under the key).
 */
@Entity({ tableName: 'invoice_charge_attempt' })
@Unique({ properties: ['invoiceId', 'attemptNo'] })
@Index({
  name: 'invoice_charge_attempt_open_unique',
  expression: `create unique index "invoice_charge_attempt_open_unique" on "invoice_charge_attempt" ("invoice_id") where status in ('started', 'unknown')`,
})
export class InvoiceChargeAttempt {
  @PrimaryKey()
  id!: number;

  @Property()
  @Index()
  houseId!: number;

  @Property()
  invoiceId!: number;

  /** Per invoice, across all amounts; never reused. */
  @Property()
  attemptNo!: number;

  @Property({ length: 200, unique: true })
  idempotencyKey!: string;

  @Property({ type: new BigIntType('number') })
  amountCents!: number;

  @Property({ length: 3 })
  currencyCode!: string;

  /** `balance` or `additional` (a paid invoice's unpaid additional charges). */
  @Property({ length: 12 })
  purpose!: string;

  @Property({ length: 64 })
  token!: string;

  /** card or ach. */
  @Property({ length: 4 })
  methodKind!: string;

  /** 3 Visa, 4 MasterCard, 5 Discover, 6 American Express, 11 ACH. */
  @Property()
  paymentMethodId!: number;

  @Property({ length: 10 })
  @Index()
  status!: string;

  @Property({ length: 40, nullable: true })
  gatewayReference?: string | null;

  @Property({ length: 32, nullable: true })
  declineCode?: string | null;

  /** The gateway's message, or the error that left the outcome unknown. */
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
