import { BigIntType, Entity, Index, ManyToOne, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../houses/house.entity';
import { Catalog } from '../catalogs/catalog.entity';
import { Approval } from '../bidders/approval.entity';
import { Platform } from '../bidders/member.entity';

/** A lot of a session, with its result once sold (winning approval, hammer, channel). */
@Entity({ tableName: 'lot' })
@Index({ properties: ['catalog', 'lotNumber', 'lotExt'] })
@Index({ properties: ['winningApproval'] })
export class Lot {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => Catalog, deleteRule: 'cascade' })
  catalog!: Rel<Catalog>;

  @Property({ length: 32 })
  lotRef!: string;

  @Property({ length: 8, nullable: true })
  lotNumber?: string;

  @Property({ length: 1, nullable: true })
  lotExt?: string;

  @Property({ length: 32, nullable: true })
  invNumber?: string;

  @Property({ length: 250 })
  title!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ length: 250, nullable: true })
  dimensions?: string;

  /** Shipping package size and weight: whole numbers. */
  @Property({ nullable: true })
  shipLength?: number;

  @Property({ nullable: true })
  shipWidth?: number;

  @Property({ nullable: true })
  shipHeight?: number;

  @Property({ nullable: true })
  shipWeight?: number;

  /** Domestic shipping. */
  @Property({ type: new BigIntType('number'), nullable: true })
  shippingCents?: number;

  /** International shipping (bin sessions). */
  @Property({ type: new BigIntType('number'), nullable: true })
  shippingIntlCents?: number;

  @Property({ length: 250, nullable: true })
  artistName?: string;

  @Property({ length: 250, nullable: true })
  medium?: string;

  @Property({ type: 'text', nullable: true })
  condition?: string;

  @Property({ length: 250, nullable: true })
  circa?: string;

  @Property({ type: 'text', nullable: true })
  provenance?: string;

  @Property({ type: 'text', nullable: true })
  literature?: string;

  @Property({ type: 'text', nullable: true })
  exhibited?: string;

  @Property({ type: 'text', nullable: true })
  notes?: string;

  @Property({ type: new BigIntType('number'), nullable: true })
  loEstCents?: number;

  @Property({ type: new BigIntType('number'), nullable: true })
  hiEstCents?: number;

  /** The starting bid in force: typed, or computed from the estimates when none was typed (`startingBidComputed`). */
  @Property({ type: new BigIntType('number'), nullable: true })
  startingBidCents?: number;

  /** The starting bid was computed by the system, not typed (the Lot page shows it empty). */
  @Property()
  startingBidComputed: boolean & Opt = false;

  @Property({ type: new BigIntType('number'), nullable: true })
  reserveCents?: number;

  /** Buy-now price (bin sessions). */
  @Property({ type: new BigIntType('number'), nullable: true })
  itemPriceCents?: number;

  /** Cannot be paid for online. */
  @Property()
  restricted: boolean & Opt = false;

  @Property()
  published: boolean & Opt = false;

  /** Set by the marketplace's review: online bidding is disabled for the lot (it cannot be featured). */
  @Property()
  banned: boolean & Opt = false;

  /** Flagged for review by the marketplace: may become banned. */
  @Property()
  potentiallyBanned: boolean & Opt = false;

  /** `s` started (live), `d` deleted. */
  @Property({ length: 1 })
  status: string & Opt = 's';

  /** When the lot was deleted (status d): the row stays so its number cannot be reused in the session. */
  @Property({ type: 'timestamptz', nullable: true })
  deletedAt?: Date;

  @ManyToOne({ entity: () => Approval, nullable: true, deleteRule: 'set null' })
  winningApproval?: Rel<Approval>;

  @Property({ type: new BigIntType('number'), nullable: true })
  hammerCents?: number;

  @Property({ length: 5, nullable: true })
  resultChannel?: Platform;

  @Property({ type: 'timestamptz', nullable: true })
  soldAt?: Date;

  /** Timed lots: the end set by an extension; null = the session's staggered schedule (timed-bidding/lot-ends.sql.ts). */
  @Property({ type: 'timestamptz', nullable: true })
  endAt?: Date;

  /** A bid in the closing window moved the end. */
  @Property()
  isExtended: boolean & Opt = false;

  /** Timed lots: closed by the closing job, in the transaction that wrote its result. */
  @Property({ type: 'timestamptz', nullable: true })
  closedAt?: Date;

  /** Timed bidding state, recomputed under the lot's row lock at every bid and cancellation. */
  @Property({ type: new BigIntType('number'), nullable: true })
  currentBidCents?: number;

  @Property()
  bidCount: number & Opt = 0;

  /** The leading order_bid's id (no foreign key: order_bid references lot). */
  @Property({ nullable: true })
  leadingBidId?: number;
  /** Who consigned the lot (settlements module); null: the house's own or not recorded. */
  @ManyToOne({ entity: 'Consignor', fieldName: 'consignor_id', mapToPk: true, nullable: true, deleteRule: 'set null' })
  @Index()
  consignorId?: number | null;

  /** The live lot this one re-lists (the resell job's timed session; the spec's originalLotID); null otherwise. */
  @ManyToOne({ entity: () => Lot, fieldName: 'original_lot_id', mapToPk: true, nullable: true, deleteRule: 'set null' })
  originalLotId?: number | null;

  /** The published realized price (Edit Realized Prices); 0 = passed. Not the hammer: invoices never read it. */
  @Property({ type: new BigIntType('number'), nullable: true })
  realizedPriceCents?: number;

  /** The staff user who last set the realized price (no foreign key: the row outlives a removed user). */
  @Property({ nullable: true })
  realizedByUserId?: number;

  @Property({ type: 'timestamptz', nullable: true })
  realizedAt?: Date;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
