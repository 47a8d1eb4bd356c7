import { isOfferedPaymentMethod, PAYMENT_METHODS, paymentMethodName } from './payment-methods';

describe('payment methods', () => {
  it("offers the spec's cards and ACH with their fixed ids, then the offline methods", () => {
    expect(PAYMENT_METHODS.map((m) => [m.id, m.name, m.type])).toEqual([
      [3, 'Visa', 'card'],
      [4, 'MasterCard', 'card'],
      [5, 'Discover', 'card'],
      [6, 'American Express', 'card'],
      [11, 'ACH', 'ach'],
      [101, 'Cash', 'offline'],
      [102, 'Check', 'offline'],
      [103, 'Wire Transfer', 'offline'],
      [104, 'PayPal', 'offline'],
      [105, 'Other', 'offline'],
    ]);
  });

  it('has unique ids, none of the offline ones among the small processor ids', () => {
    const ids = PAYMENT_METHODS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(PAYMENT_METHODS.filter((m) => m.type === 'offline').every((m) => m.id > 100)).toBe(true);
  });

  it('names id 11 ACH, the listed ids by name, any other id Card, none null', () => {
    expect([3, 4, 5, 6, 11, 101, 102, 103, 104, 105, 1, 7, null, undefined].map(paymentMethodName)).toEqual([
      'Visa',
      'MasterCard',
      'Discover',
      'American Express',
      'ACH',
      'Cash',
      'Check',
      'Wire Transfer',
      'PayPal',
      'Other',
      'Card',
      'Card',
      null,
      null,
    ]);
  });

  it('accepts only listed ids when marking paid', () => {
    expect([3, 11, 101, 105].every(isOfferedPaymentMethod)).toBe(true);
    expect([0, 1, 7, 12, 100, 106, -3].some(isOfferedPaymentMethod)).toBe(false);
  });
});
