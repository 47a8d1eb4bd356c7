import { Migration } from '@mikro-orm/migrations';

/**
 * The live/timed session wizard, steps 1 and 2 (issue 12): the sale's type and terms from Add Sale,
 * the session's basics and details, its categories (a seeded tree), post-sale channels, and the
 * contacts and viewing notes saved as defaults per house address (docs/decisions/session-wizard.md).
 */
export class Migration20261126093000_session_wizard extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "category" ("id" int not null, "parent_id" int null, "name" varchar(80) not null, "sort_order" smallint not null, constraint "category_pkey" primary key ("id"))`,
    );
    this.addSql(
      `create table "address_session_defaults" ("id" serial primary key, "house_id" int not null, "address_id" int not null, "consign_contact_id" int null, "sale_admin_id" int null, "expert_contact_id" int null, "view_notes" varchar(2500) null)`,
    );
    this.addSql(`alter table "address_session_defaults" add constraint "address_session_defaults_address_id_unique" unique ("address_id")`);
    this.addSql(
      `create table "catalog_channel" ("id" serial primary key, "catalog_id" int not null, "channel_id" smallint not null, "value" smallint not null)`,
    );
    this.addSql(
      `alter table "catalog_channel" add constraint "catalog_channel_catalog_id_channel_id_unique" unique ("catalog_id", "channel_id")`,
    );
    this.addSql(`create table "catalog_category" ("id" serial primary key, "catalog_id" int not null, "category_id" int not null)`);
    this.addSql(`create index "catalog_category_category_id_index" on "catalog_category" ("category_id")`);
    this.addSql(
      `alter table "catalog_category" add constraint "catalog_category_catalog_id_category_id_unique" unique ("catalog_id", "category_id")`,
    );
    this.addSql(
      `alter table "category" add constraint "category_parent_id_foreign" foreign key ("parent_id") references "category" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "address_session_defaults" add constraint "address_session_defaults_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "address_session_defaults" add constraint "address_session_defaults_address_id_foreign" foreign key ("address_id") references "house_address" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "address_session_defaults" add constraint "address_session_defaults_consign_contact_id_foreign" foreign key ("consign_contact_id") references "house_contact" ("id") on update cascade on delete set null`,
    );
    this.addSql(
      `alter table "address_session_defaults" add constraint "address_session_defaults_sale_admin_id_foreign" foreign key ("sale_admin_id") references "house_contact" ("id") on update cascade on delete set null`,
    );
    this.addSql(
      `alter table "address_session_defaults" add constraint "address_session_defaults_expert_contact_id_foreign" foreign key ("expert_contact_id") references "house_contact" ("id") on update cascade on delete set null`,
    );
    this.addSql(
      `alter table "catalog_channel" add constraint "catalog_channel_catalog_id_foreign" foreign key ("catalog_id") references "catalog" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "catalog_category" add constraint "catalog_category_catalog_id_foreign" foreign key ("catalog_id") references "catalog" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "catalog_category" add constraint "catalog_category_category_id_foreign" foreign key ("category_id") references "category" ("id") on update cascade on delete cascade`,
    );
    this.addSql(`alter table "auction_group" add column "is_timed" boolean not null default false, add column "terms_id" int null`);
    this.addSql(
      `alter table "auction_group" add constraint "auction_group_terms_id_foreign" foreign key ("terms_id") references "invoice_template" ("id") on update cascade on delete set null`,
    );
    this.addSql(
      `alter table "catalog" add column "creator" varchar(120) null, add column "timed_type" smallint null, add column "timed_value" smallint null, add column "resell_unsold_live_lots" boolean not null default false, add column "audio_video" smallint not null default 0, add column "description" text not null default '', add column "view_notes" varchar(2500) not null default '', add column "consign_contact_id" int null, add column "sale_admin_id" int null, add column "expert_contact_id" int null`,
    );
    this.addSql(
      `alter table "catalog" add constraint "catalog_consign_contact_id_foreign" foreign key ("consign_contact_id") references "house_contact" ("id") on update cascade on delete set null`,
    );
    this.addSql(
      `alter table "catalog" add constraint "catalog_sale_admin_id_foreign" foreign key ("sale_admin_id") references "house_contact" ("id") on update cascade on delete set null`,
    );
    this.addSql(
      `alter table "catalog" add constraint "catalog_expert_contact_id_foreign" foreign key ("expert_contact_id") references "house_contact" ("id") on update cascade on delete set null`,
    );
    this.addSql(
      `insert into "category" ("id", "parent_id", "name", "sort_order") values (1, null, 'Art', 1), (2, null, 'Antiques', 2), (3, null, 'Jewelry', 3), (4, null, 'Collectibles', 4), (5, null, 'Asian Art', 5), (6, null, 'Home & Design', 6), (101, 1, 'Paintings', 1), (102, 1, 'Prints & Multiples', 2), (103, 1, 'Photographs', 3), (104, 1, 'Sculpture', 4), (105, 1, 'Drawings & Watercolors', 5), (201, 2, 'Furniture', 1), (202, 2, 'Silver', 2), (203, 2, 'Ceramics & Porcelain', 3), (204, 2, 'Clocks & Watches', 4), (205, 2, 'Rugs & Carpets', 5), (301, 3, 'Rings', 1), (302, 3, 'Necklaces', 2), (303, 3, 'Bracelets', 3), (304, 3, 'Loose Gemstones', 4), (401, 4, 'Coins', 1), (402, 4, 'Stamps', 2), (403, 4, 'Toys & Games', 3), (404, 4, 'Sports Memorabilia', 4), (405, 4, 'Books & Manuscripts', 5), (501, 5, 'Chinese Works of Art', 1), (502, 5, 'Japanese Works of Art', 2), (503, 5, 'Indian & Southeast Asian Art', 3), (601, 6, 'Lighting', 1), (602, 6, 'Glass', 2), (603, 6, 'Mid-Century Design', 3)`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "catalog_category" cascade`);
    this.addSql(`drop table if exists "catalog_channel" cascade`);
    this.addSql(`drop table if exists "address_session_defaults" cascade`);
    this.addSql(`drop table if exists "category" cascade`);
    this.addSql(`alter table "auction_group" drop column "is_timed", drop column "terms_id"`);
    this.addSql(
      `alter table "catalog" drop column "creator", drop column "timed_type", drop column "timed_value", drop column "resell_unsold_live_lots", drop column "audio_video", drop column "description", drop column "view_notes", drop column "consign_contact_id", drop column "sale_admin_id", drop column "expert_contact_id"`,
    );
  }
}
