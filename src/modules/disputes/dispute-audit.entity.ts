import { Entity, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { AuditRecord } from '../../core/database/audit-record.entity';
import { House } from '../houses/house.entity';
import { Dispute } from './dispute.entity';

/**
 * The audit trail of a dispute (as invoice_audit for invoices): every change of state with who made
 * it, when, and the fields before and after, written in the same transaction as the change. A
 * null userId is the system (a mutual resolution resolving by itself).
 */
@Entity({ tableName: 'dispute_audit' })
@Index({ properties: ['dispute', 'createdAt'] })
export class DisputeAudit extends AuditRecord {
  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => Dispute, deleteRule: 'cascade' })
  dispute!: Rel<Dispute>;

  /** open, close, cancel, reopen, send, resolve. */
  @Property({ length: 20 })
  action!: string;
}
