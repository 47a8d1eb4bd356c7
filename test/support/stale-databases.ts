import { eachConcurrently } from './each-concurrently';
import { sql } from './test-env';

/** Drops at most this many at once (they share the checkpoints PostgreSQL 15's DROP DATABASE forces). */
export const DROPS_AT_ONCE = 8;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Files leave their databases to global teardown, so an interrupted run (Ctrl-C: no teardown)
 * leaves all of them: the next run on this machine drops the clones of runs whose process is gone.
 * Only on a local server (pids mean nothing across machines), never a template, and without FORCE:
 * a database someone is connected to stays.
 */
export async function dropStaleClones(adminUrl: string): Promise<void> {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(adminUrl).hostname)) return;
  const { rows } = await sql(
    adminUrl,
    `select datname from pg_database where datname ~ '^ar_test_[0-9]+_[0-9a-z_]+$' and datname !~ '_demo$'`,
  );
  const stale = rows.map((r) => String(r.datname)).filter((name) => !alive(Number(/^ar_test_(\d+)_/.exec(name)![1])));
  await eachConcurrently(stale, DROPS_AT_ONCE, (name) =>
    sql(adminUrl, `DROP DATABASE IF EXISTS "${name}"`).then(
      () => undefined,
      () => undefined,
    ),
  );
}
