import request from 'supertest';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import type { FactoryGroup } from '../invoice-details/factory';
import { patch, payLines, post, smallGroup } from './support';

type Entry = Record<string, any>;

/**
 * `GET /app/house/{houseRef}/invoice/{id}/audit`: every kind of change of this module leaves a
 * record (who, when, what, before and after), read back newest first, paged, as the screens show it.
 */
describe('GET invoice/{id}/audit (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;
  let g: FactoryGroup;

  const trail = (id: number, query: Record<string, string | number> = {}, s: SignedIn = a) =>
    s.agent.get(`/app/house/${houses.a.houseRef}/invoice/${id}/audit`).query(query);
  const group = (body: unknown) => post(a, `/app/house/${houses.a.houseRef}/invoiceGroup/${g.groupId}/groupDetailInfo`, body);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em(), { paymentProcessingEnabled: true });
    g = await smallGroup(t, houses.a.id);
    a = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  it('records each kind of change and reads them newest first with labels, lots and texts', async () => {
    const id = g.invoiceIds[1]!; // the Floor bidder, Ontario
    const clerk = await signIn(t.server, 'house-a', 'accessInvoices');
    await post(a, `/app/house/${houses.a.houseRef}/additionalCharges`, { invoiceID: id, lotID: g.lotIds[3], shipping: 12.5 }).expect(200);
    await group({ invoiceDetails: { invoiceID: id, invoiceDetailID: g.lineIds[4], suppress: true } }).expect(200);
    await group({ invoiceDetails: { invoiceID: id, invoiceDetailID: g.lineIds[4], suppress: false } }).expect(200);
    await post(clerk, `/app/house/${houses.a.houseRef}/invoiceGroup/${g.groupId}/groupDetailInfo`, {
      invoiceNotes: { invoiceID: id, notes: 'Call first' },
    }).expect(200);
    await group({ invoiceItemDeliveryModes: { invoiceID: id, deliveryMode: 'pickup' } }).expect(200);
    await patch(a, `/app/house/${houses.a.houseRef}/invoice/${id}`, {
      data: { type: 'invoice', id, attributes: { invoiceDetails: [{ lotId: g.lotIds[3], hammer: 250 }] } },
    }).expect(200);

    const res = await trail(id).expect(200);
    const d = res.body.data;
    expect(d).toMatchObject({ invoiceID: id, totalRecords: 6, page: 1, size: 100 });
    expect(d.entries.map((e: Entry) => [e.action, e.actionText, e.userName])).toEqual([
      ['floor-edit', "Floor edit of hammer, buyer's premium or live fee", 'owner'],
      ['delivery-mode', 'Delivery mode changed', 'owner'],
      ['note', 'Internal note saved', 'accessInvoices'],
      ['line.show', 'Lot shown on the invoice', 'owner'],
      ['line.hide', 'Lot hidden from the invoice', 'owner'],
      ['charges', 'Charges edited', 'owner'],
    ]);
    const [floor, delivery, note, , hide, charges] = d.entries;
    expect(floor.changes[0]).toEqual({
      field: `line:${g.lineIds[3]}.hammer_override_cents`,
      scope: 'line',
      lineId: g.lineIds[3],
      lotNumber: '4',
      label: 'Hammer (edited)',
      before: null,
      after: '250.00',
      derived: false,
    });
    expect(floor.changes.filter((c: Entry) => c.derived).map((c: Entry) => c.label)).toEqual(
      expect.arrayContaining(['Hammer', "Buyer's premium", 'Total', 'Invoice total']),
    );
    expect(delivery.changes).toEqual([expect.objectContaining({ label: 'Delivery mode', before: 'Shipping', after: 'Pickup' })]);
    expect(note.changes).toEqual([expect.objectContaining({ label: 'Internal note', before: null, after: 'Call first' })]);
    expect(hide).toMatchObject({ lineId: g.lineIds[4], lotNumber: '5' });
    expect(hide.changes[0]).toMatchObject({ label: 'Visibility', before: 'Shown', after: 'Hidden', lotNumber: '5' });
    expect(charges.changes[0]).toMatchObject({ label: 'Shipping', before: '0.00', after: '12.50', lotNumber: '4' });
    expect(charges.before[`line:${g.lineIds[3]}.shipping_cents`]).toBe('0');
    expect(Date.parse(charges.createdAt)).toBeLessThanOrEqual(Date.parse(floor.createdAt));
  });

  it('records additional charges and their visibility', async () => {
    const id = g.invoiceIds[2]!;
    await payLines(t, houses.a.id, id, [g.lineIds[5]]);
    await post(a, `/app/house/${houses.a.houseRef}/additionalCharges`, { invoiceID: id, lotID: g.lotIds[5], shipping: 9 }).expect(200);
    await group({ invoiceDetailPrice: { invoiceID: id, invoiceDetailID: g.lineIds[5], suppress: true, additionalCharge: true } }).expect(
      200,
    );
    const [hidden, added] = (await trail(id).expect(200)).body.data.entries;
    expect(added).toMatchObject({ action: 'charges', actionText: 'Additional charges edited' });
    expect(added.changes[0]).toMatchObject({ scope: 'additional', label: "Add'l Shipping", before: '0.00', after: '9.00', lotNumber: '6' });
    expect(hidden).toMatchObject({ action: 'additional.hide', actionText: 'Additional charge hidden' });
    expect(hidden.changes[0]).toMatchObject({ label: "Add'l charge visibility", after: 'Hidden' });
  });

  it('pages; bad paging is a 400 with its message', async () => {
    const id = g.invoiceIds[1]!;
    const p2 = (await trail(id, { size: 2, page: 2 }).expect(200)).body.data;
    expect(p2).toMatchObject({ totalRecords: 6, page: 2, size: 2 });
    expect(p2.entries.map((e: Entry) => e.action)).toEqual(['note', 'line.show']);
    expect((await trail(id, { size: 501 }).expect(400)).body.errors).toEqual({ size: 'Page size must be a whole number from 1 to 500.' });
    expect((await trail(id, { page: 0 }).expect(400)).body.errors).toEqual({ page: 'Page must be a whole number from 1 to 10000.' });
  });

  it('an invoice without changes has an empty trail; an unknown invoice is 404; access is checked', async () => {
    expect((await trail(g.invoiceIds[0]!).expect(200)).body.data).toMatchObject({ entries: [], totalRecords: 0 });
    expect((await trail(99_999_999).expect(404)).body).toEqual({
      statusCode: 404,
      code: 'INVOICE_NOT_FOUND',
      message: 'Invoice not found.',
    });
    // A malformed path id names no invoice: the same 404 as any id that does not exist (core @IdParam).
    expect((await a.agent.get(`/app/house/${houses.a.houseRef}/invoice/x/audit`).expect(404)).body).toEqual({
      statusCode: 404,
      code: 'INVOICE_NOT_FOUND',
      message: 'Invoice not found.',
    });
    await request(t.server).get(`/app/house/${houses.a.houseRef}/invoice/${g.invoiceIds[0]}/audit`).expect(401);
    const none = await signIn(t.server, 'house-a', 'none');
    expect((await trail(g.invoiceIds[0]!, {}, none).expect(403)).body.message).toBe(PERMISSION_DENIED_TEXT);
  });
});
