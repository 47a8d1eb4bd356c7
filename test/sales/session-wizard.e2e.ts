import { CALENDAR_TEXT, MAX_SESSIONS_PER_SALE, SESSION_TEXT as T, addDays, dateIn, stepTrackerValue, type WizardMoment } from '@ar/rules';
import { AuctionGroup } from '../../src/modules/catalogs/auction-group.entity';
import { BuyersPremiumStep } from '../../src/modules/catalogs/buyers-premium-step.entity';
import { Catalog } from '../../src/modules/catalogs/catalog.entity';
import { House } from '../../src/modules/houses/house.entity';
import { newRef } from '../../src/modules/houses/identity/secrets';
import { HouseAddress } from '../../src/modules/houses/locations/house-address.entity';
import { HouseContact } from '../../src/modules/houses/staff/house-contact.entity';
import { InvoiceTemplate } from '../../src/modules/invoicing/templates/invoice-template.entity';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

// Add Sale (live/timed) and the live/timed wizard's steps 1 and 2 (spec 001 section 7) over HTTP on
// the real database: shapes, every rule's message through the server, the session limit, the step
// tracker, access (accessCalendar) and tenancy.

const NY = 'America/New_York';
/** A date `days` ahead in New York, as MM/DD/YYYY. */
const ahead = (days: number) => {
  const d = addDays(dateIn(new Date(), NY), days);
  return `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
};

describe('session wizard calls (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let calendarOnly: SignedIn;
  let none: SignedIn;
  let ownerB: SignedIn;
  const ids: Record<string, number> = {};

  const post = (s: SignedIn, url: string, body: unknown) =>
    s.agent
      .post(url)
      .set('X-CSRF-Token', s.csrf)
      .send(body as object);
  const basics = (over: Record<string, unknown> = {}) => ({
    title: 'Evening Sale',
    addressID: ids.nyAddress,
    date: ahead(30),
    hour: '07',
    minute: '30',
    ampm: 'PM',
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    const em = t.em();
    const addr = (house: number, city: string, zone: string | undefined) =>
      em.create(HouseAddress, {
        house,
        addressStreet1: '1 Main St',
        addressCity: city,
        countryCode: 'US',
        stateCode: 'NY',
        postalCode: '10001',
        timeZoneId: zone,
      });
    const ny = addr(houses.a.id, 'New York', NY);
    const la = addr(houses.a.id, 'Los Angeles', 'America/Los_Angeles');
    const bAddr = addr(houses.b.id, 'Boston', NY);
    const tpl = (house: number, groupName: string) =>
      em.create(InvoiceTemplate, { house, groupName, subject: 's', fromName: 'f', fromEmail: 'f@x.example' } as never);
    const terms = tpl(houses.a.id, 'Standard terms');
    const bTerms = tpl(houses.b.id, 'B terms');
    const contact = (house: number, contactType: number, lastName: string) =>
      em.create(HouseContact, { house, contactType, firstName: 'Pat', lastName });
    const consign = contact(houses.a.id, 1, 'Consign');
    const admin = contact(houses.a.id, 3, 'Admin');
    const expert = contact(houses.a.id, 4, 'Expert');
    const bConsign = contact(houses.b.id, 1, 'Other');
    const full = em.create(AuctionGroup, { house: houses.a.id, groupName: 'Full sale' });
    const bGroup = em.create(AuctionGroup, { house: houses.b.id, groupName: 'B sale' });
    await em.flush();
    for (let i = 0; i < MAX_SESSIONS_PER_SALE; i++) {
      em.create(Catalog, {
        house: houses.a.id,
        group: full,
        catalogRef: newRef('C'),
        title: `S${i}`,
        saleType: 'live',
        eventDate: new Date(Date.now() + 9e8),
      });
    }
    const bSession = em.create(Catalog, {
      house: houses.b.id,
      group: bGroup,
      catalogRef: newRef('C'),
      title: 'B',
      saleType: 'live',
      eventDate: new Date(Date.now() + 9e8),
    });
    const soon = em.create(Catalog, {
      house: houses.a.id,
      group: full,
      catalogRef: newRef('C'),
      title: 'Soon',
      saleType: 'live',
      eventDate: new Date(Date.now() + 3_600_000),
    });
    em.create(BuyersPremiumStep, { group: full, fromCents: 0, toCents: 100_000_00, rate: 25_000 });
    em.create(BuyersPremiumStep, { group: full, fromCents: 100_000_00, rate: 20_000 });
    await em.flush();
    Object.assign(ids, {
      nyAddress: ny.id,
      laAddress: la.id,
      bAddress: bAddr.id,
      terms: terms.id,
      bTerms: bTerms.id,
      consign: consign.id,
      admin: admin.id,
      expert: expert.id,
      bConsign: bConsign.id,
      full: full.id,
      bGroup: bGroup.id,
      bSession: bSession.id,
      soon: soon.id,
    });
    owner = await signIn(t.server, 'house-a', 'owner');
    calendarOnly = await signIn(t.server, 'house-a', 'accessCalendar');
    none = await signIn(t.server, 'house-a', 'none');
    ownerB = await signIn(t.server, 'house-b', 'owner');
  });
  afterAll(() => t?.close());

  const auction = (s: SignedIn, body: unknown, houseId = houses.a.id) => post(s, `/cps/app/house/${houseId}/auction`, body);

  describe('Add Sale: POST /cps/app/house/{houseID}/auction', () => {
    it('creates a timed sale with its name, terms and the house fee structure; the calendar lists it empty', async () => {
      const res = await auction(calendarOnly, { isTimed: '1', title: '  Autumn Timed ', termsID: ids.terms }).expect(200);
      expect(res.body).toEqual({ data: { groupID: expect.any(Number), isTimed: true } });
      ids.timedSale = res.body.data.groupID;
      const g = await t.em().findOneOrFail(AuctionGroup, ids.timedSale, { populate: ['terms'] });
      expect([g.groupName, g.isTimed, g.isLive, g.terms?.id]).toEqual(['Autumn Timed', true, true, ids.terms]);
      const info = await owner.agent.get(`/cps/app/group/${ids.timedSale}/info`).expect(200);
      expect(info.body.data.groupInfo).toMatchObject({ isTimed: true, catalogCount: 0, canAddCatalogs: true });
      // The brief's alias by houseRef answers the same.
      const live = await post(owner, `/app/house/${houses.a.houseRef}/auction`, {
        isTimed: '0',
        title: 'Spring Live',
        termsID: ids.terms,
      }).expect(200);
      ids.liveSale = live.body.data.groupID;
      expect(live.body.data.isTimed).toBe(false);
    });

    it('refuses a missing name, a name over 120 and missing, unknown or foreign terms with the spec messages', async () => {
      const bad = async (body: unknown) => (await auction(owner, body).expect(400)).body;
      expect((await bad({ isTimed: '1', title: ' ', termsID: ids.terms })).errors).toEqual({ title: 'Sale title is required' });
      expect((await bad({ isTimed: '1', title: 'x'.repeat(121), termsID: ids.terms })).errors).toEqual({ title: T.saleTitleMax });
      expect((await bad({ isTimed: '1', title: 'A' })).errors).toEqual({ termsID: 'Please select your terms' });
      expect((await bad({ isTimed: '1', title: 'A', termsID: ids.bTerms })).errors).toEqual({ termsID: 'Please select your terms' });
      expect((await bad({ isTimed: '2', title: 'A', termsID: ids.terms })).code).toBe('VALIDATION_FAILED');
    });

    it('refuses while payment processing must be enabled first', async () => {
      await t.em().nativeUpdate(House, { id: houses.a.id }, { paymentProcessingRequired: true });
      try {
        const res = await auction(owner, { isTimed: '1', title: 'A', termsID: ids.terms }).expect(403);
        expect(res.body.message).toBe(CALENDAR_TEXT.paymentProcessingRequired);
      } finally {
        await t.em().nativeUpdate(House, { id: houses.a.id }, { paymentProcessingRequired: false });
      }
    });

    it('needs accessCalendar and the caller’s own house', async () => {
      expect((await auction(none, { isTimed: '1', title: 'A', termsID: ids.terms })).status).toBe(403);
      expect((await auction(ownerB, { isTimed: '1', title: 'A', termsID: ids.bTerms })).status).toBe(404);
      expect(
        (await post(ownerB, `/app/house/${houses.a.houseRef}/auction`, { isTimed: '1', title: 'A', termsID: ids.bTerms })).status,
      ).toBe(404);
    });
  });

  describe('step 1', () => {
    const create = (s: SignedIn, groupId: number, body: unknown) => post(s, `/cps/app/group/${groupId}/catalog`, body);

    it('house info: resell eligibility, the stagger default and each location’s zone', async () => {
      const res = await owner.agent.get(`/cps/app/house/${houses.a.id}/info`).expect(200);
      expect(res.body.data.houseInfo).toMatchObject({
        liveToTimedEligible: true,
        defaultTimedInterval: 60,
        addressTimeZones: { [ids.nyAddress]: NY, [ids.laAddress]: 'America/Los_Angeles' },
      });
      expect((await ownerB.agent.get(`/cps/app/house/${houses.a.id}/info`)).status).toBe(404);
      expect((await none.agent.get(`/cps/app/house/${houses.a.id}/info`)).status).toBe(403);
    });

    it('creates a timed session: UTC instant from the location zone, stagger, creator; then the definition reads it back', async () => {
      const res = await create(calendarOnly, ids.timedSale, basics({ isTimed: '1', timedType: 1, timedValue: 90, date: '', dateEnd: '' }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ date: 'Please select a first lot end date' });
      const ok = await create(
        calendarOnly,
        ids.timedSale,
        basics({ isTimed: '1', timedType: 1, timedValue: 90, addressID: ids.laAddress }),
      );
      expect(ok.status).toBe(200);
      ids.timedSession = ok.body.data.catalogID;
      const c = await t.em().findOneOrFail(Catalog, ids.timedSession);
      expect([c.saleType, c.timeZone, c.timedType, c.timedValue, c.creator, c.stepTracker]).toEqual([
        'timed',
        'America/Los_Angeles',
        1,
        90,
        'accessCalendar',
        null,
      ]);
      expect(dateIn(c.eventDate, 'America/Los_Angeles')).toBe(`${ahead(30).slice(6)}-${ahead(30).slice(0, 2)}-${ahead(30).slice(3, 5)}`);
      const def = (await owner.agent.get(`/cps/app/catalog/${ids.timedSession}`).expect(200)).body.data.catalog;
      expect(def).toMatchObject({
        catalogID: ids.timedSession,
        groupID: ids.timedSale,
        title: 'Evening Sale',
        isTimed: true,
        timedType: 1,
        timedValue: 90,
        date: ahead(30),
        hour: '07',
        minute: '30',
        ampm: 'PM',
        timeZone: 'America/Los_Angeles',
        city: 'Los Angeles',
        addressID: ids.laAddress,
        currency: { code: 'USD', name: 'US Dollar' },
        resellUnsoldLiveLots: 'N',
        eventDateUTCString: c.eventDate.toISOString(),
      });
      expect(['PST', 'PDT']).toContain(def.TZ_zoneName);
    });

    it('stores 7:30 PM New York as 23:30 UTC in summer and 00:30 UTC in winter (across the DST change)', async () => {
      const year = new Date().getUTCFullYear() + 1;
      const summer = await create(owner, ids.liveSale, basics({ date: `07/01/${year}` })).expect(200);
      const winter = await create(owner, ids.liveSale, basics({ date: `01/15/${year + 1}` })).expect(200);
      const at = async (id: number) => (await t.em().findOneOrFail(Catalog, id, { refresh: true })).eventDate.toISOString();
      expect(await at(summer.body.data.catalogID)).toBe(`${year}-07-01T23:30:00.000Z`);
      expect(await at(winter.body.data.catalogID)).toBe(`${year + 1}-01-16T00:30:00.000Z`);
      ids.liveSession = summer.body.data.catalogID;
    });

    it('every step 1 message through the server', async () => {
      const errs = async (over: Record<string, unknown>, groupId = ids.liveSale) =>
        (await create(owner, groupId, basics(over)).expect(400)).body.errors;
      expect(await errs({ title: '' })).toEqual({ title: 'Please enter a session title' });
      expect(await errs({ title: 'x'.repeat(121) })).toEqual({ title: T.titleMax });
      expect(await errs({ addressID: null })).toEqual({ addressID: T.locationRequired });
      expect(await errs({ addressID: ids.bAddress })).toEqual({ addressID: T.locationRequired });
      expect(await errs({ date: '' })).toEqual({ date: 'Please select a session date' });
      expect(await errs({ date: ahead(0) })).toEqual({ date: 'Session date must be within the next two years' });
      expect(await errs({ date: ahead(800) })).toEqual({ date: 'Session date must be within the next two years' });
      expect(await errs({ hour: '' })).toEqual({ time: 'Please select session time' });
      expect(await errs({ minute: '20', isTimed: '1' })).toEqual({ time: 'Please select first lot end time' });
      expect(await errs({ ampm: '' })).toEqual({ ampm: 'Please select AM/PM' });
      expect(await errs({ isTimed: '1', timedValue: 10 })).toEqual({ timedValue: T.staggerInvalid });
      expect(await errs({ viewNotes: '<script>x</script>' })).toEqual({ viewNotes: T.viewNotesHtml });
    });

    it('the resell toggle is kept for live sessions only', async () => {
      const live = await create(owner, ids.liveSale, basics({ resellUnsoldLiveLots: 'Y' })).expect(200);
      const timed = await create(owner, ids.timedSale, basics({ isTimed: '1', resellUnsoldLiveLots: 'Y' })).expect(200);
      const def = async (id: number) => (await owner.agent.get(`/cps/app/catalog/${id}`).expect(200)).body.data.catalog;
      expect((await def(live.body.data.catalogID)).resellUnsoldLiveLots).toBe('Y');
      expect((await def(timed.body.data.catalogID)).resellUnsoldLiveLots).toBe('N');
    });

    it('refuses a new session in a sale at its maximum with the spec message; other house’s sale: 404', async () => {
      const res = await create(owner, ids.full, basics()).expect(409);
      expect(res.body).toMatchObject({ code: 'MAX_SESSIONS', message: T.maxSessions });
      expect((await create(ownerB, ids.liveSale, basics())).status).toBe(404);
      expect((await create(none, ids.liveSale, basics())).status).toBe(403);
    });

    it('saves an edit (step 1 fields checked together), refuses within two hours; other house’s session: 404', async () => {
      await post(owner, `/cps/app/catalog/${ids.liveSession}`, basics({ title: 'Renamed', hour: '10', ampm: 'AM' })).expect(200);
      const def = (await owner.agent.get(`/cps/app/catalog/${ids.liveSession}`).expect(200)).body.data.catalog;
      expect([def.title, def.hour, def.ampm]).toEqual(['Renamed', '10', 'AM']);
      const bad = await post(owner, `/cps/app/catalog/${ids.liveSession}`, basics({ title: 'Renamed', date: '02/30/2027' })).expect(400);
      expect(bad.body.errors).toEqual({ date: 'Please select a session date' });
      const locked = await post(owner, `/cps/app/catalog/${ids.soon}`, basics()).expect(409);
      expect(locked.body.message).toBe(CALENDAR_TEXT.in2Hours);
      expect((await post(owner, `/cps/app/catalog/${ids.bSession}`, basics())).status).toBe(404);
      expect((await owner.agent.get(`/cps/app/catalog/${ids.bSession}`)).status).toBe(404);
      expect((await none.agent.get(`/cps/app/catalog/${ids.liveSession}`)).status).toBe(403);
    });

    it('step tracker: records 1-6, reads it back; 7 and other houses refused', async () => {
      const url = `/cps/app/diy-step-tracker/${ids.liveSession}`;
      expect((await post(owner, url, { step: 2 }).expect(200)).body).toEqual({ data: { steptracker: 2 } });
      expect((await owner.agent.get(url).expect(200)).body).toEqual({ data: { steptracker: 2 } });
      expect((await post(owner, url, { step: 7 })).status).toBe(400);
      expect((await post(ownerB, url, { step: 3 })).status).toBe(404);
      expect((await post(none, url, { step: 3 })).status).toBe(403);
      const cal = (await owner.agent.get(`/app/house/${houses.a.houseRef}/auction-calendar?upcoming=true&size=100`).expect(200)).body.data;
      const row = cal.auctionGroups
        .flatMap((g: { catalogs: { catalogID: number; editStep: number }[] }) => g.catalogs)
        .find((c: { catalogID: number }) => c.catalogID === ids.liveSession);
      expect(row.editStep).toBe(2);
    });

    it('step tracker: each live/timed moment’s value (spec 001 section 4) is recorded; the calendar’s edit link opens it', async () => {
      const url = `/cps/app/diy-step-tracker/${ids.liveSession}`;
      const editStep = async () => {
        const cal = (await owner.agent.get(`/app/house/${houses.a.houseRef}/auction-calendar?upcoming=true&size=100`).expect(200)).body
          .data;
        return cal.auctionGroups
          .flatMap((g: { catalogs: { catalogID: number; editStep: number }[] }) => g.catalogs)
          .find((c: { catalogID: number }) => c.catalogID === ids.liveSession).editStep as number;
      };
      const moments: [WizardMoment, boolean, number][] = [
        ['basicsCreated', false, 2],
        ['details', false, 3],
        ['items', false, 4],
        ['singleItemAdded', false, 4],
        ['images', false, 5],
        ['preview', false, 6],
        ['details', true, 6],
      ];
      for (const [moment, fromSummary, step] of moments) {
        expect(stepTrackerValue('live', moment, fromSummary)).toBe(step);
        expect((await post(owner, url, { step }).expect(200)).body).toEqual({ data: { steptracker: step } });
        expect(await editStep()).toBe(step);
      }
      const seven = await post(owner, url, { step: 7 }).expect(400);
      expect(seven.body.errors).toEqual({ step: 'Step must be between 1 and 6' });
    });
  });

  describe('step 2', () => {
    const url = (path: string) => `/cps/app/catalog/${ids.liveSession}/${path}`;

    it('buyer’s premium steps in units and percent', async () => {
      expect((await owner.agent.get(`/cps/app/group/${ids.full}/buypremsteps`).expect(200)).body.data.buypremsteps).toEqual([
        { from: 0, to: 100000, stepPct: 25 },
        { from: 100000, to: null, stepPct: 20 },
      ]);
      expect((await ownerB.agent.get(`/cps/app/group/${ids.full}/buypremsteps`)).status).toBe(404);
    });

    it('categories: the tree, 1 to 8 kept (extras and unknown ignored), none refused', async () => {
      const tree = (await owner.agent.get(`/cps/app/house/${houses.a.id}/categories`).expect(200)).body.data.categories;
      expect(tree[0]).toMatchObject({ id: 1, name: 'Art', subcategories: expect.arrayContaining([{ id: 101, name: 'Paintings' }]) });
      const res = await post(owner, url('categories'), [101, 102, 103, 104, 105, 201, 202, 203, 204, 999999, 101]).expect(200);
      expect(res.body.data.categoryIDs).toEqual([101, 102, 103, 104, 105, 201, 202, 203]);
      expect((await post(owner, url('categories'), [1]).expect(400)).body.errors).toEqual({
        categoryIDs: 'Please select at least one category',
      });
      expect((await post(owner, url('categories'), []).expect(400)).body.errors).toEqual({
        categoryIDs: 'Please select at least one category',
      });
      await post(owner, url('categories'), [301, 101]).expect(200);
      const def = (await owner.agent.get(`/cps/app/catalog/${ids.liveSession}`).expect(200)).body.data.catalog;
      expect(def.categoryIDs).toEqual([301, 101]);
      expect(def.categories).toEqual({ Jewelry: [{ id: 301, name: 'Rings' }], Art: [{ id: 101, name: 'Paintings' }] });
      expect((await post(ownerB, url('categories'), [101])).status).toBe(404);
    });

    it('channels: states and defaults, a fixed channel for private-label houses, at least one available', async () => {
      const list = (await owner.agent.get(url('channels')).expect(200)).body.data.channels;
      expect(list).toEqual([
        { channelID: 1, channelName: 'Marketplace', states: [0, 1, 2], value: 2 },
        { channelID: 2, channelName: 'Mobile App', states: [0, 1, 2], value: 2 },
      ]);
      const off = [
        { channelID: 1, value: 0 },
        { channelID: 2, value: 0 },
      ];
      expect((await post(owner, url('channels'), off).expect(400)).body.errors).toEqual({ channels: T.channelRequired });
      expect((await post(owner, url('channels'), [{ channelID: 3, value: 2 }]).expect(400)).body.errors).toEqual({
        channels: T.channelStateInvalid,
      });
      await post(owner, url('channels'), [
        { channelID: 1, value: 1 },
        { channelID: 2, value: 0 },
      ]).expect(200);
      expect((await owner.agent.get(url('channels')).expect(200)).body.data.channels.map((c: { value: number }) => c.value)).toEqual([
        1, 0,
      ]);
      await t.em().nativeUpdate(House, { id: houses.a.id }, { isInstant: true });
      try {
        // With the fixed Private Label Site channel, the other two may both be off.
        const res = await post(owner, url('channels'), off).expect(200);
        expect(res.body.data.channels[2]).toEqual({ channelID: 3, channelName: 'Private Label Site', states: [2], value: 2 });
      } finally {
        await t.em().nativeUpdate(House, { id: houses.a.id }, { isInstant: false });
      }
      expect((await ownerB.agent.get(url('channels'))).status).toBe(404);
    });

    it('contacts of the three types, only the house’s of the right type', async () => {
      const res = await post(owner, url('contacts'), { '1': ids.consign, '3': ids.admin, '4': ids.expert }).expect(200);
      expect(res.body.data.contacts).toEqual({ '1': ids.consign, '3': ids.admin, '4': ids.expert });
      expect((await post(owner, url('contacts'), { '1': ids.admin }).expect(400)).body.errors).toEqual({ '1': T.contactInvalid });
      expect((await post(owner, url('contacts'), { '1': ids.bConsign }).expect(400)).body.errors).toEqual({ '1': T.contactInvalid });
      expect((await post(owner, url('contacts'), { '4': null }).expect(200)).body.data.contacts).toEqual({
        '1': ids.consign,
        '3': ids.admin,
        '4': null,
      });
    });

    it('save-as-default: the address keeps contacts and viewing notes; the next session there starts with them', async () => {
      const res = await post(owner, url('defaults'), { '1': ids.consign, viewNotes: 'Viewing Friday 10-4' }).expect(200);
      expect(res.body.data.defaults).toEqual({ contacts: { '1': ids.consign, '3': null, '4': null }, viewNotes: 'Viewing Friday 10-4' });
      const got = await owner.agent.get(`/cps/app/house/${houses.a.id}/address/${ids.nyAddress}/defaults`).expect(200);
      expect(got.body.data.defaults.viewNotes).toBe('Viewing Friday 10-4');
      expect((await ownerB.agent.get(`/cps/app/house/${houses.b.id}/address/${ids.nyAddress}/defaults`)).status).toBe(404);
      const next = await post(owner, `/cps/app/group/${ids.liveSale}/catalog`, basics()).expect(200);
      const def = (await owner.agent.get(`/cps/app/catalog/${next.body.data.catalogID}`).expect(200)).body.data.catalog;
      expect([def.consignContact, def.viewNotes]).toEqual([ids.consign, 'Viewing Friday 10-4']);
      expect((await post(owner, url('defaults'), { viewNotes: 'x'.repeat(2501) }).expect(400)).body.errors).toEqual({
        viewNotes: T.viewNotesMax,
      });
    });

    it('the two-hour lock: every step 2 save refused with the spec’s notice within two hours, accepted just before', async () => {
      const at = (id: number, path: string) => `/cps/app/catalog/${id}/${path}`;
      const saves = (id: number) => [
        post(owner, at(id, 'categories'), [101]),
        post(owner, at(id, 'channels'), [{ channelID: 1, value: 1 }]),
        post(owner, at(id, 'contacts'), { '1': ids.consign }),
        post(owner, at(id, 'defaults'), { viewNotes: 'Locked' }),
        post(owner, `/cps/app/catalog/${id}`, { description: 'Locked' }),
      ];
      for (const res of await Promise.all(saves(ids.soon))) {
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ code: 'SESSION_LOCKED', message: CALENDAR_TEXT.in2Hours });
      }
      const soon = await t.em().findOneOrFail(Catalog, ids.soon, { refresh: true });
      expect([soon.description ?? '', soon.consignContact ?? null]).toEqual(['', null]);
      expect(await t.em().execute('select 1 from catalog_category where catalog_id = ?', [ids.soon])).toEqual([]);
      expect(await t.em().execute('select 1 from catalog_channel where catalog_id = ?', [ids.soon])).toEqual([]);
      // A session starting in 2 h 05 min is still editable (its saves other than defaults, which need an address).
      const later = await post(owner, `/cps/app/group/${ids.liveSale}/catalog`, basics()).expect(200);
      await t.em().nativeUpdate(Catalog, { id: later.body.data.catalogID }, { eventDate: new Date(Date.now() + 125 * 60_000) });
      for (const res of await Promise.all(saves(later.body.data.catalogID))) expect(res.status).toBe(200);
    });

    it('details on the session: description, viewing notes (2500, no HTML), audio/video for live', async () => {
      await post(owner, `/cps/app/catalog/${ids.liveSession}`, {
        description: 'Fine art',
        viewNotes: 'By appointment',
        audioVideo: 4,
      }).expect(200);
      const def = (await owner.agent.get(`/cps/app/catalog/${ids.liveSession}`).expect(200)).body.data.catalog;
      expect([def.description, def.viewNotes, def.audioVideo, def.title]).toEqual(['Fine art', 'By appointment', 4, 'Renamed']);
      const html = await post(owner, `/cps/app/catalog/${ids.liveSession}`, { viewNotes: 'See <a href="x">here</a>' }).expect(400);
      expect(html.body).toMatchObject({ message: T.viewNotesHtml, errors: { viewNotes: T.viewNotesHtml } });
      const long = await post(owner, `/cps/app/catalog/${ids.liveSession}`, { viewNotes: 'x'.repeat(2501) }).expect(400);
      expect(long.body.errors).toEqual({ viewNotes: T.viewNotesMax });
      expect((await post(owner, `/cps/app/catalog/${ids.liveSession}`, { audioVideo: 3 })).status).toBe(400);
    });
  });
});
