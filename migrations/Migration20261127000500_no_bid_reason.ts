import { Migration } from '@mikro-orm/migrations';

/** Why staff put a bidder on the No Bid List by hand (issue 14; docs/decisions/no-bid-list.md). */
export class Migration20261127000500_no_bid_reason extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "house_no_bid" add column "reason" varchar(255) null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "house_no_bid" drop column "reason"`);
  }
}
