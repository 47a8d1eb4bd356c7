import { Migration } from '@mikro-orm/migrations';

/**
 * Disputes (issue 14): one dispute per sold lot with its message thread and audit trail, the
 * house's No Bid List and the unpaid item strikes that closing a dispute records
 * (docs/decisions/disputes.md).
 */
export class Migration20261125230000_disputes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "dispute" ("id" serial primary key, "house_id" int not null, "dispute_ref" varchar(32) not null, "lot_id" int not null, "catalog_id" int not null, "approval_id" int not null, "member_id" int not null, "reason_id" int not null, "open" boolean not null default true, "stat" varchar(10) not null default 'Open', "opened_at" timestamptz not null, "status_at" timestamptz not null, "resolve_at" timestamptz null, "opened_by_user_id" int null, "currency_code" varchar(3) not null, "hammer_cents" bigint not null, "premium_cents" bigint not null, "live_fee_cents" bigint not null, "credit_cents" bigint null, "credited_at" timestamptz null)`,
    );
    this.addSql(
      `create table "house_no_bid" ("id" serial primary key, "house_id" int not null, "member_id" int not null, "dispute_id" int null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(
      `create table "dispute_message" ("id" serial primary key, "house_id" int not null, "dispute_id" int not null, "user_id" int null, "sender" varchar(64) not null, "message" text not null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(
      `create table "dispute_audit" ("id" serial primary key, "house_id" int not null, "dispute_id" int not null, "user_id" int null, "user_name" varchar(64) not null, "action" varchar(20) not null, "before" jsonb not null, "after" jsonb not null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(
      `create table "unpaid_item_strike" ("id" serial primary key, "house_id" int not null, "member_id" int not null, "dispute_id" int not null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`alter table "dispute" add constraint "dispute_dispute_ref_unique" unique ("dispute_ref")`);
    this.addSql(`alter table "dispute" add constraint "dispute_lot_id_unique" unique ("lot_id")`);
    this.addSql(`create index "dispute_member_id_index" on "dispute" ("member_id")`);
    this.addSql(`create index "dispute_house_id_open_status_at_index" on "dispute" ("house_id", "open", "status_at")`);
    this.addSql(`alter table "house_no_bid" add constraint "house_no_bid_house_id_member_id_unique" unique ("house_id", "member_id")`);
    this.addSql(`create index "dispute_message_dispute_id_created_at_index" on "dispute_message" ("dispute_id", "created_at")`);
    this.addSql(`create index "dispute_audit_dispute_id_created_at_index" on "dispute_audit" ("dispute_id", "created_at")`);
    this.addSql(`alter table "unpaid_item_strike" add constraint "unpaid_item_strike_dispute_id_unique" unique ("dispute_id")`);
    this.addSql(
      `alter table "dispute" add constraint "dispute_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "dispute" add constraint "dispute_lot_id_foreign" foreign key ("lot_id") references "lot" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "dispute" add constraint "dispute_catalog_id_foreign" foreign key ("catalog_id") references "catalog" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "dispute" add constraint "dispute_approval_id_foreign" foreign key ("approval_id") references "approval" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "dispute" add constraint "dispute_member_id_foreign" foreign key ("member_id") references "member" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "house_no_bid" add constraint "house_no_bid_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "house_no_bid" add constraint "house_no_bid_member_id_foreign" foreign key ("member_id") references "member" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "house_no_bid" add constraint "house_no_bid_dispute_id_foreign" foreign key ("dispute_id") references "dispute" ("id") on update cascade on delete set null`,
    );
    this.addSql(
      `alter table "dispute_message" add constraint "dispute_message_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "dispute_message" add constraint "dispute_message_dispute_id_foreign" foreign key ("dispute_id") references "dispute" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "dispute_audit" add constraint "dispute_audit_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "dispute_audit" add constraint "dispute_audit_dispute_id_foreign" foreign key ("dispute_id") references "dispute" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "unpaid_item_strike" add constraint "unpaid_item_strike_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "unpaid_item_strike" add constraint "unpaid_item_strike_member_id_foreign" foreign key ("member_id") references "member" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "unpaid_item_strike" add constraint "unpaid_item_strike_dispute_id_foreign" foreign key ("dispute_id") references "dispute" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "unpaid_item_strike" cascade`);
    this.addSql(`drop table if exists "house_no_bid" cascade`);
    this.addSql(`drop table if exists "dispute_audit" cascade`);
    this.addSql(`drop table if exists "dispute_message" cascade`);
    this.addSql(`drop table if exists "dispute" cascade`);
  }
}
