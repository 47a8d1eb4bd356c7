import { BigIntType, Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { House } from '../houses/house.entity';
import { StaffUser } from '../houses/staff-user.entity';
import { Lot } from './lot.entity';
import { Approval } from '../bidders/approval.entity';

/**
 * An order bid on a lot: an absentee bid left before a live sale, or a timed lot's max (proxy) or
 * bid-now bid (timed-bidding/). While a lot has one, its starting bid and reserve cannot change
 * (001 section 4). A cancelled bid stays as history and no longer counts. The row id orders bids
 * of one lot in time (ids are taken under the lot's row lock): a tie goes to the lower id.
 */
@Entity({ tableName: 'order_bid' })
// Timed bidding's standing: leader and runner-up by max, and a bidder's own max (bid-placement.service.ts).
@Index({
  name: 'order_bid_lot_standing_index',
  expression:
    'create index "order_bid_lot_standing_index" on "order_bid" ("lot_id", "max_bid_cents" desc, "id") where "cancelled_at" is null',
})
@Index({
  name: 'order_bid_lot_bidder_index',
  expression:
    'create index "order_bid_lot_bidder_index" on "order_bid" ("lot_id", "approval_id", "max_bid_cents" desc) where "cancelled_at" is null',
})
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

  @Property({ length: 32, nullable: true })
  @Unique()
  orderBidRef?: string;

  /** `maxBid` (proxy) or `bidNow`. */
  @Property({ length: 8 })
  bidType: string & Opt = 'maxBid';

  /** The staff user who placed it through bulk bidding (only they may cancel it). */
  @ManyToOne({ entity: () => StaffUser, nullable: true, deleteRule: 'set null' })
  placedBy?: Rel<StaffUser>;

  @Property({ type: 'timestamptz', nullable: true })
  cancelledAt?: Date;

  @ManyToOne({ entity: () => StaffUser, nullable: true, deleteRule: 'set null' })
  @Index()
  cancelledBy?: Rel<StaffUser>;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
