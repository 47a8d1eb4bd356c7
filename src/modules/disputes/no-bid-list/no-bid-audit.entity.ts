import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../../houses/house.entity';

/**
 * Who put a bidder on the house's No Bid List or took them off, and when (the entry itself is
 * deleted on removal, so the trail keeps what it said). Written in the change's transaction.
 */
@Entity({ tableName: 'no_bid_audit' })
@Index({ properties: ['house', 'createdAt'] })
export class NoBidAudit {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  /** The bidder (member id; kept as a number so the trail outlives the member). */
  @Property({ type: 'integer' })
  memberId!: number;

  /** The dispute whose closing added the bidder, if any. */
  @Property({ type: 'integer', nullable: true })
  disputeId?: number | null;

  /** Null: the system. */
  @Property({ type: 'integer', nullable: true })
  userId?: number | null;

  @Property({ length: 64 })
  userName!: string;

  /** add, remove. */
  @Property({ length: 20 })
  action!: string;

  /** The entry as it stood (bidder, paddle, reason, date added). */
  @Property({ type: 'jsonb' })
  entry!: Record<string, unknown>;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
