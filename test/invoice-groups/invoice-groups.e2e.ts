import { EntityManager } from '@mikro-orm/postgresql';
import { House } from '../../src/modules/houses/house.entity';
import { hashPassword, newRef } from '../../src/modules/houses/identity/secrets';
import { StaffUser } from '../../src/modules/houses/staff-user.entity';
import { InvoiceBuilder } from '../../src/modules/invoicing/invoices/invoice-builder';
import { FIXTURE_PASSWORD, seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { Gate } from '../support/gate';
import { createTestApp, TestApp } from '../support/test-app';
import { invoicingCounts, postGroup, seedAddress, seedSale, seedTemplate, SeededSale, untilCreated } from './support';

const BANNER =
  'Invoice Groups can only contain catalogs that had the same sale location for sales tax calculation. Please create separate invoice groups for the selected catalogs';

/** A sale of one session at `addressId` with two sold lots (two bidders) and one unsold. */
const smallSale = (
  em: EntityManager,
  houseId: number,
  addressId: number | null,
  over: { name?: string; date?: string; currencyCode?: string } = {},
) =>
  seedSale(em, houseId, {
    name: over.name,
    liveFeeRate: 3_000,
    bidders: [{ lastName: 'Adams' }, { lastName: 'Baker', platform: 'Floor' }],
    sessions: [
      {
        addressId,
        date: over.date,
        currencyCode: over.currencyCode,
        lots: [{ hammer: 10_000, winner: 0 }, { hammer: 25_000, winner: 1 }, {}],
      },
    ],
  });

describe('invoice groups: the documented calls and /api/invoice-groups (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let ownerB: SignedIn;
  let hall: number;
  let gallery: number;
  let perInvoice: number;
  let perLot: number;
  let inactive: number;
  let templateB: number;
  let builder: InvoiceBuilder;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    hall = await seedAddress(t.em(), houses.a.id, 'Main hall');
    gallery = await seedAddress(t.em(), houses.a.id, 'Gallery');
    perInvoice = await seedTemplate(t.em(), houses.a.id, { name: 'Per invoice' });
    perLot = await seedTemplate(t.em(), houses.a.id, { name: 'Per lot', chargesPerLot: true });
    inactive = await seedTemplate(t.em(), houses.a.id, { name: 'Retired', active: false });
    templateB = await seedTemplate(t.em(), houses.b.id, { name: 'B template' });
    [owner, ownerB] = await Promise.all([signIn(t.server, 'house-a', 'owner'), signIn(t.server, 'house-b', 'owner')]);
    builder = t.app.get(InvoiceBuilder);
  });
  afterEach(() => {
    // A held build of a failed test must not keep the house's invoice numbers locked for the next ones.
    builder.hooks = {};
    Gate.openAll();
  });
  afterAll(async () => {
    await t?.close();
  });

  const refA = () => houses.a.houseRef;
  const catalogsA = (query = '') => owner.agent.get(`/app/house/${refA()}/invoiceCatalogs${query}`);
  const groupsA = (query = '') => owner.agent.get(`/app/house/${refA()}/invoiceGroups${query}`);
  const create = (body: object, headers: Record<string, string> = {}) => postGroup(owner, refA(), body, headers);
  const body = (sale: SeededSale, over: Record<string, unknown> = {}) => ({
    catalogRefs: sale.sessions.map((s) => s.ref),
    groupTitle: 'Group',
    invoiceSettingsID: perInvoice,
    ...over,
  });
  async function created(b: object): Promise<number> {
    const res = await create(b);
    expect(res.status).toBe(200);
    const id = res.body.data.invoiceGroupID as number;
    expect((await untilCreated(t, houses.a.id, id)).status).toBe('completed');
    return id;
  }

  describe('GET invoiceCatalogs: sessions whose sold lots are not all invoiced, by sale', () => {
    it('answers each sale with its uninvoiced sessions in the documented shape', async () => {
      const sale = await seedSale(t.em(), houses.a.id, {
        name: 'Shape Sale',
        bidders: [{}],
        sessions: [
          { title: 'Evening', addressId: hall, date: '2026-05-02T23:30:00Z', lots: [{ hammer: 5_000 }, { hammer: 6_000 }, {}] },
          { title: 'Morning', addressId: hall, date: '2026-05-01T14:00:00Z', lots: [{ hammer: 7_000 }] },
          { title: 'Unsold', addressId: hall, date: '2026-05-03T14:00:00Z', lots: [{}] },
        ],
      });
      const res = await catalogsA().expect(200);
      const group = res.body.data.auctionGroups.find((g: { groupID: number }) => g.groupID === sale.auctionGroupId);
      expect(group).toEqual({
        groupID: sale.auctionGroupId,
        groupName: 'Shape Sale',
        catalogs: [
          {
            catalogRef: sale.sessions[1].ref,
            catalogID: sale.sessions[1].id,
            catalogDateFull: '2026-05-01T14:00:00.000Z',
            catalogDate: '05/01/2026',
            timeZone: 'America/New_York',
            catalogTitle: 'Morning',
            addressID: hall,
            saleType: 'live',
            currencyCode: 'USD',
            uninvoicedLots: 1,
          },
          // 23:30 UTC is still the 2nd in New York.
          {
            catalogRef: sale.sessions[0].ref,
            catalogID: sale.sessions[0].id,
            catalogDateFull: '2026-05-02T23:30:00.000Z',
            catalogDate: '05/02/2026',
            timeZone: 'America/New_York',
            catalogTitle: 'Evening',
            addressID: hall,
            saleType: 'live',
            currencyCode: 'USD',
            uninvoicedLots: 2,
          },
        ],
      });
      expect(res.body.data).toEqual(expect.objectContaining({ page: 1, size: 25, totalRecords: expect.any(Number) }));
    });

    it('drops a session once all its sold lots are invoiced, and brings it back when a lot sells later', async () => {
      const sale = await smallSale(t.em(), houses.a.id, hall, { name: 'Late result sale' });
      const find = async () =>
        (await catalogsA().expect(200)).body.data.auctionGroups.find((g: { groupID: number }) => g.groupID === sale.auctionGroupId);
      expect((await find()).catalogs[0].uninvoicedLots).toBe(2);
      await created(body(sale));
      expect(await find()).toBeUndefined();
      // The unsold lot sells after the invoices were made: the session is uninvoiced again, for that lot only.
      await t
        .em()
        .getConnection()
        .execute('update lot set winning_approval_id = ?, hammer_cents = 4000, result_channel = ? where id = ?', [
          sale.approvals[0],
          'INV',
          sale.lots[0][2],
        ]);
      expect((await find()).catalogs[0].uninvoicedLots).toBe(1);
      const again = await created(body(sale, { groupTitle: 'Late lot' }));
      const lines = await t
        .em()
        .getConnection()
        .execute('select l.lot_id from invoice_line l join invoice i on i.id = l.invoice_id where i.group_id = ?', [again]);
      expect(lines).toEqual([{ lot_id: sale.lots[0][2] }]);
      expect(await find()).toBeUndefined();
    });

    describe('pages of 25 sales', () => {
      let c: SignedIn;
      let houseC: number;
      beforeAll(async () => {
        const em = t.em();
        const house = em.create(House, { houseRef: newRef('H'), houseUserName: 'house-c', name: 'House C', processorType: 'w' });
        em.create(StaffUser, {
          house,
          userRef: newRef('U'),
          userName: 'owner',
          passwordHash: await hashPassword(FIXTURE_PASSWORD),
          accessInvoices: true,
        });
        await em.flush();
        houseC = house.id;
        for (let i = 0; i < 27; i++)
          await smallSale(t.em(), houseC, null, {
            name: `C sale ${String(i).padStart(2, '0')}`,
            date: `2026-0${1 + (i % 9)}-${String(1 + i).padStart(2, '0')}T15:00:00Z`,
          });
        c = await signIn(t.server, 'house-c', 'owner');
      });
      const page = (q: string) => c.agent.get(`/app/house/${c.user.houseInfo.houseRef}/invoiceCatalogs${q}`);

      it('25 sales on page 1, the last 2 on page 2, none on page 3; totalRecords counts sales', async () => {
        const p1 = (await page('').expect(200)).body.data;
        const p2 = (await page('?page=2').expect(200)).body.data;
        const p3 = (await page('?page=3').expect(200)).body.data;
        expect([p1.auctionGroups.length, p2.auctionGroups.length, p3.auctionGroups.length]).toEqual([25, 2, 0]);
        expect([p1.totalRecords, p2.totalRecords, p3.totalRecords]).toEqual([27, 27, 27]);
        const ids = [...p1.auctionGroups, ...p2.auctionGroups].map((g: { groupID: number }) => g.groupID);
        expect(new Set(ids).size).toBe(27);
        // Most recent sale first.
        const dates = [...p1.auctionGroups, ...p2.auctionGroups].map(
          (g: { catalogs: { catalogDateFull: string }[] }) => g.catalogs[0].catalogDateFull,
        );
        expect(dates).toEqual([...dates].sort().reverse());
      });

      it('takes a size', async () => {
        const res = (await page('?page=3&size=10').expect(200)).body.data;
        expect([res.auctionGroups.length, res.totalRecords, res.page, res.size]).toEqual([7, 27, 3, 10]);
      });

      it.each([
        ['?page=0', 'page must be a whole number of at least 1.'],
        ['?page=abc', 'page must be a whole number of at least 1.'],
        ['?size=0', 'size must be a whole number from 1 to 100.'],
        ['?size=101', 'size must be a whole number from 1 to 100.'],
      ])('%s answers 400', async (q, message) => {
        expect((await page(q).expect(400)).body).toEqual({ statusCode: 400, code: 'BAD_QUERY', message });
      });

      it('another house sees none of them', async () => {
        const b = (await ownerB.agent.get(`/app/house/${houses.b.houseRef}/invoiceCatalogs`).expect(200)).body.data;
        expect(b.auctionGroups.filter((g: { groupName: string }) => g.groupName.startsWith('C sale'))).toEqual([]);
        expect(houseC).toBeGreaterThan(0);
      });
    });
  });

  describe('POST invoiceGroup: every rule, each with its message, and nothing written on a refusal', () => {
    let sale: SeededSale;
    beforeAll(async () => {
      sale = await smallSale(t.em(), houses.a.id, hall, { name: 'Rules sale' });
    });

    async function refused(b: object, status: number, expected: Record<string, unknown>) {
      const before = await invoicingCounts(t, houses.a.id);
      const res = await create(b);
      expect({ status: res.status, body: res.body }).toEqual({ status, body: { statusCode: status, ...expected } });
      expect(await invoicingCounts(t, houses.a.id)).toEqual(before);
    }

    it('an empty request: template, group name and a session are required, one message each', async () => {
      await refused({}, 400, {
        code: 'VALIDATION_FAILED',
        message: 'Please select an invoice template.',
        errors: {
          invoiceSettingsID: 'Please select an invoice template.',
          groupTitle: 'Please enter a group name.',
          catalogRefs: 'Please select at least one session.',
        },
      });
    });

    it.each([
      [{ groupTitle: '   ' }, { groupTitle: 'Please enter a group name.' }],
      [{ invoiceSettingsID: 0 }, { invoiceSettingsID: 'Please select an invoice template.' }],
      [{ catalogRefs: [] }, { catalogRefs: 'Please select at least one session.' }],
      [{ catalogRefs: [12] }, { catalogRefs: 'Sessions are named by their catalogRef.' }],
    ])('%j is refused: %j', async (over, errors) => {
      await refused(body(sale, over), 400, { code: 'VALIDATION_FAILED', message: Object.values(errors)[0], errors });
    });

    it('refuses more than 200 sessions, and a malformed Idempotency-Key', async () => {
      const many = Array.from({ length: 201 }, (_, i) => `C${i}`);
      await refused(body(sale, { catalogRefs: many }), 400, {
        code: 'VALIDATION_FAILED',
        message: 'An invoice group can hold at most 200 sessions.',
        errors: { catalogRefs: 'An invoice group can hold at most 200 sessions.' },
      });
      const res = await create(body(sale), { 'Idempotency-Key': 'has spaces in it' }).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'BAD_QUERY',
        message: 'The Idempotency-Key header must be 1 to 100 visible characters.',
      });
    });

    it('refuses an unknown field', async () => {
      const res = await create({ ...body(sale), houseId: 1 }).expect(400);
      expect(res.body.code).toBe('UNKNOWN_FIELDS');
    });

    it("refuses an unknown template, and another house's template, as not found", async () => {
      await refused(body(sale, { invoiceSettingsID: 999_999 }), 404, {
        code: 'TEMPLATE_NOT_FOUND',
        message: 'Invoice template not found.',
      });
      await refused(body(sale, { invoiceSettingsID: templateB }), 404, {
        code: 'TEMPLATE_NOT_FOUND',
        message: 'Invoice template not found.',
      });
    });

    it('refuses an inactive template', async () => {
      await refused(body(sale, { invoiceSettingsID: inactive }), 400, {
        code: 'TEMPLATE_INACTIVE',
        message: 'This invoice template is no longer active. Please choose another template.',
        errors: { invoiceSettingsID: 'This invoice template is no longer active. Please choose another template.' },
      });
    });

    it("refuses an unknown session, and another house's session, as not found", async () => {
      const saleB = await smallSale(t.em(), houses.b.id, null);
      await refused(body(sale, { catalogRefs: [sale.sessions[0].ref, 'CNOSUCHREF'] }), 404, {
        code: 'SESSION_NOT_FOUND',
        message: 'Session not found.',
      });
      await refused(body(sale, { catalogRefs: [sale.sessions[0].ref, saleB.sessions[0].ref] }), 404, {
        code: 'SESSION_NOT_FOUND',
        message: 'Session not found.',
      });
    });

    it('refuses sessions at two sale locations with the exact banner of spec section 5', async () => {
      const other = await smallSale(t.em(), houses.a.id, gallery);
      await refused(body(sale, { catalogRefs: [sale.sessions[0].ref, other.sessions[0].ref] }), 400, {
        code: 'MIXED_SALE_LOCATIONS',
        message: BANNER,
      });
      const none = await smallSale(t.em(), houses.a.id, null);
      await refused(body(sale, { catalogRefs: [sale.sessions[0].ref, none.sessions[0].ref] }), 400, {
        code: 'MIXED_SALE_LOCATIONS',
        message: BANNER,
      });
    });

    it('refuses sessions in two currencies', async () => {
      const euro = await smallSale(t.em(), houses.a.id, hall, { currencyCode: 'EUR' });
      await refused(body(sale, { catalogRefs: [sale.sessions[0].ref, euro.sessions[0].ref] }), 400, {
        code: 'MIXED_CURRENCIES',
        message:
          'The sessions of an invoice group must all use the same currency (found EUR, USD). Please create separate invoice groups for each currency.',
      });
    });

    it('refuses a session without sold lots', async () => {
      const unsold = await seedSale(t.em(), houses.a.id, {
        bidders: [{}],
        sessions: [{ title: 'Nothing sold', addressId: hall, lots: [{}, {}] }],
      });
      await refused(body(unsold), 409, {
        code: 'SESSIONS_NOT_INVOICEABLE',
        message: 'The session "Nothing sold" has no sold lots to invoice.',
      });
    });

    it('refuses without accessInvoices (403), without a session (401) and without the CSRF token (403)', async () => {
      const none = await signIn(t.server, 'house-a', 'none');
      const res = await postGroup(none, refA(), body(sale)).expect(403);
      expect(res.body.message).toBe('You do not have permissions to view this page. Please contact your system administrator.');
      await owner.agent.post(`/app/house/${refA()}/invoiceGroup`).send(body(sale)).expect(403);
      const { default: request } = await import('supertest');
      await request(t.server).post(`/app/house/${refA()}/invoiceGroup`).send(body(sale)).expect(401);
    });

    it("creates the group, cuts a long name to 50 characters plus '...', and builds its invoices; then the sessions are invoiced", async () => {
      const long = `${'Autumn Fine Art & Antiques, all sessions, '.repeat(2)}`;
      const res = await create(body(sale, { groupTitle: `  ${long}  ` })).expect(200);
      expect(res.body).toEqual({ data: { invoiceGroupID: expect.any(Number), creationJobID: expect.any(String) } });
      const id = res.body.data.invoiceGroupID;
      const job = await untilCreated(t, houses.a.id, id);
      expect(job).toEqual(
        expect.objectContaining({
          status: 'completed',
          queue: 'invoicing',
          progress: { done: 4, total: 4, message: 'Created 2 invoices' },
        }),
      );
      const [g] = await t
        .em()
        .getConnection()
        .execute('select title, invoice_created, sale_address_id, currency_code, created_by_user_id from invoice_group where id = ?', [id]);
      expect(g).toEqual({
        title: `${long.slice(0, 50)}...`,
        invoice_created: true,
        sale_address_id: hall,
        currency_code: 'USD',
        created_by_user_id: owner.user.userID,
      });
      expect(g.title).toHaveLength(53);
      await refused(body(sale, { groupTitle: 'Again, other name' }), 409, {
        code: 'SESSIONS_NOT_INVOICEABLE',
        message: `Every sold lot of the session "${sale.sessions[0].title}" is already invoiced.`,
      });
    });
  });

  describe('creating once: double clicks, Idempotency-Key, sessions being invoiced', () => {
    it('the same Idempotency-Key answers the same group; reused for another request it is refused', async () => {
      const sale = await smallSale(t.em(), houses.a.id, hall);
      const before = await invoicingCounts(t, houses.a.id);
      const key = { 'Idempotency-Key': `key-${sale.auctionGroupId}` };
      const first = await create(body(sale), key).expect(200);
      const second = await create(body(sale), key).expect(200);
      expect(second.body.data).toEqual(first.body.data);
      await untilCreated(t, houses.a.id, first.body.data.invoiceGroupID);
      // Long after the invoices were made, the key still answers the same group.
      expect((await create(body(sale), key).expect(200)).body.data).toEqual(first.body.data);
      const reused = await create(body(sale, { groupTitle: 'Something else' }), key).expect(409);
      expect(reused.body).toEqual({
        statusCode: 409,
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'This Idempotency-Key was already used for a different invoice group request.',
      });
      const after = await invoicingCounts(t, houses.a.id);
      expect(after.groups - before.groups).toBe(1);
      expect(after.invoices - before.invoices).toBe(2);
    });

    it('a double click (two identical requests at once, no key) creates one group', async () => {
      const sale = await smallSale(t.em(), houses.a.id, hall);
      const before = await invoicingCounts(t, houses.a.id);
      const [a, b] = await Promise.all([create(body(sale, { groupTitle: 'Double' })), create(body(sale, { groupTitle: 'Double' }))]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.data.invoiceGroupID).toBe(b.body.data.invoiceGroupID);
      await untilCreated(t, houses.a.id, a.body.data.invoiceGroupID);
      // A third identical click after the invoices exist still answers that group.
      expect((await create(body(sale, { groupTitle: 'Double' })).expect(200)).body.data.invoiceGroupID).toBe(a.body.data.invoiceGroupID);
      const after = await invoicingCounts(t, houses.a.id);
      expect([after.groups - before.groups, after.invoices - before.invoices, after.lines - before.lines]).toEqual([1, 2, 2]);
    });

    it('while a group is being created, another request over its sessions is refused and they are not listed as uninvoiced', async () => {
      const sale = await smallSale(t.em(), houses.a.id, hall, { name: 'Held sale' });
      const gate = new Gate();
      const reached = new Gate();
      let linkedWhenHeld: unknown;
      builder.hooks = {
        afterInvoicesInserted: async ({ groupId }) => {
          // The build holds the group's row from here on: its run must already be linked to the group
          // (linked later, the request's own write would wait for the whole build to end).
          [{ creation_job_id: linkedWhenHeld }] = await t
            .em()
            .getConnection()
            .execute('select creation_job_id from invoice_group where id = ?', [groupId]);
          reached.open();
          await gate.promise;
        },
      };
      const res = await create(body(sale, { groupTitle: 'Held' })).expect(200);
      await reached.promise;
      expect(linkedWhenHeld).toBe(res.body.data.creationJobID);
      const listed = (await catalogsA().expect(200)).body.data.auctionGroups.map((g: { groupID: number }) => g.groupID);
      expect(listed).not.toContain(sale.auctionGroupId);
      const other = await create(body(sale, { groupTitle: 'Meanwhile' })).expect(409);
      expect(other.body).toEqual({
        statusCode: 409,
        code: 'SESSIONS_BEING_INVOICED',
        message:
          'The selected sessions are already being invoiced in the invoice group "Held". Please wait until its invoices are created.',
      });
      const list = (await groupsA().expect(200)).body.data.invoices;
      expect(list.find((g: { invoiceGroupID: number }) => g.invoiceGroupID === res.body.data.invoiceGroupID)).toEqual(
        expect.objectContaining({ invoiceCreated: false, creationError: null }),
      );
      expect(
        (await owner.agent.get(`/app/house/${refA()}/invoiceGroup/${res.body.data.invoiceGroupID}/applyCostPerLot`).expect(200)).body,
      ).toEqual({ data: { applyCostPerLot: true } });
      gate.open();
      await untilCreated(t, houses.a.id, res.body.data.invoiceGroupID);
    });
  });

  describe('GET invoiceGroups: Existing Invoices, 10 a page, newest first, filtered by session dates', () => {
    let d: SignedIn;
    let ids: number[];
    beforeAll(async () => {
      // A house of its own, so the counts are exact.
      const em = t.em();
      const house = em.create(House, { houseRef: newRef('H'), houseUserName: 'house-d', name: 'House D', processorType: 'w' });
      em.create(StaffUser, {
        house,
        userRef: newRef('U'),
        userName: 'owner',
        passwordHash: await hashPassword(FIXTURE_PASSWORD),
        accessInvoices: true,
      });
      await em.flush();
      const template = await seedTemplate(t.em(), house.id, { name: 'D', chargesPerLot: true });
      d = await signIn(t.server, 'house-d', 'owner');
      ids = [];
      // 12 groups, one session each, on 01/01 .. 12/01/2025.
      for (let m = 1; m <= 12; m++) {
        const sale = await smallSale(t.em(), house.id, null, { date: `2025-${String(m).padStart(2, '0')}-01T15:00:00Z` });
        const res = await postGroup(d, d.user.houseInfo.houseRef, {
          catalogRefs: [sale.sessions[0].ref],
          groupTitle: `Month ${m}`,
          invoiceSettingsID: template,
        }).expect(200);
        ids.push(res.body.data.invoiceGroupID);
        await untilCreated(t, house.id, res.body.data.invoiceGroupID);
      }
    });
    const list = (q = '') => d.agent.get(`/app/house/${d.user.houseInfo.houseRef}/invoiceGroups${q}`);

    it('answers the documented shape, newest first', async () => {
      const res = (await list('?size=10&page=1').expect(200)).body.data;
      expect(res.totalRecords).toBe(12);
      expect(res.invoices.map((g: { invoiceGroupID: number }) => g.invoiceGroupID)).toEqual([...ids].reverse().slice(0, 10));
      expect(res.invoices[0]).toEqual({
        invoiceGroupID: ids[11],
        invoiceGroupTitle: 'Month 12',
        invoiceGroupSettingsID: expect.any(Number),
        invoiceCreated: true,
        creationError: null,
        creationJobID: expect.any(String),
        createdAt: expect.any(String),
        catalogs: [{ date: '12/01/2025', title: expect.any(String), catalogID: expect.any(Number), catalogRef: expect.any(String) }],
      });
    });

    it('pages: 10 by default, the last 2 on page 2, none (with the total) past the end', async () => {
      expect((await list().expect(200)).body.data.invoices).toHaveLength(10);
      const p2 = (await list('?page=2').expect(200)).body.data;
      expect([p2.invoices.length, p2.totalRecords]).toEqual([2, 12]);
      expect(p2.invoices.map((g: { invoiceGroupID: number }) => g.invoiceGroupID)).toEqual([ids[1], ids[0]]);
      expect((await list('?page=3').expect(200)).body.data).toEqual({ invoices: [], totalRecords: 12 });
      expect((await list('?page=4&size=4').expect(200)).body.data).toEqual({ invoices: [], totalRecords: 12 });
      expect((await list('?page=3&size=4').expect(200)).body.data.invoices).toHaveLength(4);
    });

    it("filters by the dates of the groups' sessions, inclusive", async () => {
      const res = (await list('?startDate=03/01/2025&endDate=05/01/2025').expect(200)).body.data;
      expect(res.invoices.map((g: { invoiceGroupTitle: string }) => g.invoiceGroupTitle)).toEqual(['Month 5', 'Month 4', 'Month 3']);
      expect(res.totalRecords).toBe(3);
      expect((await list('?startDate=03/02/2025&endDate=03/31/2025').expect(200)).body.data).toEqual({ invoices: [], totalRecords: 0 });
    });

    it('only an end date starts at 01/01/1989; only a start date runs to today', async () => {
      expect((await list('?endDate=02/15/2025').expect(200)).body.data.totalRecords).toBe(2);
      expect((await list('?startDate=11/15/2025').expect(200)).body.data.totalRecords).toBe(1);
    });

    it.each([
      ['?startDate=05/01/2025&endDate=03/01/2025', 'TO date cannot be before FROM date'],
      ['?endDate=01/01/2999', 'Dates cannot be in the future.'],
      ['?startDate=01/01/2999', 'Dates cannot be in the future.'],
      ['?startDate=2025-13-01', 'Dates must be valid dates in the format MM/DD/YYYY.'],
      ['?endDate=02/30/2025', 'Dates must be valid dates in the format MM/DD/YYYY.'],
    ])('%s answers 400 %j', async (q, message) => {
      expect((await list(q).expect(400)).body).toEqual({ statusCode: 400, code: 'BAD_DATE_RANGE', message });
    });

    it.each([['?page=0'], ['?size=1000']])('%s answers 400', async (q) => {
      expect((await list(q).expect(400)).body.code).toBe('BAD_QUERY');
    });

    it('GET invoiceGroup/{id}/applyCostPerLot: false for a per-lot template (the per-lot editor)', async () => {
      expect(
        (await d.agent.get(`/app/house/${d.user.houseInfo.houseRef}/invoiceGroup/${ids[0]}/applyCostPerLot`).expect(200)).body,
      ).toEqual({ data: { applyCostPerLot: false } });
      const stored = await t.em().getConnection().execute('select distinct apply_cost_per_lot from invoice where group_id = ?', [ids[0]]);
      expect(stored).toEqual([{ apply_cost_per_lot: false }]);
    });
  });

  describe('GET invoiceGroup/{id}/applyCostPerLot', () => {
    it('is true for a per-invoice template and answers 404 for an unknown or malformed id', async () => {
      const sale = await smallSale(t.em(), houses.a.id, hall);
      const id = await created(body(sale));
      expect((await owner.agent.get(`/app/house/${refA()}/invoiceGroup/${id}/applyCostPerLot`).expect(200)).body).toEqual({
        data: { applyCostPerLot: true },
      });
      for (const bad of ['999999', 'abc', '0']) {
        expect((await owner.agent.get(`/app/house/${refA()}/invoiceGroup/${bad}/applyCostPerLot`).expect(404)).body).toEqual({
          statusCode: 404,
          code: 'INVOICE_GROUP_NOT_FOUND',
          message: 'Invoice group not found.',
        });
      }
    });
  });

  describe('/api/invoice-groups', () => {
    let id: number;
    let sale: SeededSale;
    beforeAll(async () => {
      sale = await smallSale(t.em(), houses.a.id, hall, { date: '2024-07-04T15:00:00Z' });
      id = await created(body(sale, { groupTitle: 'REST group', invoiceSettingsID: perLot }));
    });
    const api = (path = '') => owner.agent.get(`/api/invoice-groups${path}`);

    it('lists with Content-Range, sorted and filtered', async () => {
      const res = await api(`?sort=${encodeURIComponent('["id","DESC"]')}&range=${encodeURIComponent('[0,2]')}`).expect(200);
      expect(res.headers['content-range']).toMatch(/^invoice-groups 0-2\/\d+$/);
      expect(res.body).toHaveLength(3);
      expect(res.body.map((r: { id: number }) => r.id)).toEqual(
        [...res.body.map((r: { id: number }) => r.id)].sort((a: number, b: number) => b - a),
      );
      const one = await api(`?filter=${encodeURIComponent(JSON.stringify({ q: 'rest gr', invoiceCreated: true }))}`).expect(200);
      expect(one.body).toEqual([
        {
          id,
          invoiceGroupID: id,
          invoiceGroupTitle: 'REST group',
          invoiceGroupSettingsID: perLot,
          invoiceCreated: true,
          creationError: null,
          creationJobID: expect.any(String),
          createdAt: expect.any(String),
          catalogs: [
            { date: '07/04/2024', title: sale.sessions[0].title, catalogID: sale.sessions[0].id, catalogRef: sale.sessions[0].ref },
          ],
          currencyCode: 'USD',
          saleAddressID: hall,
          invoiceCount: 2,
        },
      ]);
      expect(one.headers['content-range']).toBe('invoice-groups 0-0/1');
      const dated = await api(`?filter=${encodeURIComponent(JSON.stringify({ startDate: '07/04/2024', endDate: '07/04/2024' }))}`).expect(
        200,
      );
      expect(dated.body.map((r: { id: number }) => r.id)).toEqual([id]);
      expect(
        (await api(`?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`).expect(200)).body.map((r: { id: number }) => r.id),
      ).toEqual([id]);
    });

    it('refuses an unknown filter or sort field and bad dates', async () => {
      expect((await api(`?filter=${encodeURIComponent('{"houseId":1}')}`).expect(400)).body.code).toBe('BAD_QUERY');
      expect((await api(`?sort=${encodeURIComponent('["house_id","ASC"]')}`).expect(400)).body.code).toBe('BAD_QUERY');
      expect(
        (await api(`?filter=${encodeURIComponent('{"startDate":"07/05/2024","endDate":"07/04/2024"}')}`).expect(400)).body.message,
      ).toBe('TO date cannot be before FROM date');
    });

    it('reads one, 404 for unknown', async () => {
      expect((await api(`/${id}`).expect(200)).body).toEqual(
        expect.objectContaining({ id, invoiceGroupTitle: 'REST group', invoiceCount: 2 }),
      );
      expect((await api('/999999').expect(404)).body.code).toBe('INVOICE_GROUP_NOT_FOUND');
    });

    it('creates (201, the record) with the same rules as POST invoiceGroup', async () => {
      const s2 = await smallSale(t.em(), houses.a.id, hall);
      const res = await owner.agent
        .post('/api/invoice-groups')
        .set('X-CSRF-Token', owner.csrf)
        .send(body(s2, { groupTitle: 'Via REST' }))
        .expect(201);
      expect(res.body).toEqual(
        expect.objectContaining({ id: expect.any(Number), invoiceGroupTitle: 'Via REST', invoiceCreated: expect.any(Boolean) }),
      );
      await untilCreated(t, houses.a.id, res.body.id);
      const bad = await owner.agent
        .post('/api/invoice-groups')
        .set('X-CSRF-Token', owner.csrf)
        .send({ ...body(s2), groupTitle: '' })
        .expect(400);
      expect(bad.body.errors).toEqual({ groupTitle: 'Please enter a group name.' });
    });

    it('retry of a created group is refused (409)', async () => {
      const res = await owner.agent.post(`/api/invoice-groups/${id}/retry`).set('X-CSRF-Token', owner.csrf).expect(409);
      expect(res.body).toEqual({
        statusCode: 409,
        code: 'INVOICE_GROUP_ALREADY_CREATED',
        message: 'The invoices of this group have already been created.',
      });
    });

    it('a template used by a group cannot be deleted', async () => {
      const res = await owner.agent.delete(`/api/invoice-templates/${perLot}`).set('X-CSRF-Token', owner.csrf).expect(409);
      expect(res.body.code).toBe('TEMPLATE_IN_USE');
    });

    it('deletes a group while none of its invoices was sent or paid: its lots are uninvoiced again', async () => {
      const s3 = await smallSale(t.em(), houses.a.id, hall, { name: 'Deleted group sale' });
      const gid = await created(body(s3, { groupTitle: 'To delete' }));
      const before = await invoicingCounts(t, houses.a.id);
      const res = await owner.agent.delete(`/api/invoice-groups/${gid}`).set('X-CSRF-Token', owner.csrf).expect(200);
      expect(res.body).toEqual(expect.objectContaining({ id: gid, invoiceGroupTitle: 'To delete', invoiceCount: 2 }));
      const after = await invoicingCounts(t, houses.a.id);
      expect([before.groups - after.groups, before.invoices - after.invoices, before.lines - after.lines]).toEqual([1, 2, 2]);
      const listed = (await catalogsA().expect(200)).body.data.auctionGroups.map((g: { groupID: number }) => g.groupID);
      expect(listed).toContain(s3.auctionGroupId);
      await owner.agent.delete(`/api/invoice-groups/${gid}`).set('X-CSRF-Token', owner.csrf).expect(404);
    });

    it.each([
      ['sent', 'update invoice set sent_at = now() where id = ?'],
      ['paid', 'update invoice set all_paid = true where id = ?'],
      ['a lot marked paid', 'update invoice_line set paid = true where invoice_id = ?'],
    ])('refuses to delete a group with an invoice %s (409), and changes nothing', async (_what, sql) => {
      const s4 = await smallSale(t.em(), houses.a.id, hall);
      const gid = await created(body(s4, { groupTitle: 'Kept' }));
      const [inv] = await t.em().getConnection().execute('select id from invoice where group_id = ? order by id limit 1', [gid]);
      await t.em().getConnection().execute(sql, [inv.id]);
      const before = await invoicingCounts(t, houses.a.id);
      const res = await owner.agent.delete(`/api/invoice-groups/${gid}`).set('X-CSRF-Token', owner.csrf).expect(409);
      expect(res.body).toEqual({
        statusCode: 409,
        code: 'INVOICE_GROUP_NOT_DELETABLE',
        message: 'This invoice group cannot be deleted: some of its invoices have been sent or paid.',
      });
      expect(await invoicingCounts(t, houses.a.id)).toEqual(before);
    });
  });
});
