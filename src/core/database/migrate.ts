import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';

/** Any fixed 64-bit key: the same on every instance, so concurrent starts migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_402_915_001;

/**
 * Applies pending migrations while holding a PostgreSQL advisory lock, so several
 * instances starting at once never run the same migration twice.
 * `whileLocked` runs under the same lock after migrating (first-start demo data); `onPending` hears
 * how many migrations are about to run.
 */
export async function migrateUnderLock(
  orm: MikroORM,
  databaseUrl: string,
  whileLocked?: () => Promise<void>,
  onPending?: (count: number) => void,
): Promise<string[]> {
  const lock = new Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    // Listed under the lock only: on a new database the listing creates the migrations table, and
    // two instances creating it at once can collide (CI saw a racing `migrate` exit 1).
    if (onPending) onPending((await orm.getMigrator().getPendingMigrations()).length);
    const applied = await orm.getMigrator().up();
    if (whileLocked) await whileLocked();
    return applied.map((m) => m.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end();
  }
}
