import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/** A house's account mapping (one row per house; no row: not mapped yet). Codes as the books name them. */
@Entity({ tableName: 'house_accounting' })
export class HouseAccounting {
  @ManyToOne({ entity: 'House', fieldName: 'house_id', mapToPk: true, primary: true, deleteRule: 'cascade' }) houseId!: number;
  @Property({ length: 60 }) salesAccount!: string;
  @Property({ length: 60 }) buyersPremiumAccount!: string;
  @Property({ length: 60 }) liveFeeAccount!: string;
  @Property({ length: 60 }) taxPayableAccount!: string;
  @Property({ length: 60 }) feesAccount!: string;
  @Property({ length: 60 }) commissionIncomeAccount!: string;
  @Property({ length: 60 }) consignorPayableAccount!: string;
  @Property({ length: 60 }) cardClearingAccount!: string;
  @Property({ type: 'integer', nullable: true }) updatedByUserId?: number | null;
  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() }) updatedAt: Date & Opt = new Date();
}

/** One export run: the ledger of what left for the books, by whom, for which range and format. */
@Entity({ tableName: 'accounting_export' })
@Index({ properties: ['houseId', 'createdAt'] })
export class AccountingExport {
  @PrimaryKey() id!: number;
  @ManyToOne({ entity: 'House', fieldName: 'house_id', mapToPk: true, deleteRule: 'cascade' }) houseId!: number;
  @Property({ length: 8 }) format!: string;
  @Property({ type: 'date' }) fromDate!: string;
  @Property({ type: 'date' }) toDate!: string;
  @Property() includeExported!: boolean;
  @Property() documentCount!: number;
  @Property({ type: 'integer', nullable: true }) createdByUserId?: number | null;
  @Property({ type: 'timestamptz', defaultRaw: 'now()' }) createdAt: Date & Opt = new Date();
}

/**
 * A document an export carried (invoice, payment, refund, settlement, payout). Unique per export;
 * "already exported" is any row for the same house, format, kind and document. The files of an
 * export are read back from its items, so downloading them again gives the same documents.
 */
@Entity({ tableName: 'accounting_export_item' })
@Unique({ properties: ['exportId', 'docKind', 'docId'] })
@Unique({ properties: ['exportId', 'position'] })
@Index({ properties: ['houseId', 'format', 'docKind', 'docId'] })
export class AccountingExportItem {
  @PrimaryKey() id!: number;
  @Property() houseId!: number;
  @ManyToOne({ entity: 'AccountingExport', fieldName: 'export_id', mapToPk: true, deleteRule: 'cascade' }) exportId!: number;
  @Property({ length: 8 }) format!: string;
  @Property({ length: 12 }) docKind!: string;
  @Property() docId!: number;
  @Property({ length: 40 }) docNumber!: string;
  /** Its place in the export's files (from 1): the files stream in keyset batches by position. */
  @Property() position!: number;
}

export const ACCOUNTING_ENTITIES = [HouseAccounting, AccountingExport, AccountingExportItem];
