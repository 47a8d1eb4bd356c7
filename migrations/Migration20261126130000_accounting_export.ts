import { Migration } from '@mikro-orm/migrations';

/**
 * Accounting export (issue 17): the house's account mapping, and the export ledger that records
 * which documents left for the books (docs/accounting-export.md).
 */
export class Migration20261126130000_accounting_export extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "house_accounting" ("house_id" int not null primary key, "sales_account" varchar(60) not null, "buyers_premium_account" varchar(60) not null, "live_fee_account" varchar(60) not null, "tax_payable_account" varchar(60) not null, "fees_account" varchar(60) not null, "commission_income_account" varchar(60) not null, "consignor_payable_account" varchar(60) not null, "card_clearing_account" varchar(60) not null, "updated_by_user_id" int null, "updated_at" timestamptz not null default now())`,
    );
    this.addSql(
      `alter table "house_accounting" add constraint "house_accounting_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `create table "accounting_export" ("id" serial primary key, "house_id" int not null, "format" varchar(8) not null, "from_date" date not null, "to_date" date not null, "include_exported" boolean not null, "document_count" int not null, "created_by_user_id" int null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "accounting_export_house_id_created_at_index" on "accounting_export" ("house_id", "created_at")`);
    this.addSql(
      `alter table "accounting_export" add constraint "accounting_export_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `create table "accounting_export_item" ("id" serial primary key, "house_id" int not null, "export_id" int not null, "format" varchar(8) not null, "doc_kind" varchar(12) not null, "doc_id" int not null, "doc_number" varchar(40) not null)`,
    );
    this.addSql(
      `alter table "accounting_export_item" add constraint "accounting_export_item_export_id_doc_kind_doc_id_unique" unique ("export_id", "doc_kind", "doc_id")`,
    );
    this.addSql(
      `create index "accounting_export_item_house_id_format_doc_kind_doc_id_index" on "accounting_export_item" ("house_id", "format", "doc_kind", "doc_id")`,
    );
    this.addSql(
      `alter table "accounting_export_item" add constraint "accounting_export_item_export_id_foreign" foreign key ("export_id") references "accounting_export" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "accounting_export_item" cascade`);
    this.addSql(`drop table if exists "accounting_export" cascade`);
    this.addSql(`drop table if exists "house_accounting" cascade`);
  }
}
