import { Inject } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Command, Option } from 'nest-commander';
import { RUNTIME } from '../../src/core/config/config.module';
import { Runtime } from '../../src/core/config/runtime';
import { migrateUnderLock } from '../../src/core/database/migrate';
import { DEMO_CHARGING_GROUP, arrangeDemoChargingGroup } from '../../src/demo/demo-charging';
import { DEMO_PASSWORD, loadDemoData } from '../../src/demo/demo-data';
import { DEMO_TIMED_SALE } from '../../src/demo/demo-calendar';
import { arrangeDemoTimedBids } from '../../src/demo/demo-timed-bids';
import { CliCommand, CliError, cliNote, cliOut, nonNegativeInteger, positiveNumber } from '../cli-command';

/** The houses the generator creates; their presence means the demo data is already loaded. */
export const DEMO_HOUSES = ['demo', 'other'];
export const MAX_DEMO_SIZE = 100;

/**
 * `npm run cli -- demo-data [--size N] [--seed S]`: migrates if needed, then loads houses `demo` and
 * `other` with the seeded generator. Refuses when either house exists, so running it twice never
 * duplicates anything; there is deliberately no `--force` (deleting a house's data is not a demo
 * command's job): load a different size into a fresh database instead.
 */
@Command({
  name: 'demo-data',
  description: `Load the demo houses "demo" and "other" (users owner, clerk, super; password ${DEMO_PASSWORD}) into a database that has neither.`,
})
export class DemoDataCommand extends CliCommand {
  constructor(
    private readonly orm: MikroORM,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly moduleRef: ModuleRef,
  ) {
    super();
  }

  @Option({
    flags: '--size <n>',
    description: `Scale of lots and bidders: 1 gives several hundred lots and about a hundred bidders; 20 gives thousands (max ${MAX_DEMO_SIZE}).`,
  })
  parseSize(raw: string): string {
    return raw;
  }

  @Option({ flags: '--seed <s>', description: 'Seed of the generator (a whole number): the same seed gives the same rows.' })
  parseSeed(raw: string): string {
    return raw;
  }

  protected async execute(options: { size?: string; seed?: string }): Promise<void> {
    const size = options.size === undefined ? 1 : positiveNumber('--size', options.size, MAX_DEMO_SIZE);
    const seed = options.seed === undefined ? undefined : nonNegativeInteger('--seed', options.seed, 2 ** 32 - 1);
    const started = Date.now();
    // Under the migration lock, like a first server start: two loads at once cannot both pass the check.
    const applied = await migrateUnderLock(
      this.orm,
      this.runtime.databaseUrl,
      async () => {
        const em = this.orm.em.fork() as EntityManager;
        const rows: { house_user_name: string }[] = await em
          .getConnection()
          .execute(
            `select house_user_name from house where house_user_name in (${DEMO_HOUSES.map(() => '?').join(', ')}) order by house_user_name`,
            DEMO_HOUSES,
          );
        if (rows.length) {
          const names = rows.map((r) => `"${r.house_user_name}"`).join(' and ');
          throw new CliError(
            `The demo data is already loaded: ${rows.length === 1 ? `house ${names} exists` : `houses ${names} exist`}. Nothing was changed. To load it again (for example with another --size), point DATABASE_URL at an empty database.`,
          );
        }
        cliNote(`loading the demo data (size ${size}${seed === undefined ? '' : `, seed ${seed}`})...`);
        const summary = await loadDemoData(em, {
          size,
          seed,
          onProgress: (done, total, step) => cliNote(`  [${done}/${total}] ${step}`),
        });
        // The batch-charge demo: its group created, built and sent (three days back) by the application's services.
        await arrangeDemoChargingGroup(this.moduleRef);
        cliNote(`  invoice group "${DEMO_CHARGING_GROUP}" sent 3 days ago: open it to charge cards`);
        // The open timed sale's bids, placed by the bidding engine.
        const { bids } = await arrangeDemoTimedBids(this.moduleRef);
        cliNote(`  ${bids} bids placed on the open timed sale "${DEMO_TIMED_SALE}": see its Bulk Bidding page`);
        cliOut(
          `Loaded ${summary.houses} houses, ${summary.users} staff users, ${summary.sessions} sessions, ${summary.lots} lots (${summary.soldLots} sold) and ${summary.bidders} bidders in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
        );
        cliOut(`Sign in at /ar with house "demo", user "owner", "clerk" or "super", password "${DEMO_PASSWORD}" (demo only).`);
      },
      (pending) => {
        if (pending) cliNote(`applying ${pending} pending migration${pending === 1 ? '' : 's'} first...`);
      },
    );
    for (const name of applied) cliNote(`applied migration ${name}`);
  }
}
