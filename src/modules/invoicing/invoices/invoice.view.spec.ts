import { computeLotLine, groupTotals, invoiceTotals } from '../math';
import type { InvoiceLineRecord, InvoiceRecord } from './invoice-records';
import { invoiceLineRecord, invoiceRecord } from './invoice-records.testing';
import { groupTotalsView, invoiceView, paymentMethodName } from './invoice.view';

const SESSIONS = new Map([[7, { catalogRef: 'CREF7' }]]);

const inv = invoiceRecord;
const line = invoiceLineRecord;

const view = (i: Partial<InvoiceRecord> = {}, lines: InvoiceLineRecord[] = [line()]) => invoiceView(inv(i), lines, { sessions: SESSIONS });

describe('invoice view (spec 000 section 3 shapes)', () => {
  it("answers every field of the spec's Invoice and Invoice detail", () => {
    const v = view();
    for (const k of [
      'invoiceID',
      'approvalID',
      'memberID',
      'firstName',
      'lastName',
      'email',
      'paddleNumber',
      'city',
      'state',
      'province',
      'country',
      'channel',
      'notes',
      'pickup',
      'allPaid',
      'invoiceTotal',
      'outStandingBalance',
      'invoicePaid',
      'invoiceSentDate',
      'invoiceSentDateString',
      'onlinePaymentStat',
      'applyCostPerLot',
      'costsOverride',
      'totalPrice',
      'additionalPriceInfo',
      'creditCardLimitExceeded',
      'batchChargeEligible',
      'batchChargIneligibilityReason',
      'autoChargeDate',
      'invoiceDetails',
    ])
      expect(v).toHaveProperty(k);
    expect(Object.keys(v.totalPrice).sort()).toEqual([
      'currencySymbol',
      'hammer',
      'insurance',
      'livefee',
      'other',
      'premium',
      'shipping',
      'tax',
    ]);
    const d = v.invoiceDetails![0];
    for (const k of [
      'invoiceDetailID',
      'lotID',
      'lotRef',
      'lotNum',
      'lotNumExt',
      'lotURL',
      'lotTitle',
      'saleIdentifier',
      'suppress',
      'restricted',
      'paid',
      'paidDate',
      'shipped',
      'shippedDate',
      'totalAmount',
      'totalAmountPaid',
      'paymentMethod',
      'paymentMethodID',
      'disputeRef',
      'canOpenDispute',
      'onlinePaymentStat',
      'priceInfo',
      'additionalPriceInfo',
      'additionalCharge',
    ])
      expect(d).toHaveProperty(k);
    expect(Object.keys(d.priceInfo).sort()).toEqual(['hammer', 'insurance', 'livefee', 'other', 'premium', 'shipping', 'suppress', 'tax']);
    expect(d).toMatchObject({
      invoiceDetailID: 501,
      lotID: 601,
      lotRef: 'LREF',
      lotNum: '12',
      lotNumExt: 'A',
      lotNumber: '12A',
      lotURL: null,
      saleIdentifier: 'CREF7',
      catalogID: 7,
    });
  });

  it('carries amounts as two-decimal numbers made from the cents, with the cents beside them', () => {
    const v = view();
    expect(v).toMatchObject({
      invoiceTotal: 1684.38,
      invoiceTotalCents: 168_438,
      outStandingBalance: 1684.38,
      outStandingBalanceCents: 168_438,
      invoicePaid: 0,
      invoicePaidCents: 0,
    });
    expect(v.totalPrice).toEqual({
      hammer: 1250,
      premium: 300,
      livefee: 37.5,
      tax: 96.88,
      shipping: 0,
      insurance: 0,
      other: 0,
      currencySymbol: '$',
    });
    expect(v.totalPriceCents).toEqual({
      hammer: 125_000,
      premium: 30_000,
      livefee: 3_750,
      tax: 9_688,
      shipping: 0,
      insurance: 0,
      other: 0,
    });
    expect(JSON.stringify(v)).toContain('"invoiceTotal":1684.38');
    // Amounts no float sum could reproduce exactly still come out as their exact decimal text.
    const big = view({ invoiceTotalCents: 900_719_925_474_099, balanceCents: -1 });
    expect(JSON.stringify(big)).toContain('"invoiceTotal":9007199254740.99');
    expect(big.outStandingBalance).toBe(-0.01);
    expect(view({ invoiceTotalCents: 30 }).invoiceTotal).toBe(0.3);
  });

  it("puts template fees and staff Other together in the line's other, labels beside, negative Other allowed", () => {
    const d = view({}, [
      line({ feesCents: 1_250, feeLabels: [{ label: 'Handling', cents: 1_250 }], otherStaffCents: -2_000, totalCents: 167_688 }),
    ]).invoiceDetails![0];
    expect(d.priceInfo.other).toBe(-7.5);
    expect(d.priceInfoCents.other).toBe(-750);
    expect(d.fees).toEqual([{ label: 'Handling', amount: 12.5, amountCents: 1_250 }]);
    expect(d.totalAmount).toBe(1676.88);
  });

  it('wires the invoice status text (spec section 4) from the stored state and the visible lines', () => {
    const sent = new Date('2026-11-02T15:00:00Z');
    expect(view().invoiceStatus).toBe('Not Sent');
    expect(view({ sentAt: sent }).invoiceStatus).toBe('Sent');
    expect(view({ sentAt: sent, allPaid: true }).invoiceStatus).toBe('Paid');
    expect(view({ sentAt: sent, onlinePaymentStat: 'p' }).invoiceStatus).toBe('Payment Pending');
    expect(view({ sentAt: sent, onlinePaymentStat: 'd' }).invoiceStatus).toBe('Payment Failed');
    expect(view({ sentAt: sent, paymentsMadeCents: 10_000, balanceCents: 158_438 }).invoiceStatus).toBe('Partial Paid');
    expect(view({ sentAt: sent, paymentsMadeCents: 168_438, balanceCents: 0 }).invoiceStatus).toBe('Paid');
    const paidLine = line({ id: 502, paid: true, paidDate: '2026-11-03' });
    expect(view({ sentAt: sent }, [line(), paidLine]).invoiceStatus).toBe('Partial Paid');
    // A hidden lot counts nowhere, not even as a partial payment.
    expect(view({ sentAt: sent }, [line(), { ...paidLine, suppress: true }]).invoiceStatus).toBe('Sent');
  });

  it('wires ship status and item status labels, ignoring hidden lots', () => {
    const shipped = line({ id: 502, shipped: true, shippedDate: '2026-11-05', paid: true, paidDate: '2026-11-04' });
    expect(view({}, [line(), shipped]).shipStatus).toBe('Partial');
    expect(view({}, [shipped]).shipStatus).toBe('Shipped');
    expect(view({ pickup: true }, [shipped]).shipStatus).toBe('Picked Up');
    expect(view({}, [line({ suppress: true }), shipped]).shipStatus).toBe('Shipped');
    expect(view({}, [line(), { ...shipped, suppress: true }]).shipStatus).toBe('Not');
    expect(view({}, [line(), shipped, line({ id: 503, shipped: true, shippedDate: '2026-11-09', suppress: true })]).shipDateString).toBe(
      '11/05/2026',
    );

    const labels = (sentAt: Date | null) =>
      view({ sentAt }, [line(), line({ id: 2, paid: true, paidDate: '2026-11-04' }), shipped]).invoiceDetails!.map((d) => d.itemStatus);
    expect(labels(null)).toEqual(['Not Sent', 'Paid', 'Shipped']);
    expect(labels(new Date('2026-11-02T15:00:00Z'))).toEqual(['Sent', 'Paid', 'Shipped']);
    const d = view({}, [shipped]).invoiceDetails![0];
    expect(d).toMatchObject({
      paidDate: '2026-11-04',
      paidDateString: '11/04/2026',
      shippedDate: '2026-11-05',
      shippedDateString: '11/05/2026',
    });
  });

  it('answers the platform tag, company id, channel and the cut display name', () => {
    expect(view()).toMatchObject({ platform: 'INV', companyID: null, channel: 'Online' });
    expect(view({ channel: 'PL' })).toMatchObject({ platform: 'PL', companyID: 3, channel: 'Online' });
    expect(view({ channel: 'AZ' })).toMatchObject({ platform: 'AZ', companyID: 4 });
    expect(view({ channel: 'Floor' })).toMatchObject({ platform: 'Floor', companyID: 9, channel: 'Floor' });
    expect(view({ channel: 'PL', companyId: 7 }).companyID).toBe(7);
    const long = view({ firstName: 'Alexandria-Catherine', lastName: 'Worthington' });
    expect(long.name).toBe('Alexandria-Catherine Worthington');
    expect(long.displayName).toBe('Alexandria-Catherine W...');
    expect(view({ firstName: 'Ada', lastName: 'Lovelace-Byron-King' }).displayName).toBe('Ada Lovelace-Byron-King');
    expect(view().location).toBe('Albany, NY, US');
    expect(view({ countryCode: 'CA', stateCode: null, province: 'ON', city: 'Ottawa' }).location).toBe('Ottawa, ON, CA');
  });

  it('sent date, payment method names (spec section 3), overrides and dispute offer', () => {
    const v = view({ sentAt: new Date('2026-11-02T15:00:00Z'), paymentMethodId: 11, paidDate: '2026-11-04' });
    expect(v).toMatchObject({
      invoiceSentDate: '2026-11-02T15:00:00.000Z',
      invoiceSentDateString: '11/02/2026',
      paymentMethod: 'ACH',
      paidDateString: '11/04/2026',
    });
    expect([3, 4, 5, 6, 11, 1, null].map(paymentMethodName)).toEqual([
      'Visa',
      'MasterCard',
      'Discover',
      'American Express',
      'ACH',
      'Card',
      null,
    ]);
    expect(view().costsOverride).toBe(false);
    expect(view({ channel: 'Floor' }, [line({ hammerOverrideCents: 100_000 })])).toMatchObject({
      costsOverride: true,
      invoiceDetails: [expect.objectContaining({ overridden: { hammer: true, premium: false, livefee: false } })],
    });
    const sent = new Date('2026-11-02T15:00:00Z');
    expect(view({ sentAt: sent }).invoiceDetails![0].canOpenDispute).toBe(true);
    expect(view({}).invoiceDetails![0].canOpenDispute).toBe(false);
    expect(view({ sentAt: sent, channel: 'Floor' }).invoiceDetails![0].canOpenDispute).toBe(false);
    expect(view({ sentAt: sent }, [line({ disputeRef: 'D1' })]).invoiceDetails![0].canOpenDispute).toBe(false);
  });

  it('answers the neutral value for what later issues fill, and leaves details out of list records', () => {
    expect(view()).toMatchObject({
      additionalPriceInfo: null,
      creditCardLimitExceeded: false,
      batchChargeEligible: false,
      batchChargIneligibilityReason: null,
      autoChargeDate: null,
    });
    expect(view().invoiceDetails![0]).toMatchObject({ additionalPriceInfo: null, additionalCharge: false });
    expect(invoiceView(inv(), [line()], { sessions: SESSIONS, includeDetails: false })).not.toHaveProperty('invoiceDetails');
  });

  it('currency symbol follows the invoice currency', () => {
    expect(view({ currencyCode: 'GBP' }).totalPrice.currencySymbol).toBe('£');
    expect(view({ currencyCode: 'EUR' }).totalPrice.currencySymbol).toBe('€');
  });
});

