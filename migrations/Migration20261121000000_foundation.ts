import { Migration } from '@mikro-orm/migrations';

/** Houses, staff, sessions, API tokens, locations, sales, bidders, lots and results; jobs, schedules, mail. */
export class Migration20261121000000_foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "house" ("id" serial primary key, "house_ref" varchar(32) not null, "house_user_name" varchar(64) not null, "name" varchar(200) not null, "connect_type" varchar(1) not null default 's', "ingest_type" varchar(1) not null default 'd', "is_online_only" boolean not null default false, "disable_inva_invoicing" boolean not null default false, "dispute_terms_accepted" boolean not null default false, "payment_processing_account_id" varchar(64) null, "payment_processing_eligible" boolean not null default false, "payment_processing_enabled" boolean not null default false, "payment_processing_required" boolean not null default false, "processor_type" varchar(1) null, "payrix_eligible" boolean not null default false, "bin_enabled" boolean not null default true, "live_or_timed_enabled" boolean not null default true, "bulk_bidding_enabled" boolean not null default false, "featured_lots_enabled" boolean not null default false, "auto_charge_enabled" boolean not null default false, "is_house_fee_step_active" boolean not null default false, "is_instant" boolean not null default false, "currency_code" varchar(3) not null default 'USD', "country_code" varchar(2) not null default 'US', "time_zone" varchar(64) not null default 'America/New_York', "phone" varchar(40) null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now())`,
    );
    this.addSql(`alter table "house" add constraint "house_house_ref_unique" unique ("house_ref")`);
    this.addSql(`alter table "house" add constraint "house_house_user_name_unique" unique ("house_user_name")`);
    this.addSql(
      `create table "auction_group" ("id" serial primary key, "house_id" int not null, "group_name" varchar(120) not null, "is_live" boolean not null default true, "currency_code" varchar(3) not null default 'USD', "live_fee_rate" int not null default 0, "house_fee_step_enabled" boolean not null default false, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "auction_group_house_id_index" on "auction_group" ("house_id")`);
    this.addSql(
      `create table "buyers_premium_step" ("id" serial primary key, "group_id" int not null, "from_cents" bigint not null, "to_cents" bigint null, "rate" int not null)`,
    );
    this.addSql(
      `create table "house_address" ("id" serial primary key, "house_id" int not null, "facility_name" varchar(75) null, "address_street1" varchar(50) not null, "address_street2" varchar(50) null, "address_city" varchar(50) not null, "country_code" varchar(2) not null, "state_code" varchar(10) null, "province" varchar(50) null, "postal_code" varchar(32) not null, "address_phone" varchar(40) null, "address_fax" varchar(40) null, "email" varchar(60) null, "time_zone_id" varchar(64) null, "primary" boolean not null default false, "deleted_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "house_address_house_id_index" on "house_address" ("house_id")`);
    this.addSql(
      `create table "catalog" ("id" serial primary key, "house_id" int not null, "group_id" int not null, "catalog_ref" varchar(32) not null, "title" varchar(120) not null, "sale_type" varchar(8) not null, "event_date" timestamptz not null, "time_zone" varchar(64) not null default 'America/New_York', "address_id" int null, "currency_code" varchar(3) not null default 'USD', "published" boolean not null default false, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "catalog_group_id_index" on "catalog" ("group_id")`);
    this.addSql(`alter table "catalog" add constraint "catalog_catalog_ref_unique" unique ("catalog_ref")`);
    this.addSql(`create index "catalog_house_id_event_date_index" on "catalog" ("house_id", "event_date")`);
    this.addSql(
      `create table "job_run" ("id" uuid not null, "queue" varchar(40) not null, "name" varchar(80) not null, "house_id" int null, "payload" jsonb not null, "status" varchar(16) not null default 'queued', "progress_done" int not null default 0, "progress_total" int not null default 0, "progress_message" varchar(300) null, "result" jsonb null, "error" text null, "attempts" int not null default 0, "max_attempts" int not null default 3, "idempotency_key" varchar(200) null, "created_at" timestamptz not null default now(), "started_at" timestamptz null, "finished_at" timestamptz null, constraint "job_run_pkey" primary key ("id"))`,
    );
    this.addSql(`create index "job_run_house_id_index" on "job_run" ("house_id")`);
    this.addSql(`alter table "job_run" add constraint "job_run_idempotency_key_unique" unique ("idempotency_key")`);
    this.addSql(`create index "job_run_status_created_at_index" on "job_run" ("status", "created_at")`);
    this.addSql(
      `create table "login_throttle" ("key" varchar(200) not null, "window_start" timestamptz not null, "failures" int not null, constraint "login_throttle_pkey" primary key ("key"))`,
    );
    this.addSql(
      `create table "mail_outbox" ("id" serial primary key, "house_id" int null, "kind" varchar(60) not null, "from_address" varchar(320) not null, "reply_to" varchar(320) null, "to_address" text not null, "bcc" text null, "subject" varchar(300) not null, "text_body" text not null, "html_body" text null, "status" varchar(10) not null default 'queued', "attempts" int not null default 0, "last_error" text null, "next_attempt_at" timestamptz not null default now(), "sent_at" timestamptz null, "provider_message_id" varchar(300) null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "mail_outbox_house_id_index" on "mail_outbox" ("house_id")`);
    this.addSql(`create index "mail_outbox_status_next_attempt_at_index" on "mail_outbox" ("status", "next_attempt_at")`);
    this.addSql(
      `create table "member" ("id" serial primary key, "house_id" int not null, "member_ref" varchar(32) not null, "first_name" varchar(60) not null, "last_name" varchar(60) not null, "email" varchar(120) null, "phone" varchar(40) null, "mobile_phone" varchar(40) null, "company_name" varchar(120) null, "street1" varchar(100) null, "street2" varchar(100) null, "city" varchar(60) null, "state_code" varchar(10) null, "province" varchar(60) null, "postal_code" varchar(32) null, "country_code" varchar(2) null, "platform" varchar(5) not null, "company_id" int null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`alter table "member" add constraint "member_member_ref_unique" unique ("member_ref")`);
    this.addSql(`create index "member_house_id_email_index" on "member" ("house_id", "email")`);
    this.addSql(
      `create table "approval" ("id" serial primary key, "house_id" int not null, "group_id" int not null, "member_id" int not null, "paddle_number" int not null default 0, "channel" varchar(5) not null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "approval_group_id_paddle_number_index" on "approval" ("group_id", "paddle_number")`);
    this.addSql(`alter table "approval" add constraint "approval_group_id_member_id_unique" unique ("group_id", "member_id")`);
    this.addSql(
      `create table "lot" ("id" serial primary key, "house_id" int not null, "catalog_id" int not null, "lot_ref" varchar(32) not null, "lot_number" varchar(8) null, "lot_ext" varchar(1) null, "inv_number" varchar(32) null, "title" varchar(250) not null, "description" text not null, "lo_est_cents" bigint null, "hi_est_cents" bigint null, "starting_bid_cents" bigint null, "reserve_cents" bigint null, "item_price_cents" bigint null, "restricted" boolean not null default false, "published" boolean not null default false, "status" varchar(1) not null default 's', "winning_approval_id" int null, "hammer_cents" bigint null, "result_channel" varchar(5) null, "sold_at" timestamptz null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "lot_winning_approval_id_index" on "lot" ("winning_approval_id")`);
    this.addSql(`create index "lot_catalog_id_lot_number_lot_ext_index" on "lot" ("catalog_id", "lot_number", "lot_ext")`);
    this.addSql(
      `create table "schedule_slot" ("task" varchar(100) not null, "slot" timestamptz not null, "claimed_by" varchar(100) not null, "claimed_at" timestamptz not null default now(), constraint "schedule_slot_pkey" primary key ("task", "slot"))`,
    );
    this.addSql(
      `create table "staff_user" ("id" serial primary key, "house_id" int not null, "user_ref" varchar(32) not null, "user_name" varchar(64) not null, "email" varchar(120) null, "first_name" varchar(60) null, "last_name" varchar(60) null, "password_hash" varchar(255) not null, "access_customer" boolean not null default false, "access_bulkbiding" boolean not null default false, "access_reports" boolean not null default false, "access_console" boolean not null default true, "access_invoices" boolean not null default false, "access_calendar" boolean not null default true, "access_sensitive" boolean not null default false, "access_settlement" boolean not null default false, "is_super_user" boolean not null default false, "is_active" boolean not null default true, "last_login_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now())`,
    );
    this.addSql(`alter table "staff_user" add constraint "staff_user_user_ref_unique" unique ("user_ref")`);
    this.addSql(`create unique index "staff_user_house_user_name_key" on "staff_user" ("house_id", lower("user_name"))`);
    this.addSql(
      `create table "staff_session" ("id" varchar(64) not null, "user_id" int not null, "house_id" int not null, "csrf_token" varchar(64) not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "last_seen_at" timestamptz not null default now(), "ip" varchar(64) null, "user_agent" varchar(300) null, constraint "staff_session_pkey" primary key ("id"))`,
    );
    this.addSql(`create index "staff_session_user_id_index" on "staff_session" ("user_id")`);
    this.addSql(`create index "staff_session_expires_at_index" on "staff_session" ("expires_at")`);
    this.addSql(
      `create table "api_token" ("id" serial primary key, "house_id" int not null, "user_id" int not null, "name" varchar(100) not null, "token_hash" varchar(64) not null, "token_prefix" varchar(12) not null, "created_at" timestamptz not null default now(), "last_used_at" timestamptz null, "revoked_at" timestamptz null)`,
    );
    this.addSql(`alter table "api_token" add constraint "api_token_token_hash_unique" unique ("token_hash")`);
    this.addSql(
      `alter table "auction_group" add constraint "auction_group_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "buyers_premium_step" add constraint "buyers_premium_step_group_id_foreign" foreign key ("group_id") references "auction_group" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "house_address" add constraint "house_address_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "catalog" add constraint "catalog_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "catalog" add constraint "catalog_group_id_foreign" foreign key ("group_id") references "auction_group" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "catalog" add constraint "catalog_address_id_foreign" foreign key ("address_id") references "house_address" ("id") on update cascade on delete set null`,
    );
    this.addSql(
      `alter table "member" add constraint "member_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "approval" add constraint "approval_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "approval" add constraint "approval_group_id_foreign" foreign key ("group_id") references "auction_group" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "approval" add constraint "approval_member_id_foreign" foreign key ("member_id") references "member" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "lot" add constraint "lot_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "lot" add constraint "lot_catalog_id_foreign" foreign key ("catalog_id") references "catalog" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "lot" add constraint "lot_winning_approval_id_foreign" foreign key ("winning_approval_id") references "approval" ("id") on update cascade on delete set null`,
    );
    this.addSql(
      `alter table "staff_user" add constraint "staff_user_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "staff_session" add constraint "staff_session_user_id_foreign" foreign key ("user_id") references "staff_user" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "staff_session" add constraint "staff_session_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "api_token" add constraint "api_token_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "api_token" add constraint "api_token_user_id_foreign" foreign key ("user_id") references "staff_user" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    for (const t of [
      'api_token',
      'staff_session',
      'staff_user',
      'schedule_slot',
      'lot',
      'approval',
      'member',
      'mail_outbox',
      'login_throttle',
      'job_run',
      'catalog',
      'house_address',
      'buyers_premium_step',
      'auction_group',
      'house',
    ]) {
      this.addSql(`drop table if exists "${t}" cascade`);
    }
  }
}
