import { CHARGE_INELIGIBILITY_REASONS, CHARGE_INELIGIBILITY_TEXT, type ChargeIneligibilityReason } from '@ar/rules';
import { chargeAmount, chargeEligibility, type EligibilityInput } from './charge-eligibility';

const NOW = new Date('2026-11-25T12:00:00Z');
const DAY = 86_400_000;

/** An eligible invoice: sent three days ago, $1,250.75 due, a Visa on file with no known limit. */
function input(over: Partial<EligibilityInput> = {}, inv: Partial<EligibilityInput['invoice']> = {}): EligibilityInput {
  return {
    house: { processorType: 'p', paymentProcessingEnabled: true, countryCode: 'US' },
    invoice: {
      channel: 'INV',
      sentAt: new Date(NOW.getTime() - 3 * DAY),
      editedAfterSend: false,
      taxCalculationError: false,
      allPaid: false,
      onlinePaymentStat: null,
      paymentsMadeCents: 0,
      balanceCents: 125_075,
      autoChargeDate: null,
      ...inv,
    },
    lines: [{ id: 1, suppress: false, restricted: false, paid: false, onlinePaymentStat: null }],
    additional: [],
    pendingPayment: false,
    method: { kind: 'card', cardLimitCents: null, paymentMethodId: 3 },
    now: NOW,
    ...over,
  };
}

const reason = (i: EligibilityInput) => chargeEligibility(i).reason;

describe('chargeEligibility', () => {
  it('an eligible invoice is charged its balance', () => {
    expect(chargeEligibility(input())).toEqual({
      eligible: true,
      reason: null,
      reasonText: null,
      amountCents: 125_075,
      purpose: 'balance',
      creditCardLimitExceeded: false,
    });
  });

  const cases: [ChargeIneligibilityReason, EligibilityInput][] = [
    ['paymentProcessingDisabled', input({ house: { processorType: 'p', paymentProcessingEnabled: false, countryCode: 'US' } })],
    ['paymentProcessingDisabled', input({ house: { processorType: 'w', paymentProcessingEnabled: true, countryCode: 'US' } })],
    // Spec 000 section 6: card processing needs a US house as well.
    ['paymentProcessingDisabled', input({ house: { processorType: 'p', paymentProcessingEnabled: true, countryCode: 'CA' } })],
    ['paymentProcessingDisabled', input({ house: { processorType: 'p', paymentProcessingEnabled: true, countryCode: null } })],
    ['floorBidder', input({}, { channel: 'Floor' })],
    ['paid', input({}, { allPaid: true, paymentsMadeCents: 125_075, balanceCents: 0 })],
    ['paid', input({}, { onlinePaymentStat: 'a', paymentsMadeCents: 125_075, balanceCents: 0 })],
    ['chargeInProgress', input({ openAttempt: true, pendingPayment: true })],
    ['pendingAch', input({ pendingPayment: true })],
    ['pendingAch', input({}, { onlinePaymentStat: 'p' })],
    ['notSent', input({}, { sentAt: null })],
    ['editedAfterSend', input({}, { editedAfterSend: true })],
    ['sentRecently', input({}, { sentAt: new Date(NOW.getTime() - 2 * DAY + 1) })],
    ['autoChargeScheduled', input({}, { autoChargeDate: '2026-11-28' })],
    ['taxCalculationError', input({}, { taxCalculationError: true })],
    ['restrictedItems', input({ lines: [{ id: 1, suppress: false, restricted: true, paid: false, onlinePaymentStat: null }] })],
    [
      'itemsHidden',
      input({
        lines: [
          { id: 1, suppress: false, restricted: false, paid: false, onlinePaymentStat: null },
          { id: 2, suppress: true, restricted: false, paid: false, onlinePaymentStat: null },
        ],
      }),
    ],
    ['noCreditCard', input({ method: null })],
    // A MasterCard on file; the buy-now sale ticked Visa and American Express only.
    ['cardNotAccepted', input({ method: { kind: 'card', cardLimitCents: null, paymentMethodId: 4 }, acceptedCardIds: [3, 6] })],
    ['cardLimitExceeded', input({ method: { kind: 'card', cardLimitCents: 50_000, paymentMethodId: 3 } })],
  ];
  it.each(cases)('%s', (expected, i) => {
    const e = chargeEligibility(i);
    expect(e).toMatchObject({ eligible: false, reason: expected, reasonText: CHARGE_INELIGIBILITY_TEXT[expected] });
  });

  it('every reason is tested and has a text; the spec quotes two of them exactly', () => {
    expect(new Set(cases.map(([r]) => r))).toEqual(new Set(CHARGE_INELIGIBILITY_REASONS));
    expect(CHARGE_INELIGIBILITY_TEXT.paid).toBe('Invoice has been paid.');
    expect(CHARGE_INELIGIBILITY_TEXT.editedAfterSend).toBe('Please resend this invoice.');
  });

  it('exactly 48 hours after sending is eligible', () => {
    expect(reason(input({}, { sentAt: new Date(NOW.getTime() - 2 * DAY) }))).toBeNull();
  });

  it('precedence: the first reason in order is answered', () => {
    const all = input(
      { house: { processorType: 'p', paymentProcessingEnabled: true, countryCode: 'US' }, method: null },
      { sentAt: null, editedAfterSend: true, taxCalculationError: true },
    );
    expect(reason(all)).toBe('notSent');
    expect(reason({ ...all, invoice: { ...all.invoice, channel: 'Floor' } })).toBe('floorBidder');
    expect(reason({ ...all, house: { processorType: 'p', paymentProcessingEnabled: false, countryCode: 'US' } })).toBe(
      'paymentProcessingDisabled',
    );
    // Paid comes before pending and not sent.
    expect(reason(input({ pendingPayment: true }, { sentAt: null, allPaid: true, paymentsMadeCents: 1, balanceCents: 0 }))).toBe('paid');
  });

  it('an ACH account on file is chargeable (no card limit applies)', () => {
    expect(chargeEligibility(input({ method: { kind: 'ach', cardLimitCents: null, paymentMethodId: 11 } }))).toMatchObject({
      eligible: true,
    });
  });

  it("a buy-now sale's cards: a ticked brand is charged, another refused; ACH and sales without cards are the house's", () => {
    const card = (paymentMethodId: number) => ({ kind: 'card' as const, cardLimitCents: null, paymentMethodId });
    expect(reason(input({ method: card(6), acceptedCardIds: [3, 6] }))).toBeNull();
    expect(reason(input({ method: card(5), acceptedCardIds: [3, 6] }))).toBe('cardNotAccepted');
    expect(reason(input({ method: card(5), acceptedCardIds: null }))).toBeNull();
    expect(reason(input({ method: { kind: 'ach', cardLimitCents: null, paymentMethodId: 11 }, acceptedCardIds: [3] }))).toBeNull();
    // A refused brand is answered before a card limit (no other card would be charged either way).
    expect(reason(input({ method: { ...card(4), cardLimitCents: 100 }, acceptedCardIds: [3] }))).toBe('cardNotAccepted');
  });

  it('a card limit exactly the amount is not exceeded', () => {
    expect(chargeEligibility(input({ method: { kind: 'card', cardLimitCents: 125_075, paymentMethodId: 3 } }))).toMatchObject({
      eligible: true,
      creditCardLimitExceeded: false,
    });
  });

  it('creditCardLimitExceeded is flagged even when another reason comes first', () => {
    expect(chargeEligibility(input({ method: { kind: 'card', cardLimitCents: 100, paymentMethodId: 3 } }, { sentAt: null }))).toMatchObject(
      {
        reason: 'notSent',
        creditCardLimitExceeded: true,
      },
    );
  });

  it('a hidden lot already paid, or a restricted lot already paid, does not block', () => {
    const lines = [
      { id: 1, suppress: false, restricted: true, paid: true, onlinePaymentStat: null },
      { id: 2, suppress: true, restricted: false, paid: true, onlinePaymentStat: null },
      { id: 3, suppress: false, restricted: false, paid: false, onlinePaymentStat: null },
    ];
    expect(reason(input({ lines }))).toBeNull();
  });
});

