import { BigIntType, Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../../houses/house.entity';

/**
 * One range of a house's increment ladder (spec 001 `bidIncrements (min, max, increment)`). A house
 * without rows uses DEFAULT_BID_LADDER (@ar/rules).
 */
@Entity({ tableName: 'bid_increment' })
export class BidIncrement {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  @Index()
  house!: Rel<House>;

  @Property({ type: new BigIntType('number') })
  minCents!: number;

  /** Null on the last range (no top). */
  @Property({ type: new BigIntType('number'), nullable: true })
  maxCents?: number;

  @Property({ type: new BigIntType('number') })
  incrementCents!: number;
}
