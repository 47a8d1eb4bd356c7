import { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import { buildOrmOptions } from '../../src/core/database/mikro-orm.options';
import { DEMO_PASSWORD, loadDemoData } from '../../src/demo/demo-data';
import { createTestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';

/** A digest of the generated rows, to compare two runs. */
async function digest(orm: MikroORM): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, cols] of Object.entries({
    house: 'house_ref, house_user_name, name',
    staff_user: 'user_ref, user_name, access_invoices, is_super_user',
    member: 'member_ref, first_name, last_name, email, platform, company_id, country_code, state_code',
    approval: 'group_id, member_id, paddle_number, channel',
    lot: 'lot_ref, lot_number, title, hammer_cents, winning_approval_id, result_channel',
    bidder_payment_method: 'house_id, member_id, token, kind, brand, last4, exp_month, exp_year, card_limit_cents, is_default',
  })) {
    const rows = await orm.em
      .getConnection()
      .execute(`select md5(string_agg(t::text, '|' order by t::text)) as h from (select ${cols} from ${table}) t`);
    out[table] = rows[0].h;
  }
  return out;
}

describe('demo data', () => {
  it('is deterministic for a seed, with the houses, users, sales, channels and results the product needs', async () => {
    const [db1, db2] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    const [o1, o2] = await Promise.all([MikroORM.init(buildOrmOptions(db1.url)), MikroORM.init(buildOrmOptions(db2.url))]);
    try {
      const summary = await loadDemoData(o1.em.fork(), {});
      await loadDemoData(o2.em.fork(), {});
      expect(await digest(o1)).toEqual(await digest(o2));

      expect(summary.houses).toBe(2);
      expect(summary.lots).toBeGreaterThanOrEqual(300);
      expect(summary.bidders).toBeGreaterThanOrEqual(100);
      expect(summary.soldLots / summary.lots).toBeGreaterThan(0.7);
      const conn = o1.em.getConnection();
      const users =
        await conn.execute(`select h.house_user_name as house, u.user_name, u.is_super_user, u.access_invoices, u.access_sensitive, u.access_reports
        from staff_user u join house h on h.id = u.house_id order by 1, 2`);
      expect(users).toEqual([
        { house: 'demo', user_name: 'clerk', is_super_user: false, access_invoices: true, access_sensitive: false, access_reports: false },
        { house: 'demo', user_name: 'owner', is_super_user: false, access_invoices: true, access_sensitive: true, access_reports: true },
        { house: 'demo', user_name: 'super', is_super_user: true, access_invoices: true, access_sensitive: true, access_reports: true },
        { house: 'other', user_name: 'owner', is_super_user: false, access_invoices: true, access_sensitive: true, access_reports: true },
      ]);
      const types = await conn.execute(
        `select c.sale_type, count(*)::int as n from catalog c join house h on h.id = c.house_id where h.house_user_name = 'demo' group by 1 order by 1`,
      );
      expect(types.map((r) => r.sale_type)).toEqual(['bin', 'live', 'timed']);
      const platforms = await conn.execute(`select distinct platform from member order by 1`);
      expect(platforms.map((r) => r.platform)).toEqual(['AZ', 'Floor', 'INV', 'PL']);
      const codes = await conn.execute(`select platform, min(company_id) as c from member group by 1 order by 1`);
      expect(codes).toEqual([
        { platform: 'AZ', c: 4 },
        { platform: 'Floor', c: 9 },
        { platform: 'INV', c: null },
        { platform: 'PL', c: 3 },
      ]);
      const paddles = await conn.execute(`select count(*)::int as n from approval where paddle_number > 0`);
      expect(paddles[0].n).toBeGreaterThan(0);
      // A result always names an approval of the lot's own sale, and its channel.
      const bad =
        await conn.execute(`select count(*)::int as n from lot l join catalog c on c.id = l.catalog_id join approval a on a.id = l.winning_approval_id
        where a.group_id <> c.group_id or a.channel <> l.result_channel or l.hammer_cents is null`);
      expect(bad[0].n).toBe(0);
    } finally {
      await Promise.all([o1.close(), o2.close()]);
      await Promise.all([db1.drop(), db2.drop()]);
    }
  });

  it('scales with size for benchmarks', async () => {
    const db = await createTestDatabase();
    const orm = await MikroORM.init(buildOrmOptions(db.url));
    try {
      const small = await loadDemoData(orm.em.fork(), { size: 0.1, seed: 7 });
      expect(small.lots).toBeLessThan(60);
      expect(small.bidders).toBeGreaterThanOrEqual(4);
    } finally {
      await orm.close();
      await db.drop();
    }
  });

  it('lets the demo users sign in with the demo password', async () => {
    const t = await createTestApp({ demo: true });
    try {
      for (const [house, username] of [
        ['demo', 'owner'],
        ['demo', 'clerk'],
        ['demo', 'super'],
        ['other', 'owner'],
      ]) {
        const res = await request(t.server).post('/api/auth/login').send({ house, username, password: DEMO_PASSWORD });
        expect(res.status).toBe(200);
      }
    } finally {
      await t.close();
    }
  });
});
