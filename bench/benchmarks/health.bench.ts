import { defineBenchmark } from '../harness';

/**
 * The cheapest database-backed call (load balancers poll it), without a cookie as they send it.
 * Floors: the query alone; a bare Node server doing the same query and answering the same
 * JSON; a bare Node server answering that JSON with no query (this machine's HTTP floor).
 */
export default defineBenchmark({
  name: 'health',
  title: 'GET /api/health',
  description: 'public health check (one `select 1`) against bare pg, bare Node http + the query, and bare Node http alone',
  async run(ctx) {
    const target = { path: '/api/health', auth: false };
    const body = (await ctx.fetch(target)).json();
    return {
      subject: ctx.http('GET /api/health (app)', target),
      floors: [
        ctx.pg('bare pg: select 1', 'q/s', (db) => db.query('select 1')),
        ctx.bareHttp('bare node http + select 1', async () => {
          await ctx.db.query('select 1');
          return { body };
        }),
        ctx.bareHttp('bare node http, same JSON', () => ({ body })),
      ],
    };
  },
});
