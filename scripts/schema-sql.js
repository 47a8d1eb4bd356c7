// Prints the SQL that brings a database to the entities' schema: `create` (empty database) or `update`.
// Used to write migrations: node scripts/schema-sql.js update > draft.sql (after npm run build:server).
const { MikroORM } = require('@mikro-orm/postgresql');
const { buildOrmOptions } = require('../dist/src/core/database/mikro-orm.options');

(async () => {
  const orm = await MikroORM.init(buildOrmOptions(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/auction'));
  const gen = orm.getSchemaGenerator();
  const sql = process.argv[2] === 'create' ? await gen.getCreateSchemaSQL({ wrap: false }) : await gen.getUpdateSchemaSQL({ wrap: false });
  process.stdout.write(sql);
  await orm.close();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
