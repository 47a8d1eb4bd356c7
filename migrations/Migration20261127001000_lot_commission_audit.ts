import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 17, the Lot page's commission override: an override set on a lot that is on no settlement
 * yet is audited too (no settlement to name), and the Lot page reads a lot's trail by lot
 * (docs/decisions/settlements.md "The Lot page's consignor and override").
 */
export class Migration20261127001000_lot_commission_audit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "settlement_audit" alter column "settlement_id" drop not null`);
    this.addSql(`create index "settlement_audit_house_id_lot_id_index" on "settlement_audit" ("house_id", "lot_id")`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "settlement_audit_house_id_lot_id_index"`);
    this.addSql(`delete from "settlement_audit" where "settlement_id" is null`);
    this.addSql(`alter table "settlement_audit" alter column "settlement_id" set not null`);
  }
}
