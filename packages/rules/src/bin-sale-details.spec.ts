import {
  BIN_TEXT,
  binStep1NextStep,
  canContinueBinDetails,
  defaultBinTerms,
  invoiceSettingsErrors,
  paymentMethodsError,
  taxRateError,
  taxSettingErrors,
  termsErrors,
} from './bin-sale-details';

const invoice = { subject: 'Your invoice', fromName: 'Sales', fromEmail: 'sales@house.example', bccEmail: '' };
const goodTerms = () => defaultBinTerms().map((t, i) => (i < 2 ? { ...t, termText: 'Text' } : t));

describe('bin step 1 rules', () => {
  it('needs at least one card', () => {
    expect(paymentMethodsError([])).toBe('Please select at least one payment method');
    expect(paymentMethodsError([9])).toBe(BIN_TEXT.paymentRequired);
    expect(paymentMethodsError([3])).toBeNull();
  });

  it('checks the invoice email settings with the spec messages', () => {
    expect(invoiceSettingsErrors({})).toEqual({
      subject: 'Subject is required',
      fromName: 'Reply To Name is required',
      fromEmail: 'Reply To Email is required',
    });
    expect(invoiceSettingsErrors({ ...invoice, fromEmail: 'nope', bccEmail: 'also nope' })).toEqual({
      fromEmail: 'Please enter a valid email address',
      bccEmail: 'Please enter a valid email address',
    });
    expect(invoiceSettingsErrors({ ...invoice, subject: 'x'.repeat(151) })).toEqual({ subject: 'Subject must be 150 characters or less' });
    expect(invoiceSettingsErrors({ ...invoice, subject: 'x'.repeat(150) })).toEqual({});
  });

  it('starts with six terms, the first two required and open', () => {
    const t = defaultBinTerms();
    expect(t.map((x) => x.termTitle)).toEqual(['Conditions of Sale', 'Shipping', 'Contract(s)', 'Payment(s)', 'Taxes', 'Condition(s)']);
    expect(t.map((x) => !!x.isOpen)).toEqual([true, true, false, false, false, false]);
    expect(termsErrors(t)).toEqual({ 'terms.0.termText': 'Term text is required', 'terms.1.termText': 'Term text is required' });
    const long = goodTerms();
    long[4] = { ...long[4], termTitle: 'x'.repeat(151) };
    expect(termsErrors(long)).toEqual({ 'terms.4.termTitle': 'Term title must be 150 characters or less' });
    const blank = goodTerms();
    blank[1] = { ...blank[1], termTitle: ' ' };
    expect(termsErrors(blank)).toEqual({ 'terms.1.termTitle': 'Term title is required' });
  });

  it.each([
    ['', BIN_TEXT.rateRange],
    ['0', BIN_TEXT.rateRange],
    ['100.001', BIN_TEXT.rateRange],
    ['101', BIN_TEXT.rateRange],
    ['1000', BIN_TEXT.rateRange],
    ['8.8751', BIN_TEXT.rateFormat],
    ['abc', BIN_TEXT.rateFormat],
    ['-1', BIN_TEXT.rateFormat],
    ['8.875', null],
    ['100', null],
    ['0.001', null],
    ['5.', null],
  ])('rate %p -> %p', (raw, msg) => {
    expect(taxRateError(raw)).toBe(msg);
  });

  it('checks the charge modal: type, rate, country, and state when the country has states', () => {
    expect(taxSettingErrors({}, false)).toEqual({
      taxType: 'Tax type is required',
      taxRate: 'Rate % must be a number between 0-100%',
      taxCountryID: 'Country is required',
    });
    expect(taxSettingErrors({ taxType: 'Sales tax', taxRate: '8.875', taxCountryID: 'US' }, true)).toEqual({
      taxStateID: 'State is required',
    });
    expect(taxSettingErrors({ taxType: 'VAT', taxRate: '20', taxCountryID: 'ALL', taxStateID: 'ALL' }, false)).toEqual({});
    expect(taxSettingErrors({ taxType: 'x'.repeat(151), taxRate: '1', taxCountryID: 'FR' }, false).taxType).toBe(
      'Tax type must be 150 characters or less',
    );
  });

  it('allows Continue only with a card, the email fields and terms 1 and 2', () => {
    expect(canContinueBinDetails({ paymentMethodIds: [3], invoice, terms: goodTerms() })).toBe(true);
    expect(canContinueBinDetails({ paymentMethodIds: [], invoice, terms: goodTerms() })).toBe(false);
    expect(canContinueBinDetails({ paymentMethodIds: [3], invoice: { ...invoice, fromName: '' }, terms: goodTerms() })).toBe(false);
    expect(canContinueBinDetails({ paymentMethodIds: [3], invoice, terms: defaultBinTerms() })).toBe(false);
  });

  it('records step 2 after Continue, 5 when arrived from the summary', () => {
    expect(binStep1NextStep(false)).toBe(2);
    expect(binStep1NextStep(true)).toBe(5);
  });
});
