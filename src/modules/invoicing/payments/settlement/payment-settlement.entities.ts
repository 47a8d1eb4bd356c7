import { BigIntType, Entity, Index, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/** How far the settlement reader has read a gateway's events: the `occurredAt` of the latest event stored. */
@Entity({ tableName: 'payment_settlement_cursor' })
export class PaymentSettlementCursor {
  /** The gateway's name (`sandbox`). */
  @PrimaryKey({ length: 20 })
  gateway!: string;

  @Property({ type: 'timestamptz', nullable: true })
  lastOccurredAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date & Opt = new Date();
}

/**
 * A settlement event of a pending ACH charge, stored once (unique gateway and charge reference: a
 * charge settles or fails once), and what applying it did (docs/decisions/card-charging.md, "ACH settlement"):
 * - received: stored, not applied yet;
 * - applied: the payment rows of the reference (in the event's house) are settled or failed;
 * - unmatched: no pending payment of the event's house names the charge (yet): tried again for 7 days;
 * - mismatch: the pending payments of the reference add up to another amount: not applied, `note` says;
 * - ignored: the payments of the reference are no longer pending (voided, or settled otherwise).
 */
@Entity({ tableName: 'payment_settlement_event' })
@Unique({ properties: ['gateway', 'chargeReference'] })
export class PaymentSettlementEvent {
  @PrimaryKey()
  id!: number;

  @Property({ length: 20 })
  gateway!: string;

  @Property({ length: 40 })
  chargeReference!: string;

  @Property({ length: 200 })
  idempotencyKey!: string;

  @Property()
  @Index()
  houseId!: number;

  /** `settled` or `failed`. */
  @Property({ length: 8 })
  type!: string;

  @Property({ type: new BigIntType('number') })
  amountCents!: number;

  @Property({ length: 3 })
  currencyCode!: string;

  @Property({ length: 32, nullable: true })
  declineCode?: string | null;

  @Property({ length: 200 })
  message!: string;

  @Property({ type: 'timestamptz' })
  occurredAt!: Date;

  @Property({ length: 10, default: 'received' })
  @Index()
  status: string & Opt = 'received';

  @Property({ type: 'integer', nullable: true })
  invoiceId?: number | null;

  @Property({ length: 300, nullable: true })
  note?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  appliedAt?: Date | null;
}
