import { describe, expect, it } from '@jest/globals';
import { parseCents, payoutCall } from './payoutForm';

describe('mark-paid dialog rules', () => {
  it('reads amounts in cents without floating point', () => {
    expect(parseCents('1,085.79')).toBe(108_579);
    expect(parseCents(' 12 ')).toBe(1_200);
    expect(parseCents('0.1')).toBe(10);
    expect(parseCents('0.29')).toBe(29);
    for (const bad of ['', '0', '0.00', '-5', '1.234', 'abc', '1e3']) expect(parseCents(bad)).toBeNull();
  });

  it('pays the whole balance with mark-paid, less with a part payout', () => {
    const v = { method: 'check', reference: ' 1001 ', paidDate: '2025-11-03', amount: '1,085.79' };
    expect(payoutCall(7, v, 108_579)).toEqual({
      path: '/api/settlements/7/mark-paid',
      body: { method: 'check', reference: '1001', paidDate: '2025-11-03' },
    });
    expect(payoutCall(7, { ...v, amount: '100', reference: '' }, 108_579)).toEqual({
      path: '/api/settlements/7/payouts',
      body: { method: 'check', reference: null, paidDate: '2025-11-03', kind: 'payout', amountCents: 10_000 },
    });
  });
});
