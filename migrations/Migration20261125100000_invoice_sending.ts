import { Migration } from '@mikro-orm/migrations';

/**
 * Sending invoices (docs/decisions/invoice-sending.md): mail attachments (files in FileStorage,
 * read at delivery), and one `invoice_send` row per invoice and version, unique while it is not a
 * `not_sent` record, so a version is sent once whoever asks and however often.
 */
export class Migration20261125100000_invoice_sending extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "mail_outbox" add column "attachments" jsonb not null default '[]'`);
    this.addSql(
      `create table "invoice_send" ("id" serial primary key, "house_id" int not null, "group_id" int not null, "invoice_id" int not null, "version" int not null, "job_id" text null, "status" varchar(10) not null default 'recorded', "reason" text null, "snapshot" jsonb not null, "mail_id" int null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "invoice_send_house_id_group_id_invoice_id_index" on "invoice_send" ("house_id", "group_id", "invoice_id")`);
    this.addSql(
      `create unique index "invoice_send_invoice_id_version_unique" on "invoice_send" ("invoice_id", "version") where "status" <> 'not_sent'`,
    );
    this.addSql(`create index "invoice_send_recorded_index" on "invoice_send" ("created_at") where "status" = 'recorded'`);
    this.addSql(
      `alter table "invoice_send" add constraint "invoice_send_invoice_id_foreign" foreign key ("invoice_id") references "invoice" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "invoice_send" add constraint "invoice_send_mail_id_foreign" foreign key ("mail_id") references "mail_outbox" ("id") on update cascade on delete set null`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "invoice_send" cascade`);
    this.addSql(`alter table "mail_outbox" drop column "attachments"`);
  }
}
