import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../houses/house.entity';
import { Dispute } from './dispute.entity';

/** A message of a dispute's thread: the opening message and every one sent later. */
@Entity({ tableName: 'dispute_message' })
@Index({ properties: ['dispute', 'createdAt'] })
export class DisputeMessage {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => Dispute, deleteRule: 'cascade' })
  dispute!: Rel<Dispute>;

  @Property({ type: 'integer', nullable: true })
  userId?: number | null;

  @Property({ length: 64 })
  sender!: string;

  @Property({ type: 'text' })
  message!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
