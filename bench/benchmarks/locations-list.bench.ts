import { SESSION_SQL } from '../app-queries';
import { BenchSkipped, defineBenchmark } from '../harness';
import { sha256 } from '../../src/modules/houses/identity/secrets';
import { SessionsService } from '../../src/modules/houses/identity/sessions.service';
import { LOCATION_SORTABLE, LocationsService } from '../../src/modules/houses/locations/locations.service';
import { parseRaListQuery } from '../../src/core/http/ra-list-query';

/** Live locations of the demo house after setup, at least (soft-deleted ones come on top). */
const LIVE_LOCATIONS = 60;

/** LocationsService.page with react-admin's first page and the default order: MikroORM's findAndCount, as sent. */
const LIST_SQL = `select "h0".* from "house_address" as "h0" where "h0"."house_id" = $1 and "h0"."deleted_at" is null
  order by "h0"."primary" desc, "h0"."id" asc limit $2`;
const COUNT_SQL = `select count(*) as "count" from "house_address" as "h0" where "h0"."house_id" = $1 and "h0"."deleted_at" is null`;

/**
 * A 25-row react-admin list: `GET /api/locations?range=[0,24]&filter={}` (guard, query parsing,
 * findAndCount, view mapping, Content-Range). Floors: the session lookup and LocationsService.page
 * called in-process (no HTTP); the list and count queries through bare pg (side by side, as
 * findAndCount runs them); a bare Node server running the session lookup and both queries and
 * answering the app's JSON and Content-Range.
 */
export default defineBenchmark({
  name: 'locations-list',
  title: 'GET /api/locations (25 rows)',
  description: 'a 25-row react-admin list page against the same list and count queries through bare pg',
  async setup(ctx) {
    const { houseId } = ctx.user;
    const live = await ctx.db.query<{ n: number }>(
      'select count(*)::int as n from house_address where house_id = $1 and deleted_at is null',
      [houseId],
    );
    const add = Math.max(0, LIVE_LOCATIONS - live.rows[0].n);
    // Extra saleroom addresses, plus one soft-deleted for every six live ones (the list must skip them).
    await ctx.db.query(
      `insert into house_address (house_id, facility_name, address_street1, address_city, country_code, state_code, postal_code, "primary", deleted_at)
       select $1, 'Warehouse ' || g, g || ' Commerce Street', 'Albany', 'US', 'NY', '12207', false, case when g % 7 = 0 then now() end
         from generate_series(1, $2::int) g`,
      [houseId, Math.ceil((add * 7) / 6)],
    );
    await ctx.db.query('analyze house_address');
  },
  async run(ctx) {
    const path = `/api/locations?range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent('{}')}`;
    const probe = await ctx.fetch({ path });
    if (probe.status === 404) throw new BenchSkipped('GET /api/locations does not exist in this build');
    if (probe.status !== 200) throw new Error(`GET /api/locations answered ${probe.status}: ${probe.text.slice(0, 300)}`);
    const body = probe.json() as unknown[];
    const contentRange = probe.headers.get('content-range') ?? '';
    if (body.length !== 25) throw new Error(`GET /api/locations answered ${body.length} rows, expected 25`);

    const { houseId } = ctx.user;
    const tokenHash = sha256(ctx.user.sessionToken);
    const listAndCount = async () => {
      const [rows, count] = await Promise.all([ctx.db.query(LIST_SQL, [houseId, 25]), ctx.db.query(COUNT_SQL, [houseId])]);
      if (rows.rowCount !== 25 || count.rowCount !== 1) throw new Error('unexpected row counts');
    };
    return {
      subject: ctx.http('GET /api/locations (app)', { path }),
      floors: [
        ctx.inApp('services in-process, no HTTP', 'op/s', async (get) => {
          const p = await get(SessionsService).resolve(ctx.user.sessionToken);
          if (!p) throw new Error('session not found');
          const page = await get(LocationsService).page(
            p.houseId,
            parseRaListQuery({ range: '[0,24]', filter: '{}' }, { sortable: LOCATION_SORTABLE }),
          );
          if (page.rows.length !== 25) throw new Error(`${page.rows.length} rows`);
        }),
        ctx.pg('bare pg: list + count queries', 'op/s', listAndCount),
        ctx.bareHttp(
          'bare node http + session, list, count',
          async () => {
            const s = await ctx.db.query(SESSION_SQL, [tokenHash]);
            if (s.rowCount !== 1) throw new Error('session not found');
            await listAndCount();
            return { body, headers: { 'content-range': contentRange } };
          },
          { path },
        ),
      ],
      notes: [`Content-Range: ${contentRange}; default order (primary, then id)`],
    };
  },
});
