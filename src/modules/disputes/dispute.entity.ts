import { BigIntType, Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { Approval } from '../bidders/approval.entity';
import { Member } from '../bidders/member.entity';
import { Catalog } from '../catalogs/catalog.entity';
import { House } from '../houses/house.entity';
import { Lot } from '../lots/lot.entity';
import type { DisputeStat } from '@ar/rules';

/**
 * A dispute (a "file") on one sold lot: against the lot's buyer, with a reason, open or past.
 * One per lot (a canceled one is reopened, not filed again). The lot's amounts are copied when it
 * is opened, so later result corrections do not change what the dispute was about.
 */
@Entity({ tableName: 'dispute' })
@Index({ properties: ['house', 'open', 'statusAt'] })
export class Dispute {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @Property({ length: 32 })
  @Unique()
  disputeRef!: string;

  @ManyToOne({ entity: () => Lot, deleteRule: 'cascade' })
  @Unique()
  lot!: Rel<Lot>;

  @ManyToOne({ entity: () => Catalog, deleteRule: 'cascade' })
  catalog!: Rel<Catalog>;

  @ManyToOne({ entity: () => Approval, deleteRule: 'cascade' })
  approval!: Rel<Approval>;

  @ManyToOne({ entity: () => Member, deleteRule: 'cascade' })
  @Index()
  member!: Rel<Member>;

  @Property()
  reasonId!: number;

  @Property()
  open: boolean & Opt = true;

  @Property({ length: 10 })
  stat: DisputeStat & Opt = 'Open';

  @Property({ type: 'timestamptz' })
  openedAt!: Date;

  /** The last change of state (open, close, cancel, reopen, resolve): the list's disputeDate. */
  @Property({ type: 'timestamptz' })
  statusAt!: Date;

  /** Mutual resolutions resolve by themselves at this time. */
  @Property({ type: 'timestamptz', nullable: true })
  resolveAt?: Date | null;

  @Property({ type: 'integer', nullable: true })
  openedByUserId?: number | null;

  @Property({ length: 3 })
  currencyCode!: string;

  @Property({ type: new BigIntType('number') })
  hammerCents!: number;

  @Property({ type: new BigIntType('number') })
  premiumCents!: number;

  @Property({ type: new BigIntType('number') })
  liveFeeCents!: number;

  /** The Live credit the house got when the dispute was closed or resolved (the lot's live fee). */
  @Property({ type: new BigIntType('number'), nullable: true })
  creditCents?: number | null;

  @Property({ type: 'timestamptz', nullable: true })
  creditedAt?: Date | null;
}
