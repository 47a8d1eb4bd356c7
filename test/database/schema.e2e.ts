import { MikroORM } from '@mikro-orm/postgresql';
import { buildOrmOptions } from '../../src/core/database/mikro-orm.options';
import { migrateUnderLock } from '../../src/core/database/migrate';
import { createTestDatabase, TestDatabase } from '../support/test-database';

describe('schema', () => {
  let db: TestDatabase;
  let orm: MikroORM;

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await MikroORM.init(buildOrmOptions(db.url));
  });
  afterAll(async () => {
    await orm.close();
    await db.drop();
  });

  it('matches the entities after all migrations (no drift between migrations and code)', async () => {
    const diff = await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });

  it('stores money in integer columns, never floating point', async () => {
    const rows = await orm.em.getConnection().execute(
      `select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' and (column_name like '%cents' or column_name like '%rate') and data_type not in ('bigint', 'integer')`,
    );
    expect(rows).toEqual([]);
  });

  it('migrates concurrently started instances once (advisory lock)', async () => {
    const fresh = await createTestDatabase();
    // A clone of the template is already migrated; start from an empty schema instead.
    const empty = await MikroORM.init(buildOrmOptions(fresh.url));
    try {
      await empty.em.getConnection().execute('drop schema public cascade; create schema public;');
      const instances = await Promise.all([1, 2, 3].map(() => MikroORM.init(buildOrmOptions(fresh.url))));
      const applied = await Promise.all(instances.map((o) => migrateUnderLock(o, fresh.url)));
      await Promise.all(instances.map((o) => o.close()));
      const total = applied.flat();
      const files = await empty.getMigrator().getExecutedMigrations();
      expect(total.length).toBe(files.length);
      expect(new Set(total).size).toBe(total.length);
      expect(applied.filter((a) => a.length > 0)).toHaveLength(1);
    } finally {
      await empty.close();
      await fresh.drop();
    }
  });
});
