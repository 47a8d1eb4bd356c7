import { SESSION_SQL } from '../app-queries';
import { defineBenchmark } from '../harness';
import { sha256 } from '../../src/modules/houses/identity/secrets';
import { SessionsService } from '../../src/modules/houses/identity/sessions.service';
import { UserViewReader } from '../../src/modules/houses/identity/user-view.reader';

/**
 * The user-and-house read as the app sent it before UserViewReader (MikroORM's joined load). Kept as
 * the floor's second query so figures stay comparable with earlier runs; the app now sends one
 * `to_jsonb` join instead, and skips the session query while the session is cached.
 */
const USER_SQL = `select s0.*, h1.* from staff_user as s0 inner join house as h1 on s0.house_id = h1.id
  where s0.id = $1 and s0.house_id = $2 limit $3`;

/**
 * The app shell's first call on every page: session lookup, then user and house.
 * Floors: the same services called in-process (no HTTP); the same two queries through bare pg;
 * a bare Node server running them and answering the app's JSON (everything but the framework,
 * the guard and the ORM).
 */
export default defineBenchmark({
  name: 'house-user',
  title: 'GET /app/house/user',
  description: 'signed-in shell call (session, then user and house) against the same two queries through bare pg',
  async run(ctx) {
    const target = { path: '/app/house/user' };
    const body = (await ctx.fetch(target)).json();
    const tokenHash = sha256(ctx.user.sessionToken);
    const bothQueries = async () => {
      const s = await ctx.db.query(SESSION_SQL, [tokenHash]);
      if (s.rowCount !== 1) throw new Error('session not found');
      const u = await ctx.db.query(USER_SQL, [ctx.user.userId, ctx.user.houseId, 1]);
      if (u.rowCount !== 1) throw new Error('user not found');
    };
    return {
      subject: ctx.http('GET /app/house/user (app)', target),
      floors: [
        ctx.inApp('services in-process, no HTTP', 'op/s', async (get) => {
          const p = await get(SessionsService).resolve(ctx.user.sessionToken);
          if (!p) throw new Error('session not found');
          return get(UserViewReader).read(p.houseId, p.userId);
        }),
        ctx.pg('bare pg: the same 2 queries', 'op/s', bothQueries),
        ctx.bareHttp('bare node http + the 2 queries', async () => {
          await bothQueries();
          return { body };
        }),
      ],
    };
  },
});
