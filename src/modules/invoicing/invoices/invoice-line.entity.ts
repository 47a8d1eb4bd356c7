import { BigIntType, Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { House } from '../../houses/house.entity';
import { Catalog } from '../../catalogs/catalog.entity';
import { Lot } from '../../lots/lot.entity';
import { Invoice } from './invoice.entity';

const money = () => new BigIntType('number');

/**
 * One won lot on an invoice (the spec's invoice detail). Amounts are rounded once, here, by the
 * invoice arithmetic; totals are only ever sums of these cents. A lot is invoiced at most once
 * (unique lot), which is what makes re-running or retrying invoice creation safe.
 */
@Entity({ tableName: 'invoice_line' })
@Index({ properties: ['invoice'] })
export class InvoiceLine {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => Invoice, deleteRule: 'cascade' })
  invoice!: Rel<Invoice>;

  @ManyToOne({ entity: () => Lot, deleteRule: 'restrict' })
  @Unique()
  lot!: Rel<Lot>;

  @ManyToOne({ entity: () => Catalog, deleteRule: 'restrict' })
  catalog!: Rel<Catalog>;

  // Lot snapshot
  /** The lot's public reference (null on lines built without it: read paths complete it from LotsService). */
  @Property({ length: 32, nullable: true }) lotRef?: string | null;
  @Property({ length: 8, nullable: true }) lotNumber?: string | null;
  @Property({ length: 1, nullable: true }) lotExt?: string | null;
  @Property({ length: 250 }) lotTitle!: string;
  @Property() restricted: boolean & Opt = false;

  /** The channel the lot was won through (INV, PL, AZ, Floor): live fee is charged online only. */
  @Property({ length: 5, nullable: true }) channel?: string | null;
  /** The result's hammer, kept when a floor edit overrides `hammerCents` (null: same as hammerCents). */
  @Property({ type: money(), nullable: true }) resultHammerCents?: number | null;

  // Amounts (cents)
  @Property({ type: money() }) hammerCents!: number;
  @Property({ type: money() }) premiumCents!: number;
  @Property({ type: money() }) liveFeeCents!: number;
  /** Computed tax + staff-entered tax. */
  @Property({ type: money() }) taxCents!: number;
  @Property({ type: money() }) taxEnteredCents: number & Opt = 0;
  /** Template fees (carried in Other), with their labels. */
  @Property({ type: money() }) feesCents: number & Opt = 0;
  @Property({ type: 'jsonb', nullable: true }) feeLabels?: { label: string; cents: number }[] | null;
  @Property({ type: money() }) shippingCents: number & Opt = 0;
  @Property({ type: money() }) insuranceCents: number & Opt = 0;
  /** Staff Other (may be negative). */
  @Property({ type: money() }) otherStaffCents: number & Opt = 0;
  @Property({ type: money() }) totalCents!: number;

  // Floor overrides (null: computed)
  @Property({ type: money(), nullable: true }) hammerOverrideCents?: number | null;
  @Property({ type: money(), nullable: true }) premiumOverrideCents?: number | null;
  @Property({ type: money(), nullable: true }) liveFeeOverrideCents?: number | null;
  @Property() taxCalculationError: boolean & Opt = false;

  /** Hidden from the invoice: excluded from totals, counts and printouts. */
  @Property() suppress: boolean & Opt = false;

  @Property() paid: boolean & Opt = false;
  @Property({ type: 'date', nullable: true }) paidDate?: string | null;
  @Property({ type: 'integer', nullable: true }) paymentMethodId?: number | null;
  @Property({ type: money() }) amountPaidCents: number & Opt = 0;
  @Property({ length: 1, nullable: true }) onlinePaymentStat?: string | null;
  @Property() shipped: boolean & Opt = false;
  @Property({ type: 'date', nullable: true }) shippedDate?: string | null;
  @Property({ length: 32, nullable: true }) disputeRef?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
