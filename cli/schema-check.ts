import { MikroORM } from '@mikro-orm/postgresql';
import { CliError } from './cli-command';

/** Commands that write rows need the current schema; say how to get it rather than fail on a missing table. */
export async function requireCurrentSchema(orm: MikroORM): Promise<void> {
  const pending = await orm.getMigrator().getPendingMigrations();
  if (pending.length) {
    throw new CliError(
      `The database schema is not up to date (${pending.length} pending migration${pending.length === 1 ? '' : 's'}): run \`npm run cli -- migrate\` first.`,
    );
  }
}
