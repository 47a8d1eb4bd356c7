import { Migration } from '@mikro-orm/migrations';

/** The No Bid List's audit trail (issue 14; docs/decisions/no-bid-list.md). */
export class Migration20261126170000_no_bid_audit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "no_bid_audit" ("id" serial primary key, "house_id" int not null, "member_id" int not null, "dispute_id" int null, "user_id" int null, "user_name" varchar(64) not null, "action" varchar(20) not null, "entry" jsonb not null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "no_bid_audit_house_id_created_at_index" on "no_bid_audit" ("house_id", "created_at")`);
    this.addSql(
      `alter table "no_bid_audit" add constraint "no_bid_audit_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "no_bid_audit" cascade`);
  }
}
