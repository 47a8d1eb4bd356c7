import { Migration } from '@mikro-orm/migrations';

/**
 * Payments foundation: the cards and bank accounts bidders keep on file (tokens only, never card
 * numbers), and the sandbox gateway's own ledger, one row per idempotency key.
 */
export class Migration20261125110000_payment_gateway extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "bidder_payment_method" ("id" serial primary key, "house_id" int not null, "member_id" int not null, "token" varchar(64) not null, "kind" varchar(4) not null, "brand" varchar(12) null, "last4" varchar(4) not null, "exp_month" smallint null, "exp_year" smallint null, "card_limit_cents" bigint null, "is_default" boolean not null default false, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "bidder_payment_method_house_id_index" on "bidder_payment_method" ("house_id")`);
    this.addSql(
      `alter table "bidder_payment_method" add constraint "bidder_payment_method_member_id_token_unique" unique ("member_id", "token")`,
    );
    this.addSql(
      `create table "sandbox_gateway_charge" ("id" serial primary key, "idempotency_key" varchar(200) not null, "kind" varchar(8) not null, "reference" varchar(40) not null, "house_id" int not null, "token" varchar(64) not null, "method_kind" varchar(4) null, "amount_cents" bigint not null, "currency_code" varchar(3) not null, "description" varchar(200) not null, "status" varchar(10) not null, "decline_code" varchar(32) null, "message" varchar(200) not null, "charge_reference" varchar(40) null, "settlement" varchar(8) null, "settled_at" timestamptz null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(
      `alter table "sandbox_gateway_charge" add constraint "sandbox_gateway_charge_idempotency_key_unique" unique ("idempotency_key")`,
    );
    this.addSql(`alter table "sandbox_gateway_charge" add constraint "sandbox_gateway_charge_reference_unique" unique ("reference")`);
    this.addSql(`create index "sandbox_gateway_charge_house_id_index" on "sandbox_gateway_charge" ("house_id")`);
    this.addSql(`create index "sandbox_gateway_charge_charge_reference_index" on "sandbox_gateway_charge" ("charge_reference")`);
    this.addSql(`create index "sandbox_gateway_charge_settled_at_index" on "sandbox_gateway_charge" ("settled_at")`);
    this.addSql(
      `alter table "bidder_payment_method" add constraint "bidder_payment_method_member_id_foreign" foreign key ("member_id") references "member" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sandbox_gateway_charge" cascade`);
    this.addSql(`drop table if exists "bidder_payment_method" cascade`);
  }
}
