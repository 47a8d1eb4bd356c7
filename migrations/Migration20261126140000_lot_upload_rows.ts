import { Migration } from '@mikro-orm/migrations';

/**
 * The upload-items review list's staging rows (issue 13): an uploaded spreadsheet's lots, kept per
 * session until `lots/update` saves them (docs/decisions/upload-items.md).
 */
export class Migration20261126140000_lot_upload_rows extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "lot_upload_row" ("id" serial primary key, "house_id" int not null, "catalog_id" int not null, "row" int not null, "lot" jsonb not null, "errors" jsonb not null, "has_error" boolean not null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "lot_upload_row_catalog_id_row_index" on "lot_upload_row" ("catalog_id", "row")`);
    this.addSql(
      `alter table "lot_upload_row" add constraint "lot_upload_row_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "lot_upload_row" add constraint "lot_upload_row_catalog_id_foreign" foreign key ("catalog_id") references "catalog" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "lot_upload_row" cascade`);
  }
}
