import { RESELL_MIN_UNSOLD, resellFirstLotEnd } from '@ar/rules';
import { ClusterScheduler } from '../../src/core/scheduling/cluster-scheduler.service';
import { ResellService } from '../../src/modules/lots/resell/resell.service';
import { ResellTasks } from '../../src/modules/lots/resell/resell.tasks';
import { waitFor } from '../support/wait-for';
import { seedSale, SeededSale } from '../invoice-groups/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

// The resell job (spec 001: an automatic timed sale of unsold live lots, 15 or more; docs/decisions/resell.md)
// on the real database: the cluster schedule enqueues it, it runs, and running it again (and twice
// at once) never makes a second resale.

const DAY = 24 * 3_600_000;
type Row = Record<string, any>;

describe('resell job: unsold live lots become one timed session', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  const sql = <T = Row>(q: string, p: unknown[] = []) => t.em().getConnection().execute(q, p) as Promise<T[]>;

  /** A live session of `lots` lots started `agoMs` ago, the first `sold` of them sold; the toggle as given. */
  async function liveSession(houseId: number, o: { lots: number; sold: number; agoMs: number; resell: boolean; title: string }) {
    const seeded: SeededSale = await seedSale(t.em(), houseId, {
      name: `${o.title} sale`,
      bidders: [{ lastName: 'Winner' }],
      sessions: [
        {
          title: o.title,
          date: new Date(Date.now() - o.agoMs).toISOString(),
          lots: Array.from({ length: o.lots }, (_, i) => (i < o.sold ? { hammer: 10_000 + i, winner: 0 } : { title: `Item ${i + 1}` })),
        },
      ],
    });
    await sql('update catalog set resell_unsold_live_lots = ? where id = ?', [o.resell, seeded.sessions[0].id]);
    return { seeded, id: seeded.sessions[0].id, lotIds: seeded.lots[0] };
  }
  const resales = (liveId: number) => sql('select * from catalog where resold_from_id = ? order by id', [liveId]);
  const checkedAt = async (id: number) => (await sql('select resell_checked_at from catalog where id = ?', [id]))[0].resell_checked_at;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    owner = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  it('the schedule runs it once per slot; 15 unsold lots are re-listed, 14 are not; off, recent and other houses as they should', async () => {
    // 21 lots: 3 sold, 1 deleted, 1 with a realized price, 1 with a hammer only: 15 unsold (one of them passed at zero).
    const spring = await liveSession(houses.a.id, { lots: 21, sold: 3, agoMs: 2 * DAY, resell: true, title: 'Spring Fine Art' });
    const [deleted, realized, passed, hammerOnly] = spring.lotIds.slice(3, 7);
    await sql(`update lot set status = 'd', deleted_at = now() where id = ?`, [deleted]);
    await sql('update lot set realized_price_cents = 5000 where id = ?', [realized]);
    await sql('update lot set realized_price_cents = 0 where id = ?', [passed]);
    await sql('update lot set hammer_cents = 700 where id = ?', [hammerOnly]);
    const expectedUnsold = spring.lotIds.filter((id, i) => i >= 3 && ![deleted, realized, hammerOnly].includes(id));
    expect(expectedUnsold).toHaveLength(RESELL_MIN_UNSOLD);
    // Item fields, images, categories and channels travel with the resale.
    await sql(
      `update lot set lot_ext = 'A', inv_number = 'INV-9', lo_est_cents = 20000, hi_est_cents = 40000, starting_bid_cents = 10000,
              artist_name = 'R. Artist', ship_weight = 12, published = true where id = ?`,
      [passed],
    );
    await sql(`insert into lot_image (house_id, lot_id, sequence, url, thumb_url) values (?, ?, 0, '/img/p.jpg', '/img/p-thumb.jpg')`, [
      houses.a.id,
      passed,
    ]);
    await sql(`update catalog set description = 'Fine things', view_notes = 'View Friday', address_id = null where id = ?`, [spring.id]);
    await sql('insert into catalog_category (catalog_id, category_id) values (?, 101), (?, 201)', [spring.id, spring.id]);
    await sql('insert into catalog_channel (catalog_id, channel_id, value) values (?, 1, 2), (?, 2, 1)', [spring.id, spring.id]);

    const short = await liveSession(houses.a.id, { lots: 17, sold: 3, agoMs: 2 * DAY, resell: true, title: 'Short' });
    const off = await liveSession(houses.a.id, { lots: 30, sold: 0, agoMs: 3 * DAY, resell: false, title: 'Toggle off' });
    const recent = await liveSession(houses.a.id, { lots: 20, sold: 0, agoMs: 2 * 3_600_000, resell: true, title: 'Tonight' });
    const other = await liveSession(houses.b.id, { lots: 16, sold: 0, agoMs: 5 * DAY, resell: true, title: 'House B' });

    const tasks = t.app.get(ResellTasks);
    const base = Date.UTC(2003, 0, 1, 0, 0);
    await Promise.all([tasks.tick(new Date(base)), tasks.tick(new Date(base + 1_000)), tasks.tick(new Date(base + 599_999))]);
    const slots = await sql(`select slot, claimed_by from schedule_slot where task = 'lots.resell-unsold-live-lots'`);
    expect(slots.map((r) => [new Date(r.slot).getTime(), r.claimed_by])).toEqual([[base, t.app.get(ClusterScheduler).instanceId]]);
    await waitFor(
      () => Promise.all([spring.id, short.id, other.id].map(checkedAt)),
      (v) => v.every((x) => x !== null),
      'the resell run to examine the closed sessions',
      20_000,
    );
    // A second slot's run finds nothing left to do; each slot enqueued one run.
    await tasks.tick(new Date(base + 600_000));
    const runs = await waitFor(
      () => sql(`select status, result from job_run where name = 'resell-unsold-live-lots' order by created_at`),
      (r) => r.length === 2 && r.every((x) => x.status === 'completed'),
      'both runs to complete',
      20_000,
    );
    const result = (r: Row) => (typeof r.result === 'string' ? JSON.parse(r.result) : r.result);
    expect(runs.map(result)).toEqual([
      { checked: 3, created: 2, lots: 31 },
      { checked: 0, created: 0, lots: 0 },
    ]);

    const [resale, ...more] = await resales(spring.id);
    expect(more).toEqual([]);
    const liveRow = (await sql('select event_date, time_zone, group_id from catalog where id = ?', [spring.id]))[0];
    expect(resale).toMatchObject({
      house_id: houses.a.id,
      group_id: liveRow.group_id,
      title: 'Spring Fine Art - Timed Resale',
      sale_type: 'timed',
      creator: 'resell',
      timed_type: 1,
      timed_value: 60,
      resell_unsold_live_lots: false,
      published: false,
      step_tracker: 6,
      description: 'Fine things',
      view_notes: 'View Friday',
      time_zone: 'America/New_York',
    });
    const checked = new Date(await checkedAt(spring.id));
    expect(new Date(resale.event_date).toISOString()).toBe(
      resellFirstLotEnd(new Date(liveRow.event_date), liveRow.time_zone, checked).toISOString(),
    );
    expect(new Date(resale.event_date).getTime()).toBeGreaterThan(Date.now() + DAY);
    expect(
      (await sql('select category_id from catalog_category where catalog_id = ? order by 1', [resale.id])).map((r) => r.category_id),
    ).toEqual([101, 201]);
    expect(await sql('select channel_id, value from catalog_channel where catalog_id = ? order by 1', [resale.id])).toEqual([
      { channel_id: 1, value: 2 },
      { channel_id: 2, value: 1 },
    ]);

    const lots = await sql('select * from lot where catalog_id = ? order by original_lot_id', [resale.id]);
    expect(lots.map((l) => l.original_lot_id)).toEqual(expectedUnsold);
    for (const l of lots) {
      expect(l).toMatchObject({ status: 's', published: false, winning_approval_id: null, hammer_cents: null, realized_price_cents: null });
      expect(l.closed_at).toBeNull();
      expect(l.bid_count).toBe(0);
    }
    expect(new Set(lots.map((l) => l.lot_ref)).size).toBe(lots.length);
    const copy = lots.find((l) => l.original_lot_id === passed)!;
    const original = (await sql('select * from lot where id = ?', [passed]))[0];
    expect(copy).toMatchObject({
      lot_number: original.lot_number,
      lot_ext: 'A',
      inv_number: 'INV-9',
      title: original.title,
      description: original.description,
      lo_est_cents: '20000',
      hi_est_cents: '40000',
      starting_bid_cents: '10000',
      artist_name: 'R. Artist',
      ship_weight: 12,
    });
    expect(copy.lot_ref).not.toBe(original.lot_ref);
    expect(await sql('select sequence, url, thumb_url from lot_image where lot_id = ?', [copy.id])).toEqual([
      { sequence: 0, url: '/img/p.jpg', thumb_url: '/img/p-thumb.jpg' },
    ]);
    // The live session's lots are untouched.
    expect((await sql('select count(*)::int as n from lot where catalog_id = ?', [spring.id]))[0].n).toBe(21);

    // 14 unsold: examined, no resale. Toggle off and not yet closed: not even examined. House B's in house B.
    expect(await resales(short.id)).toEqual([]);
    expect(await checkedAt(off.id)).toBeNull();
    expect(await resales(off.id)).toEqual([]);
    expect(await checkedAt(recent.id)).toBeNull();
    const [bResale] = await resales(other.id);
    expect(bResale).toMatchObject({ house_id: houses.b.id, group_id: other.seeded.auctionGroupId, creator: 'resell' });
    expect((await sql('select count(*)::int as n from lot where catalog_id = ? and house_id = ?', [bResale.id, houses.b.id]))[0].n).toBe(
      16,
    );

    // The calendar links the live session to its resale (house A sees only its own).
    const cal = (await owner.agent.get(`/app/house/${houses.a.houseRef}/auction-calendar?upcoming=true`).expect(200)).body.data;
    const sale = cal.auctionGroups.find((g: Row) => g.groupID === spring.seeded.auctionGroupId);
    expect(sale.catalogs.map((c: Row) => [c.catalogID, c.isTimed, c.unsoldLivetoTimedCatalog])).toEqual([
      [spring.id, false, resale.id],
      [resale.id, true, null],
    ]);
  });

  it('run again, and twice at once: still one resale per live session', async () => {
    const autumn = await liveSession(houses.a.id, { lots: 25, sold: 5, agoMs: 30 * 3_600_000, resell: true, title: 'Autumn' });
    const service = t.app.get(ResellService);
    const reports = await Promise.all([service.runDue(), service.runDue()]);
    expect(reports.reduce((n, r) => n + r.created, 0)).toBe(1);
    expect(reports.reduce((n, r) => n + r.lots, 0)).toBe(20);
    expect(await service.runDue()).toEqual({ checked: 0, created: 0, lots: 0 });
    const made = await resales(autumn.id);
    expect(made).toHaveLength(1);
    expect((await sql('select count(*)::int as n from lot where catalog_id = ?', [made[0].id]))[0].n).toBe(20);
    // Even bypassing the examined mark, the database refuses a second resale of one live session.
    await expect(
      sql(
        `insert into catalog (house_id, group_id, catalog_ref, title, sale_type, event_date, resold_from_id)
         select house_id, group_id, 'CDUPLICATE1', 'Dup', 'timed', event_date, ? from catalog where id = ?`,
        [autumn.id, autumn.id],
      ),
    ).rejects.toThrow(/catalog_resold_from_id_unique/);
  });
});
