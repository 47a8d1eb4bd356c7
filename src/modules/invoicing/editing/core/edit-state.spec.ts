import {
  additionalLocked,
  allVisibleLotsPaid,
  chargesAreAdditional,
  countedAdditional,
  hasPendingPayment,
  invoiceFullyPaid,
  isCardOrAchMethod,
  lineHasPayment,
  linePaid,
  lotName,
  paidByCardOrAch,
  taxIsComputed,
  takesOnlinePayments,
  type LineState,
} from './edit-state';
import { additional, editState, line } from '../../../../../test/support/edit-state.builders';

const paidLine = (id: number, over: Partial<LineState> = {}) =>
  line(id, { paid: true, paidDate: '2026-11-10', paymentMethodId: 3, amountPaidCents: 10_000, ...over });

describe('payment state predicates (spec 000 section 4)', () => {
  it('online payments: processor p with payment processing enabled, nothing else', () => {
    expect(takesOnlinePayments({ processorType: 'p', paymentProcessingEnabled: true })).toBe(true);
    expect(takesOnlinePayments({ processorType: 'p', paymentProcessingEnabled: false })).toBe(false);
    expect(takesOnlinePayments({ processorType: 'w', paymentProcessingEnabled: true })).toBe(false);
    expect(takesOnlinePayments({ processorType: null, paymentProcessingEnabled: true })).toBe(false);
  });

  it('tax is computed for US invoices under processor p only', () => {
    expect(taxIsComputed(editState({ invoice: { countryCode: 'US', stateCode: 'NY' } }))).toBe(true);
    expect(taxIsComputed(editState({ invoice: { countryCode: 'us' } }))).toBe(true);
    expect(
      taxIsComputed(editState({ invoice: { countryCode: 'US' }, house: { processorType: 'w', paymentProcessingEnabled: true } })),
    ).toBe(false);
    expect(taxIsComputed(editState({ invoice: { countryCode: 'CA' } }))).toBe(false);
  });

  it('a lot is paid by its mark (flag or date) or an online payment; "has a payment" adds any amount paid', () => {
    expect(linePaid(line(1))).toBe(false);
    expect(linePaid(line(1, { paid: true }))).toBe(true);
    expect(linePaid(line(1, { paidDate: '2026-11-10' }))).toBe(true);
    expect(linePaid(line(1, { onlinePaymentStat: 'a' }))).toBe(true);
    expect(linePaid(line(1, { amountPaidCents: 500 }))).toBe(false);
    expect(lineHasPayment(line(1, { amountPaidCents: 500 }))).toBe(true);
    expect(lineHasPayment(line(1, { onlinePaymentStat: 'p' }))).toBe(false);
  });

  it('fully paid: the all-paid state or paid online', () => {
    expect(invoiceFullyPaid({ allPaid: false, onlinePaymentStat: null })).toBe(false);
    expect(invoiceFullyPaid({ allPaid: true, onlinePaymentStat: null })).toBe(true);
    expect(invoiceFullyPaid({ allPaid: false, onlinePaymentStat: 'a' })).toBe(true);
    expect(invoiceFullyPaid({ allPaid: false, onlinePaymentStat: 'p' })).toBe(false);
  });

  it('every non-hidden lot paid: hidden lots do not count, and an invoice without visible lots is not paid', () => {
    expect(allVisibleLotsPaid([paidLine(1), paidLine(2)])).toBe(true);
    expect(allVisibleLotsPaid([paidLine(1), line(2)])).toBe(false);
    expect(allVisibleLotsPaid([paidLine(1), line(2, { suppress: true })])).toBe(true);
    expect(allVisibleLotsPaid([line(2, { suppress: true })])).toBe(false);
    expect(allVisibleLotsPaid([])).toBe(false);
  });

  it('pending: p, u, h, i on the invoice or a lot, or a pending recorded payment; a, d, f are not pending', () => {
    for (const stat of ['p', 'u', 'h', 'i']) {
      expect(hasPendingPayment(editState({ invoice: { onlinePaymentStat: stat } }))).toBe(true);
      expect(hasPendingPayment(editState({ lines: [line(1, { onlinePaymentStat: stat })] }))).toBe(true);
    }
    for (const stat of ['a', 'd', 'f', null]) expect(hasPendingPayment(editState({ invoice: { onlinePaymentStat: stat } }))).toBe(false);
    const pendingAch = {
      lineId: null,
      additionalChargeId: null,
      amountCents: 100,
      kind: 'payment',
      source: 'ach',
      status: 'pending',
      paymentMethodId: 11,
    };
    expect(hasPendingPayment(editState({ payments: [pendingAch] }))).toBe(true);
    expect(hasPendingPayment(editState({ payments: [{ ...pendingAch, status: 'failed' }] }))).toBe(false);
  });

  it('charges become additional when the invoice is paid (or every visible lot) under processor p with online payment', () => {
    expect(chargesAreAdditional(editState({ invoice: { allPaid: true } }))).toBe(true);
    expect(chargesAreAdditional(editState({ invoice: { onlinePaymentStat: 'a' } }))).toBe(true);
    expect(chargesAreAdditional(editState({ lines: [paidLine(1), line(2, { suppress: true })] }))).toBe(true);
    expect(chargesAreAdditional(editState({ lines: [paidLine(1), line(2)] }))).toBe(false);
    expect(chargesAreAdditional(editState())).toBe(false);
    expect(
      chargesAreAdditional(editState({ invoice: { allPaid: true }, house: { processorType: 'p', paymentProcessingEnabled: false } })),
    ).toBe(false);
    expect(
      chargesAreAdditional(editState({ invoice: { allPaid: true }, house: { processorType: 'w', paymentProcessingEnabled: true } })),
    ).toBe(false);
  });

  it('card or ACH methods: the cards, ACH (11) and unknown ids; not the offline methods', () => {
    for (const id of [3, 4, 5, 6, 11, 7, 42]) expect(isCardOrAchMethod(id)).toBe(true);
    for (const id of [101, 102, 103, 104, 105, null, undefined]) expect(isCardOrAchMethod(id)).toBe(false);
  });

  it('paid by card/ACH: online, a card/ACH method on the invoice or a visible lot, or a settled card/ACH payment', () => {
    expect(paidByCardOrAch(editState({ invoice: { allPaid: true, paymentMethodId: 3 } }))).toBe(true);
    expect(paidByCardOrAch(editState({ invoice: { allPaid: true, paymentMethodId: 11 } }))).toBe(true);
    expect(paidByCardOrAch(editState({ invoice: { allPaid: true, paymentMethodId: 101 } }))).toBe(false);
    expect(paidByCardOrAch(editState({ invoice: { allPaid: true, paymentMethodId: null } }))).toBe(false);
    expect(paidByCardOrAch(editState({ invoice: { onlinePaymentStat: 'a' } }))).toBe(true);
    expect(paidByCardOrAch(editState({ lines: [paidLine(1, { paymentMethodId: 4 })] }))).toBe(true);
    expect(
      paidByCardOrAch(editState({ lines: [paidLine(1, { paymentMethodId: 102 }), paidLine(2, { suppress: true, paymentMethodId: 4 })] })),
    ).toBe(false);
    const payment = {
      lineId: null,
      additionalChargeId: null,
      amountCents: 100,
      kind: 'payment',
      source: 'card',
      status: 'settled',
      paymentMethodId: null,
    };
    expect(paidByCardOrAch(editState({ payments: [payment] }))).toBe(true);
    expect(paidByCardOrAch(editState({ payments: [{ ...payment, status: 'pending' }] }))).toBe(false);
    expect(paidByCardOrAch(editState({ payments: [{ ...payment, source: 'offline', paymentMethodId: 103 }] }))).toBe(false);
    expect(paidByCardOrAch(editState({ payments: [{ ...payment, source: 'offline', paymentMethodId: 5 }] }))).toBe(true);
  });

  it('an additional charge is locked when paid (flag, date or online) or pending, not when failed or sent', () => {
    expect(additionalLocked(additional(1, null))).toBe(false);
    expect(additionalLocked(additional(1, null, { paid: true }))).toBe(true);
    expect(additionalLocked(additional(1, null, { paidDate: '2026-11-12' }))).toBe(true);
    expect(additionalLocked(additional(1, null, { onlinePaymentStat: 'a' }))).toBe(true);
    expect(additionalLocked(additional(1, null, { onlinePaymentStat: 'h' }))).toBe(true);
    expect(additionalLocked(additional(1, null, { onlinePaymentStat: 'd' }))).toBe(false);
  });

  it('additional charges count unless hidden or on a hidden lot', () => {
    const s = editState({
      lines: [line(1), line(2, { suppress: true })],
      additional: [additional(1, 1), additional(2, 2), additional(3, null), additional(4, null, { hidden: true })],
    });
    expect(countedAdditional(s).map((a) => a.id)).toEqual([1, 3]);
  });

  it('names a lot by number and extension', () => {
    expect(lotName(line(1, { lotNumber: '12', lotExt: 'A' }))).toBe('Lot 12A');
    expect(lotName(line(1, { lotNumber: null, lotId: 55 }))).toBe('Lot #55');
  });
});
