import { Migration } from '@mikro-orm/migrations';

/**
 * Timed bidding (issue 15): each lot's bidding state
 * (current bid, bid count, leading bid, extended end, closed), the bid history on `order_bid`
 * (ref, type, placing staff user, cancellation) and the house's increment ladder
 * (docs/decisions/timed-bidding.md).
 */
export class Migration20261125230000_timed_bidding extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "lot" add column "end_at" timestamptz null, add column "is_extended" boolean not null default false, add column "closed_at" timestamptz null, add column "current_bid_cents" bigint null, add column "bid_count" int not null default 0, add column "leading_bid_id" int null`,
    );
    this.addSql(
      `alter table "order_bid" add column "order_bid_ref" varchar(32) null, add column "bid_type" varchar(8) not null default 'maxBid', add column "placed_by_id" int null, add column "cancelled_at" timestamptz null, add column "cancelled_by_id" int null`,
    );
    this.addSql(`alter table "order_bid" add constraint "order_bid_order_bid_ref_unique" unique ("order_bid_ref")`);
    this.addSql(`create index "order_bid_cancelled_by_id_index" on "order_bid" ("cancelled_by_id")`);
    this.addSql(
      `alter table "order_bid" add constraint "order_bid_placed_by_id_foreign" foreign key ("placed_by_id") references "staff_user" ("id") on update cascade on delete set null`,
    );
    this.addSql(
      `alter table "order_bid" add constraint "order_bid_cancelled_by_id_foreign" foreign key ("cancelled_by_id") references "staff_user" ("id") on update cascade on delete set null`,
    );
    this.addSql(
      `create table "bid_increment" ("id" serial primary key, "house_id" int not null, "min_cents" bigint not null, "max_cents" bigint null, "increment_cents" bigint not null)`,
    );
    this.addSql(`create index "bid_increment_house_id_index" on "bid_increment" ("house_id")`);
    this.addSql(
      `alter table "bid_increment" add constraint "bid_increment_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bid_increment" cascade`);
    this.addSql(`alter table "order_bid" drop constraint "order_bid_placed_by_id_foreign"`);
    this.addSql(`alter table "order_bid" drop constraint "order_bid_cancelled_by_id_foreign"`);
    this.addSql(
      `alter table "order_bid" drop column "order_bid_ref", drop column "bid_type", drop column "placed_by_id", drop column "cancelled_at", drop column "cancelled_by_id"`,
    );
    this.addSql(
      `alter table "lot" drop column "end_at", drop column "is_extended", drop column "closed_at", drop column "current_bid_cents", drop column "bid_count", drop column "leading_bid_id"`,
    );
  }
}
