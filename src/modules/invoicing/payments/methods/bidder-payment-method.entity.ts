import { BigIntType, Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import { Member } from '../../../bidders/member.entity';

/**
 * A card or bank account a bidder keeps on file with the house, as the gateway tokenised it:
 * a token and what may be shown (brand, last four, expiry), never a card or account number.
 */
@Entity({ tableName: 'bidder_payment_method' })
@Unique({ properties: ['member', 'token'] })
export class BidderPaymentMethod {
  @PrimaryKey()
  id!: number;

  @Property()
  @Index()
  houseId!: number;

  @ManyToOne({ entity: () => Member, deleteRule: 'cascade' })
  member!: Rel<Member>;

  @Property({ length: 64 })
  token!: string;

  /** `card` or `ach`. */
  @Property({ length: 4 })
  kind!: string;

  /** visa, mastercard, discover, amex; null for ACH. */
  @Property({ length: 12, nullable: true })
  brand?: string | null;

  @Property({ length: 4 })
  last4!: string;

  @Property({ type: 'smallint', nullable: true })
  expMonth?: number | null;

  @Property({ type: 'smallint', nullable: true })
  expYear?: number | null;

  /** The card's limit as the house knows it (batch charge: "credit card limit exceeded"); null when none. */
  @Property({ type: new BigIntType('number'), nullable: true })
  cardLimitCents?: number | null;

  /** The method a charge uses; one per bidder. */
  @Property()
  isDefault: boolean & Opt = false;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
