import type { Pool } from 'pg';
import { CALENDAR_PAGE_SIZE, CURRENT_AFTER_START_MS } from '@ar/rules';
import { SESSION_SQL } from '../app-queries';
import { defineBenchmark } from '../harness';
import { sha256 } from '../../src/modules/houses/identity/secrets';
import { SessionsService } from '../../src/modules/houses/identity/sessions.service';
import { CalendarService } from '../../src/modules/catalogs/calendar/calendar.service';

/** Upcoming sales added to the demo house, three sessions of 60 lots each: a busy house's calendar. */
const SALES = 60;
const LOTS_PER_SESSION = 60;

/** CalendarService.calendar's queries as they reach PostgreSQL (positional parameters). */
const HOUSE_SQL = 'select * from house where id = $1 limit 1';
const GROUPS_SQL = `with s as (
    select g.id, g.group_name, g.is_live, g.house_fee_step_enabled,
           count(c.id)::int as sessions, max(c.event_date) as last_start,
           min(c.event_date) filter (where c.event_date > $1) as next_start
      from auction_group g left join catalog c on c.group_id = g.id and c.sale_type <> 'bin'
     where g.house_id = $2 and g.is_live
     group by g.id)
  select s.id, s.group_name, s.is_live, s.house_fee_step_enabled, s.sessions, count(*) over ()::int as total
    from s where (s.sessions = 0 or s.last_start > $3)
   order by s.next_start asc nulls first, s.id desc limit $4 offset 0`;
const SESSIONS_SQL = `select id, group_id, catalog_ref, title, sale_type, event_date, time_zone, published, step_tracker
    from catalog where house_id = $1 and sale_type <> 'bin' and group_id = any($2) order by event_date, id`;
const COUNTS_SQL = `select catalog_id, count(*) filter (where status <> 'd')::int as lots,
    count(*) filter (where status <> 'd' and not published)::int as unpublished,
    count(*) filter (where status <> 'd' and winning_approval_id is not null and hammer_cents is not null)::int as sold,
    count(*)::int as rows
    from lot where house_id = $1 and catalog_id = any($2) group by catalog_id`;
const PENDING_SQL = `select group_id, count(*)::int as n from approval where house_id = $1 and paddle_number = 0 and group_id = any($2) group by group_id`;
const INVOICED_SQL = `select distinct on (gc.catalog_id) gc.catalog_id, g.id from invoice_group_catalog gc join invoice_group g on g.id = gc.group_id
   where g.house_id = $1 and gc.catalog_id = any($2) order by gc.catalog_id, g.id desc`;

async function calendarQueries(db: Pool, houseId: number): Promise<number> {
  await db.query(HOUSE_SQL, [houseId]);
  const cut = new Date(Date.now() - CURRENT_AFTER_START_MS);
  const groups = await db.query<{ id: number }>(GROUPS_SQL, [cut, houseId, cut, CALENDAR_PAGE_SIZE]);
  const groupIds = groups.rows.map((g) => g.id);
  const sessions = await db.query<{ id: number }>(SESSIONS_SQL, [houseId, groupIds]);
  const catalogIds = sessions.rows.map((s) => s.id);
  await Promise.all([
    db.query(COUNTS_SQL, [houseId, catalogIds]),
    db.query(PENDING_SQL, [houseId, groupIds]),
    db.query(INVOICED_SQL, [houseId, catalogIds]),
  ]);
  return groups.rowCount ?? 0;
}

/**
 * The calendar's Upcoming tab, a page of 10 sales (`GET auction-calendar?upcoming=true`): guard,
 * query DTO, six queries (house, the page of sales with its total, their sessions, lot counts,
 * pending approvals, invoice groups) and the answer's mapping. Floors: CalendarService in-process;
 * the same queries through bare pg; a bare Node server running them and answering the same JSON.
 */
export default defineBenchmark({
  name: 'auction-calendar',
  title: 'GET auction-calendar (10 sales)',
  description: "the calendar's Upcoming page of 10 sales (30 sessions) against the same six queries through bare pg",
  async setup(ctx) {
    const { houseId } = ctx.user;
    await ctx.db.query(
      `with g as (
         insert into auction_group (house_id, group_name) select $1, 'Bench sale ' || n from generate_series(1, $2::int) n returning id),
       c as (
         insert into catalog (house_id, group_id, catalog_ref, title, sale_type, event_date)
         select $1, g.id, 'CB' || g.id || 'S' || k, 'Bench session ' || k, case when k = 2 then 'timed' else 'live' end,
                now() + (g.id % 90 + k) * interval '1 day'
           from g, generate_series(1, 3) k returning id)
       insert into lot (house_id, catalog_id, lot_ref, lot_number, title, description, published)
       select $1, c.id, 'LB' || c.id || 'N' || n, n::text, 'Bench lot', 'x', n % 5 <> 0 from c, generate_series(1, $3::int) n`,
      [houseId, SALES, LOTS_PER_SESSION],
    );
    await ctx.db.query('analyze auction_group; analyze catalog; analyze lot');
  },
  async run(ctx) {
    const { houseId, houseRef } = ctx.user;
    const target = { path: `/app/house/${houseRef}/auction-calendar?upcoming=true` };
    const probe = await ctx.fetch(target);
    if (probe.status !== 200) throw new Error(`auction-calendar answered ${probe.status}: ${probe.text.slice(0, 300)}`);
    const body = probe.json() as { data: { auctionGroups: unknown[]; totalRecords: number } };
    if (body.data.auctionGroups.length !== CALENDAR_PAGE_SIZE) throw new Error(`${body.data.auctionGroups.length} sales, expected 10`);
    const tokenHash = sha256(ctx.user.sessionToken);
    return {
      subject: ctx.http('GET auction-calendar (app)', target),
      floors: [
        ctx.inApp('services in-process, no HTTP', 'op/s', async (get) => {
          const p = await get(SessionsService).resolve(ctx.user.sessionToken);
          if (!p) throw new Error('session not found');
          const page = await get(CalendarService).calendar(p.houseId, { upcoming: true, page: 1, size: CALENDAR_PAGE_SIZE });
          if (page.auctionGroups.length !== CALENDAR_PAGE_SIZE) throw new Error(`${page.auctionGroups.length} sales`);
        }),
        ctx.pg('bare pg: the same 6 queries', 'op/s', async (db) => {
          if ((await calendarQueries(db, houseId)) !== CALENDAR_PAGE_SIZE) throw new Error('unexpected sales');
        }),
        ctx.bareHttp('bare node http + session and the 6 queries', async () => {
          const s = await ctx.db.query(SESSION_SQL, [tokenHash]);
          if (s.rowCount !== 1) throw new Error('session not found');
          await calendarQueries(ctx.db, houseId);
          return { body };
        }),
      ],
      notes: [`${body.data.totalRecords} upcoming sales; ${SALES * 3 * LOTS_PER_SESSION} lots added to the demo house`],
    };
  },
});
