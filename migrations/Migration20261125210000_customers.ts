import { Migration } from '@mikro-orm/migrations';

/** Your Customers (issue 16): the customers' keyword alerts, for the keyword alerts report. */
export class Migration20261125210000_customers extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "keyword_alert" ("id" serial primary key, "house_id" int not null, "member_id" int not null, "keyword" varchar(100) not null, "created_at" timestamptz not null default now())`,
    );
    this.addSql(`create index "keyword_alert_house_id_created_at_index" on "keyword_alert" ("house_id", "created_at")`);
    this.addSql(
      `alter table "keyword_alert" add constraint "keyword_alert_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
    this.addSql(
      `alter table "keyword_alert" add constraint "keyword_alert_member_id_foreign" foreign key ("member_id") references "member" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "keyword_alert" cascade`);
  }
}
