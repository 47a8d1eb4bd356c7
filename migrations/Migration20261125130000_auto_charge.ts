import { Migration } from '@mikro-orm/migrations';

/**
 * Auto-charge (issue 11): the day a scheduled charge takes an invoice, and what each scheduled run
 * did per invoice (one row per try, claimed before the charge: `(invoice, date, try)` is unique, so
 * two runs never try the same invoice twice in one window).
 */
export class Migration20261125130000_auto_charge extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "invoice" add column "auto_charge_date" date null`);
    this.addSql(`create index "invoice_auto_charge_date_index" on "invoice" ("auto_charge_date") where auto_charge_date is not null`);
    this.addSql(
      `create table "invoice_auto_charge_run" ("id" serial primary key, "house_id" int not null, "invoice_id" int not null, "auto_charge_date" date not null, "try_no" int not null, "status" varchar(12) not null, "amount_cents" bigint not null default 0, "message" varchar(300) null, "created_at" timestamptz not null default now(), "finished_at" timestamptz null)`,
    );
    this.addSql(`create index "invoice_auto_charge_run_house_id_index" on "invoice_auto_charge_run" ("house_id")`);
    this.addSql(
      `alter table "invoice_auto_charge_run" add constraint "invoice_auto_charge_run_try_unique" unique ("invoice_id", "auto_charge_date", "try_no")`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "invoice_auto_charge_run" cascade`);
    this.addSql(`drop index if exists "invoice_auto_charge_date_index"`);
    this.addSql(`alter table "invoice" drop column "auto_charge_date"`);
  }
}
