/**
 * The template editor's limits and messages. Quoted from the spec (000 §5, §9) where it gives
 * them; the few it leaves open (length overflow, unknown codes, card-processor refusals) are ours
 * and listed in docs/decisions/invoice-templates.md.
 */
export const TEMPLATE_LIMITS = {
  groupName: 50,
  subject: 72,
  fromName: 150,
  fromEmail: 150,
  bccEmail: 150,
  payPalEmail: 150,
  chargeName: 50,
  messageHeader: 150,
  messageDetail: 5000,
  /** Tax and fee rows each, and messages: far above any real template, bounds a request. */
  rows: 100,
  /** 100 % in thousandths of a percent. */
  maxRate: 100_000,
} as const;

export const TEMPLATE_TEXT = {
  summary: 'Please correct the errors noted and try saving again.',
  nameRequired: 'Invoice template name is required',
  subjectRequired: 'Email Subject is required',
  fromNameRequired: 'Reply to Name is required',
  fromEmailRequired: 'Reply to Email is required',
  validEmail: 'Valid Email is required',
  countryRequired: 'Country is required',
  taxRateInvalid: 'Please enter a valid tax rate %.',
  feeRateInvalid: 'Please enter a valid fee rate %.',
  chargeTypeRequired: 'Charge type is required',
  stateRequired: 'State is required',
  provinceRequired: 'Province is required',
  taxTypeBoxRequired: 'Tax Type is Required, Please select at least one Tax Type Check Box',
  feeTypeBoxRequired: 'Fee Type is Required, Please select at least one Fee Type Check Box',
  taxInFees: 'Taxes cannot be entered in the fees section, please use the taxes section above.',
  sequenceUnique: 'Sequence number must be unique',
  saved: 'Your changes have been saved.',

  // Not worded by the spec.
  tooLong: (label: string, max: number) => `${label} cannot be longer than ${max} characters.`,
  countryUnknown: 'Please select a country from the list.',
  stateUnknown: 'Please select a state from the list.',
  provinceUnknown: 'Please select a province from the list.',
  stateWithAllCountries: 'Choose ALL states when the country is ALL.',
  sequenceInvalid: 'Sequence must be a whole number from 1.',
  tooManyRows: (max: number) => `At most ${max} rows can be saved.`,
  chargesChoice: 'Please choose whether additional charges apply per Invoice or per Lot.',
  chargesFixed: 'Charges per Invoice or per Lot cannot be changed on an existing template.',
  payPalEmailRequired: 'PayPal Email is required',
  locationUnknown: 'Please select one of your locations.',
  usTaxOnCardProcessor: 'US sales tax is calculated automatically for card-processor templates; the United States cannot be chosen here.',
  taxesLocked: 'Taxes cannot be changed or added once invoices exist for a sale using this template.',
  readOnly: 'This template is no longer active and cannot be changed.',
  versionRequired: 'Send the version of the template you loaded.',
  badTemplateId: 'groupSettingsID must be a template id (0 or absent for a new template).',
  idsDisagree: 'groupSettingsID and invoiceGroupID name different templates.',
  stale: 'This template was changed by someone else. Reload it to see their changes.',
  inUse: 'This template is used by a sale or an invoice group and cannot be deleted.',
  notFound: 'Invoice template not found.',
} as const;

/** Every new template starts with these two messages. */
export const DEFAULT_MESSAGES = [
  { header: 'Payment Option(s)', detail: '', sequence: 1 },
  { header: 'Shipping Notes', detail: '', sequence: 2 },
] as const;

/** Pseudo-code for "every country" / "every state" in tax and fee rows. */
export const ALL = 'ALL';
