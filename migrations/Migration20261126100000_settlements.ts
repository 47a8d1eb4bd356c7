import { Migration } from '@mikro-orm/migrations';

/**
 * Consignor settlements (issue 17): consignors, commission plans and per-lot overrides, the lot's
 * consignor, settlements with their lines, adjustments (expenses, advances) and the payout ledger.
 * A lot is settled at most once (partial unique index on settlement_line, held lines excepted).
 */
export class Migration20261126100000_settlements extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "commission_plan" ("id" serial primary key, "house_id" int not null, "name" varchar(120) not null, "is_house_default" boolean not null default false, "auction_group_id" int null, "tiers" jsonb not null, "minimum_commission_cents" bigint not null default 0, "buy_in_fee_cents" bigint not null default 0, "buy_in_rate" int not null default 0, "photography_fee_cents" bigint not null default 0, "insurance_fee_cents" bigint not null default 0, "lotting_fee_cents" bigint not null default 0, "commission_tax_rate" int not null default 0, "settlement_basis" varchar(8) not null default 'paid', "version" int not null default 1, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now())`,
    );
    this.addSql(
      `create unique index "commission_plan_sale_unique" on "commission_plan" ("auction_group_id") where auction_group_id is not null`,
    );
    this.addSql(`create unique index "commission_plan_house_default_unique" on "commission_plan" ("house_id") where is_house_default`);
    this.addSql(`create index "commission_plan_house_id_index" on "commission_plan" ("house_id")`);
    this.addSql(
      `create table "consignor" ("id" serial primary key, "house_id" int not null, "name" varchar(120) not null, "company" varchar(120) null, "street1" varchar(100) null, "street2" varchar(100) null, "city" varchar(60) null, "state" varchar(60) null, "postal_code" varchar(32) null, "country_code" varchar(2) null, "email" varchar(120) null, "phone" varchar(40) null, "tax_id" varchar(40) null, "payout_method" varchar(16) not null default 'check', "commission_plan_id" int null, "version" int not null default 1, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "consignor_house_id_name_index" on "consignor" ("house_id", "name")`);
    this.addSql(
      `create table "lot_commission_override" ("id" serial primary key, "house_id" int not null, "lot_id" int not null, "rate" int null, "commission_cents" bigint null, "updated_at" timestamptz not null default now(), constraint lot_commission_override_one_check check ((rate is null) <> (commission_cents is null)))`,
    );
    this.addSql(`alter table "lot_commission_override" add constraint "lot_commission_override_lot_id_unique" unique ("lot_id")`);
    this.addSql(
      `create table "settlement" ("id" serial primary key, "house_id" int not null, "consignor_id" int not null, "auction_group_id" int null, "period_from" date null, "period_to" date null, "status" varchar(8) not null default 'draft', "currency_code" varchar(3) not null, "commission_plan_id" int null, "settlement_basis" varchar(8) not null, "lot_count" int not null default 0, "held_count" int not null default 0, "hammer_cents" bigint not null default 0, "commission_cents" bigint not null default 0, "buy_in_fee_cents" bigint not null default 0, "fees_cents" bigint not null default 0, "tax_cents" bigint not null default 0, "expenses_cents" bigint not null default 0, "advances_cents" bigint not null default 0, "net_due_cents" bigint not null default 0, "paid_cents" bigint not null default 0, "version" int not null default 1, "created_by_user_id" int null, "created_at" timestamptz not null default now(), "ready_at" timestamptz null, "paid_at" timestamptz null, "updated_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "settlement_house_id_auction_group_id_index" on "settlement" ("house_id", "auction_group_id")`);
    this.addSql(
      `create table "settlement_adjustment" ("id" serial primary key, "house_id" int not null, "settlement_id" int not null, "kind" varchar(8) not null, "amount_cents" bigint not null, "note" varchar(250) not null, "created_by_user_id" int null, "created_at" timestamptz not null default now(), constraint settlement_adjustment_amount_check check (amount_cents >= 0))`,
    );
    this.addSql(`create index "settlement_adjustment_settlement_id_index" on "settlement_adjustment" ("settlement_id")`);
    this.addSql(
      `create table "settlement_line" ("id" serial primary key, "house_id" int not null, "settlement_id" int not null, "lot_id" int not null, "catalog_id" int not null, "lot_number" varchar(8) null, "lot_ext" varchar(1) null, "title" varchar(250) not null, "state" varchar(8) not null, "held_reason" varchar(250) null, "hammer_cents" bigint not null, "commission_cents" bigint not null, "buy_in_fee_cents" bigint not null, "photography_fee_cents" bigint not null, "insurance_fee_cents" bigint not null, "lotting_fee_cents" bigint not null, "fees_cents" bigint not null, "tax_cents" bigint not null, "net_cents" bigint not null)`,
    );
    this.addSql(`create unique index "settlement_line_settled_lot_unique" on "settlement_line" ("lot_id") where state <> 'held'`);
    this.addSql(`create index "settlement_line_settlement_id_index" on "settlement_line" ("settlement_id")`);
    this.addSql(
      `create table "settlement_payout" ("id" serial primary key, "house_id" int not null, "settlement_id" int not null, "kind" varchar(12) not null, "method" varchar(16) not null, "reference" varchar(60) null, "paid_date" date not null, "amount_cents" bigint not null, "note" varchar(250) null, "created_by_user_id" int null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "settlement_payout_settlement_id_index" on "settlement_payout" ("settlement_id")`);
    this.addSql(
      `alter table "commission_plan" add constraint "commission_plan_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "commission_plan" add constraint "commission_plan_auction_group_id_foreign" foreign key ("auction_group_id") references "auction_group" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "consignor" add constraint "consignor_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "consignor" add constraint "consignor_commission_plan_id_foreign" foreign key ("commission_plan_id") references "commission_plan" ("id") on update cascade on delete set null`,
    );
    this.addSql(
      `alter table "lot_commission_override" add constraint "lot_commission_override_lot_id_foreign" foreign key ("lot_id") references "lot" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "settlement" add constraint "settlement_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "settlement" add constraint "settlement_consignor_id_foreign" foreign key ("consignor_id") references "consignor" ("id") on update cascade on delete restrict`,
    );
    this.addSql(
      `alter table "settlement" add constraint "settlement_auction_group_id_foreign" foreign key ("auction_group_id") references "auction_group" ("id") on update cascade on delete restrict`,
    );
    this.addSql(
      `alter table "settlement_adjustment" add constraint "settlement_adjustment_settlement_id_foreign" foreign key ("settlement_id") references "settlement" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "settlement_line" add constraint "settlement_line_settlement_id_foreign" foreign key ("settlement_id") references "settlement" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "settlement_line" add constraint "settlement_line_lot_id_foreign" foreign key ("lot_id") references "lot" ("id") on update cascade on delete restrict`,
    );
    this.addSql(
      `alter table "settlement_payout" add constraint "settlement_payout_settlement_id_foreign" foreign key ("settlement_id") references "settlement" ("id") on update cascade on delete restrict`,
    );
    this.addSql(`alter table "lot" add column "consignor_id" int null`);
    this.addSql(
      `alter table "lot" add constraint "lot_consignor_id_foreign" foreign key ("consignor_id") references "consignor" ("id") on update cascade on delete set null`,
    );
    this.addSql(`create index "lot_consignor_id_index" on "lot" ("consignor_id")`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "lot" drop constraint if exists "lot_consignor_id_foreign"`);
    this.addSql(`alter table "lot" drop column if exists "consignor_id"`);
    for (const t of [
      'settlement_payout',
      'settlement_adjustment',
      'settlement_line',
      'settlement',
      'lot_commission_override',
      'consignor',
      'commission_plan',
    ])
      this.addSql(`drop table if exists "${t}" cascade`);
  }
}
