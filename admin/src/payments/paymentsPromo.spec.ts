import { describe, expect, it } from '@jest/globals';
import { LINKS } from '../common/brand';
import { PAYMENTS_PROMO_TEXT, processorStateText, promoHref, promoPath, promoVariant } from './paymentsPromo';

describe('payments promotion rules', () => {
  it('shows Book Appointment only when the action equals switch', () => {
    expect(promoVariant('switch')).toBe('switch');
    expect(promoVariant(undefined)).toBe('signUp');
    for (const other of ['Switch', 'SWITCH', 'switch ', 'switching', 'signup', '']) {
      expect(promoVariant(other)).toBe('signUp');
    }
  });

  it('says payments will be required from January', () => {
    expect(PAYMENTS_PROMO_TEXT.january).toMatch(/required from January/);
    expect(PAYMENTS_PROMO_TEXT.bookAppointment).toBe('Book Appointment');
  });

  it('sends the button to customer care with the request and the house', () => {
    const signUp = new URL(promoHref('signUp', 'demo & co'));
    expect(`${signUp.origin}${signUp.pathname}`).toBe(LINKS.contact);
    expect(signUp.searchParams.get('topic')).toBe('payments-sign-up');
    expect(signUp.searchParams.get('house')).toBe('demo & co');
    expect(new URL(promoHref('switch', 'demo')).searchParams.get('topic')).toBe('payments-appointment');
  });

  it('states the processor the house has', () => {
    expect(processorStateText(null, false)).toBe('No payment processor is set up for this house yet.');
    expect(processorStateText('p', true)).toBe('Current processor: integrated payments (processor P), payment processing enabled.');
    expect(processorStateText('w', false)).toBe('Current processor: processor W, payment processing not enabled.');
  });
});

describe('payments promotion link of the calendar banner', () => {
  it('sends a house on another processor to the switch appointment, any other to the sign-up', () => {
    expect(promoPath('w')).toBe('/payments/switch');
    expect(promoPath('s')).toBe('/payments/switch');
    expect(promoPath('p')).toBe('/payments');
    expect(promoPath(null)).toBe('/payments');
  });
});
