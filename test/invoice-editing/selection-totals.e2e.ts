import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { payLines, post, smallGroup, stored } from './support';

/**
 * The totals strip of a selection (`/invoices/EditInvoices/{group}?id=...`) is summed from the
 * invoices the list call answers. With an additional charge the columns must still add up to the
 * Invoice Total: `totalPriceWithAdditionalChargesCents` carries the charge in its column.
 */
describe('Invoice columns with additional charges (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em(), { paymentProcessingEnabled: true });
    a = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  const sum = (c: Record<string, number>) => c.hammer + c.premium + c.livefee + c.tax + c.shipping + c.insurance + c.other;

  it('answers columns that add up to invoiceTotalCents, in the list and the one-invoice call', async () => {
    const g = await smallGroup(t, houses.a.id);
    const id = g.invoiceIds[2]!;
    await payLines(t, houses.a.id, id, [g.lineIds[5]]);
    const before = await stored(t, id);
    await post(a, `/app/house/${houses.a.houseRef}/additionalCharges`, {
      invoiceID: id,
      lotID: g.lotIds[5],
      tax: 1,
      shipping: 15,
      additionalCharge: true,
      version: before.invoice.version,
    }).expect(200);

    const list = await a.agent
      .get(`/api/invoices?filter=${encodeURIComponent(JSON.stringify({ invoiceGroupId: g.groupId, id: [id] }))}`)
      .expect(200);
    expect(list.body).toHaveLength(1);
    const inv = list.body[0];
    expect(inv.additionalTotalCents).toBe(1600);
    // Without additional charges the columns fall short of the total by exactly the charge (the old strip's defect) ...
    expect(sum(inv.totalPriceCents)).toBe(inv.invoiceTotalCents - 1600);
    // ... with them they add up, the charge in its own columns.
    expect(sum(inv.totalPriceWithAdditionalChargesCents)).toBe(inv.invoiceTotalCents);
    expect(inv.totalPriceWithAdditionalChargesCents.shipping - inv.totalPriceCents.shipping).toBe(1500);
    expect(inv.totalPriceWithAdditionalChargesCents.tax - inv.totalPriceCents.tax).toBe(100);

    const one = (await a.agent.get(`/api/invoices/${id}`).expect(200)).body;
    expect(one.totalPriceWithAdditionalChargesCents).toEqual(inv.totalPriceWithAdditionalChargesCents);
  });

  it('an invoice without additional charges answers the same columns twice', async () => {
    const g = await smallGroup(t, houses.a.id);
    const id = g.invoiceIds[1]!;
    const inv = (await a.agent.get(`/api/invoices/${id}`).expect(200)).body;
    expect(inv.totalPriceWithAdditionalChargesCents).toEqual(inv.totalPriceCents);
    expect(sum(inv.totalPriceWithAdditionalChargesCents)).toBe(inv.invoiceTotalCents);
  });

  it("another house's invoice is not answered", async () => {
    const g = await smallGroup(t, houses.b.id);
    await a.agent.get(`/api/invoices/${g.invoiceIds[1]}`).expect(404);
  });
});
