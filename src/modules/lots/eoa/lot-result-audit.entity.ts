import { Entity, Index, ManyToOne, Property } from '@mikro-orm/core';
import { AuditRecord } from '../../../core/database/audit-record.entity';

/**
 * The audit trail of end-of-auction corrections (docs/decisions/eoa.md): who changed which lot's
 * result, when, and the result before and after. Written in the transaction of the change, so a
 * correction without its record cannot exist. Relations mapped to plain ids: the rows are only read
 * as the EOA view's trail, by house and session. Before and after hold { hammer, paddleNumber,
 * buyerName, channel }.
 */
@Entity({ tableName: 'lot_result_audit' })
@Index({ properties: ['catalogId', 'createdAt'] })
export class LotResultAudit extends AuditRecord {
  @ManyToOne({ entity: 'House', fieldName: 'house_id', mapToPk: true, deleteRule: 'cascade' })
  houseId!: number;

  @ManyToOne({ entity: 'Catalog', fieldName: 'catalog_id', mapToPk: true, deleteRule: 'cascade' })
  catalogId!: number;

  @ManyToOne({ entity: 'Lot', fieldName: 'lot_id', mapToPk: true, deleteRule: 'cascade' })
  lotId!: number;

  /** `hammer`, `buyer` or `pass`. */
  @Property({ length: 16 })
  action!: string;
}
