import { Migration } from '@mikro-orm/migrations';

/** Locations: optimistic-lock version on house addresses and at most one live primary per house. */
export class Migration20261121100000_locations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "house_address" add column "version" int not null default 1`);
    // Data written before this rule may hold several primaries: keep the oldest live one.
    this.addSql(
      `update "house_address" a set "primary" = false where a."primary" and a."deleted_at" is null and exists (select 1 from "house_address" b where b."house_id" = a."house_id" and b."primary" and b."deleted_at" is null and b."id" < a."id")`,
    );
    this.addSql(`create unique index "house_address_one_primary" on "house_address" ("house_id") where "primary" and "deleted_at" is null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "house_address_one_primary"`);
    this.addSql(`alter table "house_address" drop column if exists "version"`);
  }
}
