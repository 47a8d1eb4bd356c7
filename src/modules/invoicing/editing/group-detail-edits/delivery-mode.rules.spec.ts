import { FieldErrors } from '../core/edit-input';
import { editState, line } from '../../../../../test/support/edit-state.builders';
import { checkDeliveryChange, DELIVERY_TEXT, parseDeliveryEntry } from './delivery-mode.rules';

const parse = (body: Record<string, unknown>) => {
  const e = new FieldErrors();
  return { entry: parseDeliveryEntry(body, e), errors: e.errors };
};
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('pickup / shipping (spec 000 section 4)', () => {
  it("reads 'pickup' or 'shipping' (any case)", () => {
    expect(parse({ invoiceID: 7, deliveryMode: 'pickup' }).entry).toEqual({ invoiceId: 7, pickup: true, version: null });
    expect(parse({ invoiceID: 7, deliveryMode: ' Shipping ', version: 5 }).entry).toEqual({ invoiceId: 7, pickup: false, version: 5 });
  });

  it.each([['collect'], [''], [null], [true]])('refuses %j', (deliveryMode) => {
    expect(parse({ invoiceID: 7, deliveryMode }).errors).toEqual({ deliveryMode: DELIVERY_TEXT.mode });
  });

  it('changes the mode of an unpaid invoice; the same mode is no change', () => {
    expect(checkDeliveryChange(editState(), true)).toBe(true);
    expect(checkDeliveryChange(editState({ invoice: { pickup: true } }), false)).toBe(true);
    expect(checkDeliveryChange(editState(), false)).toBe(false);
  });

  it('not when the invoice is fully paid', () => {
    expect(refusal(() => checkDeliveryChange(editState({ invoice: { allPaid: true } }), true))).toBe(DELIVERY_TEXT.paid);
    expect(refusal(() => checkDeliveryChange(editState({ invoice: { onlinePaymentStat: 'a' } }), true))).toBe(DELIVERY_TEXT.paid);
  });

  it('not while an online payment is pending', () => {
    expect(refusal(() => checkDeliveryChange(editState({ invoice: { onlinePaymentStat: 'i' } }), true))).toBe(DELIVERY_TEXT.pending);
    expect(refusal(() => checkDeliveryChange(editState({ lines: [line(1, { onlinePaymentStat: 'h' })] }), true))).toBe(
      DELIVERY_TEXT.pending,
    );
  });

  it('not once a lot is paid or has an amount paid (hidden lots included)', () => {
    expect(refusal(() => checkDeliveryChange(editState({ lines: [line(1), line(2, { paid: true })] }), true))).toBe(DELIVERY_TEXT.lotPaid);
    expect(refusal(() => checkDeliveryChange(editState({ lines: [line(1, { amountPaidCents: 1 })] }), true))).toBe(DELIVERY_TEXT.lotPaid);
    expect(refusal(() => checkDeliveryChange(editState({ lines: [line(1, { suppress: true, paidDate: '2026-11-10' })] }), true))).toBe(
      DELIVERY_TEXT.lotPaid,
    );
  });
});
