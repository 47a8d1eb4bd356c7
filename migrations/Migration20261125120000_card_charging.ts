import { Migration } from '@mikro-orm/migrations';

/**
 * Batch card charging (issue 11): the charge attempts (written and committed before the gateway is
 * called; one open attempt per invoice, the claim) and, on the payments ledger, the gateway's
 * reference and the attempt that recorded a payment.
 */
export class Migration20261125120000_card_charging extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "invoice_charge_attempt" ("id" serial primary key, "house_id" int not null, "invoice_id" int not null, "attempt_no" int not null, "idempotency_key" varchar(200) not null, "amount_cents" bigint not null, "currency_code" varchar(3) not null, "purpose" varchar(12) not null, "token" varchar(64) not null, "method_kind" varchar(4) not null, "payment_method_id" int not null, "status" varchar(10) not null, "gateway_reference" varchar(40) null, "decline_code" varchar(32) null, "error" varchar(300) null, "created_by_user_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "finished_at" timestamptz null)`,
    );
    this.addSql(`create index "invoice_charge_attempt_house_id_index" on "invoice_charge_attempt" ("house_id")`);
    this.addSql(`create index "invoice_charge_attempt_status_index" on "invoice_charge_attempt" ("status")`);
    this.addSql(
      `alter table "invoice_charge_attempt" add constraint "invoice_charge_attempt_idempotency_key_unique" unique ("idempotency_key")`,
    );
    this.addSql(
      `alter table "invoice_charge_attempt" add constraint "invoice_charge_attempt_invoice_id_attempt_no_unique" unique ("invoice_id", "attempt_no")`,
    );
    this.addSql(
      `create unique index "invoice_charge_attempt_open_unique" on "invoice_charge_attempt" ("invoice_id") where status in ('started', 'unknown')`,
    );
    this.addSql(`alter table "invoice_payment" add column "gateway_reference" varchar(40) null, add column "charge_attempt_id" int null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "invoice_payment" drop column "gateway_reference", drop column "charge_attempt_id"`);
    this.addSql(`drop table if exists "invoice_charge_attempt" cascade`);
  }
}
