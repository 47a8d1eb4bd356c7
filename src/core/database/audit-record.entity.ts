import { Entity, Opt, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The columns every audit trail shares (dispute_audit, invoice_audit, lot_result_audit): who made
 * a change (the user's id, null for the system, and the name as it was then), the fields before
 * and after, and when. Each trail adds what the change was made on and its own `action` column
 * (whose length differs per table). An abstract base: no table of its own, listed in ALL_ENTITIES
 * only so discovery knows it.
 */
@Entity({ abstract: true })
export abstract class AuditRecord {
  @PrimaryKey()
  id!: number;

  @Property({ type: 'integer', nullable: true })
  userId?: number | null;

  @Property({ length: 64 })
  userName!: string;

  /** Only the fields that changed, before and after. */
  @Property({ type: 'jsonb' })
  before!: Record<string, unknown>;

  @Property({ type: 'jsonb' })
  after!: Record<string, unknown>;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
