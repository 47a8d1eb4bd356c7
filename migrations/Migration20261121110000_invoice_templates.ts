import { Migration } from '@mikro-orm/migrations';

/** Invoice templates (invoice group settings): the template, its tax and fee rows and its messages. */
export class Migration20261121110000_invoice_templates extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "invoice_template" ("id" serial primary key, "house_id" int not null, "group_name" varchar(50) not null, "subject" varchar(72) not null, "from_name" varchar(150) not null, "from_email" varchar(150) not null, "bcc_email" varchar(150) null, "house_address_id" int null, "charges_per_lot" boolean not null default false, "pay_pal" boolean not null default false, "pay_pal_email" varchar(150) null, "payrix_template" boolean not null default false, "active" boolean not null default true, "version" int not null default 1, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "invoice_template_house_id_index" on "invoice_template" ("house_id")`);
    this.addSql(
      `create table "template_fee_row" ("id" serial primary key, "house_id" int not null, "template_id" int not null, "sequence" int not null, "name" varchar(50) not null, "rate" int not null, "country_code" varchar(3) not null, "state_code" varchar(10) null, "on_hammer" boolean not null, "on_live_fee" boolean not null, "on_premium" boolean not null, constraint template_fee_row_rate_check check (rate >= 0 and rate <= 100000))`,
    );
    this.addSql(`create index "template_fee_row_template_id_sequence_index" on "template_fee_row" ("template_id", "sequence")`);
    this.addSql(
      `create table "template_message" ("id" serial primary key, "house_id" int not null, "template_id" int not null, "header" varchar(150) not null, "detail" text not null default '', "sequence" int not null, "is_default" boolean not null default false)`,
    );
    this.addSql(
      `alter table "template_message" add constraint "template_message_template_id_sequence_unique" unique ("template_id", "sequence")`,
    );
    this.addSql(
      `create table "template_tax_row" ("id" serial primary key, "house_id" int not null, "template_id" int not null, "sequence" int not null, "name" varchar(50) not null, "rate" int not null, "country_code" varchar(3) not null, "state_code" varchar(10) null, "on_hammer" boolean not null, "on_live_fee" boolean not null, "on_premium" boolean not null, constraint template_tax_row_rate_check check (rate >= 0 and rate <= 100000))`,
    );
    this.addSql(`create index "template_tax_row_template_id_sequence_index" on "template_tax_row" ("template_id", "sequence")`);
    this.addSql(
      `alter table "invoice_template" add constraint "invoice_template_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "invoice_template" add constraint "invoice_template_house_address_id_foreign" foreign key ("house_address_id") references "house_address" ("id") on update cascade on delete set null`,
    );
    this.addSql(
      `alter table "template_fee_row" add constraint "template_fee_row_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "template_fee_row" add constraint "template_fee_row_template_id_foreign" foreign key ("template_id") references "invoice_template" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "template_message" add constraint "template_message_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "template_message" add constraint "template_message_template_id_foreign" foreign key ("template_id") references "invoice_template" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "template_tax_row" add constraint "template_tax_row_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "template_tax_row" add constraint "template_tax_row_template_id_foreign" foreign key ("template_id") references "invoice_template" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "template_message" cascade`);
    this.addSql(`drop table if exists "template_fee_row" cascade`);
    this.addSql(`drop table if exists "template_tax_row" cascade`);
    this.addSql(`drop table if exists "invoice_template" cascade`);
  }
}
