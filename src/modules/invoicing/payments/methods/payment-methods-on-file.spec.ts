import { NewPaymentMethod, paymentMethodErrors } from './payment-methods-on-file.service';

const card: NewPaymentMethod = { token: 'tok_visa_approve', kind: 'card', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
const ach: NewPaymentMethod = { token: 'tok_ach_settle', kind: 'ach', brand: null, last4: '6789', expMonth: null, expYear: null };

describe('paymentMethodErrors', () => {
  it('accepts a tokenised card and a bank account', () => {
    expect(paymentMethodErrors(card)).toEqual({});
    expect(paymentMethodErrors({ ...card, cardLimitCents: 50_000 })).toEqual({});
    expect(paymentMethodErrors(ach)).toEqual({});
  });

  it.each([
    ['a card number as token', { token: '4111111111111111' }, 'token'],
    ['a spaced card number as token', { token: '4111 1111 1111 1111' }, 'token'],
    ['an empty token', { token: ' ' }, 'token'],
    ['a token over 64 characters', { token: 't'.repeat(65) }, 'token'],
    ['another kind', { kind: 'paypal' as never }, 'kind'],
    ['last4 of three digits', { last4: '424' }, 'last4'],
    ['an unknown brand', { brand: 'diners' as never }, 'brand'],
    ['month 13', { expMonth: 13 }, 'expMonth'],
    ['a two-digit year', { expYear: 30 }, 'expYear'],
    ['a zero card limit', { cardLimitCents: 0 }, 'cardLimitCents'],
    ['a fractional card limit', { cardLimitCents: 10.5 }, 'cardLimitCents'],
  ])('refuses a card with %s', (_what, change, field) => {
    expect(Object.keys(paymentMethodErrors({ ...card, ...change }))).toEqual([field]);
  });

  it('refuses a bank account with a brand or an expiry', () => {
    expect(Object.keys(paymentMethodErrors({ ...ach, brand: 'visa' }))).toEqual(['brand']);
    expect(Object.keys(paymentMethodErrors({ ...ach, expMonth: 1, expYear: 2030 }))).toEqual(['expMonth']);
  });
});
