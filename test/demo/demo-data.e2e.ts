import { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import { CHARGE_INELIGIBILITY_TEXT, type ChargeIneligibilityReason } from '@ar/rules';
import { buildOrmOptions } from '../../src/core/database/mikro-orm.options';
import { DEMO_CHARGING_BIDDERS, DEMO_CHARGING_GROUP, DEMO_SENT_DAYS_AGO } from '../../src/demo/demo-charging';
import { DEMO_PASSWORD, loadDemoData } from '../../src/demo/demo-data';
import { DEMO_CALENDAR_SALES, DEMO_TIMED_SALE } from '../../src/demo/demo-calendar';
import { arrangeDemoTimedBids } from '../../src/demo/demo-timed-bids';
import { formatUsDate } from '../../src/modules/invoicing/math/statuses';
import { signIn, type SignedIn } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';

type Json = Record<string, any>;

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
      // The batch-charge demo's sale and the calendar's sales have fixed sizes.
      const chargingLots = DEMO_CHARGING_BIDDERS.reduce((n, b) => n + b.lots.length, 0);
      const calendarLots = DEMO_CALENDAR_SALES.flatMap((sale) => sale.sessions).reduce((n, session) => n + session.lots, 0);
      expect(small.lots - chargingLots - calendarLots).toBeLessThan(60);
      expect(small.bidders).toBeGreaterThanOrEqual(4);
    } finally {
      await orm.close();
      await db.drop();
    }
  });

  describe('on the demo app', () => {
    let t: TestApp;
    let owner: SignedIn;
    beforeAll(async () => {
      t = await createTestApp({ demo: true, redis: false });
      owner = await signIn(t.server, 'demo', 'owner', DEMO_PASSWORD);
    });
    afterAll(async () => {
      await t?.close();
    });
    const q = (sql: string, params: unknown[] = []): Promise<Json[]> => t.em().getConnection().execute(sql, params);

    it('lets the demo users sign in with the demo password', async () => {
      for (const [house, username] of [
        ['demo', 'owner'],
        ['demo', 'clerk'],
        ['demo', 'super'],
        ['other', 'owner'],
      ]) {
        const res = await request(t.server).post('/api/auth/login').send({ house, username, password: DEMO_PASSWORD });
        expect(res.status).toBe(200);
      }
    });

    it('has an open timed sale whose lots carry bids placed by the bidding engine, shown by bulk bidding; a second run adds none', async () => {
      const [session] = await q(
        `select c.catalog_ref from catalog c join auction_group g on g.id = c.group_id where g.group_name = ? and c.sale_type = 'timed'`,
        [DEMO_TIMED_SALE],
      );
      const lots = await owner.agent.get(`/auctions/bidAdmin/catalog/${session.catalog_ref}/lots?size=100&page=0`);
      expect(lots.status).toBe(200);
      const rows = lots.body._embedded.bidAdminLotDataList as Json[];
      const withBids = rows.filter((l) => l.bidCount > 0);
      expect(withBids.length).toBeGreaterThanOrEqual(5);
      expect(rows.some((l) => l.bidCount === 0)).toBe(true);
      // The engine's own state: a leader, a current bid at least the starting bid, the lot still open.
      for (const l of withBids) {
        expect(l.maxBidder).toBeTruthy();
        expect(l.currentBid).toBeGreaterThanOrEqual(l.startingBid);
        expect(l.isClosed).toBe(false);
      }
      const history = await owner.agent
        .post(`/auctions/bidAdmin/catalog/${session.catalog_ref}/bidHistory`)
        .set('X-CSRF-Token', owner.csrf)
        .send(withBids.map((l) => l.lotRef));
      expect(history.status).toBe(200);
      const entries = Object.values(history.body.bidHistory as Record<string, Json[]>).flat();
      expect(entries).toHaveLength(withBids.reduce((n, l) => n + l.bidCount, 0));
      expect(entries.some((e) => e.bidType === 'bidNow')).toBe(true);
      // Idempotent: the bids are placed once.
      expect(await arrangeDemoTimedBids(t.app)).toEqual({ bids: 0 });
    });

    it('has a group sent three days ago whose batch charge shows approvals, declines and every reason the data can show', async () => {
      const ref = owner.user.houseInfo.houseRef;
      const [group] = await q(`select id, invoice_created from invoice_group where title = ?`, [DEMO_CHARGING_GROUP]);
      expect(group.invoice_created).toBe(true);
      const invoices = await q(`select id, email, sent_at from invoice where group_id = ?`, [group.id]);
      expect(invoices).toHaveLength(DEMO_CHARGING_BIDDERS.length);
      const keyOf = new Map(
        invoices.map((i) => [
          i.id as number,
          DEMO_CHARGING_BIDDERS.find((b) => i.email.startsWith(`${b.firstName}.${b.lastName}.`.toLowerCase()))!,
        ]),
      );
      const idOf = (key: string) => [...keyOf].find(([, b]) => b.key === key)![0];

      // Sent through the real send records: one invoice_send row per sent invoice, three days back, as the invoice's sent date.
      const sends = await q(
        `select s.invoice_id, s.status, s.created_at, i.sent_at, s.snapshot->>'invoiceSentDateString' as printed
           from invoice_send s join invoice i on i.id = s.invoice_id where s.group_id = ? order by s.id`,
        [group.id],
      );
      expect(sends).toHaveLength(DEMO_CHARGING_BIDDERS.length - 1);
      const ago = (d: Date) => (Date.now() - new Date(d).getTime()) / 86_400_000;
      for (const row of sends) {
        expect(row.status).not.toBe('not_sent');
        expect(new Date(row.sent_at).getTime()).toBe(new Date(row.created_at).getTime());
        // The document as sent is dated that day too.
        expect(row.printed).toBe(formatUsDate(new Date(row.created_at)));
        if (row.invoice_id === idOf('sent-recently')) expect(ago(row.created_at)).toBeLessThan(0.1);
        else expect(ago(row.created_at)).toBeCloseTo(DEMO_SENT_DAYS_AGO, 1);
      }
      expect(invoices.find((i) => i.id === idOf('not-sent'))!.sent_at).toBeNull();

      // The dry run (Group Details' read): each invoice's reason, exactly as arranged.
      const details = await owner.agent.get(`/app/house/${ref}/invoiceGroup/${group.id}/groupDetailInfo`);
      expect(details.status).toBe(200);
      const rows = details.body.data.invoiceBidders as Json[];
      expect(rows).toHaveLength(DEMO_CHARGING_BIDDERS.length);
      const charged = new Set(['approved', 'declined', 'achPending']);
      for (const row of rows) {
        const b = keyOf.get(row.invoiceID)!;
        const reason = charged.has(b.outcome) ? null : CHARGE_INELIGIBILITY_TEXT[b.outcome as ChargeIneligibilityReason];
        expect({ key: b.key, eligible: row.batchChargeEligible, reason: row.batchChargIneligibilityReason }).toEqual({
          key: b.key,
          eligible: reason === null,
          reason,
        });
      }
      const reasons = new Set(DEMO_CHARGING_BIDDERS.map((b) => b.outcome).filter((o) => !charged.has(o)));
      expect([...reasons].sort()).toEqual(
        [
          'paid',
          'notSent',
          'cardLimitExceeded',
          'editedAfterSend',
          'sentRecently',
          'pendingAch',
          'autoChargeScheduled',
          'noCreditCard',
          'restrictedItems',
          'taxCalculationError',
          'itemsHidden',
          'floorBidder',
        ].sort(),
      );

      const info = await owner.agent.get(`/app/house/${ref}/invoiceGroup/${group.id}/groupInfo/processCards`);
      expect(info.status).toBe(200);
      for (const inv of info.body.data.invoiceGroupInfo.invoices as Json[])
        expect([keyOf.get(inv.invoiceID)!.key, inv.canHouseProcessCards]).toEqual([
          keyOf.get(inv.invoiceID)!.key,
          charged.has(keyOf.get(inv.invoiceID)!.outcome),
        ]);

      // Charge all cards: approvals, declines and the ACH debit go to the gateway; every other invoice is answered with its reason.
      const res = await owner.agent
        .post(`/app/house/${ref}/processCards`)
        .set('X-CSRF-Token', owner.csrf)
        .send(invoices.map((i) => i.id));
      expect(res.status).toBe(200);
      const confirmations = res.body.data.data.invoiceConfirmations as Json[];
      const status = (outcome: string) => ({ approved: 'approved', declined: 'declined', achPending: 'pending' })[outcome];
      for (const c of confirmations) {
        const b = keyOf.get(c.invoiceID)!;
        if (charged.has(b.outcome)) {
          expect({ key: b.key, status: c.status, charged: c.charged }).toEqual({
            key: b.key,
            status: status(b.outcome),
            charged: b.outcome !== 'declined',
          });
        } else {
          expect({ key: b.key, charged: c.charged, reason: c.reason }).toEqual({
            key: b.key,
            charged: false,
            reason: CHARGE_INELIGIBILITY_TEXT[b.outcome as ChargeIneligibilityReason],
          });
        }
      }
      const byStatus = (st: string) => confirmations.filter((c) => c.status === st).length;
      expect(byStatus('approved')).toBe(DEMO_CHARGING_BIDDERS.filter((b) => b.outcome === 'approved').length);
      expect(byStatus('declined')).toBe(DEMO_CHARGING_BIDDERS.filter((b) => b.outcome === 'declined').length);
      expect(byStatus('approved')).toBeGreaterThanOrEqual(2);
      expect(byStatus('declined')).toBeGreaterThanOrEqual(2);
    });
  });
});
