/**
 * Bin (buy-now) wizard step 1, sale details and payment options (spec 001 sections 2, 3 and 8
 * "Bin step 1"): the shared checks of the server and the admin, with the spec's exact messages.
 * Where the spec names a rule but no text, the text follows its "{field name} is required"
 * pattern (docs/decisions/bin-wizard.md).
 */
import { looksLikeEmail } from './email';

export const BIN_TEXT = {
  paymentRequired: 'Please select at least one payment method',
  required: (field: string) => `${field} is required`,
  tooLong: (field: string, max: number) => `${field} must be ${max} characters or less`,
  email: 'Please enter a valid email address',
  taxTypeRequired: 'Tax type is required',
  rateRange: 'Rate % must be a number between 0-100%',
  rateFormat: 'Please enter a valid number, up to three decimal places',
  countryRequired: 'Country is required',
  stateRequired: 'State is required',
  loadFailed: 'Unable to load your sale details. Please try again later or contact Customer Care any time at:',
  saveFailed: 'Unable to save sale details. Please try again later or contact Customer Care any time at:',
  postSaleTo: 'Available on Site / Buy Now',
  enrolment:
    'Buy Now sales are paid by card through your payment processing account. Buyers pay at checkout with the cards you accept below.',
} as const;

/** Tax type, the three email fields and term titles: at most 150 characters (spec 001 section 9). */
export const BIN_FIELD_MAX = 150;

/** Payment methods a buy-now sale may accept (spec 001 section 3: ids 3-6 are cards). */
export const BIN_PAYMENT_METHODS = [
  { id: 3, name: 'Visa' },
  { id: 4, name: 'MasterCard' },
  { id: 5, name: 'Discover' },
  { id: 6, name: 'American Express' },
] as const;
export const BIN_PAYMENT_METHOD_IDS: readonly number[] = BIN_PAYMENT_METHODS.map((m) => m.id);

/** The six terms in order; the first two (Conditions of Sale, Shipping) are required and open. */
export const BIN_TERM_TITLES = ['Conditions of Sale', 'Shipping', 'Contract(s)', 'Payment(s)', 'Taxes', 'Condition(s)'] as const;
export const BIN_REQUIRED_TERMS = 2;

export interface BinTerm {
  id: number;
  active: boolean;
  termTitle: string;
  termText: string;
  isOpen?: boolean;
}

/** The invoice email settings of the sale: subject, Reply To Name/Email, BCC. */
export interface BinInvoiceSettings {
  subject: string;
  fromName: string;
  fromEmail: string;
  bccEmail: string;
}

/** One row of the Additional Charges (Taxes & Fees) table. taxCountryID / taxStateID: ALL means all. */
export interface BinTaxSetting {
  taxType: string;
  taxRate: string;
  taxCountryID: string;
  taxStateID: string;
}

export const BIN_EMAIL_LABELS: Record<keyof BinInvoiceSettings, string> = {
  subject: 'Subject',
  fromName: 'Reply To Name',
  fromEmail: 'Reply To Email',
  bccEmail: 'BCC',
};

/** The default six terms, the first two open (a sale with no saved terms starts with these). */
export function defaultBinTerms(): BinTerm[] {
  return BIN_TERM_TITLES.map((termTitle, i) => ({
    id: i + 1,
    active: i < BIN_REQUIRED_TERMS,
    termTitle,
    termText: '',
    isOpen: i < BIN_REQUIRED_TERMS,
  }));
}

export function paymentMethodsError(ids: readonly number[]): string | null {
  return ids.some((id) => BIN_PAYMENT_METHOD_IDS.includes(id)) ? null : BIN_TEXT.paymentRequired;
}

/** Field errors of the invoice email settings, keyed by field. */
export function invoiceSettingsErrors(s: Partial<BinInvoiceSettings>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of ['subject', 'fromName', 'fromEmail', 'bccEmail'] as const) {
    const v = (s[key] ?? '').trim();
    const label = BIN_EMAIL_LABELS[key];
    if (!v) {
      if (key !== 'bccEmail') errors[key] = BIN_TEXT.required(label);
    } else if (v.length > BIN_FIELD_MAX) errors[key] = BIN_TEXT.tooLong(label, BIN_FIELD_MAX);
    else if ((key === 'fromEmail' || key === 'bccEmail') && !looksLikeEmail(v)) errors[key] = BIN_TEXT.email;
  }
  return errors;
}

/** Field errors of the six terms, keyed `terms.{index}.termTitle` / `.termText`. */
export function termsErrors(terms: readonly Pick<BinTerm, 'termTitle' | 'termText'>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  terms.forEach((t, i) => {
    const title = (t.termTitle ?? '').trim();
    if (title.length > BIN_FIELD_MAX) errors[`terms.${i}.termTitle`] = BIN_TEXT.tooLong('Term title', BIN_FIELD_MAX);
    if (i < BIN_REQUIRED_TERMS) {
      if (!title) errors[`terms.${i}.termTitle`] = BIN_TEXT.required('Term title');
      if (!(t.termText ?? '').trim()) errors[`terms.${i}.termText`] = BIN_TEXT.required('Term text');
    }
  });
  return errors;
}

/** The charge modal's rate: > 0, <= 100, up to 3 digits and 3 decimals. */
export function taxRateError(raw: string): string | null {
  const v = (raw ?? '').trim();
  if (!v) return BIN_TEXT.rateRange;
  if (!/^\d*(\.\d*)?$/.test(v) || v === '.') return BIN_TEXT.rateFormat;
  const n = Number(v);
  if (!(n > 0 && n <= 100)) return BIN_TEXT.rateRange;
  return /^\d{1,3}(\.\d{0,3})?$/.test(v) ? null : BIN_TEXT.rateFormat;
}

/**
 * The charge modal's errors (save is disabled while any exists). `countryHasStates`: the chosen
 * country lists states (then a state, or ALL, is required).
 */
export function taxSettingErrors(t: Partial<BinTaxSetting>, countryHasStates: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  const type = (t.taxType ?? '').trim();
  if (!type) errors.taxType = BIN_TEXT.taxTypeRequired;
  else if (type.length > BIN_FIELD_MAX) errors.taxType = BIN_TEXT.tooLong('Tax type', BIN_FIELD_MAX);
  const rate = taxRateError(t.taxRate ?? '');
  if (rate) errors.taxRate = rate;
  if (!(t.taxCountryID ?? '').trim()) errors.taxCountryID = BIN_TEXT.countryRequired;
  else if (countryHasStates && !(t.taxStateID ?? '').trim()) errors.taxStateID = BIN_TEXT.stateRequired;
  return errors;
}

/** Continue needs a payment method, subject, from name, from email, and terms 1 and 2 with title and text. */
export function canContinueBinDetails(v: {
  paymentMethodIds: readonly number[];
  invoice: Partial<BinInvoiceSettings>;
  terms: readonly Pick<BinTerm, 'termTitle' | 'termText'>[];
}): boolean {
  return (
    paymentMethodsError(v.paymentMethodIds) === null &&
    Object.keys(invoiceSettingsErrors(v.invoice)).length === 0 &&
    v.terms.length >= BIN_REQUIRED_TERMS &&
    Object.keys(termsErrors(v.terms)).length === 0
  );
}

/** Step tracker value after step 1's Continue: 2, or 5 (left unchanged) when arrived from the summary. */
export function binStep1NextStep(fromSummary: boolean): number {
  return fromSummary ? 5 : 2;
}
