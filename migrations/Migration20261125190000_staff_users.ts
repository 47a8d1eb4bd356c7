import { Migration } from '@mikro-orm/migrations';

/**
 * Users and Permissions (issue 16): when a user was deactivated, and the house's contacts of the
 * spec's three types (1 Consignment, 3 Sale Administrator, 4 Expert) that the session wizards offer.
 */
export class Migration20261125190000_staff_users extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "staff_user" add column "deactivated_at" timestamptz null`);
    this.addSql(
      `create table "house_contact" ("id" serial primary key, "house_id" int not null, "contact_type" smallint not null, "first_name" varchar(60) not null, "last_name" varchar(60) not null, "email" varchar(120) null, "phone" varchar(40) null, "deleted_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now())`,
    );
    this.addSql(
      `alter table "house_contact" add constraint "house_contact_contact_type_check" check (contact_type = 1 or contact_type = 3 or contact_type = 4)`,
    );
    this.addSql(`create index "house_contact_house_id_contact_type_index" on "house_contact" ("house_id", "contact_type")`);
    this.addSql(
      `alter table "house_contact" add constraint "house_contact_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "house_contact" cascade`);
    this.addSql(`alter table "staff_user" drop column if exists "deactivated_at"`);
  }
}
