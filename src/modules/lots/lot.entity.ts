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

  @Property({ type: new BigIntType('number'), nullable: true })
  loEstCents?: number;

  @Property({ type: new BigIntType('number'), nullable: true })
  hiEstCents?: number;

  @Property({ type: new BigIntType('number'), nullable: true })
  startingBidCents?: number;

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

  /** `s` started (live), `d` deleted. */
  @Property({ length: 1 })
  status: string & Opt = 's';

  @ManyToOne({ entity: () => Approval, nullable: true, deleteRule: 'set null' })
  winningApproval?: Rel<Approval>;

  @Property({ type: new BigIntType('number'), nullable: true })
  hammerCents?: number;

  @Property({ length: 5, nullable: true })
  resultChannel?: Platform;

  @Property({ type: 'timestamptz', nullable: true })
  soldAt?: Date;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
