import { Migration } from '@mikro-orm/migrations';

/**
 * Bulk image upload (issue 13): signed upload slots, and lot images with their renditions. One
 * image per lot and sequence, so a re-upload replaces instead of duplicating
 * (docs/decisions/lot-images.md).
 */
export class Migration20261126150000_lot_images extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "image_upload" ("id" serial primary key, "house_id" int not null, "catalog_id" int not null, "storage_key" varchar(512) not null, "expires_at" timestamptz not null, "uploaded_at" timestamptz null, "byte_size" int null, "content_type" varchar(20) null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(
      `alter table "image_upload" add constraint "image_upload_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "image_upload" add constraint "image_upload_catalog_id_foreign" foreign key ("catalog_id") references "catalog" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "lot_image" add column "thumb_url" varchar(1000) null, add column "original_key" varchar(512) null, add column "display_key" varchar(512) null, add column "thumb_key" varchar(512) null, add column "width" int null, add column "height" int null`,
    );
    // Earlier placeholder rows may repeat a sequence: keep the newest of each.
    this.addSql(
      `delete from "lot_image" a using "lot_image" b where a."lot_id" = b."lot_id" and a."sequence" = b."sequence" and a."id" < b."id"`,
    );
    this.addSql(`alter table "lot_image" add constraint "lot_image_lot_id_sequence_unique" unique ("lot_id", "sequence")`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "lot_image" drop constraint "lot_image_lot_id_sequence_unique"`);
    this.addSql(
      `alter table "lot_image" drop column "thumb_url", drop column "original_key", drop column "display_key", drop column "thumb_key", drop column "width", drop column "height"`,
    );
    this.addSql(`drop table if exists "image_upload" cascade`);
  }
}
