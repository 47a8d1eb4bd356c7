import { Migration } from '@mikro-orm/migrations';

/**
 * Edit Realized Prices (issue 14): a lot's published realized price (integer cents, 0 = passed),
 * who set it and when; the session's "prices include the buyer's premium" answer and when they
 * were published (docs/decisions/realized-prices.md).
 */
export class Migration20261126110000_realized_prices extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "lot" add column "realized_price_cents" bigint null, add column "realized_by_user_id" int null, add column "realized_at" timestamptz null`,
    );
    this.addSql(
      `alter table "catalog" add column "realized_include_premium" boolean null, add column "realized_published_at" timestamptz null`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "catalog" drop column "realized_include_premium", drop column "realized_published_at"`);
    this.addSql(`alter table "lot" drop column "realized_price_cents", drop column "realized_by_user_id", drop column "realized_at"`);
  }
}
