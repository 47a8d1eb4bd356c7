import { BigIntType, Entity, Index, Opt, PrimaryKey, Property, ManyToOne, type Rel } from '@mikro-orm/core';
import { Invoice } from '../../invoices/invoice.entity';

const money = () => new BigIntType('number');

/**
 * Charges added after a lot or invoice was paid (processor p with online payment): tax, shipping,
 * insurance and other shown as Add'l. One per lot line (per-lot charging) or per invoice (line null).
 * Locked once paid or pending.
 */
@Entity({ tableName: 'invoice_additional_charge' })
@Index({ properties: ['invoice'] })
export class InvoiceAdditionalCharge {
  @PrimaryKey()
  id!: number;

  @Property()
  @Index()
  houseId!: number;

  @ManyToOne({ entity: () => Invoice, deleteRule: 'cascade' })
  invoice!: Rel<Invoice>;

  @Property({ type: 'integer', nullable: true })
  lineId?: number | null;

  @Property({ type: money() }) taxCents: number & Opt = 0;
  @Property({ type: money() }) shippingCents: number & Opt = 0;
  @Property({ type: money() }) insuranceCents: number & Opt = 0;
  @Property({ type: money() }) otherCents: number & Opt = 0;

  @Property() hidden: boolean & Opt = false;
  @Property() paid: boolean & Opt = false;
  @Property({ type: 'date', nullable: true }) paidDate?: string | null;
  @Property({ type: 'integer', nullable: true }) paymentMethodId?: number | null;
  @Property({ length: 1, nullable: true }) onlinePaymentStat?: string | null;
  @Property({ type: 'timestamptz', nullable: true }) sentAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
