import { ACCEPTED_CARDS } from '@ar/rules';
import type { InvoiceLineRecord, InvoiceRecord } from '../invoices/invoice-records';
import { invoiceView } from '../invoices/invoice.view';
import { invoiceLineRecord, invoiceRecord } from '../invoices/invoice-records.testing';
import {
  billingAddress,
  decimalText,
  houseAddress,
  invoicePreview,
  paymentOptions,
  paypalUrl,
  previewMessages,
  type PreviewContext,
  type PreviewLocation,
} from './invoice-preview.view';

const SESSIONS = new Map([[7, { catalogRef: 'CREF7' }]]);

/** A three-lot invoice of 150.00 (see LINES) with a phone on file. */
const inv = (over: Partial<InvoiceRecord> = {}): InvoiceRecord =>
  invoiceRecord({
    phone: '555-0100',
    itemCount: 2,
    hammerTotalCents: 12_000,
    premiumTotalCents: 2_400,
    liveFeeTotalCents: 0,
    taxTotalCents: 0,
    shippingTotalCents: 600,
    invoiceTotalCents: 15_000,
    balanceCents: 15_000,
    version: 4,
    ...over,
  });

/** A 100.00 lot line. */
const line = (over: Partial<InvoiceLineRecord> = {}): InvoiceLineRecord =>
  invoiceLineRecord({
    hammerCents: 8_000,
    premiumCents: 1_600,
    liveFeeCents: 0,
    taxCents: 0,
    shippingCents: 400,
    totalCents: 10_000,
    ...over,
  });

/** A 100.00 lot, a restricted 50.00 lot and a hidden restricted 20.00 lot: the invoice total is 150.00. */
const LINES = (restricted: Partial<InvoiceLineRecord> = {}): InvoiceLineRecord[] => [
  line(),
  line({
    id: 502,
    lotId: 602,
    lotNumber: '13',
    lotExt: null,
    lotTitle: 'Ivory box',
    restricted: true,
    hammerCents: 4_000,
    premiumCents: 800,
    shippingCents: 200,
    totalCents: 5_000,
    ...restricted,
  }),
  line({ id: 503, lotId: 603, lotNumber: '14', lotExt: null, lotTitle: 'Hidden', restricted: true, suppress: true, totalCents: 2_000 }),
];

const LOCATION: PreviewLocation = {
  facilityName: 'Main Gallery',
  addressStreet1: '10 Gallery Row',
  addressStreet2: 'Suite 2',
  addressCity: 'Hudson',
  countryCode: 'US',
  countryName: 'United States',
  stateCode: 'NY',
  province: null,
  stateName: 'New York',
  postalCode: '12534',
  addressPhone: '555-0199',
  email: 'office@house.example',
};

function ctx(over: Partial<PreviewContext> = {}, template: Partial<PreviewContext['template']> = {}): PreviewContext {
  return {
    house: houseAddress('House A Auctions', null, LOCATION),
    template: {
      subject: 'Your invoice',
      fromName: 'Accounts',
      fromEmail: 'accounts@house.example',
      bccEmail: ' ',
      chargesPerLot: true,
      payPal: false,
      payPalEmail: null,
      messages: [],
      ...template,
    },
    payments: { processorType: 'p', paymentProcessingEnabled: true, countryCode: 'US' },
    today: '11/25/2026',
    countryName: (code) => ({ US: 'United States', CA: 'Canada' })[code] ?? null,
    ...over,
  };
}

const preview = (i: Partial<InvoiceRecord> = {}, lines = LINES(), c = ctx()) =>
  invoicePreview(invoiceView(inv(i), lines, { sessions: SESSIONS }), c);

