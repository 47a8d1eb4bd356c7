import { Migration } from '@mikro-orm/migrations';

/** Issue 17: the audit trail of per-lot commission overrides changed on a draft settlement (docs/decisions/settlements.md). */
export class Migration20261126164024_settlement_audit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "settlement_audit" ("id" serial primary key, "house_id" int not null, "settlement_id" int not null, "lot_id" int null, "user_id" int null, "user_name" varchar(64) not null, "action" varchar(20) not null, "before" jsonb null, "after" jsonb null, "note" varchar(250) null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "settlement_audit_settlement_id_created_at_index" on "settlement_audit" ("settlement_id", "created_at")`);
    this.addSql(
      `alter table "settlement_audit" add constraint "settlement_audit_settlement_id_foreign" foreign key ("settlement_id") references "settlement" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "settlement_audit" cascade`);
  }
}
