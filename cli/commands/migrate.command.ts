import { Inject } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Command } from 'nest-commander';
import { RUNTIME } from '../../src/core/config/config.module';
import { Runtime } from '../../src/core/config/runtime';
import { migrateUnderLock } from '../../src/core/database/migrate';
import { CliCommand, cliNote, cliOut } from '../cli-command';

/** `npm run cli -- migrate`: the same migration step every server runs at start, under the same advisory lock. */
@Command({ name: 'migrate', description: 'Apply pending database migrations (waits for the lock other starting instances hold).' })
export class MigrateCommand extends CliCommand {
  constructor(
    private readonly orm: MikroORM,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {
    super();
  }

  protected async execute(): Promise<void> {
    const started = Date.now();
    const applied = await migrateUnderLock(this.orm, this.runtime.databaseUrl, undefined, (pending) => {
      if (pending) cliNote(`applying ${pending} pending migration${pending === 1 ? '' : 's'}...`);
    });
    for (const name of applied) cliOut(`applied ${name}`);
    cliOut(
      applied.length
        ? `${applied.length} migration${applied.length === 1 ? '' : 's'} applied in ${Date.now() - started} ms.`
        : 'The database is up to date: no migration to apply.',
    );
  }
}
