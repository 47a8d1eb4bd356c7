import { Migration } from '@mikro-orm/migrations';

/**
 * Each exported document's place in its export's files (issue 17, docs/decisions/accounting-streaming.md):
 * the files are streamed in keyset batches by position. Earlier exports get their items' insert order.
 */
export class Migration20261126170242_accounting_export_position extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "accounting_export_item" add column "position" int not null default 0`);
    this.addSql(
      `update "accounting_export_item" x set "position" = r.n from (select id, row_number() over (partition by export_id order by id) as n from "accounting_export_item") r where r.id = x.id`,
    );
    this.addSql(`alter table "accounting_export_item" alter column "position" drop default`);
    this.addSql(
      `alter table "accounting_export_item" add constraint "accounting_export_item_export_id_position_unique" unique ("export_id", "position")`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "accounting_export_item" drop constraint if exists "accounting_export_item_export_id_position_unique"`);
    this.addSql(`alter table "accounting_export_item" drop column if exists "position"`);
  }
}
