import request from 'supertest';
import { CALENDAR_TEXT, MAX_SESSIONS_PER_SALE } from '@ar/rules';
import { Approval } from '../../src/modules/bidders/approval.entity';
import { Member } from '../../src/modules/bidders/member.entity';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { Catalog, SaleType } from '../../src/modules/catalogs/catalog.entity';
import { House } from '../../src/modules/houses/house.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { Lot } from '../../src/modules/lots/lot.entity';
import { InvoiceTemplate } from '../../src/modules/invoicing/templates/invoice-template.entity';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

// The calendar's calls (spec 001 section 7 "Calendar") over HTTP on the real database: shapes,
// Upcoming/Past, paging, access (accessCalendar), tenancy and Delete Session's refusals.

const H = 3_600_000;
const DAY = 24 * H;

describe('calendar calls (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let calendarOnly: SignedIn;
  let none: SignedIn;
  let ownerB: SignedIn;
  const ids: Record<string, number> = {};

  async function seedSale(
    houseId: number,
    name: string,
    sessions: { key: string; type: SaleType; startsIn: number; lots?: number; deletedLots?: number }[],
    over: Partial<AuctionGroup> = {},
  ) {
    const em = t.em();
    const group = em.create(AuctionGroup, { house: houseId, groupName: name, ...over });
    await em.flush();
    ids[name] = group.id;
    for (const s of sessions) {
      const c = em.create(Catalog, {
        house: houseId,
        group,
        catalogRef: newRef('C'),
        title: `${name} ${s.key}`,
        saleType: s.type,
        eventDate: new Date(Date.now() + s.startsIn),
        timeZone: 'America/Chicago',
      });
      await em.flush();
      ids[s.key] = c.id;
      for (let i = 0; i < (s.lots ?? 0) + (s.deletedLots ?? 0); i++) {
        em.create(Lot, {
          house: houseId,
          catalog: c,
          lotRef: newRef('L'),
          lotNumber: String(i + 1),
          title: 'A lot',
          description: 'A lot',
          published: i % 2 === 0,
          status: i < (s.lots ?? 0) ? 's' : 'd',
        });
      }
      await em.flush();
    }
    return group;
  }

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    const a = houses.a.id;
    // Upcoming: a sale starting in 2 days (a live session with lots, an empty timed one), one starting within 2 hours,
    // an empty sale; Past: one three days ago; buy now: a bin session.
    const spring = await seedSale(a, 'Spring Sale', [
      { key: 'springLive', type: 'live', startsIn: 2 * DAY, lots: 4 },
      { key: 'springTimed', type: 'timed', startsIn: 3 * DAY },
      { key: 'springDeletedLots', type: 'timed', startsIn: 4 * DAY, deletedLots: 1 },
    ]);
    await seedSale(a, 'Tonight', [{ key: 'tonight', type: 'live', startsIn: H }]);
    await seedSale(a, 'Empty Sale', []);
    await seedSale(a, 'Autumn Sale', [{ key: 'autumn', type: 'live', startsIn: -3 * DAY, lots: 2 }]);
    await seedSale(a, 'Older Sale', [{ key: 'older', type: 'timed', startsIn: -30 * DAY }]);
    await seedSale(a, 'Shop', [{ key: 'bin', type: 'bin', startsIn: -5 * DAY, lots: 3 }], { isLive: false });
    await seedSale(houses.b.id, 'B Sale', [{ key: 'bSession', type: 'live', startsIn: 5 * DAY }]);
    // Two registrations for the spring sale, one still without a paddle (pending approval).
    const em = t.em();
    for (const [i, paddle] of [101, 0].entries()) {
      const m = em.create(Member, {
        house: a,
        memberRef: newRef('M'),
        firstName: 'B',
        lastName: `Bidder${i}`,
        email: `b${i}@x.example`,
        platform: 'INV',
      } as never);
      em.create(Approval, { house: a, group: spring.id, member: m, paddleNumber: paddle, channel: 'INV' });
    }
    await em.flush();

    owner = await signIn(t.server, 'house-a', 'owner');
    calendarOnly = await signIn(t.server, 'house-a', 'accessCalendar');
    none = await signIn(t.server, 'house-a', 'none');
    ownerB = await signIn(t.server, 'house-b', 'owner');
  });
  afterAll(() => t?.close());

  const ref = () => houses.a.houseRef;
  const calendar = (s: SignedIn, query: string) => s.agent.get(`/app/house/${ref()}/auction-calendar?${query}`);
  const del = (s: SignedIn, id: number | string) => s.agent.delete(`/cps/app/catalog/${id}`).set('X-CSRF-Token', s.csrf);
  const catalogExists = async (id: number) => (await t.em().count(Catalog, { id })) === 1;

  it('Upcoming: sales with a session not yet a day past its start, soonest first, empty sales on top; bin sessions left out', async () => {
    const res = await calendar(calendarOnly, 'upcoming=true').expect(200);
    const data = res.body.data;
    expect(data.auctionGroups.map((g: { groupName: string }) => g.groupName)).toEqual(['Empty Sale', 'Tonight', 'Spring Sale']);
    expect(data).toMatchObject({ totalRecords: 3, page: 1, size: 10, stealthMode: false });
    const spring = data.auctionGroups[2];
    expect(spring).toMatchObject({
      groupID: ids['Spring Sale'],
      groupName: 'Spring Sale',
      live: true,
      houseFeeStepEnabled: false,
      pendingApprovalsCount: 1,
      orphanTerm: false,
      canAddCatalogs: true,
      addBlockedBy: null,
    });
    expect(spring.catalogs.map((c: { catalogID: number }) => c.catalogID)).toEqual([
      ids.springLive,
      ids.springTimed,
      ids.springDeletedLots,
    ]);
    const live = spring.catalogs[0];
    expect(live).toMatchObject({
      title: 'Spring Sale springLive',
      saleType: 'live',
      isTimed: false,
      lotCount: 4,
      unpublishedLotCount: 2,
      lotsWithoutImagesCount: 4,
      soldLotCount: 0,
      invoiceGroupID: null,
      in2Hours: false,
      isPast: false,
      editStep: 1,
      canDelete: false,
      timeZone: 'America/Chicago',
    });
    expect(live.dateTimeDisplay).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M C[SD]T$/);
    expect(new Date(live.catalogDateTimeUTC).getTime()).toBeGreaterThan(Date.now());
    expect(spring.catalogs[1]).toMatchObject({ saleType: 'timed', isTimed: true, lotCount: 0, canDelete: true });
    // Only deleted lots: not counted, and still not deletable (their rows would go with the session).
    expect(spring.catalogs[2]).toMatchObject({ lotCount: 0, canDelete: false });
    const tonight = data.auctionGroups[1].catalogs[0];
    expect(tonight).toMatchObject({ in2Hours: true, isPast: false, canDelete: false });
    expect(data.auctionGroups[0].catalogs).toEqual([]);
  });

  it('Past: sales whose sessions are all more than a day past their start, latest first', async () => {
    const data = (await calendar(owner, 'upcoming=false').expect(200)).body.data;
    expect(data.auctionGroups.map((g: { groupName: string }) => g.groupName)).toEqual(['Autumn Sale', 'Older Sale']);
    expect(data.auctionGroups[0].catalogs[0]).toMatchObject({ isPast: true, in2Hours: true, lotCount: 2, canDelete: false });
  });

  it('pages in the database: page and size, the total on every page', async () => {
    const p2 = (await calendar(owner, 'upcoming=true&page=2&size=2').expect(200)).body.data;
    expect(p2).toMatchObject({ totalRecords: 3, page: 2, size: 2 });
    expect(p2.auctionGroups.map((g: { groupName: string }) => g.groupName)).toEqual(['Spring Sale']);
    const beyond = (await calendar(owner, 'upcoming=true&page=9&size=2').expect(200)).body.data;
    expect(beyond).toMatchObject({ auctionGroups: [], totalRecords: 3 });
  });

  it('refuses a malformed query with a clear 400', async () => {
    for (const q of [
      '',
      'upcoming=yes',
      'upcoming=true&size=0',
      'upcoming=true&size=101',
      'upcoming=true&page=x',
      'upcoming=true&extra=1',
    ]) {
      const res = await calendar(owner, q);
      expect([q, res.status]).toEqual([q, 400]);
    }
    expect((await calendar(owner, 'upcoming=maybe')).body).toEqual({
      statusCode: 400,
      code: 'BAD_QUERY',
      message: 'Query parameter upcoming must be true or false.',
    });
  });

  it('blocks Add Session at the maximum sessions per sale and when the fee structure differs from the house', async () => {
    const em = t.em();
    await em.nativeUpdate(House, { id: houses.a.id }, { isHouseFeeStepActive: true });
    try {
      const groups = (await calendar(owner, 'upcoming=true').expect(200)).body.data.auctionGroups;
      expect(groups.every((g: { addBlockedBy: string }) => g.addBlockedBy === 'feeStep')).toBe(true);
      expect(groups.every((g: { canAddCatalogs: boolean }) => g.canAddCatalogs === false)).toBe(true);
    } finally {
      await em.nativeUpdate(House, { id: houses.a.id }, { isHouseFeeStepActive: false });
    }
    const many = Array.from({ length: MAX_SESSIONS_PER_SALE }, (_, i) => ({
      key: `full${i}`,
      type: 'live' as const,
      startsIn: (40 + i) * DAY,
    }));
    await seedSale(houses.b.id, 'Full Sale', many);
    const full = (await ownerB.agent.get(`/app/house/${houses.b.houseRef}/auction-calendar?upcoming=true`).expect(200)).body.data
      .auctionGroups;
    expect(full.find((g: { groupName: string }) => g.groupName === 'Full Sale')).toMatchObject({
      canAddCatalogs: false,
      addBlockedBy: 'maxSessions',
    });
    expect(full.find((g: { groupName: string }) => g.groupName === 'B Sale')).toMatchObject({ canAddCatalogs: true });
    const fullId = full.find((g: { groupName: string }) => g.groupName === 'Full Sale').groupID;
    expect((await ownerB.agent.get(`/cps/app/group/${fullId}/info`).expect(200)).body.data.groupInfo).toMatchObject({
      canAddCatalogs: false,
      addBlockedBy: 'maxSessions',
      catalogCount: MAX_SESSIONS_PER_SALE,
    });
  });

  it('group info answers whether a session may be added to a sale of the house', async () => {
    const info = async (s: SignedIn, id: number | string) => s.agent.get(`/cps/app/group/${id}/info`);
    expect((await info(owner, ids['Spring Sale']).then((r) => r.body)).data.groupInfo).toEqual({
      groupID: ids['Spring Sale'],
      groupName: 'Spring Sale',
      isTimed: false,
      catalogCount: 3,
      maxCatalogs: MAX_SESSIONS_PER_SALE,
      canAddCatalogs: true,
      addBlockedBy: null,
    });
    expect((await info(owner, ids['Older Sale'])).body.data.groupInfo).toMatchObject({ isTimed: true, catalogCount: 1 });
    expect((await info(owner, ids['Empty Sale'])).body.data.groupInfo).toMatchObject({
      isTimed: false,
      catalogCount: 0,
      canAddCatalogs: true,
    });
    // A buy-now sale is not a sale sessions are added to; another house's sale and malformed ids are not found.
    for (const [s, id] of [
      [owner, ids.Shop],
      [ownerB, ids['Spring Sale']],
      [owner, 'abc'],
      [owner, '0'],
    ] as const) {
      const res = await info(s, id);
      expect([id, res.status, res.body.code]).toEqual([id, 404, 'GROUP_NOT_FOUND']);
    }
    expect((await info(none, ids['Spring Sale'])).status).toBe(403);
  });

  it("terms answers the house's active group settings, processing-ready ones eligible for payment processing", async () => {
    const em = t.em();
    const tpl = (groupName: string, over: Partial<InvoiceTemplate> = {}) =>
      em.create(InvoiceTemplate, {
        house: houses.a.id,
        groupName,
        subject: 's',
        fromName: 'f',
        fromEmail: 'f@x.example',
        ...over,
      } as never);
    tpl('Card terms', { payrixTemplate: true });
    tpl('Plain terms');
    tpl('Retired terms', { active: false });
    em.create(InvoiceTemplate, {
      house: houses.b.id,
      groupName: 'B terms',
      subject: 's',
      fromName: 'f',
      fromEmail: 'f@x.example',
    } as never);
    await em.flush();
    const terms = async () => (await owner.agent.get(`/cps/app/house/${houses.a.id}/terms`).expect(200)).body.data.groupSettings;
    // Not enrolled with the card processor: its card-processor terms are inactive (as on the templates screen), the rest eligible.
    expect(await terms()).toEqual([
      { id: expect.any(Number), name: 'Plain terms', houseFeeStepEligible: true, paymentProcessingEligible: true },
    ]);
    await em.nativeUpdate(House, { id: houses.a.id }, { payrixEligible: true });
    try {
      expect(await terms()).toEqual([
        { id: expect.any(Number), name: 'Card terms', houseFeeStepEligible: true, paymentProcessingEligible: true },
        { id: expect.any(Number), name: 'Plain terms', houseFeeStepEligible: true, paymentProcessingEligible: false },
      ]);
    } finally {
      await em.nativeUpdate(House, { id: houses.a.id }, { payrixEligible: false });
    }
    expect((await ownerB.agent.get(`/cps/app/house/${houses.a.id}/terms`)).status).toBe(404);
    expect((await none.agent.get(`/cps/app/house/${houses.a.id}/terms`)).status).toBe(403);
  });

  it('auction-type/enabled, paymentRequiredActivation, paymentInfo and the stealth flag answer the house settings', async () => {
    const em = t.em();
    const base = `/app/house/${ref()}`;
    expect((await owner.agent.get(`${base}/auction-type/enabled`).expect(200)).body).toEqual({
      data: { binEnabled: true, liveOrTimedEnabled: true },
    });
    expect((await owner.agent.get(`${base}/paymentRequiredActivation`).expect(200)).body).toEqual({
      data: { paymentRequiredActivation: false },
    });
    expect((await owner.agent.get(`${base}/paymentInfo`).expect(200)).body).toEqual({
      data: { expiredCard: false, overduePayment: false },
    });
    await em.nativeUpdate(
      House,
      { id: houses.a.id },
      {
        binEnabled: false,
        paymentProcessingRequired: true,
        paymentProcessingEnabled: false,
        billingCardExpired: true,
        billingPaymentOverdue: true,
        stealthMode: true,
      },
    );
    try {
      expect((await owner.agent.get(`${base}/auction-type/enabled`).expect(200)).body.data.binEnabled).toBe(false);
      expect((await owner.agent.get(`${base}/paymentRequiredActivation`).expect(200)).body.data.paymentRequiredActivation).toBe(true);
      expect((await owner.agent.get(`${base}/paymentInfo`).expect(200)).body).toEqual({
        data: { expiredCard: true, overduePayment: true },
      });
      expect((await calendar(owner, 'upcoming=true').expect(200)).body.data.stealthMode).toBe(true);
    } finally {
      await em.nativeUpdate(
        House,
        { id: houses.a.id },
        { binEnabled: true, paymentProcessingRequired: false, billingCardExpired: false, billingPaymentOverdue: false, stealthMode: false },
      );
    }
  });

  it('bin/sale answers the buy-now sale with its counts, or null', async () => {
    const res = await owner.agent.get(`/app/house/${ref()}/bin/sale`).expect(200);
    expect(res.body.data.binSale).toMatchObject({
      catalogID: ids.bin,
      groupID: ids.Shop,
      title: 'Shop bin',
      invoiceGroupID: null,
      soldLotCount: 0,
      unPubLotCount: 1,
      unSoldLotCount: 3,
      editStep: 1,
    });
    expect(res.body.data.binSale.catalogURL).toMatch(/^https:\/\/.+\/catalog\/C\w+$/);
    expect((await ownerB.agent.get(`/app/house/${houses.b.houseRef}/bin/sale`).expect(200)).body).toEqual({ data: { binSale: null } });
  });

  it('every call needs accessCalendar (403 with the spec text) and a signed-in user (401)', async () => {
    const base = `/app/house/${ref()}`;
    const reads = ['auction-calendar?upcoming=true', 'auction-type/enabled', 'paymentRequiredActivation', 'paymentInfo', 'bin/sale'];
    for (const path of reads) {
      const res = await none.agent.get(`${base}/${path}`);
      expect([path, res.status, res.body.message]).toEqual([
        path,
        403,
        'You do not have permissions to view this page. Please contact your system administrator.',
      ]);
      expect([path, (await request(t.server).get(`${base}/${path}`)).status]).toEqual([path, 401]);
      expect([path, (await calendarOnly.agent.get(`${base}/${path}`)).status]).toEqual([path, 200]);
    }
    expect((await del(none, ids.springTimed)).status).toBe(403);
    expect(await catalogExists(ids.springTimed)).toBe(true);
  });

  it("tenancy: another house's houseRef or session answers 404 and changes nothing", async () => {
    for (const path of ['auction-calendar?upcoming=true', 'auction-type/enabled', 'paymentRequiredActivation', 'paymentInfo', 'bin/sale']) {
      expect([path, (await ownerB.agent.get(`/app/house/${ref()}/${path}`)).status]).toEqual([path, 404]);
    }
    const res = await del(ownerB, ids.springTimed);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'SESSION_NOT_FOUND', message: CALENDAR_TEXT.sessionNotFound });
    expect(await catalogExists(ids.springTimed)).toBe(true);
    // House B's calendar holds only its own sales.
    const b = (await ownerB.agent.get(`/app/house/${houses.b.houseRef}/auction-calendar?upcoming=true`).expect(200)).body.data;
    expect(b.auctionGroups.map((g: { groupName: string }) => g.groupName)).not.toContain('Spring Sale');
  });

  it('Delete Session refuses a session with lots, with only deleted lots, within two hours of start and after it', async () => {
    const refusals: [string, string, string][] = [
      ['springLive', 'SESSION_HAS_LOTS', CALENDAR_TEXT.deleteHasLots],
      ['springDeletedLots', 'SESSION_HAS_LOTS', CALENDAR_TEXT.deleteHasLots],
      ['tonight', 'SESSION_LOCKED', CALENDAR_TEXT.deleteLocked],
      ['older', 'SESSION_LOCKED', CALENDAR_TEXT.deleteLocked],
    ];
    for (const [key, code, message] of refusals) {
      const res = await del(owner, ids[key]);
      expect([key, res.status, res.body.code, res.body.message]).toEqual([key, 409, code, message]);
      expect(await catalogExists(ids[key])).toBe(true);
    }
    for (const bad of ['abc', '0', '2147483648']) expect((await del(owner, bad)).status).toBe(404);
    // A cookie session without the CSRF token cannot delete.
    expect((await owner.agent.delete(`/cps/app/catalog/${ids.springTimed}`)).status).toBe(403);
  });

  it('Delete Session deletes an empty upcoming session of the house, then answers 404', async () => {
    const res = await del(calendarOnly, ids.springTimed).expect(200);
    expect(res.body).toEqual({ data: { success: true, catalogID: ids.springTimed } });
    expect(await catalogExists(ids.springTimed)).toBe(false);
    expect((await del(owner, ids.springTimed)).status).toBe(404);
    const spring = (await calendar(owner, 'upcoming=true').expect(200)).body.data.auctionGroups.find(
      (g: { groupName: string }) => g.groupName === 'Spring Sale',
    );
    expect(spring.catalogs.map((c: { catalogID: number }) => c.catalogID)).toEqual([ids.springLive, ids.springDeletedLots]);
  });
});
