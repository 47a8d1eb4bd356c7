import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { House } from '../houses/house.entity';
import { HouseAddress } from '../houses/locations/house-address.entity';
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

  /** The wizard step last recorded (the diy step tracker); the calendar's edit link opens it. */
  @Property({ type: 'smallint', nullable: true })
  stepTracker?: number;

  /** Timed sessions: seconds between two lots' end times; the first lot ends at `eventDate` (docs/decisions/timed-bidding.md). */
  @Property({ type: 'smallint' })
  staggerSeconds: number & Opt = 60;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
