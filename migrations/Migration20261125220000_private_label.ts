import { Migration } from '@mikro-orm/migrations';

/** Private Label Settings (issue 16): one row per house with its choices and logo storage keys. */
export class Migration20261125220000_private_label extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "house_private_label" ("id" serial primary key, "house_id" int not null, "font_style_id" smallint not null default 1, "font_color_id" smallint not null default 1, "button_color_id" smallint not null default 1, "language_id" smallint not null default 1, "display_past_auctions" boolean not null default true, "console_logo_key" varchar(200) null, "console_logo_at" timestamptz null, "site_logo_key" varchar(200) null, "site_logo_at" timestamptz null, "updated_at" timestamptz not null default now())`,
    );
    this.addSql(`alter table "house_private_label" add constraint "house_private_label_house_id_unique" unique ("house_id")`);
    this.addSql(
      `alter table "house_private_label" add constraint "house_private_label_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "house_private_label" cascade`);
  }
}