describe('invoice preview mapping', () => {
  it('leaves hidden lots out and answers each visible lot from its stored cents', () => {
    const p = preview();
    expect(p.items.map((i) => i.lotNumber)).toEqual(['12A', '13']);
    expect(p.items.some((i) => i.lotTitle === 'Hidden')).toBe(false);
    expect(p.items[1]).toEqual({
      invoiceDetailID: 502,
      lotID: 602,
      lotNumber: '13',
      lotTitle: 'Ivory box',
      saleIdentifier: 'CREF7',
      imageUrl: null,
      restricted: true,
      hammerTotal: 40,
      hammerTotalCents: 4_000,
      premiumTotal: 8,
      premiumTotalCents: 800,
      liveFee: 0,
      liveFeeCents: 0,
      shipping: 2,
      shippingCents: 200,
      insurance: 0,
      insuranceCents: 0,
      misc: 0,
      miscCents: 0,
      tax: 0,
      taxCents: 0,
      total: 50,
      totalCents: 5_000,
    });
    expect(p.totals).toMatchObject({
      hammerTotalCents: 12_000,
      premiumTotalCents: 2_400,
      shippingCents: 600,
      total: 150,
      totalCents: 15_000,
    });
  });

  it('restrictedTotal sums the visible restricted lots; onlineTotal is the due less what is owed on them', () => {
    const p = preview();
    expect(p).toMatchObject({
      restrictedTotalCents: 5_000,
      restrictedTotal: 50,
      totalDueCents: 15_000,
      onlineTotalCents: 10_000,
      onlineTotal: 100,
    });
    // A partly paid restricted lot owes the rest; a paid one owes nothing.
    expect(preview({}, LINES({ amountPaidCents: 2_000 })).onlineTotalCents).toBe(12_000);
    expect(preview({}, LINES({ paid: true, paidDate: '2026-11-01', amountPaidCents: 5_000 })).onlineTotalCents).toBe(15_000);
    expect(preview({}, LINES({ paid: true, paidDate: '2026-11-01', amountPaidCents: 5_000 })).restrictedTotalCents).toBe(5_000);
  });

  it('totalDue is the balance and, like onlineTotal, never below 0', () => {
    const part = preview({ paymentsMadeCents: 12_000, balanceCents: 3_000 });
    expect(part).toMatchObject({ paymentsMadeCents: 12_000, paymentsMade: 120, totalDueCents: 3_000, totalDue: 30, onlineTotalCents: 0 });
    const over = preview({ paymentsMadeCents: 15_500, balanceCents: -500 });
    expect(over).toMatchObject({ totalDueCents: 0, totalDue: 0, onlineTotalCents: 0, onlineTotal: 0 });
  });

  it('showCostsPerItem follows the template charging per lot', () => {
    expect(preview().showCostsPerItem).toBe(true);
    expect(preview({}, LINES(), ctx({}, { chargesPerLot: false })).showCostsPerItem).toBe(false);
  });

  it('links PayPal only when the template enables it with an email, for the amount due', () => {
    expect(preview().paypalUrl).toBeNull();
    expect(preview({}, LINES(), ctx({}, { payPal: true, payPalEmail: '  ' })).paypalUrl).toBeNull();
    expect(preview({}, LINES(), ctx({}, { payPal: false, payPalEmail: 'pay@house.example' })).paypalUrl).toBeNull();
    const url = new URL(
      preview({ balanceCents: 123_405, currencyCode: 'CAD' }, LINES(), ctx({}, { payPal: true, payPalEmail: 'pay@house.example' }))
        .paypalUrl as string,
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://www.paypal.com/cgi-bin/webscr');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      cmd: '_xclick',
      business: 'pay@house.example',
      item_name: 'Invoice #1001',
      amount: '1234.05',
      currency_code: 'CAD',
    });
    expect(paypalUrl({ payPal: true, payPalEmail: 'a@b.example' }, 7, 0, 'USD')).toContain('amount=0.00');
    expect([decimalText(5), decimalText(100), decimalText(-250)]).toEqual(['0.05', '1.00', '-2.50']);
  });

  it('shows the cards only with online payment (processor p, enabled), ACH only for a US house', () => {
    expect(paymentOptions({ processorType: 'p', paymentProcessingEnabled: true, countryCode: 'US' })).toEqual({
      acceptedCards: [...ACCEPTED_CARDS],
      allowACHPayment: true,
    });
    // Spec 000 section 6: online payment needs a US house; a Canadian one offers neither.
    expect(paymentOptions({ processorType: 'p', paymentProcessingEnabled: true, countryCode: 'CA' })).toEqual({
      acceptedCards: [],
      allowACHPayment: false,
    });
    for (const off of [
      { processorType: 'p', paymentProcessingEnabled: false, countryCode: 'US' },
      { processorType: 'w', paymentProcessingEnabled: true, countryCode: 'US' },
      { processorType: null, paymentProcessingEnabled: true, countryCode: 'US' },
    ]) {
      expect(paymentOptions(off)).toEqual({ acceptedCards: [], allowACHPayment: false });
    }
    const p = preview({}, LINES(), ctx({ payments: { processorType: 's', paymentProcessingEnabled: true, countryCode: 'US' } }));
    expect(p).toMatchObject({ acceptedCards: [], allowACHPayment: false });
  });

  it("offers a buy-now sale's step 1 cards only, in the usual order, and none without online payment", () => {
    const on = { processorType: 'p', paymentProcessingEnabled: true, countryCode: 'US' };
    expect(paymentOptions(on, [6, 4])).toEqual({ acceptedCards: ['MC', 'AMEX'], allowACHPayment: true });
    expect(paymentOptions(on, [])).toEqual({ acceptedCards: [], allowACHPayment: true });
    expect(paymentOptions({ ...on, processorType: 'w' }, [3])).toEqual({ acceptedCards: [], allowACHPayment: false });
    expect(preview({}, LINES(), ctx({}, { cardIds: [5] }))).toMatchObject({ acceptedCards: ['DISC'] });
  });

  it('prints the address lines with empty ones left out', () => {
    const v = invoiceView(inv(), LINES(), { sessions: SESSIONS });
    expect(billingAddress(v, ctx().countryName)).toEqual({
      name: 'Ada Lovelace',
      company: null,
      lines: ['1 Main St', 'Albany, NY 12207', 'United States'],
      email: 'ada@example.com',
      phone: '555-0100',
    });
    const ca = invoiceView(
      inv({
        companyName: 'Tremblay Ltd',
        street1: null,
        street2: '  ',
        stateCode: null,
        province: 'ON',
        city: 'Ottawa',
        postalCode: null,
        countryCode: 'CA',
        email: null,
        phone: '',
      }),
      [],
      { sessions: SESSIONS },
    );
    expect(billingAddress(ca, ctx().countryName)).toEqual({
      name: 'Ada Lovelace',
      company: 'Tremblay Ltd',
      lines: ['Ottawa, ON', 'Canada'],
      email: null,
      phone: null,
    });
    expect(billingAddress(invoiceView(inv({ countryCode: 'ZZ' }), [], { sessions: SESSIONS }), ctx().countryName).lines).toContain('ZZ');
    expect(houseAddress('House A Auctions', '555-0000', LOCATION)).toEqual({
      name: 'House A Auctions',
      company: 'Main Gallery',
      lines: ['10 Gallery Row', 'Suite 2', 'Hudson, NY 12534', 'United States'],
      email: 'office@house.example',
      phone: '555-0199',
    });
    const uk = {
      ...LOCATION,
      facilityName: null,
      addressStreet2: null,
      addressPhone: null,
      countryCode: 'UK',
      countryName: 'United Kingdom',
      stateCode: 'KEN',
      stateName: 'Kent',
      postalCode: 'CT1 2AA',
      addressCity: 'Canterbury',
    };
    expect(houseAddress('H', '555-0000', uk)).toMatchObject({
      company: null,
      lines: ['10 Gallery Row', 'Canterbury, Kent CT1 2AA', 'United Kingdom'],
      phone: '555-0000',
    });
    expect(houseAddress('H', null, null)).toEqual({ name: 'H', company: null, lines: [], email: null, phone: null });
  });

  it("answers the template's messages in sequence order, empty ones dropped, and its email settings", () => {
    expect(
      previewMessages([
        { header: 'Shipping Notes', detail: 'We ship weekly.', sequence: 2 },
        { header: ' ', detail: '', sequence: 1 },
        { header: 'Payment Option(s)', detail: '', sequence: 0 },
      ]),
    ).toEqual([
      { header: 'Payment Option(s)', detail: '', sequence: 0 },
      { header: 'Shipping Notes', detail: 'We ship weekly.', sequence: 2 },
    ]);
    const p = preview(
      {},
      LINES(),
      ctx(
        {},
        {
          messages: [
            { header: 'B', detail: 'b', sequence: 5 },
            { header: 'A', detail: 'a', sequence: 3 },
          ],
        },
      ),
    );
    expect(p.messages.map((m) => m.header)).toEqual(['A', 'B']);
    expect(p.email).toEqual({ subject: 'Your invoice', fromName: 'Accounts', replyTo: 'accounts@house.example', bcc: null });
    expect(preview({}, LINES(), ctx({}, { bccEmail: 'audit@house.example' })).email.bcc).toBe('audit@house.example');
  });

  it('dates an unsent invoice today and a sent one on its send date; paddle 0 is none; an edit after sending needs a resend', () => {
    expect(preview()).toMatchObject({
      invoiceDate: '11/25/2026',
      invoiceSentDateString: null,
      paddleNumber: null,
      needsResend: false,
      version: 4,
    });
    const sent = preview({ sentAt: new Date('2026-11-02T15:00:00Z'), paddleNumber: 101, editedAfterSend: true });
    expect(sent).toMatchObject({ invoiceDate: '11/02/2026', invoiceSentDateString: '11/02/2026', paddleNumber: 101, needsResend: true });
    expect(sent).toMatchObject({
      invoiceID: 11,
      invoiceNumber: 1001,
      invoiceGroupID: 3,
      channel: 'Online',
      currencyCode: 'USD',
      currencySymbol: '$',
    });
    expect(sent.house).toEqual(ctx().house);
  });
});
