import request from 'supertest';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import type { FactoryGroup } from '../invoice-details/factory';
import { fingerprint, patch, post, smallGroup } from './support';

/**
 * House B's staff (every flag) against house A's invoices through every editing call of this
 * module: charges, hide/show, notes, delivery mode, Floor edits and the audit trail. Whatever
 * houseRef, group or ids they name, the answer is 404 (or a 400 for a malformed body) and house A's
 * rows are unchanged; nothing of A shows in an answer.
 */
describe('invoice editing: house B never reaches house A', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let b: SignedIn;
  let gA: FactoryGroup;
  let gB: FactoryGroup;
  let token: string;

  const aInvoices = () => gA.invoiceIds.filter((x): x is number => x !== undefined);
  const snapshotA = async () => Promise.all(aInvoices().map((id) => fingerprint(t, id)));

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em(), { paymentProcessingEnabled: true });
    gA = await smallGroup(t, houses.a.id, {
      bidders: [
        { firstName: 'Asecret', lastName: 'Bidder', platform: 'INV' },
        { firstName: 'Afloor', lastName: 'Secret', platform: 'Floor' },
        { firstName: 'Athird', lastName: 'Secret' },
      ],
    });
    gB = await smallGroup(t, houses.b.id);
    b = await signIn(t.server, 'house-b', 'owner');
    const { ApiTokensService } = await import('../../src/modules/houses/identity/api-tokens.service');
    const { StaffUser } = await import('../../src/modules/houses/staff-user.entity');
    const { MikroORM, RequestContext } = await import('@mikro-orm/core');
    token = await RequestContext.create(t.app.get(MikroORM).em, async () => {
      const user = await t.em().findOneOrFail(StaffUser, { house: houses.b.id, userName: 'owner' });
      return (await t.app.get(ApiTokensService).create(user, 'tenancy')).token;
    });
  });
  afterAll(() => t?.close());

  const noSecrets = (text: string) => expect(text).not.toMatch(/Asecret|Afloor|Athird/);

  /** Every write with A's ids, under B's own houseRef (and B's group where the path needs one). */
  const writes = (houseRef: string, groupId: number) => {
    const [i0, i1] = [gA.invoiceIds[0]!, gA.invoiceIds[1]!];
    return [
      { path: `/app/house/${houseRef}/additionalCharges`, body: { invoiceID: i0, lotID: gA.lotIds[0], shipping: 5 } },
      { path: `/app/house/${houseRef}/additionalCharges`, body: [{ invoiceID: i0, lotID: gA.lotIds[0], shipping: 5 }] },
      {
        path: `/app/house/${houseRef}/invoiceGroup/${groupId}/groupDetailInfo`,
        body: { invoiceDetails: { invoiceID: i0, invoiceDetailID: gA.lineIds[0], suppress: true } },
      },
      {
        path: `/app/house/${houseRef}/invoiceGroup/${groupId}/groupDetailInfo`,
        body: { invoiceNotes: [{ invoiceID: i0, notes: 'from B' }] },
      },
      {
        path: `/app/house/${houseRef}/invoiceGroup/${groupId}/groupDetailInfo`,
        body: { invoiceItemDeliveryModes: { invoiceID: i0, deliveryMode: 'pickup' } },
      },
      {
        path: `/app/house/${houseRef}/invoice/${i1}`,
        method: 'patch' as const,
        body: { data: { type: 'invoice', id: i1, attributes: { invoiceDetails: [{ lotId: gA.lotIds[3], hammer: 1 }] } } },
      },
    ];
  };

  it("A's invoices under B's own houseRef and group, or A's group: 404; A unchanged", async () => {
    const before = await snapshotA();
    for (const groupId of [gB.groupId, gA.groupId]) {
      for (const w of writes(houses.b.houseRef, groupId)) {
        const res = w.method === 'patch' ? await patch(b, w.path, w.body) : await post(b, w.path, w.body);
        expect({ path: w.path, status: res.status }).toEqual({ path: w.path, status: 404 });
        noSecrets(res.text);
      }
    }
    expect(await snapshotA()).toEqual(before);
  });

  it("A's houseRef in the path: 404 whatever the body", async () => {
    const before = await snapshotA();
    for (const w of writes(houses.a.houseRef, gA.groupId)) {
      const res = w.method === 'patch' ? await patch(b, w.path, w.body) : await post(b, w.path, w.body);
      expect(res.status).toBe(404);
      noSecrets(res.text);
    }
    expect(await snapshotA()).toEqual(before);
  });

  it("by API token too; and B's valid body naming B's lot with A's invoice id changes nothing", async () => {
    const before = await snapshotA();
    const bearer = { Authorization: `Bearer ${token}` };
    const res = await request(t.server)
      .post(`/app/house/${houses.b.houseRef}/additionalCharges`)
      .set(bearer)
      .send({ invoiceID: gA.invoiceIds[2], lotID: gB.lotIds[5], shipping: 1 });
    expect(res.status).toBe(404);
    await request(t.server)
      .patch(`/app/house/${houses.b.houseRef}/invoice/${gA.invoiceIds[1]}`)
      .set(bearer)
      .send({ data: { type: 'invoice', id: gA.invoiceIds[1], attributes: { invoiceDetails: [{ lotId: gB.lotIds[3], hammer: 1 }] } } })
      .expect(404);
    await request(t.server).get(`/app/house/${houses.b.houseRef}/invoice/${gA.invoiceIds[0]}/audit`).set(bearer).expect(404);
    expect(await snapshotA()).toEqual(before);
  });

  it("A's audit trail: 404 under either houseRef; B reads its own", async () => {
    const a = await signIn(t.server, 'house-a', 'owner');
    await post(a, `/app/house/${houses.a.houseRef}/invoiceGroup/${gA.groupId}/groupDetailInfo`, {
      invoiceNotes: { invoiceID: gA.invoiceIds[0], notes: 'Asecret note' },
    }).expect(200);
    for (const houseRef of [houses.b.houseRef, houses.a.houseRef]) {
      const res = await b.agent.get(`/app/house/${houseRef}/invoice/${gA.invoiceIds[0]}/audit`).expect(404);
      noSecrets(res.text);
    }
    await post(b, `/app/house/${houses.b.houseRef}/invoiceGroup/${gB.groupId}/groupDetailInfo`, {
      invoiceNotes: { invoiceID: gB.invoiceIds[0], notes: 'B note' },
    }).expect(200);
    const own = await b.agent.get(`/app/house/${houses.b.houseRef}/invoice/${gB.invoiceIds[0]}/audit`).expect(200);
    expect(own.body.data.entries).toHaveLength(1);
    noSecrets(own.text);
  });
});
