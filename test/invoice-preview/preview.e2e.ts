import request from 'supertest';
import { ACCEPTED_CARDS } from '@ar/rules';
import { HouseAddress } from '../../src/modules/houses/locations/house-address.entity';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { createInvoicedGroup, FactoryGroup } from '../invoice-details/factory';
import { NY_TAX, otherGroup, SENT_AT } from '../invoice-details/scenario';

const NOT_FOUND = { statusCode: 404, code: 'INVOICE_GROUP_NOT_FOUND', message: 'Invoice group not found.' };

type Json = Record<string, any>;

/** `POST invoiceGroup/{id}/invoicePreview` (spec 000 sections 2, 3, 7; docs/decisions/invoice-sending.md). */
describe('Invoice Preview: invoicePreview (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let a: SignedIn;
  let b: SignedIn;
  let main: FactoryGroup;
  let other: FactoryGroup;
  let bGroup: FactoryGroup;

  const preview = (s: SignedIn, groupId: number, body: unknown, houseRef = houses.a.houseRef) =>
    s.agent
      .post(`/app/house/${houseRef}/invoiceGroup/${groupId}/invoicePreview`)
      .set('X-CSRF-Token', s.csrf)
      .send(body as object);
  const byInvoice = (s: SignedIn, groupId: number, body: unknown) =>
    s.agent
      .post(`/app/house/${houses.a.houseRef}/invoiceGroup/${groupId}/groupDetailInfoByInvoice`)
      .set('X-CSRF-Token', s.csrf)
      .send(body as object);
  const sql = (text: string, params: unknown[]) => t.em().getConnection().execute(text, params);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    // Processor p with payment processing, in the US: cards and ACH are offered.
    houses = await seedTwoHouses(t.em(), { paymentProcessingEnabled: true });
    main = await createInvoicedGroup(t.em(), {
      houseId: houses.a.id,
      title: 'Preview sale',
      processorType: 'w',
      taxRows: [NY_TAX],
      sessions: [{ eventDate: '2026-10-16T23:00:00Z' }, { eventDate: '2026-10-18T15:00:00Z' }],
      bidders: [
        { firstName: 'Ada', lastName: 'Lovelace', platform: 'INV', paddle: 101 },
        { firstName: 'Bob', lastName: 'Floorman', platform: 'Floor', paddle: 102 },
        {
          firstName: 'Chloe',
          lastName: 'Tremblay',
          platform: 'PL',
          countryCode: 'CA',
          stateCode: null,
          province: 'ON',
          city: 'Ottawa',
          companyName: 'Tremblay Antiques Ltd',
        },
      ],
      lots: [
        { bidder: 0, hammer: 125_000, session: 0, title: 'Worked example' },
        { bidder: 0, hammer: 10_000, session: 1, hidden: true, title: 'Hidden lot' },
        { bidder: 0, hammer: 40_000, session: 1, restricted: true, title: 'Ivory box' },
        { bidder: 1, hammer: 50_000, session: 0 },
        { bidder: 2, hammer: 200_000, session: 1, lotExt: 'A' },
      ],
      invoices: {
        0: { sentAt: SENT_AT, payments: [{ amount: 100_000, kind: 'payment' }] },
        2: { payments: [{ amount: 50_000, kind: 'payment' }] },
      },
    });
    other = await otherGroup(t.em(), houses.a.id);
    bGroup = await otherGroup(t.em(), houses.b.id, 'House B sale');

    // The template's messages (out of order, one empty), its location and the house's primary location.
    for (const [header, detail, sequence] of [
      ['Shipping Notes', 'We ship on Mondays.', 2],
      ['', '', 1],
      ['Payment Option(s)', 'Cards, ACH or PayPal.', 0],
    ] as const) {
      await sql('insert into template_message (house_id, template_id, header, detail, sequence) values (?, ?, ?, ?, ?)', [
        houses.a.id,
        main.templateId,
        header,
        detail,
        sequence,
      ]);
    }
    const em = t.em().fork();
    const gallery = em.create(HouseAddress, {
      house: houses.a.id,
      facilityName: 'Hudson Gallery',
      addressStreet1: '10 Warren St',
      addressCity: 'Hudson',
      countryCode: 'US',
      stateCode: 'NY',
      postalCode: '12534',
      addressPhone: '518-555-0100',
      email: 'hudson@house-a.example',
    });
    em.create(HouseAddress, {
      house: houses.a.id,
      addressStreet1: '1 Primary Plaza',
      addressStreet2: 'Floor 3',
      addressCity: 'Albany',
      countryCode: 'US',
      stateCode: 'NY',
      postalCode: '12207',
      primary: true,
    });
    await em.flush();
    await sql('update invoice_template set house_address_id = ?, bcc_email = ? where id = ?', [
      gallery.id,
      'audit@house-a.example',
      main.templateId,
    ]);

    a = await signIn(t.server, 'house-a', 'owner');
    b = await signIn(t.server, 'house-b', 'owner');
  });
  afterAll(() => t?.close());

  it('answers one preview per invoice of the group, in the order asked, each once; other ids ignored', async () => {
    const ids = [
      main.invoiceIds[2],
      main.invoiceIds[0],
      other.invoiceIds[0],
      bGroup.invoiceIds[0],
      99_999_999,
      main.invoiceIds[2],
      main.invoiceIds[1],
    ];
    const res = await preview(a, main.groupId, ids).expect(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(Object.keys(res.body.data)).toEqual(['data']);
    const list: Json[] = res.body.data.data.invoiceGroups;
    expect(list.map((p) => p.invoiceID)).toEqual([main.invoiceIds[2], main.invoiceIds[0], main.invoiceIds[1]]);
    expect(list.map((p) => p.billingAddress.name)).toEqual(['Chloe Tremblay', 'Ada Lovelace', 'Bob Floorman']);
  });

  it("answers the group details' amounts to the cent, hidden lots left out", async () => {
    const ids = main.invoiceIds.filter((i): i is number => i !== undefined);
    const previews: Json[] = (await preview(a, main.groupId, ids).expect(200)).body.data.data.invoiceGroups;
    const invoices: Json[] = (await byInvoice(a, main.groupId, ids).expect(200)).body.data.invoices;
    expect(previews).toHaveLength(3);
    for (const p of previews) {
      const inv = invoices.find((i) => i.invoiceID === p.invoiceID) as Json;
      const c = inv.totalPriceWithAdditionalChargesCents;
      expect(p.totals).toEqual({
        hammerTotal: c.hammer / 100,
        hammerTotalCents: c.hammer,
        premiumTotal: c.premium / 100,
        premiumTotalCents: c.premium,
        liveFee: c.livefee / 100,
        liveFeeCents: c.livefee,
        shipping: c.shipping / 100,
        shippingCents: c.shipping,
        insurance: c.insurance / 100,
        insuranceCents: c.insurance,
        misc: c.other / 100,
        miscCents: c.other,
        tax: c.tax / 100,
        taxCents: c.tax,
        total: inv.invoiceTotal,
        totalCents: inv.invoiceTotalCents,
      });
      expect({ paid: p.paymentsMadeCents, due: p.totalDueCents, number: p.invoiceNumber, version: p.version }).toEqual({
        paid: inv.invoicePaidCents,
        due: inv.outStandingBalanceCents,
        number: inv.invoiceNumber,
        version: inv.version,
      });
      const visible = inv.invoiceDetails.filter((d: Json) => !d.suppress);
      expect(
        p.items.map((i: Json) => [i.invoiceDetailID, i.hammerTotalCents, i.premiumTotalCents, i.liveFeeCents, i.taxCents, i.totalCents]),
      ).toEqual(
        visible.map((d: Json) => [
          d.invoiceDetailID,
          d.priceInfoCents.hammer,
          d.priceInfoCents.premium,
          d.priceInfoCents.livefee,
          d.priceInfoCents.tax,
          d.totalAmountCents,
        ]),
      );
    }
    const ada = previews.find((p) => p.invoiceID === main.invoiceIds[0]) as Json;
    expect(ada.items.map((i: Json) => i.lotTitle)).toEqual(['Worked example', 'Ivory box']);
    expect(JSON.stringify(ada)).not.toContain('Hidden lot');
    expect(ada.items.find((i: Json) => i.invoiceDetailID === main.lineIds[1])).toBeUndefined();
    // The worked line: 1,250.00 hammer -> 1,684.38 (INVOICE-MATH.md).
    expect(ada.items[0]).toMatchObject({
      hammerTotal: 1250,
      premiumTotal: 300,
      liveFee: 37.5,
      tax: 96.88,
      total: 1684.38,
      totalCents: 168_438,
      restricted: false,
    });
  });

  it('flags the restricted lot and answers restrictedTotal, onlineTotal and totalDue', async () => {
    const [ada] = (await preview(a, main.groupId, [main.invoiceIds[0]]).expect(200)).body.data.data.invoiceGroups as Json[];
    const ivory = ada.items.find((i: Json) => i.lotTitle === 'Ivory box');
    expect(ivory.restricted).toBe(true);
    expect(ivory.totalCents).toBe(main.lines[2].total);
    expect(ada.restrictedTotalCents).toBe(main.lines[2].total);
    expect(ada.restrictedTotal).toBe(main.lines[2].total / 100);
    expect(ada.paymentsMadeCents).toBe(100_000);
    expect(ada.totalDueCents).toBe(ada.totals.totalCents - 100_000);
    expect(ada.onlineTotalCents).toBe(Math.max(0, ada.totalDueCents - main.lines[2].total));
    const [bob] = (await preview(a, main.groupId, [main.invoiceIds[1]]).expect(200)).body.data.data.invoiceGroups as Json[];
    expect(bob).toMatchObject({ restrictedTotalCents: 0, onlineTotalCents: bob.totalDueCents, totalDueCents: bob.totals.totalCents });
  });

  it("answers the bidder, the house with the template's location, the template's messages in sequence order and email settings", async () => {
    const [chloe, ada] = (await preview(a, main.groupId, [main.invoiceIds[2], main.invoiceIds[0]]).expect(200)).body.data.data
      .invoiceGroups as Json[];
    expect(chloe.billingAddress).toMatchObject({
      name: 'Chloe Tremblay',
      company: 'Tremblay Antiques Ltd',
      lines: ['Ottawa, ON', 'Canada'],
    });
    expect(chloe).toMatchObject({
      paddleNumber: null,
      channel: 'Online',
      invoiceSentDateString: null,
      needsResend: false,
      currencyCode: 'USD',
      currencySymbol: '$',
    });
    expect(chloe.invoiceDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(ada).toMatchObject({ paddleNumber: 101, invoiceDate: '11/02/2026', invoiceSentDateString: '11/02/2026' });
    expect(ada.house).toEqual({
      name: 'house-a Auctions',
      company: 'Hudson Gallery',
      lines: ['10 Warren St', 'Hudson, NY 12534', 'United States'],
      email: 'hudson@house-a.example',
      phone: '518-555-0100',
    });
    expect(ada.messages).toEqual([
      { header: 'Payment Option(s)', detail: 'Cards, ACH or PayPal.', sequence: 0 },
      { header: 'Shipping Notes', detail: 'We ship on Mondays.', sequence: 2 },
    ]);
    expect(ada.email).toEqual({
      subject: 'Your invoice',
      fromName: 'Accounts',
      replyTo: 'accounts@example.com',
      bcc: 'audit@house-a.example',
    });
    expect(ada).toMatchObject({ acceptedCards: [...ACCEPTED_CARDS], allowACHPayment: true, paypalUrl: null, showCostsPerItem: true });
  });

  it('links PayPal when the template enables it, and falls back to the primary location without a template location', async () => {
    await sql('update invoice_template set pay_pal = true, pay_pal_email = ?, house_address_id = null where id = ?', [
      'pay@house-a.example',
      main.templateId,
    ]);
    try {
      const [ada] = (await preview(a, main.groupId, [main.invoiceIds[0]]).expect(200)).body.data.data.invoiceGroups as Json[];
      const url = new URL(ada.paypalUrl);
      expect(`${url.origin}${url.pathname}`).toBe('https://www.paypal.com/cgi-bin/webscr');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        cmd: '_xclick',
        business: 'pay@house-a.example',
        item_name: `Invoice #${ada.invoiceNumber}`,
        amount: (ada.totalDueCents / 100).toFixed(2),
        currency_code: 'USD',
      });
      expect(ada.house).toEqual({
        name: 'house-a Auctions',
        company: null,
        lines: ['1 Primary Plaza', 'Floor 3', 'Albany, NY 12207', 'United States'],
        email: null,
        phone: null,
      });
    } finally {
      await sql('update invoice_template set pay_pal = false, pay_pal_email = null where id = ?', [main.templateId]);
    }
  });

  it('refuses a body that is not a list of ids (400, the one error shape), answers an empty list with none, an unknown group 404', async () => {
    const msg = 'Send a list of at most 5000 invoice ids (positive whole numbers).';
    for (const body of [{}, { invoiceIDs: [1] }, [0], ['x'], [1.5], [null]]) {
      expect({ body, res: (await preview(a, main.groupId, body)).body }).toEqual({
        body,
        res: { statusCode: 400, code: 'VALIDATION_FAILED', message: 'The request is not valid.', errors: { invoiceIDs: msg } },
      });
    }
    expect((await preview(a, main.groupId, []).expect(200)).body).toEqual({ data: { data: { invoiceGroups: [] } } });
    expect((await preview(a, main.groupId, [String(main.invoiceIds[1])]).expect(200)).body.data.data.invoiceGroups[0].invoiceID).toBe(
      main.invoiceIds[1],
    );
    expect((await preview(a, 987_654, [main.invoiceIds[0]]).expect(404)).body).toEqual(NOT_FOUND);
    expect((await preview(a, 987_654, []).expect(404)).body).toEqual(NOT_FOUND);
    expect((await preview(a, 'abc' as never, [main.invoiceIds[0]]).expect(404)).body).toEqual(NOT_FOUND);
  });

  it("house B gets 404 for house A's group and none of A's invoices in its own group", async () => {
    for (const ref of [houses.b.houseRef, houses.a.houseRef]) {
      const res = await preview(b, main.groupId, [main.invoiceIds[0]], ref).expect(404);
      expect(JSON.stringify(res.body)).not.toContain('Lovelace');
    }
    const own = await preview(b, bGroup.groupId, [main.invoiceIds[0], main.invoiceIds[1], bGroup.invoiceIds[0]], houses.b.houseRef).expect(
      200,
    );
    expect(own.body.data.data.invoiceGroups.map((p: Json) => p.invoiceID)).toEqual([bGroup.invoiceIds[0]]);
    expect(JSON.stringify(own.body)).not.toContain('Lovelace');
    // House B has no location: its own house's name, no address lines.
    expect(own.body.data.data.invoiceGroups[0].house).toMatchObject({ name: 'house-b Auctions', lines: [] });
  });

  it('needs accessInvoices (403), a session (401) and the CSRF token', async () => {
    const none = await signIn(t.server, 'house-a', 'none');
    const denied = await preview(none, main.groupId, [main.invoiceIds[0]]).expect(403);
    expect(denied.body.message).toBe('You do not have permissions to view this page. Please contact your system administrator.');
    const clerk = await signIn(t.server, 'house-a', 'accessInvoices');
    expect((await preview(clerk, main.groupId, [main.invoiceIds[0]]).expect(200)).body.data.data.invoiceGroups).toHaveLength(1);
    const anonymous = await request(t.server)
      .post(`/app/house/${houses.a.houseRef}/invoiceGroup/${main.groupId}/invoicePreview`)
      .send([main.invoiceIds[0]]);
    expect(anonymous.status).toBe(401);
    expect(JSON.stringify(anonymous.body)).not.toContain('Lovelace');
    const noCsrf = await a.agent
      .post(`/app/house/${houses.a.houseRef}/invoiceGroup/${main.groupId}/invoicePreview`)
      .send([main.invoiceIds[0]]);
    expect(noCsrf.status).toBe(403);
  });
});
