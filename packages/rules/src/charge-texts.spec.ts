import { cardProcessingAllowed } from './charge-texts';

describe('cardProcessingAllowed (spec 000 section 6: processor p, payment processing enabled, country US)', () => {
  const us = { processorType: 'p', paymentProcessingEnabled: true, countryCode: 'US' };

  it('allows a US house with processor p and payment processing enabled', () => {
    expect(cardProcessingAllowed(us)).toBe(true);
    expect(cardProcessingAllowed({ ...us, countryCode: 'us' })).toBe(true);
  });

  it('refuses a house outside the US, or of unknown country, even with processor p and processing enabled', () => {
    expect(cardProcessingAllowed({ ...us, countryCode: 'CA' })).toBe(false);
    expect(cardProcessingAllowed({ ...us, countryCode: 'GB' })).toBe(false);
    expect(cardProcessingAllowed({ ...us, countryCode: null })).toBe(false);
    expect(cardProcessingAllowed({ processorType: 'p', paymentProcessingEnabled: true })).toBe(false);
  });

  it('refuses another processor or disabled processing in the US', () => {
    expect(cardProcessingAllowed({ ...us, processorType: 'w' })).toBe(false);
    expect(cardProcessingAllowed({ ...us, processorType: 's' })).toBe(false);
    expect(cardProcessingAllowed({ ...us, processorType: null })).toBe(false);
    expect(cardProcessingAllowed({ ...us, paymentProcessingEnabled: false })).toBe(false);
  });
});
