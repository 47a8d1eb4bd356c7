import request from 'supertest';
import { signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { createInvoicedGroup, FactoryGroup } from './factory';
import { seedDetailsWorld } from './scenario';
import { statementsSent } from '../support/statements';

const NOT_FOUND = { statusCode: 404, code: 'INVOICE_GROUP_NOT_FOUND', message: 'Invoice group not found.' };

type Invoice = Record<string, any>;

/** The Invoice Group Details calls (spec 000 sections 2, 3, 7): shapes, totals, filters, paging, tenancy. */
describe('Invoice Group Details: groupDetailInfo and groupDetailInfoByInvoice (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;
  let b: SignedIn;
  let main: FactoryGroup;
  let other: FactoryGroup;
  let bGroup: FactoryGroup;

  const details = (s: SignedIn, groupId: number, query: Record<string, string | number> = {}, houseRef = houses.a.houseRef) =>
    s.agent.get(`/app/house/${houseRef}/invoiceGroup/${groupId}/groupDetailInfo`).query(query);
  const byInvoice = (s: SignedIn, groupId: number, body: unknown, houseRef = houses.a.houseRef) =>
    s.agent
      .post(`/app/house/${houseRef}/invoiceGroup/${groupId}/groupDetailInfoByInvoice`)
      .set('X-CSRF-Token', s.csrf)
      .send(body as object);
  const names = (list: Invoice[]) => list.map((i) => i.lastName);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    ({ houses, main, other, bGroup, a, b } = await seedDetailsWorld(t));
  });
  afterAll(() => t?.close());

  describe('GET groupDetailInfo', () => {
    it('answers the group, its sessions with day numbers from the earliest session date, and every invoice', async () => {
      const res = await details(a, main.groupId).expect(200);
      const d = res.body.data;
      expect(d.invoiceGroup).toEqual({
        invoiceGroupID: main.groupId,
        invoiceGroupTitle: 'Autumn Fine Art',
        invoiceCreated: true,
        invoiceGroupSettingsID: main.templateId,
        currencyCode: 'USD',
        creationError: null,
      });
      // Two sessions on the evening of 16 Oct in New York (one after midnight UTC) share day 1; 18 Oct is day 3.
      expect(d.catalogs).toEqual([
        {
          identifier: main.catalogRefs[0],
          title: 'Evening Session',
          date: '10/16/2026',
          catalogID: main.catalogIds[0],
          dayNumber: 1,
          eventDate: '2026-10-16T23:00:00.000Z',
        },
        {
          identifier: main.catalogRefs[1],
          title: 'Late Session',
          date: '10/16/2026',
          catalogID: main.catalogIds[1],
          dayNumber: 1,
          eventDate: '2026-10-17T01:30:00.000Z',
        },
        {
          identifier: main.catalogRefs[2],
          title: 'Sunday Session',
          date: '10/18/2026',
          catalogID: main.catalogIds[2],
          dayNumber: 3,
          eventDate: '2026-10-18T15:00:00.000Z',
        },
      ]);
      expect(names(d.invoiceBidders)).toEqual(['Lovelace', 'Floorman', 'Tremblay', 'Worthington']);
      expect(d.invoiceBidders.map((i: Invoice) => i.invoiceNumber)).toEqual(main.invoiceNumbers.slice(0, 4));
      expect(d).toMatchObject({ hasPaddleNumbers: true, totalRecords: 4, page: 1, size: null, status: 'ALL', search: null });
    });

    it("shapes each invoice as the spec's Invoice, its lines as invoice details, amounts exact to the cent", async () => {
      const d = (await details(a, main.groupId).expect(200)).body.data;
      const ada = d.invoiceBidders[0];
      expect(ada).toMatchObject({
        invoiceID: main.invoiceIds[0],
        invoiceGroupID: main.groupId,
        approvalID: main.approvalIds[0],
        memberID: main.memberIds[0],
        firstName: 'Ada',
        lastName: 'Lovelace',
        paddleNumber: 101,
        city: 'Albany',
        state: 'NY',
        province: null,
        country: 'US',
        channel: 'Online',
        platform: 'INV',
        companyID: null,
        pickup: false,
        allPaid: false,
        invoiceTotal: 1684.38,
        invoiceTotalCents: 168_438,
        outStandingBalance: 1684.38,
        outStandingBalanceCents: 168_438,
        invoicePaid: 0,
        invoiceSentDate: '2026-11-02T15:00:00.000Z',
        invoiceSentDateString: '11/02/2026',
        onlinePaymentStat: null,
        applyCostPerLot: false,
        costsOverride: false,
        totalPrice: { hammer: 1250, premium: 300, livefee: 37.5, tax: 96.88, shipping: 0, insurance: 0, other: 0, currencySymbol: '$' },
        itemCount: 1,
        invoiceStatus: 'Sent',
        shipStatus: 'Not',
        additionalPriceInfo: null,
        creditCardLimitExceeded: false,
        batchChargeEligible: false,
        // Issue 11: the house (processor p) has payment processing off.
        batchChargIneligibilityReason: 'Payment processing is disabled for this house.',
        autoChargeDate: null,
      });
      expect(ada.invoiceDetails).toHaveLength(2);
      expect(ada.invoiceDetails[0]).toMatchObject({
        invoiceDetailID: main.lineIds[0],
        lotID: main.lotIds[0],
        lotRef: main.lotRefs[0],
        lotNum: '1',
        lotNumExt: null,
        lotURL: null,
        lotTitle: 'Worked example',
        saleIdentifier: main.catalogRefs[0],
        suppress: false,
        restricted: false,
        paid: false,
        paidDate: null,
        shipped: false,
        shippedDate: null,
        totalAmount: 1684.38,
        totalAmountCents: 168_438,
        totalAmountPaid: 0,
        paymentMethod: null,
        paymentMethodID: null,
        disputeRef: null,
        canOpenDispute: true,
        onlinePaymentStat: null,
        priceInfo: { hammer: 1250, premium: 300, livefee: 37.5, tax: 96.88, shipping: 0, insurance: 0, other: 0, suppress: false },
        itemStatus: 'Sent',
        additionalPriceInfo: null,
        additionalCharge: false,
      });
      // No amount anywhere carries more than two decimals.
      expect(JSON.stringify(d)).not.toMatch(/:-?\d+\.\d{3,}[,}\]]/);
    });

    it('excludes hidden lots from counts, totals and statuses, but lists them flagged suppress', async () => {
      const ada = (await details(a, main.groupId).expect(200)).body.data.invoiceBidders[0];
      const hidden = ada.invoiceDetails[1];
      expect(hidden).toMatchObject({
        lotTitle: 'Hidden lot',
        suppress: true,
        shipped: true,
        priceInfo: expect.objectContaining({ suppress: true }),
        saleIdentifier: main.catalogRefs[2],
      });
      expect(ada.itemCount).toBe(1);
      expect(ada.invoiceTotalCents).toBe(168_438);
      // The hidden lot is shipped, the visible one is not: not even Partial.
      expect(ada.shipStatus).toBe('Not');
    });

    it('derives every status of spec section 4, the platform tag and the cut name', async () => {
      const [ada, bob, chloe, alex] = (await details(a, main.groupId).expect(200)).body.data.invoiceBidders;
      expect([ada, bob, chloe, alex].map((i: Invoice) => [i.invoiceStatus, i.shipStatus])).toEqual([
        ['Sent', 'Not'],
        ['Paid', 'Shipped'],
        ['Partial Paid', 'Not'],
        ['Not Sent', 'Picked Up'],
      ]);
      expect(bob).toMatchObject({
        channel: 'Floor',
        platform: 'Floor',
        companyID: 9,
        paymentMethod: 'Visa',
        paymentMethodID: 3,
        paidDateString: '11/04/2026',
        shipDateString: '11/05/2026',
        invoiceTotal: 664.06,
        outStandingBalance: 0,
        invoicePaid: 664.06,
      });
      expect(bob.invoiceDetails[0]).toMatchObject({
        itemStatus: 'Shipped',
        paid: true,
        paidDate: '2026-11-04',
        paidDateString: '11/04/2026',
        paymentMethod: 'Visa',
        totalAmountPaid: 664.06,
        canOpenDispute: false,
        priceInfo: expect.objectContaining({ livefee: 0 }),
      });
      expect(chloe).toMatchObject({
        platform: 'PL',
        companyID: 3,
        companyName: 'Tremblay Antiques Ltd',
        province: 'ON',
        country: 'CA',
        location: 'Ottawa, ON, CA',
        notes: 'Wants crating',
        invoiceTotal: 2510,
        invoicePaid: 500,
        outStandingBalance: 2010,
      });
      expect(chloe.invoiceDetails[0]).toMatchObject({ lotNum: '2', lotNumExt: 'A', lotNumber: '2A' });
      expect(alex).toMatchObject({
        platform: 'AZ',
        companyID: 4,
        displayName: 'Alexandria-Catherine W...',
        name: 'Alexandria-Catherine Worthington',
        pickup: true,
        invoiceSentDate: null,
        invoiceSentDateString: null,
      });
      expect(alex.invoiceDetails[0].itemStatus).toBe('Shipped');
    });

    it('totals: the ten of the totals strip and the documented ones, sums of the stored rounded amounts', async () => {
      const d = (await details(a, main.groupId).expect(200)).body.data;
      expect(d.totals).toEqual({
        totalInvoices: 4,
        totalItems: 4,
        totalHammer: 3760,
        totalBP: 877.5,
        totalLiveFee: 97.8,
        totalTax: 136.72,
        totalSH: 0,
        totalInsurance: 0,
        totalOther: 0,
        invoiceTotal: 4872.02,
        pendingCharges: 3707.96,
        paymentsMade: 1164.06,
      });
      expect(d.totalsCents).toMatchObject({ totalHammer: 376_000, invoiceTotal: 487_202, pendingCharges: 370_796 });
      expect(d).toMatchObject({
        totalAmount: 4872.02,
        totalAmountCents: 487_202,
        outStandingBalance: 3707.96,
        outStandingBalanceCents: 370_796,
      });
      expect(d.totalPrice).toEqual({
        hammer: 3760,
        premium: 877.5,
        livefee: 97.8,
        tax: 136.72,
        shipping: 0,
        insurance: 0,
        other: 0,
        currencySymbol: '$',
      });
      expect(d.totalPriceWithAdditionalCharges).toEqual(d.totalPrice);
      // The same cents as each invoice shows.
      const sum = d.invoiceBidders.reduce((s: number, i: Invoice) => s + i.invoiceTotalCents, 0);
      expect(sum).toBe(d.totalAmountCents);
      expect(main.totals.slice(0, 4).reduce((s, x) => s + x!.total, 0)).toBe(487_202);
    });

    it('another group of the house shows only its own invoices; without paddles hasPaddleNumbers is false', async () => {
      const d = (await details(a, other.groupId).expect(200)).body.data;
      expect(names(d.invoiceBidders)).toEqual(['Other', 'Other']);
      expect(d.invoiceBidders.map((i: Invoice) => i.invoiceID)).toEqual([other.invoiceIds[0], other.invoiceIds[1]]);
      expect(d.hasPaddleNumbers).toBe(false);
      expect(d.catalogs.map((c: Invoice) => c.dayNumber)).toEqual([1]);
    });

    it("filters ALL/UNPAID/PAID and searches by name, company or invoice number; totals stay the group's", async () => {
      const all = (await details(a, main.groupId).expect(200)).body.data;
      const paid = (await details(a, main.groupId, { status: 'PAID' }).expect(200)).body.data;
      expect(names(paid.invoiceBidders)).toEqual(['Floorman']);
      expect(paid).toMatchObject({ totalRecords: 1, status: 'PAID', totals: all.totals, totalAmount: all.totalAmount });
      const unpaid = (await details(a, main.groupId, { status: 'unpaid' }).expect(200)).body.data;
      expect(names(unpaid.invoiceBidders)).toEqual(['Lovelace', 'Tremblay', 'Worthington']);
      expect((await details(a, main.groupId, { status: 'ALL' }).expect(200)).body.data.totalRecords).toBe(4);

      const search = async (q: string, status = 'ALL') =>
        names((await details(a, main.groupId, { search: q, status }).expect(200)).body.data.invoiceBidders);
      expect(await search('love')).toEqual(['Lovelace']);
      expect(await search('ADA LOVE')).toEqual(['Lovelace']);
      expect(await search('Tremblay Chloe')).toEqual(['Tremblay']);
      expect(await search('antiques')).toEqual(['Tremblay']);
      expect(await search(String(main.invoiceNumbers[2]))).toContain('Tremblay');
      expect(await search('love', 'PAID')).toEqual([]);
      expect(await search('%')).toEqual([]);
    });

    it("no results: an empty page with the counts of none, the group's totals and sessions unchanged", async () => {
      const d = (await details(a, main.groupId, { search: 'zzz-nobody' }).expect(200)).body.data;
      expect(d).toMatchObject({
        invoiceBidders: [],
        totalRecords: 0,
        search: 'zzz-nobody',
        hasPaddleNumbers: true,
        totals: expect.objectContaining({ totalInvoices: 4, invoiceTotal: 4872.02 }),
      });
      expect(d.catalogs).toHaveLength(3);
    });

    it('pages in the database: size and page, the last partial page, past the end', async () => {
      const page = async (size: number, p: number, status = 'ALL') =>
        (await details(a, main.groupId, { size, page: p, status }).expect(200)).body.data;
      const p1 = await page(3, 1);
      expect(names(p1.invoiceBidders)).toEqual(['Lovelace', 'Floorman', 'Tremblay']);
      expect(p1).toMatchObject({ totalRecords: 4, page: 1, size: 3 });
      const p2 = await page(3, 2);
      expect(names(p2.invoiceBidders)).toEqual(['Worthington']);
      expect(p2.invoiceBidders[0].invoiceDetails).toHaveLength(1);
      expect(p2.totals).toEqual(p1.totals);
      expect(await page(3, 3)).toMatchObject({ invoiceBidders: [], totalRecords: 4, page: 3 });
      expect(names((await page(2, 2, 'UNPAID')).invoiceBidders)).toEqual(['Worthington']);
      expect((await page(2, 2, 'UNPAID')).totalRecords).toBe(3);
      expect(await page(2, 5, 'UNPAID')).toMatchObject({ invoiceBidders: [], totalRecords: 3, page: 5 });
      expect(names((await details(a, main.groupId, { page: 2 }).expect(200)).body.data.invoiceBidders)).toHaveLength(4);
    });

    it('refuses bad parameters with 400 and a message for each', async () => {
      const res = await details(a, main.groupId, { status: 'OPEN', size: 0, page: -1 }).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid.',
        errors: {
          status: 'Status must be ALL, UNPAID or PAID.',
          size: 'Page size must be a whole number from 1 to 500.',
          page: 'Page must be a whole number of at least 1.',
        },
      });
      expect((await details(a, main.groupId, { size: 501 }).expect(400)).body.errors).toEqual({
        size: 'Page size must be a whole number from 1 to 500.',
      });
      expect((await details(a, main.groupId, { search: 'x'.repeat(101) }).expect(400)).body.errors).toEqual({
        search: 'Search must be text of at most 100 characters.',
      });
      expect((await a.agent.get(`/app/house/${houses.a.houseRef}/invoiceGroup/abc/groupDetailInfo`).expect(404)).body).toEqual({
        statusCode: 404,
        code: 'INVOICE_GROUP_NOT_FOUND',
        message: 'Invoice group not found.',
      });
    });

    it('an unknown group is 404; a group still being created answers with no invoices', async () => {
      expect((await details(a, 987_654).expect(404)).body).toEqual(NOT_FOUND);
      const pending = await createInvoicedGroup(t.em(), {
        houseId: houses.a.id,
        title: 'Pending',
        invoiceCreated: false,
        sessions: [{ eventDate: '2026-11-21T15:00:00Z' }],
        bidders: [],
        lots: [],
      });
      const d = (await details(a, pending.groupId).expect(200)).body.data;
      expect(d).toMatchObject({
        invoiceGroup: expect.objectContaining({ invoiceCreated: false }),
        invoiceBidders: [],
        totalRecords: 0,
        hasPaddleNumbers: false,
        totals: expect.objectContaining({ totalInvoices: 0, totalItems: 0, invoiceTotal: 0 }),
      });
    });

    it('completes a lot reference missing on a line from the lots module', async () => {
      const g = await createInvoicedGroup(t.em(), {
        houseId: houses.a.id,
        processorType: 'w',
        sessions: [{ eventDate: '2026-11-21T15:00:00Z' }],
        bidders: [{ firstName: 'Old', lastName: 'Line' }],
        lots: [
          { bidder: 0, hammer: 1_000, withoutLotRef: true },
          { bidder: 0, hammer: 2_000 },
        ],
      });
      const [row] = await t.em().getConnection().execute('select lot_ref from invoice_line where id = ?', [g.lineIds[0]]);
      expect(row.lot_ref).toBeNull();
      const inv = (await details(a, g.groupId).expect(200)).body.data.invoiceBidders[0];
      expect(inv.invoiceDetails.map((l: Invoice) => l.lotRef)).toEqual([g.lotRefs[0], g.lotRefs[1]]);
    });

    it("costs a fixed number of queries whatever the group's size (no query per invoice or line)", async () => {
      const big = await createInvoicedGroup(t.em(), {
        houseId: houses.a.id,
        processorType: 'w',
        sessions: [{ eventDate: '2026-11-21T15:00:00Z' }, { eventDate: '2026-11-22T15:00:00Z' }],
        bidders: Array.from({ length: 40 }, (_, i) => ({ firstName: `B${i}`, lastName: 'Bulk', paddle: i + 1 })),
        lots: Array.from({ length: 120 }, (_, i) => ({ bidder: i % 40, hammer: 1_000 + i, session: i % 2, withoutLotRef: i % 7 === 0 })),
      });
      const count = async (groupId: number, query: Record<string, string | number> = {}) =>
        (await statementsSent(t.em(), () => details(a, groupId, query).expect(200))).sql.length;
      const small = await count(other.groupId);
      expect(await count(big.groupId)).toBeLessThanOrEqual(small + 1); // + the lot-reference completion
      expect(await count(big.groupId, { size: 10, page: 2 })).toBeLessThanOrEqual(small + 2); // + the whole group's totals
    });
  });

  describe('POST groupDetailInfoByInvoice', () => {
    it('answers the named invoices of the group with every line, by invoice number; other ids are ignored', async () => {
      const ids = [main.invoiceIds[2], main.invoiceIds[0], other.invoiceIds[0], bGroup.invoiceIds[0], 99_999_999, main.invoiceIds[2]];
      const res = await byInvoice(a, main.groupId, ids).expect(200);
      expect(Object.keys(res.body.data)).toEqual(['invoices']);
      expect(res.body.data.invoices.map((i: Invoice) => i.invoiceID)).toEqual([main.invoiceIds[0], main.invoiceIds[2]]);
      const full = (await details(a, main.groupId).expect(200)).body.data.invoiceBidders;
      expect(res.body.data.invoices[0]).toEqual(full[0]);
      expect(res.body.data.invoices[0].invoiceDetails).toHaveLength(2);
    });

    it('accepts ids as text, an empty list answers none', async () => {
      expect(
        (await byInvoice(a, main.groupId, [String(main.invoiceIds[1])]).expect(200)).body.data.invoices.map((i: Invoice) => i.lastName),
      ).toEqual(['Floorman']);
      expect((await byInvoice(a, main.groupId, []).expect(200)).body).toEqual({ data: { invoices: [] } });
    });

    it('refuses a body that is not a list of ids (400), an unknown group (404)', async () => {
      const msg = 'Send a list of at most 5000 invoice ids (positive whole numbers).';
      for (const body of [{}, { invoiceIDs: [1] }, [0], ['x'], [1.5], [null]]) {
        expect({ body, res: (await byInvoice(a, main.groupId, body)).body }).toEqual({
          body,
          res: { statusCode: 400, code: 'VALIDATION_FAILED', message: 'The request is not valid.', errors: { invoiceIDs: msg } },
        });
      }
      expect((await byInvoice(a, 987_654, [main.invoiceIds[0]]).expect(404)).body).toEqual(NOT_FOUND);
      expect(
        (
          await a.agent
            .post(`/app/house/${houses.a.houseRef}/invoiceGroup/${main.groupId}/groupDetailInfoByInvoice`)
            .send([main.invoiceIds[0]])
        ).status,
      ).toBe(403);
    });
  });

  describe('access and tenancy', () => {
    it('needs accessInvoices (403 with the permission text) and a session (401)', async () => {
      const none = await signIn(t.server, 'house-a', 'none');
      const res = await details(none, main.groupId).expect(403);
      expect(res.body.message).toBe('You do not have permissions to view this page. Please contact your system administrator.');
      expect((await byInvoice(none, main.groupId, [main.invoiceIds[0]])).status).toBe(403);
      const clerk = await signIn(t.server, 'house-a', 'accessInvoices');
      await details(clerk, main.groupId).expect(200);
      expect((await request(t.server).get(`/app/house/${houses.a.houseRef}/invoiceGroup/${main.groupId}/groupDetailInfo`)).status).toBe(
        401,
      );
    });

    it("house B gets 404 for house A's group through its own houseRef or A's, and nothing of A's invoices", async () => {
      for (const ref of [houses.b.houseRef, houses.a.houseRef]) {
        const res = await details(b, main.groupId, {}, ref).expect(404);
        expect(JSON.stringify(res.body)).not.toContain('Lovelace');
        const post = await byInvoice(b, main.groupId, [main.invoiceIds[0]], ref).expect(404);
        expect(JSON.stringify(post.body)).not.toContain('Lovelace');
      }
      // B's own group, naming A's invoice ids: none of them.
      const own = await byInvoice(
        b,
        bGroup.groupId,
        [main.invoiceIds[0], main.invoiceIds[1], bGroup.invoiceIds[0]],
        houses.b.houseRef,
      ).expect(200);
      expect(own.body.data.invoices.map((i: Invoice) => i.invoiceID)).toEqual([bGroup.invoiceIds[0]]);
      const bDetails = (await details(b, bGroup.groupId, {}, houses.b.houseRef).expect(200)).body.data;
      expect(bDetails.invoiceBidders.map((i: Invoice) => i.invoiceID)).toEqual([bGroup.invoiceIds[0], bGroup.invoiceIds[1]]);
      // A cannot read B's group either.
      await details(a, bGroup.groupId).expect(404);
    });
  });
});
