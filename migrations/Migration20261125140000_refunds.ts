import { Migration } from '@mikro-orm/migrations';

/**
 * Refunds and corrections (issue 11): the refund attempts (written and committed before the
 * gateway is called; one open attempt per payment, the claim; one live attempt per client request
 * id) and, on the payments ledger, what a refund refunds and why, and who voided a payment and why.
 */
export class Migration20261125140000_refunds extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "invoice_refund_attempt" ("id" serial primary key, "house_id" int not null, "invoice_id" int not null, "payment_id" int not null, "attempt_no" int not null, "idempotency_key" varchar(200) not null, "request_id" varchar(64) null, "amount_cents" bigint not null, "reason" varchar(250) not null, "status" varchar(10) not null, "gateway_reference" varchar(40) null, "refund_payment_id" int null, "error" varchar(300) null, "created_by_user_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "finished_at" timestamptz null)`,
    );
    this.addSql(`create index "invoice_refund_attempt_house_id_index" on "invoice_refund_attempt" ("house_id")`);
    this.addSql(`create index "invoice_refund_attempt_status_index" on "invoice_refund_attempt" ("status")`);
    this.addSql(
      `alter table "invoice_refund_attempt" add constraint "invoice_refund_attempt_idempotency_key_unique" unique ("idempotency_key")`,
    );
    this.addSql(
      `alter table "invoice_refund_attempt" add constraint "invoice_refund_attempt_payment_id_attempt_no_unique" unique ("payment_id", "attempt_no")`,
    );
    this.addSql(
      `create unique index "invoice_refund_attempt_open_unique" on "invoice_refund_attempt" ("payment_id") where status in ('started', 'unknown')`,
    );
    this.addSql(
      `create unique index "invoice_refund_attempt_request_unique" on "invoice_refund_attempt" ("payment_id", "request_id") where request_id is not null and status <> 'failed'`,
    );
    this.addSql(
      `alter table "invoice_payment" add column "refunded_payment_id" int null, add column "reason" varchar(250) null, add column "refund_attempt_id" int null, add column "void_reason" varchar(250) null, add column "voided_by_user_id" int null`,
    );
    this.addSql(`create index "invoice_payment_refunded_payment_id_index" on "invoice_payment" ("refunded_payment_id")`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "invoice_payment_refunded_payment_id_index"`);
    this.addSql(
      `alter table "invoice_payment" drop column "refunded_payment_id", drop column "reason", drop column "refund_attempt_id", drop column "void_reason", drop column "voided_by_user_id"`,
    );
    this.addSql(`drop table if exists "invoice_refund_attempt" cascade`);
  }
}
