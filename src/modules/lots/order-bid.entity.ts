import { BigIntType, Entity, Index, ManyToOne, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../houses/house.entity';
import { Lot } from './lot.entity';
import { Approval } from '../bidders/approval.entity';

/**
 * An absentee (order) bid left on a lot before the sale. While a lot has one, its starting bid and
 * reserve cannot change (001 section 4). Bidding builds on it; the Lot page only counts them.
 */
@Entity({ tableName: 'order_bid' })
export class OrderBid {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => Lot, deleteRule: 'cascade' })
  @Index()
  lot!: Rel<Lot>;

  @ManyToOne({ entity: () => Approval, nullable: true, deleteRule: 'set null' })
  approval?: Rel<Approval>;

  @Property({ type: new BigIntType('number') })
  maxBidCents!: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
