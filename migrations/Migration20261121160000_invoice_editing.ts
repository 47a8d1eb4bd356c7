import { Migration } from '@mikro-orm/migrations';

/** Editing invoices: the audit trail, recorded payments, additional charges; each line's channel and result hammer. */
export class Migration20261121160000_invoice_editing extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "invoice_payment" ("id" serial primary key, "house_id" int not null, "invoice_id" int not null, "line_id" int null, "additional_charge_id" int null, "amount_cents" bigint not null, "kind" varchar(8) not null default 'payment', "source" varchar(8) not null, "status" varchar(8) not null default 'settled', "payment_method_id" int null, "paid_date" date null, "voided_at" timestamptz null, "created_by_user_id" int null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "invoice_payment_house_id_index" on "invoice_payment" ("house_id")`);
    this.addSql(`create index "invoice_payment_invoice_id_index" on "invoice_payment" ("invoice_id")`);
    this.addSql(
      `create table "invoice_audit" ("id" serial primary key, "house_id" int not null, "invoice_id" int not null, "line_id" int null, "user_id" int null, "user_name" varchar(64) not null, "action" varchar(40) not null, "before" jsonb not null, "after" jsonb not null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "invoice_audit_house_id_index" on "invoice_audit" ("house_id")`);
    this.addSql(`create index "invoice_audit_invoice_id_created_at_index" on "invoice_audit" ("invoice_id", "created_at")`);
    this.addSql(
      `create table "invoice_additional_charge" ("id" serial primary key, "house_id" int not null, "invoice_id" int not null, "line_id" int null, "tax_cents" bigint not null default 0, "shipping_cents" bigint not null default 0, "insurance_cents" bigint not null default 0, "other_cents" bigint not null default 0, "hidden" boolean not null default false, "paid" boolean not null default false, "paid_date" date null, "payment_method_id" int null, "online_payment_stat" varchar(1) null, "sent_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "invoice_additional_charge_house_id_index" on "invoice_additional_charge" ("house_id")`);
    this.addSql(`create index "invoice_additional_charge_invoice_id_index" on "invoice_additional_charge" ("invoice_id")`);
    this.addSql(
      `alter table "invoice_payment" add constraint "invoice_payment_invoice_id_foreign" foreign key ("invoice_id") references "invoice" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "invoice_audit" add constraint "invoice_audit_invoice_id_foreign" foreign key ("invoice_id") references "invoice" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "invoice_additional_charge" add constraint "invoice_additional_charge_invoice_id_foreign" foreign key ("invoice_id") references "invoice" ("id") on update cascade on delete cascade`,
    );
    this.addSql(`alter table "invoice_line" add column "channel" varchar(5) null, add column "result_hammer_cents" bigint null`);
    // Lines built before these columns existed: their hammer is the result's, their channel the invoice's.
    this.addSql(
      `update "invoice_line" l set "channel" = i."channel" from "invoice" i where i."id" = l."invoice_id" and l."channel" is null`,
    );
  }

  override async down(): Promise<void> {
    for (const t of ['invoice_additional_charge', 'invoice_audit', 'invoice_payment']) this.addSql(`drop table if exists "${t}" cascade`);
    this.addSql(`alter table "invoice_line" drop column "channel", drop column "result_hammer_cents"`);
  }
}
