import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The audit trail of end-of-auction corrections (docs/decisions/eoa.md): who changed which lot's
 * result, when, and the result before and after. Written in the transaction of the change, so a
 * correction without its record cannot exist. Relations mapped to plain ids: the rows are only read
 * as the EOA view's trail, by house and session.
 */
@Entity({ tableName: 'lot_result_audit' })
@Index({ properties: ['catalogId', 'createdAt'] })
export class LotResultAudit {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: 'House', fieldName: 'house_id', mapToPk: true, deleteRule: 'cascade' })
  houseId!: number;

  @ManyToOne({ entity: 'Catalog', fieldName: 'catalog_id', mapToPk: true, deleteRule: 'cascade' })
  catalogId!: number;

  @ManyToOne({ entity: 'Lot', fieldName: 'lot_id', mapToPk: true, deleteRule: 'cascade' })
  lotId!: number;

  @Property({ type: 'integer', nullable: true })
  userId?: number | null;

  @Property({ length: 64 })
  userName!: string;

  /** `hammer`, `buyer` or `pass`. */
  @Property({ length: 16 })
  action!: string;

  /** { hammer, paddleNumber, buyerName, channel } before and after. */
  @Property({ type: 'jsonb' })
  before!: Record<string, unknown>;

  @Property({ type: 'jsonb' })
  after!: Record<string, unknown>;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
