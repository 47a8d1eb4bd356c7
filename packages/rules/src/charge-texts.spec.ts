import { ACH_PAYMENT_METHOD_ID, cardAcceptedBySale, cardProcessingAllowed } from './charge-texts';

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

describe("cardAcceptedBySale (a buy-now sale's ticked cards: 3 Visa, 4 MasterCard, 5 Discover, 6 American Express)", () => {
  it('accepts only the brands the sale ticked', () => {
    expect(cardAcceptedBySale(3, [3, 6])).toBe(true);
    expect(cardAcceptedBySale(6, [3, 6])).toBe(true);
    expect(cardAcceptedBySale(4, [3, 6])).toBe(false);
    expect(cardAcceptedBySale(5, [3, 6])).toBe(false);
    expect(cardAcceptedBySale(3, [])).toBe(false);
  });

  it("without a buy-now sale's cards (null) every brand is the house's to take", () => {
    for (const id of [3, 4, 5, 6]) expect(cardAcceptedBySale(id, null)).toBe(true);
  });

  it("ACH is not a card: never refused by the sale's card list", () => {
    expect(cardAcceptedBySale(ACH_PAYMENT_METHOD_ID, [3])).toBe(true);
  });
});
