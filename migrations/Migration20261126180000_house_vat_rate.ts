import { Migration } from '@mikro-orm/migrations';

/** The house's VAT rate (issue 12): the session definition's vat (docs/decisions/session-wizard.md). */
export class Migration20261126180000_house_vat_rate extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "house" add column "vat_rate" int null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "house" drop column if exists "vat_rate"`);
  }
}
