import { Collection, Entity, Index, ManyToOne, OneToMany, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../houses/house.entity';
import { InvoiceTemplate } from '../invoicing/templates/invoice-template.entity';
import { BuyersPremiumStep } from './buyers-premium-step.entity';

/** A sale: one or more sessions (catalogs) sharing terms, premium steps and live fee. */
@Entity({ tableName: 'auction_group' })
@Index({ properties: ['house'] })
export class AuctionGroup {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @Property({ length: 120 })
  groupName!: string;

  /** Live (or timed) sale vs a buy-now sale. */
  @Property()
  isLive: boolean & Opt = true;

  /** The type chosen in Add Sale (a sale's sessions may still be of either type). */
  @Property()
  isTimed: boolean & Opt = false;

  /** The terms (invoice group settings) chosen in Add Sale. */
  @ManyToOne({ entity: () => InvoiceTemplate, nullable: true, deleteRule: 'set null' })
  terms?: Rel<InvoiceTemplate>;

  @Property({ length: 3 })
  currencyCode: string & Opt = 'USD';

  /** Live fee charged on hammer to online channels, in thousandths of a percent (3 % = 3000). */
  @Property()
  liveFeeRate: number & Opt = 0;

  @Property()
  houseFeeStepEnabled: boolean & Opt = false;

  @OneToMany({ entity: () => BuyersPremiumStep, mappedBy: 'group', orderBy: { fromCents: 'asc' } })
  premiumSteps = new Collection<BuyersPremiumStep>(this);

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
