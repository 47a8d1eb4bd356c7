import { describe, expect, it } from '@jest/globals';
import { REFUND_TEXT } from '@ar/rules';
import { kindText, newRequestId, reasonError, refundAmountError, remainderInput, statusChip } from './paymentsPanel';

describe('payments panel rules', () => {
  it('reads rows', () => {
    expect(kindText({ kind: 'payment', source: 'card' })).toBe('Card payment');
    expect(kindText({ kind: 'refund', source: 'ach' })).toBe('ACH refund');
    expect(statusChip({ voided: true, status: 'settled', kind: 'payment' }).label).toBe('Voided');
    expect(statusChip({ voided: false, status: 'pending', kind: 'payment' }).label).toBe('Pending');
    expect(statusChip({ voided: false, status: 'settled', kind: 'refund' }).label).toBe('Refunded');
    expect(remainderInput({ refundableCents: 12_345 })).toBe('123.45');
  });

  it('checks the refund amount against the remainder with the server wording', () => {
    expect(refundAmountError('', 1_000)).toBe(REFUND_TEXT.amountRequired);
    expect(refundAmountError('0', 1_000)).toBe(REFUND_TEXT.amountPositive);
    expect(refundAmountError('-5', 1_000)).toBe(REFUND_TEXT.amountPositive);
    expect(refundAmountError('10.01', 1_000)).toBe(REFUND_TEXT.tooMuch(1_000));
    expect(refundAmountError('$10.00', 1_000)).toBeUndefined();
    expect(refundAmountError('abc', 1_000)).toBeDefined();
  });

  it('requires a reason of at most 250 characters', () => {
    expect(reasonError('  ')).toBe(REFUND_TEXT.reasonRequired);
    expect(reasonError('', REFUND_TEXT.voidReasonRequired)).toBe(REFUND_TEXT.voidReasonRequired);
    expect(reasonError('x'.repeat(251))).toBe(REFUND_TEXT.reasonTooLong);
    expect(reasonError('Damaged')).toBeUndefined();
    expect(newRequestId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
