// Entry for the MikroORM CLI (`npx mikro-orm ...`); the app builds its options in code.
import { buildOrmOptions } from './mikro-orm.options';

export default buildOrmOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/auction');
