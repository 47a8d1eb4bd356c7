import { BigIntType, Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { House } from '../../houses/house.entity';
import { Approval } from '../../bidders/approval.entity';
import { Member, Platform } from '../../bidders/member.entity';
import { InvoiceGroup } from '../groups/invoice-group.entity';

const money = () => new BigIntType('number');

/**
 * One invoice per winning bidder (approval) of a group. The bidder's name and address are copied
 * at creation: an invoice is a document and must not change when the bidder record does.
 * The totals columns are derived from the lines by the invoice arithmetic and rewritten on every
 * change in the same transaction, so lists, filters and CSV read them without recomputing.
 */
@Entity({ tableName: 'invoice' })
@Unique({ properties: ['house', 'invoiceNumber'] })
@Unique({ properties: ['group', 'approval'] })
@Index({ properties: ['group', 'invoiceNumber'] })
@Index({
  name: 'invoice_auto_charge_date_index',
  expression: `create index "invoice_auto_charge_date_index" on "invoice" ("auto_charge_date") where auto_charge_date is not null`,
})
export class Invoice {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => InvoiceGroup, deleteRule: 'cascade' })
  group!: Rel<InvoiceGroup>;

  @Property()
  invoiceNumber!: number;

  @ManyToOne({ entity: () => Approval, deleteRule: 'restrict' })
  approval!: Rel<Approval>;

  @ManyToOne({ entity: () => Member, deleteRule: 'restrict' })
  member!: Rel<Member>;

  // Bidder snapshot
  @Property({ length: 60 }) firstName!: string;
  @Property({ length: 60 }) lastName!: string;
  @Property({ length: 120, nullable: true }) email?: string | null;
  @Property({ length: 120, nullable: true }) companyName?: string | null;
  @Property({ length: 40, nullable: true }) phone?: string | null;
  @Property({ length: 100, nullable: true }) street1?: string | null;
  @Property({ length: 100, nullable: true }) street2?: string | null;
  @Property({ length: 60, nullable: true }) city?: string | null;
  @Property({ length: 10, nullable: true }) stateCode?: string | null;
  @Property({ length: 60, nullable: true }) province?: string | null;
  @Property({ length: 32, nullable: true }) postalCode?: string | null;
  @Property({ length: 2, nullable: true }) countryCode?: string | null;
  @Property() paddleNumber: number & Opt = 0;
  /** INV, PL, AZ or Floor. */
  @Property({ length: 5 }) channel!: Platform;
  @Property({ type: 'integer', nullable: true }) companyId?: number | null;

  @Property({ length: 3 })
  currencyCode!: string;

  /** From the template: charges entered per lot (false) or per invoice (true). Named as the spec's flag. */
  @Property()
  applyCostPerLot: boolean & Opt = false;

  /** Delivery mode: pickup (true) or shipping (false). */
  @Property()
  pickup: boolean & Opt = false;

  /** Internal note (staff only). */
  @Property({ type: 'text', nullable: true })
  notes?: string | null;

  // Invoice-level charges entered by staff
  @Property({ type: money() }) shippingCents: number & Opt = 0;
  @Property({ type: money() }) insuranceCents: number & Opt = 0;
  @Property({ type: money() }) otherCents: number & Opt = 0;
  @Property({ type: money() }) taxCents: number & Opt = 0;

  // Derived totals (sums of rounded lines and charges)
  @Property() itemCount: number & Opt = 0;
  @Property({ type: money() }) hammerTotalCents: number & Opt = 0;
  @Property({ type: money() }) premiumTotalCents: number & Opt = 0;
  @Property({ type: money() }) liveFeeTotalCents: number & Opt = 0;
  @Property({ type: money() }) taxTotalCents: number & Opt = 0;
  @Property({ type: money() }) shippingTotalCents: number & Opt = 0;
  @Property({ type: money() }) insuranceTotalCents: number & Opt = 0;
  @Property({ type: money() }) otherTotalCents: number & Opt = 0;
  @Property({ type: money() }) invoiceTotalCents: number & Opt = 0;
  @Property({ type: money() }) paymentsMadeCents: number & Opt = 0;
  @Property({ type: money() }) balanceCents: number & Opt = 0;

  // Payment and sending state
  @Property() allPaid: boolean & Opt = false;
  @Property({ type: 'date', nullable: true }) paidDate?: string | null;
  @Property({ type: 'integer', nullable: true }) paymentMethodId?: number | null;
  /** a paid; p, u, h, i pending; d, f failed (online payments). */
  @Property({ length: 1, nullable: true }) onlinePaymentStat?: string | null;
  @Property({ type: 'timestamptz', nullable: true }) sentAt?: Date | null;
  /** Edited after it was sent: it must be sent again before it can be charged. */
  @Property() editedAfterSend: boolean & Opt = false;
  @Property() taxCalculationError: boolean & Opt = false;
  /** YYYY-MM-DD: the day a scheduled auto-charge charges the invoice (null: none). */
  @Property({ type: 'date', nullable: true }) autoChargeDate?: string | null;

  /** Optimistic locking: every change bumps it; a stale write answers 409. */
  @Property() version: number & Opt = 1;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
