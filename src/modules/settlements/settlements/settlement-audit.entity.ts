import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';

/** What a settlement audit row records: a lot's commission override set or cleared. */
export type SettlementAuditAction = 'override.set' | 'override.clear';

/**
 * The audit trail of changes that are not ledger rows (the ledger rows, adjustments and payouts, name
 * their user themselves): who changed a lot's commission override (on a draft, or on the Lot page
 * before any settlement), when, the override before and after, and the note. Written in the same transaction as the change.
 */
@Entity({ tableName: 'settlement_audit' })
@Index({ properties: ['settlementId', 'createdAt'] })
@Index({ properties: ['houseId', 'lotId'] })
export class SettlementAudit {
  @PrimaryKey() id!: number;
  @Property() houseId!: number;
  /** Null: set from the Lot page while the lot was on no settlement. */
  @ManyToOne({ entity: 'Settlement', fieldName: 'settlement_id', mapToPk: true, deleteRule: 'cascade', nullable: true })
  settlementId?: number | null;
  @Property({ type: 'integer', nullable: true }) lotId?: number | null;
  @Property({ type: 'integer', nullable: true }) userId?: number | null;
  @Property({ length: 64 }) userName!: string;
  @Property({ length: 20 }) action!: SettlementAuditAction;
  @Property({ type: 'jsonb', nullable: true }) before?: Record<string, unknown> | null;
  @Property({ type: 'jsonb', nullable: true }) after?: Record<string, unknown> | null;
  @Property({ length: 250, nullable: true }) note?: string | null;
  @Property({ type: 'timestamptz', defaultRaw: 'now()' }) createdAt: Date & Opt = new Date();
}
