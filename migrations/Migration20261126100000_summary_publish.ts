import { Migration } from '@mikro-orm/migrations';

/**
 * Preview and Summary & Publish (issue 12): a lot's banned / potentially banned marks, the session's
 * cover image and five featured lots, and lot images (docs/decisions/summary-publish.md).
 */
export class Migration20261126100000_summary_publish extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "lot" add column "banned" boolean not null default false, add column "potentially_banned" boolean not null default false`,
    );
    this.addSql(`alter table "catalog" add column "cover_image_url" varchar(1000) null, add column "featured_lot_ids" jsonb null`);
    this.addSql(
      `create table "lot_image" ("id" serial primary key, "house_id" int not null, "lot_id" int not null, "sequence" smallint not null, "url" varchar(1000) not null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "lot_image_lot_id_index" on "lot_image" ("lot_id")`);
    this.addSql(
      `alter table "lot_image" add constraint "lot_image_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "lot_image" add constraint "lot_image_lot_id_foreign" foreign key ("lot_id") references "lot" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "lot_image" cascade`);
    this.addSql(`alter table "catalog" drop column "cover_image_url", drop column "featured_lot_ids"`);
    this.addSql(`alter table "lot" drop column "banned", drop column "potentially_banned"`);
  }
}
