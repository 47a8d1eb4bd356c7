import { MikroORM } from '@mikro-orm/postgresql';
import { buildOrmOptions } from '../../src/core/database/mikro-orm.options';
import { bulkInsert } from '../../src/core/database/bulk-insert';
import { House } from '../../src/modules/houses/house.entity';
import { createTestDatabase, TestDatabase } from '../support/test-database';

describe('bulkInsert', () => {
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

  it('inserts many rows by property name and returns their ids in order', async () => {
    const ids = await bulkInsert(orm.em.fork(), House, [
      { houseRef: 'HBULK1', houseUserName: 'bulk-1', name: 'One' },
      { houseRef: 'HBULK2', houseUserName: 'bulk-2', name: 'Two' },
    ]);
    expect(ids).toHaveLength(2);
    const rows = await orm.em
      .getConnection()
      .execute(`select id, house_user_name, connect_type from house where id in (?, ?) order by id`, ids);
    expect(rows).toEqual([
      { id: ids[0], house_user_name: 'bulk-1', connect_type: 's' },
      { id: ids[1], house_user_name: 'bulk-2', connect_type: 's' },
    ]);
  });

  it('takes part in the surrounding transaction: a rollback leaves nothing', async () => {
    await expect(
      orm.em.fork().transactional(async (tx) => {
        await bulkInsert(tx, House, [{ houseRef: 'HROLL1', houseUserName: 'rolled-back', name: 'Gone' }]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await orm.em.getConnection().execute(`select count(*)::int as n from house where house_user_name = 'rolled-back'`);
    expect(rows[0].n).toBe(0);
  });
});
