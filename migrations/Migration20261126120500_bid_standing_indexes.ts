import { Migration } from '@mikro-orm/migrations';

/**
 * Timed bidding reads a lot's standing by index, never its whole history (issue 15 "hot lot"):
 * the active bids of a lot by max (leader and runner-up, LIMIT 1 each) and by bidder (own max).
 * Partial on active bids: cancelled ones never count (docs/decisions/timed-bidding.md).
 */
export class Migration20261126120500_bid_standing_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "order_bid_lot_standing_index" on "order_bid" ("lot_id", "max_bid_cents" desc, "id") where "cancelled_at" is null`,
    );
    this.addSql(
      `create index "order_bid_lot_bidder_index" on "order_bid" ("lot_id", "approval_id", "max_bid_cents" desc) where "cancelled_at" is null`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "order_bid_lot_bidder_index"`);
    this.addSql(`drop index if exists "order_bid_lot_standing_index"`);
  }
}
