import { Migration } from '@mikro-orm/migrations';

/**
 * The lot's public reference on its invoice line (part of the lot snapshot, like number and title),
 * so the invoice calls answer `lotRef` without reading the lots module's table. Nullable: lines
 * built before it (or by a builder that does not copy it) are completed from LotsService on read.
 */
export class Migration20261121140000_invoice_line_lot_ref extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "invoice_line" add column "lot_ref" varchar(32) null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "invoice_line" drop column if exists "lot_ref"`);
  }
}
