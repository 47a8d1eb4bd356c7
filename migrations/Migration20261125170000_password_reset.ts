import { Migration } from '@mikro-orm/migrations';

/**
 * Password reset (issue 16): one row per emailed link, by the SHA-256 of its random jti, with its
 * expiry and whether it was used or superseded by a newer link (docs/decisions/password-reset.md).
 */
export class Migration20261125170000_password_reset extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "password_reset_token" ("id" serial primary key, "house_id" int not null, "user_id" int not null, "jti_hash" varchar(64) not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, "used_at" timestamptz null, "superseded_at" timestamptz null, "request_ip" varchar(64) null)`,
    );
    this.addSql(`create index "password_reset_token_user_id_index" on "password_reset_token" ("user_id")`);
    this.addSql(`alter table "password_reset_token" add constraint "password_reset_token_jti_hash_unique" unique ("jti_hash")`);
    this.addSql(
      `alter table "password_reset_token" add constraint "password_reset_token_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "password_reset_token" add constraint "password_reset_token_user_id_foreign" foreign key ("user_id") references "staff_user" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "password_reset_token" cascade`);
  }
}