describe('group totals view', () => {
  const amountsOf = (o: Partial<Record<'hammer' | 'premium' | 'liveFee' | 'tax' | 'shipping' | 'insurance' | 'other', number>>) => {
    const a = { hammer: 0, premium: 0, liveFee: 0, tax: 0, shipping: 0, insurance: 0, other: 0, ...o };
    return { ...a, total: a.hammer + a.premium + a.liveFee + a.tax + a.shipping + a.insurance + a.other };
  };

  it("answers groupTotals (sums of the invoices' rounded amounts) as the totals strip and the documented totals", () => {
    const a = invoiceTotals({
      lines: [{ amounts: amountsOf({ hammer: 125_000, premium: 30_000, liveFee: 3_750, tax: 9_688 }), hidden: false }],
    });
    const b = invoiceTotals({
      lines: [
        { amounts: amountsOf({ hammer: 1_000, premium: 250, tax: 1, shipping: 500, insurance: 100, other: -50 }), hidden: false },
        { amounts: amountsOf({ hammer: 1_000 }), hidden: false },
      ],
      payments: [{ amount: 1_000, kind: 'payment' }],
    });
    const g = groupTotalsView(groupTotals([a, b]), 'USD');
    expect(g.totals).toEqual({
      totalInvoices: 2,
      totalItems: 3,
      totalHammer: 1270,
      totalBP: 302.5,
      totalLiveFee: 37.5,
      totalTax: 96.89,
      totalSH: 5,
      totalInsurance: 1,
      totalOther: -0.5,
      invoiceTotal: 1712.39,
      pendingCharges: 1702.39,
      paymentsMade: 10,
    });
    expect(g.totalsCents).toMatchObject({ invoiceTotal: 171_239, pendingCharges: 170_239 });
    expect(g).toMatchObject({
      totalAmount: 1712.39,
      totalAmountCents: 171_239,
      outStandingBalance: 1702.39,
      outStandingBalanceCents: 170_239,
    });
    expect(g.totalPrice).toEqual({
      hammer: 1270,
      premium: 302.5,
      livefee: 37.5,
      tax: 96.89,
      shipping: 5,
      insurance: 1,
      other: -0.5,
      currencySymbol: '$',
    });
    expect(g.totalPriceWithAdditionalCharges).toEqual(g.totalPrice);
    expect(groupTotalsView(groupTotals([]), 'EUR').totals).toMatchObject({ totalInvoices: 0, totalItems: 0, invoiceTotal: 0 });
    expect(groupTotalsView(groupTotals([]), 'EUR').totalPrice.currencySymbol).toBe('€');
  });

  it('hidden lines count nowhere: not in items, not in any total', () => {
    const base = {
      group: { premiumSteps: [{ fromCents: 0, toCents: null, rate: 25_000 }], liveFeeRate: 3000 },
      template: { taxRows: [], feeRows: [] },
      bidder: { countryCode: 'GB' },
    };
    const l1 = computeLotLine({ ...base, hammer: 10_001, channel: 'INV' });
    const l2 = computeLotLine({ ...base, hammer: 50_000, channel: 'INV' });
    const t = invoiceTotals({
      lines: [
        { amounts: l1, hidden: false },
        { amounts: l2, hidden: true },
      ],
    });
    expect(groupTotalsView(groupTotals([t]), 'USD').totals).toMatchObject({
      totalItems: 1,
      totalHammer: 100.01,
      totalBP: 25,
      totalLiveFee: 3,
      invoiceTotal: 128.01,
    });
  });
});
