import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { House } from '../houses/house.entity';
import { HouseAddress } from '../houses/locations/house-address.entity';
import { HouseContact } from '../houses/staff/house-contact.entity';
import { AuctionGroup } from './auction-group.entity';

export type SaleType = 'live' | 'timed' | 'bin';

/** A session (catalog) of a sale. */
@Entity({ tableName: 'catalog' })
@Index({ properties: ['house', 'eventDate'] })
export class Catalog {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => AuctionGroup, deleteRule: 'cascade' })
  @Index()
  group!: Rel<AuctionGroup>;

  @Property({ length: 32 })
  @Unique()
  catalogRef!: string;

  @Property({ length: 120 })
  title!: string;

  @Property({ length: 8 })
  saleType!: SaleType;

  @Property({ type: 'timestamptz' })
  eventDate!: Date;

  @Property({ length: 64 })
  timeZone: string & Opt = 'America/New_York';

  /** The sale location: sessions of one invoice group must share it (sales tax). */
  @ManyToOne({ entity: () => HouseAddress, nullable: true, deleteRule: 'set null' })
  address?: Rel<HouseAddress>;

  @Property({ length: 3 })
  currencyCode: string & Opt = 'USD';

  @Property()
  published: boolean & Opt = false;

  /** The session's cover: one of its lots' image URLs (summary "cover photo"). */
  @Property({ length: 1000, nullable: true })
  coverImageUrl?: string;

  /** The five featured lots (ids), in the order chosen; null until chosen. */
  @Property({ type: 'json', nullable: true })
  featuredLotIds?: number[];

  /** The wizard step last recorded (the diy step tracker); the calendar's edit link opens it. */
  @Property({ type: 'smallint', nullable: true })
  stepTracker?: number;

  // The session wizard's step 1 and 2 fields (docs/decisions/session-wizard.md).

  /** The signed-in user's name, or `resell` for a timed session copied from a live one. */
  @Property({ length: 120, nullable: true })
  creator?: string;

  /** Timed only: 1 lots end `timedValue` seconds apart, 0 all together. */
  @Property({ type: 'smallint', nullable: true })
  timedType?: number;

  @Property({ type: 'smallint', nullable: true })
  timedValue?: number;

  /** Live only: a timed sale is created from unsold lots (15 or more) after the session. */
  @Property()
  resellUnsoldLiveLots: boolean & Opt = false;

  /**
   * A timed session the resell job made from a live session's unsold lots: that live session
   * (creator `resell`). Unique: a live session is resold at most once.
   */
  @ManyToOne({ entity: () => Catalog, nullable: true, deleteRule: 'set null', unique: true })
  resoldFrom?: Rel<Catalog>;

  /** Live sessions with the resell toggle: when the resell job examined the closed session (whether or not it made a sale). */
  @Property({ type: 'timestamptz', nullable: true })
  resellCheckedAt?: Date;

  /** 0 off, 4 on. */
  @Property({ type: 'smallint' })
  audioVideo: number & Opt = 0;

  @Property({ type: 'text' })
  description: string & Opt = '';

  @Property({ length: 2500 })
  viewNotes: string & Opt = '';

  @ManyToOne({ entity: () => HouseContact, nullable: true, deleteRule: 'set null' })
  consignContact?: Rel<HouseContact>;

  @ManyToOne({ entity: () => HouseContact, nullable: true, deleteRule: 'set null' })
  saleAdmin?: Rel<HouseContact>;

  @ManyToOne({ entity: () => HouseContact, nullable: true, deleteRule: 'set null' })
  expertContact?: Rel<HouseContact>;

  /** Edit Realized Prices: whether the published prices include the buyer's premium (null: never published). */
  @Property({ nullable: true })
  realizedIncludePremium?: boolean;

  @Property({ type: 'timestamptz', nullable: true })
  realizedPublishedAt?: Date;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
