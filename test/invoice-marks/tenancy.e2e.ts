import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { bidder, group, invoiceState, post, q, TODAY_US } from './support';
import type { FactoryGroup } from '../invoice-details/factory';

/**
 * House B's staff cannot mark, contact, note or read house A's invoices, whatever houseRef the
 * path names and whatever ids the body carries: 404 (another house's ref: 404 from the guard), and
 * house A's rows, payments, audit and outbox stay exactly as they were.
 */
describe("tenancy of the marks and contact calls: house B reaches nothing of house A's", () => {
  let t: TestApp;
  let houses: TwoHouses;
  let b: SignedIn;
  let aGroup: FactoryGroup;
  let bGroup: FactoryGroup;
  let aIds: number[];

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    aGroup = await group(
      t,
      houses.a.id,
      [bidder('HouseA', { email: 'a-bidder@example.com' })],
      [
        { bidder: 0, hammer: 10_000 },
        { bidder: 0, hammer: 20_000 },
      ],
    );
    bGroup = await group(t, houses.b.id, [bidder('HouseB', { email: 'b-bidder@example.com' })], [{ bidder: 0, hammer: 10_000 }]);
    aIds = [aGroup.invoiceIds[0]!];
    b = await signIn(t.server, 'house-b', 'owner');
  });
  afterAll(() => t?.close());

  const aOutbox = async () =>
    (
      await q(t, 'select count(*)::int as n from mail_outbox where house_id = ? or to_address = ?', [houses.a.id, 'a-bidder@example.com'])
    )[0].n;

  it("refuses every mark of A's invoices and lots with 404, through B's ref or A's, single or batch, and changes nothing", async () => {
    const before = await invoiceState(t, [...aIds, bGroup.invoiceIds[0]!]);
    const id = aIds[0];
    const paid = { paid: true, paidDate: TODAY_US, paymentMethodID: 101 };
    const calls: [string, object][] = [
      ['invoicePaidOnly', { invoiceID: id, ...paid }],
      ['invoicePaidOnly', { invoiceID: id, paid: false }],
      ['invoicePaidOnlyByDetail', { invoiceID: id, invoiceDetailID: aGroup.lineIds[0], ...paid }],
      ['invoiceShippedOnly', { invoiceID: id, shipped: true, shippedDate: TODAY_US }],
      ['invoiceShippedOnlyByDetail', { invoiceID: id, invoiceDetailID: aGroup.lineIds[1], shipped: true, shippedDate: TODAY_US }],
      // B's own invoice with A's lot.
      ['invoicePaidOnlyByDetail', { invoiceID: bGroup.invoiceIds[0], invoiceDetailID: aGroup.lineIds[0], ...paid }],
      // A batch of B's own invoice and A's: nothing of either is applied.
      [
        'invoicePaidOnly',
        {
          paidInvoices: [
            { invoiceID: bGroup.invoiceIds[0], ...paid },
            { invoiceID: id, ...paid },
          ],
        },
      ],
    ];
    for (const [path, body] of calls) {
      for (const houseRef of [houses.b.houseRef, houses.a.houseRef]) {
        const res = await post(b, houseRef, path, body);
        expect({ path, houseRef, body, status: res.status }).toEqual({ path, houseRef, body, status: 404 });
        expect(JSON.stringify(res.body)).not.toContain('HouseA');
      }
    }
    expect(await invoiceState(t, [...aIds, bGroup.invoiceIds[0]!])).toEqual(before);
  });

  it("cannot contact A's bidders, note A's invoices or read A's group's payment methods (404), and sends nothing", async () => {
    const before = await invoiceState(t, aIds);
    const outboxBefore = await aOutbox();
    const text = { subject: 'Hello', message: 'Pay up' };
    const calls: [string, object][] = [
      ['invoiceMessage', { ...text, bidderID: aGroup.memberIds[0] }],
      ['invoiceMessage', { ...text, bidderID: aGroup.memberIds[0], invoiceID: aIds[0] }],
      ['invoiceMessage', { ...text, bidderID: bGroup.memberIds[0], invoiceID: aIds[0] }],
      [`invoiceGroup/${aGroup.groupId}/bulkContact`, { ...text, invoiceIDs: aIds }],
      [`invoiceGroup/${bGroup.groupId}/bulkContact`, { ...text, invoiceIDs: aIds }],
      [`invoiceGroup/${aGroup.groupId}/bulkNote`, { notes: 'x', invoiceIDs: aIds }],
      [`invoiceGroup/${bGroup.groupId}/bulkNote`, { notes: 'x', invoiceIDs: [bGroup.invoiceIds[0], ...aIds] }],
    ];
    for (const [path, body] of calls) {
      for (const houseRef of [houses.b.houseRef, houses.a.houseRef]) {
        const res = await post(b, houseRef, path, body);
        expect({ path, houseRef, status: res.status }).toEqual({ path, houseRef, status: 404 });
        expect(JSON.stringify(res.body)).not.toContain('a-bidder@example.com');
      }
    }
    for (const houseRef of [houses.b.houseRef, houses.a.houseRef]) {
      const res = await b.agent.get(`/app/house/${houseRef}/invoiceGroup/${aGroup.groupId}/payment-methods`);
      expect({ houseRef, status: res.status }).toEqual({ houseRef, status: 404 });
    }
    // What B can read of A's invoices through the group read: nothing.
    const read = await post(b, houses.b.houseRef, `invoiceGroup/${bGroup.groupId}/groupDetailInfoByInvoice`, aIds).expect(200);
    expect(read.body.data.invoices).toEqual([]);
    expect(await aOutbox()).toBe(outboxBefore);
    expect(await invoiceState(t, aIds)).toEqual(before);
    // B's own calls work (the refusals above are about the house, not the calls).
    await b.agent.get(`/app/house/${houses.b.houseRef}/invoiceGroup/${bGroup.groupId}/payment-methods`).expect(200);
  });
});
