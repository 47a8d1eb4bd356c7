import { Migration } from '@mikro-orm/migrations';

/** End-of-auction reconciliation (issue 14): the audit trail of result corrections (docs/decisions/eoa.md). */
export class Migration20261126120000_eoa_reconciliation extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "lot_result_audit" ("id" serial primary key, "house_id" int not null, "catalog_id" int not null, "lot_id" int not null, "user_id" int null, "user_name" varchar(64) not null, "action" varchar(16) not null, "before" jsonb not null, "after" jsonb not null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "lot_result_audit_catalog_id_created_at_index" on "lot_result_audit" ("catalog_id", "created_at")`);
    this.addSql(
      `alter table "lot_result_audit" add constraint "lot_result_audit_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "lot_result_audit" add constraint "lot_result_audit_catalog_id_foreign" foreign key ("catalog_id") references "catalog" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "lot_result_audit" add constraint "lot_result_audit_lot_id_foreign" foreign key ("lot_id") references "lot" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "lot_result_audit" cascade`);
  }
}
