import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from './core/config/app-config';
import { resolveRuntime, Runtime } from './core/config/runtime';
import { buildOrmOptions } from './core/database/mikro-orm.options';
import { migrateUnderLock } from './core/database/migrate';
import { loadDemoData } from './demo/demo-data';
import { arrangeDemoIn } from './demo/demo-services';

/** Plain start-up messages before the JSON logger exists. */
export const bootLog = (m: string) => process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), context: 'Boot', msg: m })}\n`);

export async function prepareRuntime(overrides: Partial<Pick<Runtime, 'processJobs' | 'runSchedules'>> = {}): Promise<Runtime> {
  const runtime = await resolveRuntime(loadConfig(), bootLog);
  return { ...runtime, ...overrides };
}

/** Migrates under the advisory lock and, on an empty database, loads the demo data (same lock). */
export async function prepareDatabase(runtime: Runtime): Promise<void> {
  const orm = await MikroORM.init(buildOrmOptions(runtime.databaseUrl));
  try {
    if (!runtime.config.runMigrations) return;
    const applied = await migrateUnderLock(orm, runtime.databaseUrl, async () => {
      if (runtime.config.demoData !== 'auto') return;
      const em = orm.em.fork();
      const houses = await em.getConnection().execute('select count(*)::int as n from house');
      if (houses[0].n > 0) return;
      bootLog('empty database: loading the demo data');
      const summary = await loadDemoData(em, {});
      const { charging, timedBids } = await arrangeDemoIn(runtime);
      bootLog(
        `demo data loaded: ${JSON.stringify(summary)}; invoice group ${charging.groupId} sent 3 days ago, ready to charge; ${timedBids} bids on the open timed sale`,
      );
    });
    if (applied.length) bootLog(`migrations applied: ${applied.join(', ')}`);
  } finally {
    await orm.close();
  }
}
