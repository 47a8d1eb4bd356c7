import { Migration } from '@mikro-orm/migrations';

/** Invoice groups, their sessions, invoices, invoice lines and per-house invoice numbers. */
export class Migration20261121120000_invoices extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "invoice_number_counter" ("house_id" int not null, "last_number" int not null, constraint "invoice_number_counter_pkey" primary key ("house_id"))`,
    );
    this.addSql(
      `create table "invoice_group" ("id" serial primary key, "house_id" int not null, "title" varchar(50) not null, "template_id" int not null, "sale_address_id" int null, "currency_code" varchar(3) not null, "invoice_created" boolean not null default false, "creation_job_id" uuid null, "creation_error" text null, "created_by_user_id" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "invoice_group_house_id_created_at_index" on "invoice_group" ("house_id", "created_at")`);
    this.addSql(
      `create table "invoice_group_catalog" ("group_id" int not null, "catalog_id" int not null, constraint "invoice_group_catalog_pkey" primary key ("group_id", "catalog_id"))`,
    );
    this.addSql(`create index "invoice_group_catalog_catalog_id_index" on "invoice_group_catalog" ("catalog_id")`);
    this.addSql(
      `create table "invoice" ("id" serial primary key, "house_id" int not null, "group_id" int not null, "invoice_number" int not null, "approval_id" int not null, "member_id" int not null, "first_name" varchar(60) not null, "last_name" varchar(60) not null, "email" varchar(120) null, "company_name" varchar(120) null, "phone" varchar(40) null, "street1" varchar(100) null, "street2" varchar(100) null, "city" varchar(60) null, "state_code" varchar(10) null, "province" varchar(60) null, "postal_code" varchar(32) null, "country_code" varchar(2) null, "paddle_number" int not null default 0, "channel" varchar(5) not null, "company_id" int null, "currency_code" varchar(3) not null, "apply_cost_per_lot" boolean not null default false, "pickup" boolean not null default false, "notes" text null, "shipping_cents" bigint not null default 0, "insurance_cents" bigint not null default 0, "other_cents" bigint not null default 0, "tax_cents" bigint not null default 0, "item_count" int not null default 0, "hammer_total_cents" bigint not null default 0, "premium_total_cents" bigint not null default 0, "live_fee_total_cents" bigint not null default 0, "tax_total_cents" bigint not null default 0, "shipping_total_cents" bigint not null default 0, "insurance_total_cents" bigint not null default 0, "other_total_cents" bigint not null default 0, "invoice_total_cents" bigint not null default 0, "payments_made_cents" bigint not null default 0, "balance_cents" bigint not null default 0, "all_paid" boolean not null default false, "paid_date" date null, "payment_method_id" int null, "online_payment_stat" varchar(1) null, "sent_at" timestamptz null, "edited_after_send" boolean not null default false, "tax_calculation_error" boolean not null default false, "version" int not null default 1, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "invoice_group_id_invoice_number_index" on "invoice" ("group_id", "invoice_number")`);
    this.addSql(`alter table "invoice" add constraint "invoice_group_id_approval_id_unique" unique ("group_id", "approval_id")`);
    this.addSql(`alter table "invoice" add constraint "invoice_house_id_invoice_number_unique" unique ("house_id", "invoice_number")`);
    this.addSql(
      `create table "invoice_line" ("id" serial primary key, "house_id" int not null, "invoice_id" int not null, "lot_id" int not null, "catalog_id" int not null, "lot_number" varchar(8) null, "lot_ext" varchar(1) null, "lot_title" varchar(250) not null, "restricted" boolean not null default false, "hammer_cents" bigint not null, "premium_cents" bigint not null, "live_fee_cents" bigint not null, "tax_cents" bigint not null, "tax_entered_cents" bigint not null default 0, "fees_cents" bigint not null default 0, "fee_labels" jsonb null, "shipping_cents" bigint not null default 0, "insurance_cents" bigint not null default 0, "other_staff_cents" bigint not null default 0, "total_cents" bigint not null, "hammer_override_cents" bigint null, "premium_override_cents" bigint null, "live_fee_override_cents" bigint null, "tax_calculation_error" boolean not null default false, "suppress" boolean not null default false, "paid" boolean not null default false, "paid_date" date null, "payment_method_id" int null, "amount_paid_cents" bigint not null default 0, "online_payment_stat" varchar(1) null, "shipped" boolean not null default false, "shipped_date" date null, "dispute_ref" varchar(32) null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now())`,
    );
    this.addSql(`alter table "invoice_line" add constraint "invoice_line_lot_id_unique" unique ("lot_id")`);
    this.addSql(`create index "invoice_line_invoice_id_index" on "invoice_line" ("invoice_id")`);
    this.addSql(
      `alter table "invoice_group" add constraint "invoice_group_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "invoice_group" add constraint "invoice_group_template_id_foreign" foreign key ("template_id") references "invoice_template" ("id") on update cascade on delete restrict`,
    );
    this.addSql(
      `alter table "invoice_group" add constraint "invoice_group_sale_address_id_foreign" foreign key ("sale_address_id") references "house_address" ("id") on update cascade on delete set null`,
    );
    this.addSql(
      `alter table "invoice_group_catalog" add constraint "invoice_group_catalog_group_id_foreign" foreign key ("group_id") references "invoice_group" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "invoice_group_catalog" add constraint "invoice_group_catalog_catalog_id_foreign" foreign key ("catalog_id") references "catalog" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "invoice" add constraint "invoice_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "invoice" add constraint "invoice_group_id_foreign" foreign key ("group_id") references "invoice_group" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "invoice" add constraint "invoice_approval_id_foreign" foreign key ("approval_id") references "approval" ("id") on update cascade on delete restrict`,
    );
    this.addSql(
      `alter table "invoice" add constraint "invoice_member_id_foreign" foreign key ("member_id") references "member" ("id") on update cascade on delete restrict`,
    );
    this.addSql(
      `alter table "invoice_line" add constraint "invoice_line_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "invoice_line" add constraint "invoice_line_invoice_id_foreign" foreign key ("invoice_id") references "invoice" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "invoice_line" add constraint "invoice_line_lot_id_foreign" foreign key ("lot_id") references "lot" ("id") on update cascade on delete restrict`,
    );
    this.addSql(
      `alter table "invoice_line" add constraint "invoice_line_catalog_id_foreign" foreign key ("catalog_id") references "catalog" ("id") on update cascade on delete restrict`,
    );
  }

  override async down(): Promise<void> {
    for (const t of ['invoice_line', 'invoice', 'invoice_group_catalog', 'invoice_group', 'invoice_number_counter']) {
      this.addSql(`drop table if exists "${t}" cascade`);
    }
  }
}
