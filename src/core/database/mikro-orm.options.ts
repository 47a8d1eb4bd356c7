import * as path from 'node:path';
import { Options } from '@mikro-orm/core';
import { PostgreSqlDriver, type EntityManager } from '@mikro-orm/postgresql';
import type * as Migrations from '@mikro-orm/migrations';
import { ALL_ENTITIES } from '../../app.entities';
import { lazyModule } from '../lazy-module';

const migrations = lazyModule<typeof Migrations>('@mikro-orm/migrations');

/** Migrations live at the repository root (`migrations/`); compiled ones under `dist/migrations/`. */
export const MIGRATIONS_DIR = path.resolve(__dirname, '../../../migrations');

/** The one place MikroORM is configured; the server, CLI, tests and benchmarks all use it. */
export function buildOrmOptions(databaseUrl: string, overrides: Partial<Options<PostgreSqlDriver>> = {}): Options<PostgreSqlDriver> {
  return {
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    entities: ALL_ENTITIES,
    discovery: { warnWhenNoEntities: true },
    forceUtcTimezone: true,
    pool: { min: 0, max: 10 },
    // The migrator registered as `Migrator.register` does, but @mikro-orm/migrations is loaded on first
    // use: importing it loads umzug and its CLI kit (about 200 modules) into every start, tests included.
    // (Leaving the extension out makes MikroORM require it from process.cwd(), which fails elsewhere.)
    extensions: [
      {
        register: (orm) => orm.config.registerExtension('@mikro-orm/migrator', () => new (migrations().Migrator)(orm.em as EntityManager)),
      },
    ],
    migrations: {
      path: MIGRATIONS_DIR,
      glob: '!(*.d).{js,ts}',
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      // The callers report what was applied (JSON boot log, CLI output); the migrator's own colour lines would break JSON logs.
      silent: true,
    },
    debug: false,
    allowGlobalContext: false,
    ...overrides,
  };
}
