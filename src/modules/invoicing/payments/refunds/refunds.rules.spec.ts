import { REFUND_TEXT } from '@ar/rules';
import { errorsOf } from '../../../../../test/support/refusal';
import {
  amountRefusal,
  parseRefundBody,
  parseVoidBody,
  refundableCents,
  whyNotRefundable,
  whyNotVoidable,
  type LedgerPayment,
} from './refunds.rules';

const card: LedgerPayment = { kind: 'payment', source: 'card', status: 'settled', amountCents: 10_000, voided: false, refundedCents: 0 };

describe('refund rules', () => {
  it('answers what is left to refund, and why a payment cannot be refunded, in order', () => {
    expect(refundableCents(card)).toBe(10_000);
    expect(refundableCents({ ...card, refundedCents: 2_500 })).toBe(7_500);
    expect(whyNotRefundable({ ...card, kind: 'refund' })).toBe(REFUND_TEXT.refundOfRefund);
    expect(whyNotRefundable({ ...card, source: 'offline', voided: true })).toBe(REFUND_TEXT.offline);
    expect(whyNotRefundable({ ...card, voided: true })).toBe(REFUND_TEXT.voided);
    expect(whyNotRefundable({ ...card, source: 'ach', status: 'pending' })).toBe(REFUND_TEXT.notSettled);
    expect(whyNotRefundable({ ...card, refundedCents: 10_000 })).toBe(REFUND_TEXT.fullyRefunded);
    expect(refundableCents({ ...card, source: 'offline' })).toBe(0);
    expect(amountRefusal({ ...card, refundedCents: 2_500 }, 7_501)).toBe(REFUND_TEXT.tooMuch(7_500));
    expect(amountRefusal({ ...card, refundedCents: 2_500 }, 7_500)).toBeNull();
  });

  it('voids only live offline payments', () => {
    expect(whyNotVoidable({ kind: 'payment', source: 'offline', voided: false })).toBeNull();
    expect(whyNotVoidable({ kind: 'payment', source: 'card', voided: false })).toBe(REFUND_TEXT.voidOnline);
    expect(whyNotVoidable({ kind: 'refund', source: 'card', voided: false })).toBe(REFUND_TEXT.voidRefund);
    expect(whyNotVoidable({ kind: 'payment', source: 'offline', voided: true })).toBe(REFUND_TEXT.alreadyVoided);
  });

  it('reads the bodies with a message per field', () => {
    expect(parseRefundBody({ amountCents: 500, reason: ' Damaged ' })).toEqual({ amountCents: 500, reason: 'Damaged', requestId: null });
    expect(parseRefundBody({ amountCents: '500', reason: 'x', requestId: 'abcdefgh' })).toMatchObject({
      amountCents: 500,
      requestId: 'abcdefgh',
    });
    expect(errorsOf(() => parseRefundBody({ amountCents: 0, reason: '' }))).toEqual({
      amountCents: REFUND_TEXT.amountPositive,
      reason: REFUND_TEXT.reasonRequired,
    });
    expect(errorsOf(() => parseRefundBody({ amountCents: 1.5, reason: 'x', requestId: 'short' }))).toEqual({
      amountCents: REFUND_TEXT.amountWhole,
      requestId: REFUND_TEXT.requestId,
    });
    expect(errorsOf(() => parseRefundBody(null))).toEqual({ amountCents: REFUND_TEXT.amountRequired, reason: REFUND_TEXT.reasonRequired });
    expect(errorsOf(() => parseVoidBody({ reason: 'x'.repeat(251) }))).toEqual({ reason: REFUND_TEXT.reasonTooLong });
  });
});
