import { Entity, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { Member } from '../bidders/member.entity';
import { House } from '../houses/house.entity';
import { Dispute } from './dispute.entity';

/** The house's No Bid List: bidders the house no longer accepts bids from (a closed dispute adds its bidder). */
@Entity({ tableName: 'house_no_bid' })
@Unique({ properties: ['house', 'member'] })
export class HouseNoBid {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => Member, deleteRule: 'cascade' })
  member!: Rel<Member>;

  /** The dispute whose closing added the bidder (null: added by hand). */
  @ManyToOne({ entity: () => Dispute, deleteRule: 'set null', nullable: true })
  dispute?: Rel<Dispute> | null;

  /** Why staff added the bidder by hand (null: a closed dispute added them). */
  @Property({ length: 255, nullable: true })
  reason?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}

/** An unpaid item strike against a bidder: one per closed dispute. */
@Entity({ tableName: 'unpaid_item_strike' })
export class UnpaidItemStrike {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => Member, deleteRule: 'cascade' })
  member!: Rel<Member>;

  @ManyToOne({ entity: () => Dispute, deleteRule: 'cascade' })
  @Unique()
  dispute!: Rel<Dispute>;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