describe('chargeEligibility with reasons ignored (auto-charge)', () => {
  const recentAndScheduled = input({}, { sentAt: new Date(NOW.getTime() - DAY), autoChargeDate: '2026-11-28' });

  it('the auto-charge list ignores "sent less than 2 days" and "auto-charge scheduled"', () => {
    expect(reason(recentAndScheduled)).toBe('sentRecently');
    expect(reason({ ...recentAndScheduled, ignore: ['sentRecently'] })).toBe('autoChargeScheduled');
    expect(reason({ ...recentAndScheduled, ignore: ['sentRecently', 'autoChargeScheduled'] })).toBeNull();
  });

  it('ignoring the timing reasons still answers every other reason', () => {
    const ignore = ['sentRecently', 'autoChargeScheduled'] as const;
    expect(reason({ ...input({ method: null }, { autoChargeDate: '2026-11-28' }), ignore: [...ignore] })).toBe('noCreditCard');
    expect(reason({ ...input({}, { sentAt: null }), ignore: [...ignore] })).toBe('notSent');
    expect(reason({ ...input({}, { editedAfterSend: true }), ignore: [...ignore] })).toBe('editedAfterSend');
  });
});

describe('chargeAmount', () => {
  const paid = { allPaid: true, paymentsMadeCents: 125_075 };
  const extra = (amountCents: number, over: Partial<EligibilityInput['additional'][number]> = {}) => ({
    lineId: null,
    amountCents,
    hidden: false,
    paid: false,
    paidDate: null,
    onlinePaymentStat: null,
    ...over,
  });

  it('an unpaid or partly paid invoice: its balance', () => {
    expect(chargeAmount(input({}, { paymentsMadeCents: 25_075, balanceCents: 100_000 }))).toEqual({
      amountCents: 100_000,
      purpose: 'balance',
    });
  });

  it('a paid invoice: only its unpaid additional charges (paid, pending, hidden or on a hidden lot ones left out)', () => {
    const i = input(
      {
        lines: [
          { id: 1, suppress: false, restricted: false, paid: true, onlinePaymentStat: null },
          { id: 2, suppress: true, restricted: false, paid: true, onlinePaymentStat: null },
        ],
        additional: [
          extra(2_500),
          extra(1_000, { lineId: 1 }),
          extra(700, { paid: true, paidDate: '2026-11-20' }),
          extra(300, { onlinePaymentStat: 'p' }),
          extra(400, { hidden: true }),
          extra(900, { lineId: 2 }),
        ],
      },
      { ...paid, balanceCents: 3_500 },
    );
    expect(chargeAmount(i)).toEqual({ amountCents: 3_500, purpose: 'additional' });
    expect(chargeEligibility(i)).toMatchObject({ eligible: true, amountCents: 3_500 });
  });

  it('never more than the balance', () => {
    expect(chargeAmount(input({ additional: [extra(5_000)] }, { ...paid, balanceCents: 1_000 })).amountCents).toBe(1_000);
  });

  it('a paid invoice without unpaid additional charges: nothing, "Invoice has been paid."', () => {
    const e = chargeEligibility(input({ additional: [extra(700, { paid: true })] }, { ...paid, balanceCents: 0 }));
    expect(e).toMatchObject({ amountCents: 0, reason: 'paid', reasonText: 'Invoice has been paid.' });
  });
});
