import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../houses/house.entity';
import { Dispute } from './dispute.entity';

/**
 * The audit trail of a dispute (as invoice_audit for invoices): every change of state with who made
 * it, when, and the fields before and after, written in the same transaction as the change.
 */
@Entity({ tableName: 'dispute_audit' })
@Index({ properties: ['dispute', 'createdAt'] })
export class DisputeAudit {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => Dispute, deleteRule: 'cascade' })
  dispute!: Rel<Dispute>;

  /** Null: the system (a mutual resolution resolving by itself). */
  @Property({ type: 'integer', nullable: true })
  userId?: number | null;

  @Property({ length: 64 })
  userName!: string;

  /** open, close, cancel, reopen, send, resolve. */
  @Property({ length: 20 })
  action!: string;

  @Property({ type: 'jsonb' })
  before!: Record<string, unknown>;

  @Property({ type: 'jsonb' })
  after!: Record<string, unknown>;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
