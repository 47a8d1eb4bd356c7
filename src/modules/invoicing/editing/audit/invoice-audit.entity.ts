import { Entity, Index, Property, ManyToOne, type Rel } from '@mikro-orm/core';
import { AuditRecord } from '../../../../core/database/audit-record.entity';
import { Invoice } from '../../invoices/invoice.entity';

/**
 * The audit trail of an invoice: every change (charges, marks, hides, floor edits, notes, delivery
 * mode, contact) with who made it, when, and the fields before and after. Written in the same
 * transaction as the change, so a change without its record cannot exist.
 */
@Entity({ tableName: 'invoice_audit' })
@Index({ properties: ['invoice', 'createdAt'] })
export class InvoiceAudit extends AuditRecord {
  @Property()
  @Index()
  houseId!: number;

  @ManyToOne({ entity: () => Invoice, deleteRule: 'cascade' })
  invoice!: Rel<Invoice>;

  /** The lot line the change was made on, if any. */
  @Property({ type: 'integer', nullable: true })
  lineId?: number | null;

  /** What was done, e.g. `charges`, `line.hide`, `invoice.paid`, `note`, `floor-edit`. */
  @Property({ length: 40 })
  action!: string;
}
