import request from 'supertest';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { invoicingCounts, postGroup, seedSale, seedTemplate, SeededSale, untilCreated } from './support';

/** House B's staff, with every flag, against house A's sessions, templates and invoice groups. */
describe('invoice groups: house B never reaches house A', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;
  let b: SignedIn;
  let saleA: SeededSale;
  let openA: SeededSale;
  let saleB: SeededSale;
  let templateA: number;
  let templateB: number;
  let groupA: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    templateA = await seedTemplate(t.em(), houses.a.id, { name: 'A template' });
    templateB = await seedTemplate(t.em(), houses.b.id, { name: 'B template' });
    saleA = await seedSale(t.em(), houses.a.id, {
      name: 'A secret sale',
      bidders: [{ lastName: 'Asecret' }],
      sessions: [{ title: 'A secret session', lots: [{ hammer: 10_000 }] }],
    });
    openA = await seedSale(t.em(), houses.a.id, {
      name: 'A open sale',
      bidders: [{}],
      sessions: [{ title: 'A open session', lots: [{ hammer: 10_000 }] }],
    });
    saleB = await seedSale(t.em(), houses.b.id, {
      name: 'B sale',
      bidders: [{}],
      sessions: [{ title: 'B session', lots: [{ hammer: 10_000 }] }],
    });
    [a, b] = await Promise.all([signIn(t.server, 'house-a', 'owner'), signIn(t.server, 'house-b', 'owner')]);
    groupA = (
      await postGroup(a, houses.a.houseRef, {
        catalogRefs: [saleA.sessions[0].ref],
        groupTitle: 'A secret group',
        invoiceSettingsID: templateA,
      }).expect(200)
    ).body.data.invoiceGroupID;
    await untilCreated(t, houses.a.id, groupA);
    const { ApiTokensService } = await import('../../src/modules/houses/identity/api-tokens.service');
    const { StaffUser } = await import('../../src/modules/houses/staff-user.entity');
    const { MikroORM, RequestContext } = await import('@mikro-orm/core');
    token = await RequestContext.create(t.app.get(MikroORM).em, async () => {
      const user = await t.em().findOneOrFail(StaffUser, { house: houses.b.id, userName: 'owner' });
      return (await t.app.get(ApiTokensService).create(user, 'tenancy')).token;
    });
  });
  afterAll(() => t?.close());

  const noSecrets = (text: string) => expect(text).not.toMatch(/A secret|Asecret|A open/);

  it("B's lists show only B: uninvoiced sessions, existing groups, the REST list (even filtered by A's ids)", async () => {
    const cats = await b.agent.get(`/app/house/${houses.b.houseRef}/invoiceCatalogs`).expect(200);
    expect(cats.body.data.auctionGroups.map((g: { groupID: number }) => g.groupID)).toEqual([saleB.auctionGroupId]);
    noSecrets(cats.text);
    const groups = await b.agent.get(`/app/house/${houses.b.houseRef}/invoiceGroups`).expect(200);
    expect(groups.body.data).toEqual({ invoices: [], totalRecords: 0 });
    const rest = await b.agent.get(`/api/invoice-groups?filter=${encodeURIComponent(JSON.stringify({ id: [groupA] }))}`).expect(200);
    expect(rest.body).toEqual([]);
    expect(rest.headers['content-range']).toBe('invoice-groups */0');
  });

  it("house A's houseRef in B's calls answers 404, whatever the call", async () => {
    for (const path of ['invoiceCatalogs', 'invoiceGroups', `invoiceGroup/${groupA}/applyCostPerLot`]) {
      const res = await b.agent.get(`/app/house/${houses.a.houseRef}/${path}`).expect(404);
      noSecrets(res.text);
    }
    await postGroup(b, houses.a.houseRef, { catalogRefs: [openA.sessions[0].ref], groupTitle: 'x', invoiceSettingsID: templateA }).expect(
      404,
    );
  });

  it("A's group by id: 404 to read, to ask its flag, to retry and to delete, by session and by API token", async () => {
    const before = await invoicingCounts(t, houses.a.id);
    await b.agent.get(`/api/invoice-groups/${groupA}`).expect(404);
    await b.agent.get(`/app/house/${houses.b.houseRef}/invoiceGroup/${groupA}/applyCostPerLot`).expect(404);
    await b.agent.post(`/api/invoice-groups/${groupA}/retry`).set('X-CSRF-Token', b.csrf).expect(404);
    await b.agent.delete(`/api/invoice-groups/${groupA}`).set('X-CSRF-Token', b.csrf).expect(404);
    const bearer = { Authorization: `Bearer ${token}` };
    await request(t.server).get(`/api/invoice-groups/${groupA}`).set(bearer).expect(404);
    await request(t.server).delete(`/api/invoice-groups/${groupA}`).set(bearer).expect(404);
    expect(await invoicingCounts(t, houses.a.id)).toEqual(before);
  });

  it("B cannot create a group from A's sessions or with A's template, and A is unchanged", async () => {
    const before = await invoicingCounts(t, houses.a.id);
    const beforeB = await invoicingCounts(t, houses.b.id);
    const fromA = await postGroup(b, houses.b.houseRef, {
      catalogRefs: [openA.sessions[0].ref],
      groupTitle: 'x',
      invoiceSettingsID: templateB,
    }).expect(404);
    expect(fromA.body).toEqual({ statusCode: 404, code: 'SESSION_NOT_FOUND', message: 'Session not found.' });
    const mixed = await postGroup(b, houses.b.houseRef, {
      catalogRefs: [saleB.sessions[0].ref, openA.sessions[0].ref],
      groupTitle: 'x',
      invoiceSettingsID: templateB,
    }).expect(404);
    expect(mixed.body.code).toBe('SESSION_NOT_FOUND');
    const withA = await postGroup(b, houses.b.houseRef, {
      catalogRefs: [saleB.sessions[0].ref],
      groupTitle: 'x',
      invoiceSettingsID: templateA,
    }).expect(404);
    expect(withA.body.code).toBe('TEMPLATE_NOT_FOUND');
    await request(t.server)
      .post('/api/invoice-groups')
      .set({ Authorization: `Bearer ${token}` })
      .send({ catalogRefs: [openA.sessions[0].ref], groupTitle: 'x', invoiceSettingsID: templateB })
      .expect(404);
    expect(await invoicingCounts(t, houses.a.id)).toEqual(before);
    expect(await invoicingCounts(t, houses.b.id)).toEqual(beforeB);
  });

  it("B's own group works, and A's lists never show it", async () => {
    const id = (
      await postGroup(b, houses.b.houseRef, {
        catalogRefs: [saleB.sessions[0].ref],
        groupTitle: 'B group',
        invoiceSettingsID: templateB,
      }).expect(200)
    ).body.data.invoiceGroupID;
    await untilCreated(t, houses.b.id, id);
    const mine = await b.agent.get(`/app/house/${houses.b.houseRef}/invoiceGroups`).expect(200);
    expect(mine.body.data.invoices.map((g: { invoiceGroupID: number }) => g.invoiceGroupID)).toEqual([id]);
    const theirs = await a.agent.get(`/api/invoice-groups`).expect(200);
    expect(theirs.body.map((g: { id: number }) => g.id)).toEqual([groupA]);
    await a.agent.get(`/api/invoice-groups/${id}`).expect(404);
  });
});
