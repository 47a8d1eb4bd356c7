import { Migration } from '@mikro-orm/migrations';

/** The resell job (issue 12): a timed session's live origin, when a live session was examined, a lot's original. */
export class Migration20261126180100_resell_unsold_live_lots extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "catalog" add column "resold_from_id" int null, add column "resell_checked_at" timestamptz null`);
    this.addSql(
      `alter table "catalog" add constraint "catalog_resold_from_id_foreign" foreign key ("resold_from_id") references "catalog" ("id") on update cascade on delete set null`,
    );
    this.addSql(`alter table "catalog" add constraint "catalog_resold_from_id_unique" unique ("resold_from_id")`);
    this.addSql(`alter table "lot" add column "original_lot_id" int null`);
    this.addSql(
      `alter table "lot" add constraint "lot_original_lot_id_foreign" foreign key ("original_lot_id") references "lot" ("id") on update cascade on delete set null`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "lot" drop constraint if exists "lot_original_lot_id_foreign"`);
    this.addSql(`alter table "lot" drop column if exists "original_lot_id"`);
    this.addSql(`alter table "catalog" drop constraint if exists "catalog_resold_from_id_unique"`);
    this.addSql(`alter table "catalog" drop constraint if exists "catalog_resold_from_id_foreign"`);
    this.addSql(`alter table "catalog" drop column if exists "resold_from_id", drop column if exists "resell_checked_at"`);
  }
}
