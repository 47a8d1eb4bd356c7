import { Migration } from '@mikro-orm/migrations';

/** Buy-now wizard step 1 (issue 12): one settings row per bin group (docs/decisions/bin-wizard.md). */
export class Migration20261126160000_bin_sale_settings extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "bin_sale_settings" ("id" serial primary key, "house_id" int not null, "group_id" int not null, "payment_method_ids" jsonb null, "ship_to_excluded" jsonb null, "terms" jsonb null, "subject" varchar(150) null, "from_name" varchar(150) null, "from_email" varchar(150) null, "bcc_email" varchar(150) null, "tax_settings" jsonb null, "updated_at" timestamptz not null default now())`,
    );
    this.addSql(`alter table "bin_sale_settings" add constraint "bin_sale_settings_group_id_unique" unique ("group_id")`);
    this.addSql(
      `alter table "bin_sale_settings" add constraint "bin_sale_settings_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "bin_sale_settings" add constraint "bin_sale_settings_group_id_foreign" foreign key ("group_id") references "auction_group" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bin_sale_settings" cascade`);
  }
}
