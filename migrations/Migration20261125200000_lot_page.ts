import { Migration } from '@mikro-orm/migrations';

/**
 * The Lot page (issue 12): every item field of spec 001 section 3 on `lot`, when a lot was deleted
 * (its row stays so its number cannot be reused), whether the starting bid was computed, and the
 * absentee (order) bids that lock a lot's starting bid and reserve (docs/decisions/lot-page.md).
 */
export class Migration20261125200000_lot_page extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "lot" add column "dimensions" varchar(250) null, add column "ship_length" int null, add column "ship_width" int null, add column "ship_height" int null, add column "ship_weight" int null, add column "shipping_cents" bigint null, add column "shipping_intl_cents" bigint null, add column "artist_name" varchar(250) null, add column "medium" varchar(250) null, add column "condition" text null, add column "circa" varchar(250) null, add column "provenance" text null, add column "literature" text null, add column "exhibited" text null, add column "notes" text null, add column "starting_bid_computed" boolean not null default false, add column "deleted_at" timestamptz null`,
    );
    this.addSql(
      `create table "order_bid" ("id" serial primary key, "house_id" int not null, "lot_id" int not null, "approval_id" int null, "max_bid_cents" bigint not null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "order_bid_lot_id_index" on "order_bid" ("lot_id")`);
    this.addSql(
      `alter table "order_bid" add constraint "order_bid_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "order_bid" add constraint "order_bid_lot_id_foreign" foreign key ("lot_id") references "lot" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "order_bid" add constraint "order_bid_approval_id_foreign" foreign key ("approval_id") references "approval" ("id") on update cascade on delete set null`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "order_bid" cascade`);
    this.addSql(
      `alter table "lot" drop column "dimensions", drop column "ship_length", drop column "ship_width", drop column "ship_height", drop column "ship_weight", drop column "shipping_cents", drop column "shipping_intl_cents", drop column "artist_name", drop column "medium", drop column "condition", drop column "circa", drop column "provenance", drop column "literature", drop column "exhibited", drop column "notes", drop column "starting_bid_computed", drop column "deleted_at"`,
    );
  }
}
