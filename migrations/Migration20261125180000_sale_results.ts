import { Migration } from '@mikro-orm/migrations';

/** Default feedback messages (issue 14): a house's three positive messages, by position 1..3. */
export class Migration20261125180000_sale_results extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "house_feedback_message" ("id" serial primary key, "house_id" int not null, "position" smallint not null, "message" varchar(250) not null, "updated_at" timestamptz not null default now())`,
    );
    this.addSql(
      `alter table "house_feedback_message" add constraint "house_feedback_message_house_id_position_unique" unique ("house_id", "position")`,
    );
    this.addSql(
      `alter table "house_feedback_message" add constraint "house_feedback_message_house_id_foreign" foreign key ("house_id") references "house" ("id") on update cascade on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "house_feedback_message" cascade`);
  }
}
