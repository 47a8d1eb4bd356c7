import { Migration } from '@mikro-orm/migrations';

/**
 * Every instance keeps resolved sessions for a few seconds (SessionCache). These triggers tell
 * them, over NOTIFY on `ar_auth` (sent at commit), when a session ends or a user or house changes,
 * whichever code or person made the change.
 */
export class Migration20261123110000_auth_notify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function ar_auth_notify() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'staff_session' then
    perform pg_notify('ar_auth', 'session:' || old.id);
  elsif tg_table_name = 'staff_user' then
    perform pg_notify('ar_auth', 'user:' || old.id);
  else
    perform pg_notify('ar_auth', 'all');
  end if;
  return null;
end $$`);
    this.addSql(`create trigger staff_session_auth_notify after delete on staff_session for each row execute function ar_auth_notify()`);
    // A session cut short by hand (expires_at moved back) ends at once too; the minute touch only extends it.
    this.addSql(
      `create trigger staff_session_shortened_auth_notify after update on staff_session for each row when (new.expires_at < old.expires_at or new.created_at < old.created_at or new.user_id <> old.user_id) execute function ar_auth_notify()`,
    );
    this.addSql(
      `create trigger staff_user_auth_notify after update or delete on staff_user for each row execute function ar_auth_notify()`,
    );
    this.addSql(`create trigger house_auth_notify after update or delete on house for each row execute function ar_auth_notify()`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists house_auth_notify on house`);
    this.addSql(`drop trigger if exists staff_user_auth_notify on staff_user`);
    this.addSql(`drop trigger if exists staff_session_shortened_auth_notify on staff_session`);
    this.addSql(`drop trigger if exists staff_session_auth_notify on staff_session`);
    this.addSql(`drop function if exists ar_auth_notify()`);
  }
}
