import { Migration } from '@mikro-orm/migrations';

/** Mail outbox: a claimed row is `sending` until its lease ends; each mail keeps one Message-ID across attempts. */
export class Migration20261123100000_mail_outbox_lease extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "mail_outbox" add column "message_id" varchar(300) null, add column "lease_until" timestamptz null`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "mail_outbox" set "status" = 'queued' where "status" = 'sending'`);
    this.addSql(`alter table "mail_outbox" drop column "message_id", drop column "lease_until"`);
  }
}
