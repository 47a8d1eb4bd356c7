import { Migration } from '@mikro-orm/migrations';

/**
 * ACH settlement (issue 11): where the settlement reader is in the gateway's events (one cursor per
 * gateway), and every settlement event received, once (unique per gateway and charge reference), with
 * what applying it did. docs/decisions/card-charging.md, "ACH settlement".
 */
export class Migration20261125150000_payment_settlement extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "payment_settlement_cursor" ("gateway" varchar(20) not null, "last_occurred_at" timestamptz null, "updated_at" timestamptz not null default now(), constraint "payment_settlement_cursor_pkey" primary key ("gateway"))`,
    );
    this.addSql(
      `create table "payment_settlement_event" ("id" serial primary key, "gateway" varchar(20) not null, "charge_reference" varchar(40) not null, "idempotency_key" varchar(200) not null, "house_id" int not null, "type" varchar(8) not null, "amount_cents" bigint not null, "currency_code" varchar(3) not null, "decline_code" varchar(32) null, "message" varchar(200) not null, "occurred_at" timestamptz not null, "status" varchar(10) not null default 'received', "invoice_id" int null, "note" varchar(300) null, "created_at" timestamptz not null default now(), "applied_at" timestamptz null)`,
    );
    this.addSql(`create index "payment_settlement_event_house_id_index" on "payment_settlement_event" ("house_id")`);
    this.addSql(`create index "payment_settlement_event_status_index" on "payment_settlement_event" ("status")`);
    this.addSql(
      `alter table "payment_settlement_event" add constraint "payment_settlement_event_gateway_charge_reference_unique" unique ("gateway", "charge_reference")`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payment_settlement_event" cascade`);
    this.addSql(`drop table if exists "payment_settlement_cursor" cascade`);
  }
}
