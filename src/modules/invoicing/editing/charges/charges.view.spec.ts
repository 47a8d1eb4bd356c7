import { additionalPriceInfoView, chargesAsAdditional, countedAdditionalCents, type AdditionalChargeRecord } from './charges.view';

const rec = (over: Partial<AdditionalChargeRecord> = {}): AdditionalChargeRecord => ({
  id: 5,
  invoiceId: 7,
  lineId: 12,
  taxCents: 100,
  shippingCents: 1250,
  insuranceCents: 0,
  otherCents: -50,
  hidden: false,
  paid: false,
  paidDate: null,
  paymentMethodId: null,
  onlinePaymentStat: null,
  sentAt: null,
  ...over,
});

describe('additionalPriceInfo (spec 000 sections 3 and 4)', () => {
  it('amounts, cents and total', () => {
    expect(additionalPriceInfoView(rec())).toMatchObject({
      additionalChargeID: 5,
      tax: 1,
      shipping: 12.5,
      insurance: 0,
      other: -0.5,
      total: 13,
      totalCents: 1300,
      shippingCents: 1250,
      status: 'Not Sent',
      locked: false,
    });
  });

  it.each([
    [{ hidden: true, paid: true }, 'Hidden', true],
    [{ paid: true, paidDate: '2026-11-12', paymentMethodId: 11 }, 'Paid 11/12/2026', true],
    [{ onlinePaymentStat: 'p' }, 'Payment Pending', true],
    [{ onlinePaymentStat: 'f' }, 'Payment Failed', false],
    [{ sentAt: new Date('2026-11-13T15:00:00Z') }, 'Sent 11/13/2026', false],
    [{}, 'Not Sent', false],
  ] as [Partial<AdditionalChargeRecord>, string, boolean][])('%j: %s', (over, status, locked) => {
    expect(additionalPriceInfoView(rec(over))).toMatchObject({ status, locked });
  });

  it('paid date, method and sent date texts', () => {
    expect(
      additionalPriceInfoView(rec({ paid: true, paidDate: '2026-11-12', paymentMethodId: 11, sentAt: new Date('2026-11-13T15:00:00Z') })),
    ).toMatchObject({
      paidDateString: '11/12/2026',
      paymentMethod: 'ACH',
      paymentMethodID: 11,
      additionalChargeSentDate: '2026-11-13T15:00:00.000Z',
      additionalChargeSentDateString: '11/13/2026',
    });
  });

  it('only charges that count add up: not hidden, not on a hidden lot', () => {
    expect(
      countedAdditionalCents(
        [
          rec(),
          rec({ id: 6, lineId: null, taxCents: 0, shippingCents: 0, otherCents: 0, insuranceCents: 300 }),
          rec({ id: 7, hidden: true }),
          rec({ id: 8, lineId: 13 }),
        ],
        new Set([13]),
      ),
    ).toEqual({
      tax: 100,
      shipping: 1250,
      insurance: 300,
      other: -50,
      total: 1600,
    });
  });

  it('charges are additional once paid, under online payment only', () => {
    const lines = [
      { suppress: false, paid: true, paidDate: '2026-11-10', onlinePaymentStat: null },
      { suppress: true, paid: false, paidDate: null, onlinePaymentStat: null },
    ];
    expect(chargesAsAdditional({ allPaid: false, onlinePaymentStat: null }, lines, true)).toBe(true);
    expect(chargesAsAdditional({ allPaid: false, onlinePaymentStat: null }, lines, false)).toBe(false);
    expect(chargesAsAdditional({ allPaid: false, onlinePaymentStat: null }, [{ ...lines[0], paid: false, paidDate: null }], true)).toBe(
      false,
    );
    expect(chargesAsAdditional({ allPaid: true, onlinePaymentStat: null }, [], true)).toBe(true);
  });
});
