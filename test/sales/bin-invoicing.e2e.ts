import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { postGroup, seedSale, seedTemplate, SeededSale, storedInvoices, untilCreated } from '../invoice-groups/support';

// Invoicing a buy-now sale (docs/decisions/bin-wizard.md): its bin step 1 Taxes & Fees replace the
// template's tax and fee rows on its lines, and its invoice email settings replace the template's,
// over HTTP on the real database, to the cent.

describe('invoicing a buy-now sale with its own step 1 settings (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let template: number;
  const sql = (q: string, p: unknown[] = []) => t.em().getConnection().execute(q, p);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    // Tax rows apply to every bidder here (no automatic US state tax): not a card-processor house.
    await sql(`update house set processor_type = 'w' where id = ?`, [houses.a.id]);
    template = await seedTemplate(t.em(), houses.a.id, {
      name: 'Live terms',
      taxRows: [{ name: 'Template tax', rate: 7_000, countryCode: 'ALL', onHammer: true, onPremium: false, onLiveFee: false }],
      feeRows: [{ name: 'Handling', rate: 2_500, countryCode: 'ALL', onHammer: true, onPremium: false, onLiveFee: false }],
    });
    await sql(`update invoice_template set bcc_email = 'template-bcc@example.com' where id = ?`, [template]);
    owner = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  /** A sale turned into the house's buy-now sale (group not live, its session bin). */
  async function binSale(spec: Parameters<typeof seedSale>[2]): Promise<SeededSale> {
    const seeded = await seedSale(t.em(), houses.a.id, spec);
    await sql('update auction_group set is_live = false where id = ?', [seeded.auctionGroupId]);
    await sql(`update catalog set sale_type = 'bin' where group_id = ?`, [seeded.auctionGroupId]);
    return seeded;
  }

  const saveSettings = (groupId: number, taxSettings: object[]) =>
    owner.agent
      .post(`/app/house/${houses.a.houseRef}/bin/group/${groupId}/invoiceSettings`)
      .set('X-CSRF-Token', owner.csrf)
      .send({ subject: 'Your Buy Now order', fromName: 'Shop desk', fromEmail: 'shop@house-a.example', bccEmail: '', taxSettings })
      .expect(200);

  const invoice = async (seeded: SeededSale, title: string) => {
    const made = await postGroup(owner, houses.a.houseRef, {
      catalogRefs: seeded.sessions.map((s) => s.ref),
      groupTitle: title,
      invoiceSettingsID: template,
    }).expect(200);
    const id = made.body.data.invoiceGroupID as number;
    expect((await untilCreated(t, houses.a.id, id)).status).toBe('completed');
    return id;
  };

  const preview = (groupId: number, ids: number[]) =>
    owner.agent
      .post(`/app/house/${houses.a.houseRef}/invoiceGroup/${groupId}/invoicePreview`)
      .set('X-CSRF-Token', owner.csrf)
      .send(ids)
      .expect(200)
      .then((r) => r.body.data.data.invoiceGroups as { email: object; acceptedCards: string[] }[]);

  it("charges the sale's Taxes & Fees (not the template's) on hammer, premium and live fee, and mails with its settings", async () => {
    const seeded = await binSale({
      liveFeeRate: 3_000,
      steps: [{ fromCents: 0, toCents: null, rate: 10_000 }],
      bidders: [
        { firstName: 'Ann', lastName: 'Ames', countryCode: 'US', stateCode: 'NY' },
        { firstName: 'Bo', lastName: 'Best', countryCode: 'CA', stateCode: 'ON', platform: 'PL' },
        { firstName: 'Cy', lastName: 'Cole', countryCode: 'GB', stateCode: null },
      ],
      sessions: [
        {
          lots: [
            { hammer: 12_345, winner: 0 },
            { hammer: 100_000, winner: 1 },
            { hammer: 999, winner: 2 },
            { hammer: 5_000, winner: 0 },
          ],
        },
      ],
    });
    await saveSettings(seeded.auctionGroupId, [
      { taxType: 'NY Sales Tax', taxRate: '8.875', taxCountryID: 'US', taxStateID: 'NY' },
      { taxType: 'HST', taxRate: '13', taxCountryID: 'CA', taxStateID: 'ON' },
      { taxType: 'VAT', taxRate: '20', taxCountryID: 'UK', taxStateID: 'ALL' },
      { taxType: 'Levy', taxRate: '0.125', taxCountryID: 'ALL', taxStateID: 'ALL' },
    ]);
    const id = await invoice(seeded, 'Buy Now orders');
    const { invoices, lines } = await storedInvoices(t, id);
    const line = (lotId: number) => lines.find((l) => l.lot_id === lotId)!;
    const [l1, l2, l3, l4] = seeded.lots[0];

    // Ann (NY, marketplace): 123.45 + 12.35 premium (10 %, half up) + 3.70 live fee (3 %) = 139.50;
    // NY 8.875 % + levy 0.125 % = 9 % of 139.50 = 12.555 -> 12.56 (rounded once). No Handling fee.
    expect(line(l1)).toMatchObject({ hammer_cents: 12_345, premium_cents: 1_235, live_fee_cents: 370, tax_cents: 1_256, fees_cents: 0 });
    expect(line(l1).total_cents).toBe(12_345 + 1_235 + 370 + 1_256);
    // 50.00 + 5.00 + 1.50 = 56.50; 9 % = 5.085 -> 5.09.
    expect(line(l4)).toMatchObject({ hammer_cents: 5_000, premium_cents: 500, live_fee_cents: 150, tax_cents: 509, fees_cents: 0 });
    // Bo (Ontario, private label): 1,000.00 + 100.00 + 30.00 = 1,130.00; HST 13 % + 0.125 % = 148.3125 -> 148.31.
    expect(line(l2)).toMatchObject({
      hammer_cents: 100_000,
      premium_cents: 10_000,
      live_fee_cents: 3_000,
      tax_cents: 14_831,
      fees_cents: 0,
    });
    // Cy (GB: the sale's UK row): 9.99 + 1.00 + 0.30 = 11.29; VAT 20 % + 0.125 % = 2.2721... -> 2.27.
    expect(line(l3)).toMatchObject({ hammer_cents: 999, premium_cents: 100, live_fee_cents: 30, tax_cents: 227, fees_cents: 0 });
    for (const l of lines) expect(l.fee_labels ?? []).toEqual([]);

    const byName = new Map(invoices.map((i) => [i.last_name, i]));
    expect(byName.get('Ames')).toMatchObject({ tax_total_cents: 1_765, other_total_cents: 0, invoice_total_cents: 15_206 + 6_159 });
    expect(byName.get('Best')).toMatchObject({ tax_total_cents: 14_831, invoice_total_cents: 127_831 });
    expect(byName.get('Cole')).toMatchObject({ tax_total_cents: 227, invoice_total_cents: 1_356 });

    const [ann] = await preview(id, [Number(byName.get('Ames')!.id)]);
    expect(ann.email).toEqual({ subject: 'Your Buy Now order', fromName: 'Shop desk', replyTo: 'shop@house-a.example', bcc: null });
  });

  it("a saved empty Taxes & Fees list charges nothing; unsaved settings keep the template's rows and email", async () => {
    const none = await binSale({
      steps: [],
      bidders: [{ lastName: 'Nil', countryCode: 'US', stateCode: 'NY' }],
      sessions: [{ lots: [{ hammer: 10_000, winner: 0 }] }],
    });
    await saveSettings(none.auctionGroupId, []);
    const noneGroup = await invoice(none, 'No charges');
    const stored = await storedInvoices(t, noneGroup);
    expect(stored.lines[0]).toMatchObject({ hammer_cents: 10_000, premium_cents: 0, tax_cents: 0, fees_cents: 0, total_cents: 10_000 });

    const unsaved = await binSale({
      steps: [],
      bidders: [{ lastName: 'Tem', countryCode: 'US', stateCode: 'NY' }],
      sessions: [{ lots: [{ hammer: 10_000, winner: 0 }] }],
    });
    const unsavedGroup = await invoice(unsaved, 'Template charges');
    const viaTemplate = await storedInvoices(t, unsavedGroup);
    // Template: 7 % tax on hammer, 2.5 % Handling on hammer.
    expect(viaTemplate.lines[0]).toMatchObject({ tax_cents: 700, fees_cents: 250, total_cents: 10_950 });
    const [tem] = await preview(unsavedGroup, [Number(viaTemplate.invoices[0].id)]);
    expect(tem.email).toEqual({
      subject: 'Your invoice',
      fromName: 'Accounts',
      replyTo: 'accounts@example.com',
      bcc: 'template-bcc@example.com',
    });
  });

  it("an edited invoice of the sale is re-priced with the sale's rows too (floor edit of the hammer)", async () => {
    const floor = await binSale({
      steps: [{ fromCents: 0, toCents: null, rate: 10_000 }],
      bidders: [{ lastName: 'Floor', countryCode: 'CA', stateCode: 'ON', platform: 'Floor' }],
      sessions: [{ lots: [{ hammer: 10_000, winner: 0 }] }],
    });
    await saveSettings(floor.auctionGroupId, [{ taxType: 'HST', taxRate: '13', taxCountryID: 'CA', taxStateID: 'ON' }]);
    const id = await invoice(floor, 'Floor buy now');
    const before = await storedInvoices(t, id);
    // 100.00 + 10.00 premium (no live fee on the floor); HST 13 % = 14.30; no Handling.
    expect(before.lines[0]).toMatchObject({ tax_cents: 1_430, fees_cents: 0, total_cents: 12_430 });
    const invoiceId = Number(before.invoices[0].id);
    await owner.agent
      .patch(`/app/house/${houses.a.houseRef}/invoice/${invoiceId}`)
      .set('X-CSRF-Token', owner.csrf)
      .send({ data: { type: 'invoice', id: invoiceId, attributes: { invoiceDetails: [{ lotId: floor.lots[0][0], hammer: 250 }] } } })
      .expect(200);
    const after = await storedInvoices(t, id);
    // 250.00 + 25.00 = 275.00; HST 13 % = 35.75 (the template's 7 % and Handling would give 17.50 and 6.25).
    expect(after.lines[0]).toMatchObject({
      hammer_cents: 25_000,
      premium_cents: 2_500,
      tax_cents: 3_575,
      fees_cents: 0,
      total_cents: 31_075,
    });
    expect(after.invoices[0]).toMatchObject({ tax_total_cents: 3_575, other_total_cents: 0, invoice_total_cents: 31_075 });
  });

  it("offers the cards ticked in step 1 (not all the house takes); before they are saved, the house's", async () => {
    const seeded = await binSale({
      steps: [],
      bidders: [{ lastName: 'Card', countryCode: 'CA', stateCode: 'ON' }],
      sessions: [{ lots: [{ hammer: 10_000, winner: 0 }] }],
    });
    const id = await invoice(seeded, 'Cards');
    const invoiceId = Number((await storedInvoices(t, id)).invoices[0].id);
    // Cards are offered only with online payment: processor p, processing on, a US house.
    await sql(`update house set processor_type = 'p', payment_processing_enabled = true where id = ?`, [houses.a.id]);
    try {
      expect((await preview(id, [invoiceId]))[0].acceptedCards).toEqual(['VISA', 'MC', 'DISC', 'AMEX']);
      await owner.agent
        .post(`/app/house/${houses.a.houseRef}/bin/group/${seeded.auctionGroupId}/payments`)
        .set('X-CSRF-Token', owner.csrf)
        .send([6, 3])
        .expect(200);
      expect((await preview(id, [invoiceId]))[0].acceptedCards).toEqual(['VISA', 'AMEX']);
    } finally {
      await sql(`update house set processor_type = 'w', payment_processing_enabled = false where id = ?`, [houses.a.id]);
    }
  });
});
