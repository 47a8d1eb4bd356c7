import { Migration } from '@mikro-orm/migrations';

/**
 * The sales calendar (issue 12, calendar slice): the house's billing state the calendar's banners
 * read (an expired card on file, an overdue payment, stealth mode), and the session's wizard step
 * tracker, which the edit links open (null until a wizard records one).
 */
export class Migration20261125160000_sales_calendar extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "house" add column "billing_card_expired" boolean not null default false`);
    this.addSql(`alter table "house" add column "billing_payment_overdue" boolean not null default false`);
    this.addSql(`alter table "house" add column "stealth_mode" boolean not null default false`);
    this.addSql(`alter table "catalog" add column "step_tracker" smallint null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "catalog" drop column "step_tracker"`);
    this.addSql(`alter table "house" drop column "stealth_mode"`);
    this.addSql(`alter table "house" drop column "billing_payment_overdue"`);
    this.addSql(`alter table "house" drop column "billing_card_expired"`);
  }
}
