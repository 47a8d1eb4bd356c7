import { BigIntType, Entity, Index, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/**
 * The sandbox gateway's own ledger: what it charged and refunded, as a processor's records would
 * show it. One row per idempotency key (unique), so a key can never charge twice; two captured
 * charges for one invoice under different keys are a double charge, found by a query
 * (`SandboxGateway.doubleCharges`). Written only by the sandbox gateway, never by the product.
 */
@Entity({ tableName: 'sandbox_gateway_charge' })
export class SandboxGatewayCharge {
  @PrimaryKey()
  id!: number;

  @Property({ length: 200 })
  @Unique()
  idempotencyKey!: string;

  /** `charge` or `refund`. */
  @Property({ length: 8 })
  kind!: 'charge' | 'refund';

  @Property({ length: 40 })
  @Unique()
  reference!: string;

  @Property()
  @Index()
  houseId!: number;

  @Property({ length: 64 })
  token!: string;

  /** `card` or `ach`; null for a token the sandbox does not know. */
  @Property({ length: 4, nullable: true })
  methodKind?: string | null;

  @Property({ type: new BigIntType('number') })
  amountCents!: number;

  @Property({ length: 3 })
  currencyCode!: string;

  @Property({ length: 200 })
  description!: string;

  /** As answered when charged: approved, declined, pending; `refunded` for a refund row. */
  @Property({ length: 10 })
  status!: string;

  @Property({ length: 32, nullable: true })
  declineCode?: string | null;

  @Property({ length: 200 })
  message!: string;

  /** A refund's charge. */
  @Property({ length: 40, nullable: true })
  @Index()
  chargeReference?: string | null;

  /** ACH: settled or failed, null while pending. */
  @Property({ length: 8, nullable: true })
  settlement?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  @Index()
  settledAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
