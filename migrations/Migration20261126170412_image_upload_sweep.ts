import { Migration } from '@mikro-orm/migrations';

/**
 * The upload sweep (issue 13): slots expired past the grace, and whether a slot's key is a lot
 * image's original, read by index (docs/decisions/lot-images.md "Sweeping unregistered uploads").
 */
export class Migration20261126170412_image_upload_sweep extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "image_upload_expires_at_index" on "image_upload" ("expires_at")`);
    this.addSql(`create index "lot_image_original_key_index" on "lot_image" ("original_key")`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "lot_image_original_key_index"`);
    this.addSql(`drop index if exists "image_upload_expires_at_index"`);
  }
}
