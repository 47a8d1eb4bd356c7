import { signIn, SignedIn } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { DEMO_PASSWORD } from '../../src/demo/demo-data';

type Rec = Record<string, any>;

/**
 * The read calls on a group built by the real creation job (POST invoiceGroup on the demo sale),
 * not by the test factory: what the details page shows adds up, to the cent, whatever wrote it.
 */
describe('Invoice Group Details of a group created by the creation job (demo data)', () => {
  let t: TestApp;
  let s: SignedIn;
  let houseRef: string;
  let groupId: number;
  let sessionRefs: string[];

  beforeAll(async () => {
    t = await createTestApp({ demo: true, redis: false });
    s = await signIn(t.server, 'demo', 'owner', DEMO_PASSWORD);
    houseRef = s.user.houseInfo.houseRef;
    const template = await s.agent
      .post(`/app/house/${houseRef}/invoiceGroupSettings`)
      .set('X-CSRF-Token', s.csrf)
      .send({
        invoiceGroupID: 0,
        groupName: 'Details check',
        subject: 'Your invoice',
        fromName: 'Accounts',
        fromEmail: 'accounts@example.com',
        bccEmail: '',
        houseAddressID: null,
        additionalChargesPerInvoice: false,
        additionalChargesPerLot: true,
        taxSettings: [],
        feeSettings: [],
        payPal: false,
        payPalEmail: '',
      })
      .expect(200);
    const catalogs = (await s.agent.get(`/app/house/${houseRef}/invoiceCatalogs`).expect(200)).body.data.auctionGroups as Rec[];
    const autumn = catalogs.find((g) => g.groupName === 'Autumn Fine Art & Antiques');
    sessionRefs = autumn!.catalogs.map((c: Rec) => c.catalogRef);
    const created = await s.agent
      .post(`/app/house/${houseRef}/invoiceGroup`)
      .set('X-CSRF-Token', s.csrf)
      .send({ catalogRefs: sessionRefs, groupTitle: 'Autumn details', invoiceSettingsID: template.body.data.data.groupSettingsID })
      .expect(200);
    groupId = created.body.data.invoiceGroupID;
    await waitFor(
      async () =>
        (await s.agent.get(`/app/house/${houseRef}/invoiceGroup/${groupId}/groupDetailInfo`).query({ size: 1 })).body.data?.invoiceGroup
          ?.invoiceCreated,
      (v) => v === true,
      'the invoices of the group',
      30_000,
      100,
    );
  });
  afterAll(() => t?.close());

  it('every invoice is the sum of its visible lines, the totals the sum of the invoices, every line with its lot reference', async () => {
    const d = (await s.agent.get(`/app/house/${houseRef}/invoiceGroup/${groupId}/groupDetailInfo`).expect(200)).body.data;
    expect(d.invoiceBidders.length).toBeGreaterThan(10);
    for (const inv of d.invoiceBidders as Rec[]) {
      const visible = inv.invoiceDetails.filter((l: Rec) => !l.suppress);
      expect({ id: inv.invoiceID, items: inv.itemCount, total: inv.invoiceTotalCents }).toEqual({
        id: inv.invoiceID,
        items: visible.length,
        total: visible.reduce((x: number, l: Rec) => x + l.totalAmountCents, 0),
      });
      for (const l of inv.invoiceDetails as Rec[]) {
        const p = l.priceInfoCents;
        expect(p.hammer + p.premium + p.livefee + p.tax + p.shipping + p.insurance + p.other).toBe(l.totalAmountCents);
        expect(l.lotRef).toEqual(expect.any(String));
        expect(sessionRefs).toContain(l.saleIdentifier);
      }
    }
    const sum = (f: (i: Rec) => number) => (d.invoiceBidders as Rec[]).reduce((x, i) => x + f(i), 0);
    expect(d.totals.totalInvoices).toBe(d.invoiceBidders.length);
    expect(d.totals.totalItems).toBe(sum((i) => i.itemCount));
    expect(d.totalsCents.invoiceTotal).toBe(sum((i) => i.invoiceTotalCents));
    expect(d.totalsCents.totalHammer).toBe(sum((i) => i.totalPriceCents.hammer));
    expect(d.totalsCents.pendingCharges).toBe(sum((i) => i.outStandingBalanceCents));
    expect(d.hasPaddleNumbers).toBe((d.invoiceBidders as Rec[]).some((i) => i.paddleNumber !== 0));
  });

  it("numbers the demo sale's three sessions on consecutive days 1, 2, 3", async () => {
    const d = (await s.agent.get(`/app/house/${houseRef}/invoiceGroup/${groupId}/groupDetailInfo`).query({ size: 1 }).expect(200)).body
      .data;
    expect(d.catalogs.map((c: Rec) => c.dayNumber)).toEqual([1, 2, 3]);
    expect(d.catalogs.map((c: Rec) => c.identifier).sort()).toEqual([...sessionRefs].sort());
  });

  it('the REST list and the documented call agree on every invoice', async () => {
    const d = (await s.agent.get(`/app/house/${houseRef}/invoiceGroup/${groupId}/groupDetailInfo`).query({ size: 200 }).expect(200)).body
      .data;
    const rest = (
      await s.agent
        .get('/api/invoices')
        .query({ filter: JSON.stringify({ invoiceGroupId: groupId }), range: '[0,199]' })
        .expect(200)
    ).body as Rec[];
    expect(rest.map((r) => [r.id, r.invoiceTotalCents, r.invoiceStatus, r.shipStatus])).toEqual(
      (d.invoiceBidders as Rec[]).map((i) => [i.invoiceID, i.invoiceTotalCents, i.invoiceStatus, i.shipStatus]),
    );
  });
});
