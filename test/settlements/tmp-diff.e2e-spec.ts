import * as fs from 'node:fs';
import { MikroORM } from '@mikro-orm/postgresql';
import { buildOrmOptions } from '../../src/core/database/mikro-orm.options';
import { createTestDatabase } from '../support/test-database';
it('diff', async () => {
  const db = await createTestDatabase();
  const orm = await MikroORM.init(buildOrmOptions(db.url));
  fs.writeFileSync('/tmp/settle-diff.sql', await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false }));
  await orm.close();
  await db.drop();
});
