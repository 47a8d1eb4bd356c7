import { Migration } from '@mikro-orm/migrations';

/**
 * Invoice groups: titles of 50 characters plus the '...' the spec appends when cutting, the
 * creating request's idempotency key, and each session's date as of the group's creation (for
 * the Existing Invoices date filter).
 */
export class Migration20261121130000_invoice_groups extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "invoice_group" add column "idempotency_key" varchar(100) null`);
    this.addSql(`alter table "invoice_group" alter column "title" type varchar(53) using ("title"::varchar(53))`);
    this.addSql(
      `alter table "invoice_group" add constraint "invoice_group_house_id_idempotency_key_unique" unique ("house_id", "idempotency_key")`,
    );
    // Groups are only created from this release on; a group written before it gets its sessions' dates in their time zones.
    this.addSql(`alter table "invoice_group_catalog" add column "session_date" date null`);
    this.addSql(
      `update "invoice_group_catalog" gc set "session_date" = (c."event_date" at time zone c."time_zone")::date from "catalog" c where c."id" = gc."catalog_id"`,
    );
    this.addSql(`alter table "invoice_group_catalog" alter column "session_date" set not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "invoice_group_catalog" drop column "session_date"`);
    this.addSql(`alter table "invoice_group" drop constraint "invoice_group_house_id_idempotency_key_unique"`);
    this.addSql(`alter table "invoice_group" drop column "idempotency_key"`);
    this.addSql(`alter table "invoice_group" alter column "title" type varchar(50) using (left("title", 50))`);
  }
}
