import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { House } from '../houses/house.entity';
import { AuctionGroup } from '../catalogs/auction-group.entity';
import { Member, Platform } from './member.entity';

/** A bidder registered (approved) for a sale, with a paddle number and the channel they bid through. */
@Entity({ tableName: 'approval' })
@Unique({ properties: ['group', 'member'] })
@Index({ properties: ['group', 'paddleNumber'] })
export class Approval {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => AuctionGroup, deleteRule: 'cascade' })
  group!: Rel<AuctionGroup>;

  @ManyToOne({ entity: () => Member, deleteRule: 'cascade' })
  member!: Rel<Member>;

  /** 0 when no paddle was given. */
  @Property()
  paddleNumber: number & Opt = 0;

  @Property({ length: 5 })
  channel!: Platform;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
