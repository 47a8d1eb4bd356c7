import { BigIntType, Entity, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { AuctionGroup } from './auction-group.entity';

/** One marginal premium step: the slice of hammer from `fromCents` to `toCents` (open when null) at `rate`. */
@Entity({ tableName: 'buyers_premium_step' })
export class BuyersPremiumStep {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => AuctionGroup, deleteRule: 'cascade' })
  group!: Rel<AuctionGroup>;

  @Property({ type: new BigIntType('number') })
  fromCents!: number;

  @Property({ type: new BigIntType('number'), nullable: true })
  toCents?: number;

  /** Thousandths of a percent (25 % = 25000). */
  @Property()
  rate!: number;
}
