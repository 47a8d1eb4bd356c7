// Charges entered by staff (spec 000 sections 4, 5, 7 and 9): the fields, which may be negative,
// and the texts the admin's form and the server's answers show. The server's `charges.rules.ts`
// and the admin's `chargeForm.ts` import these by name, so both faces say the same thing.

/** The four charge fields, in the order the forms and the calls list them. */
export const CHARGE_FIELDS = ['tax', 'shipping', 'insurance', 'other'] as const;
export type ChargeField = (typeof CHARGE_FIELDS)[number];

/** Column labels of the screens (S/H as the invoice shows it). */
export const CHARGE_LABELS: Readonly<Record<ChargeField, string>> = { tax: 'Tax', shipping: 'S/H', insurance: 'Insurance', other: 'Other' };

/** Field names in the server's messages ('Shipping must be a number ...'). */
export const CHARGE_MESSAGE_LABELS: Readonly<Record<ChargeField, string>> = {
  tax: 'Tax',
  shipping: 'Shipping',
  insurance: 'Insurance',
  other: 'Other',
};

/** Other may be negative (a discount or adjustment); the rest are 0 or more. */
export const chargeMayBeNegative = (field: ChargeField): boolean => field === 'other';

/** Spec 000 section 9: charge input debounce (ms). */
export const CHARGE_DEBOUNCE_MS = 500;

/** Bodies in one request (a per-lot form is one body per lot; a bulk save may name several invoices). */
export const MAX_CHARGE_BODIES = 2000;

/** The server's refusals of `POST additionalCharges` (shown by the admin beside the field or in the dialog). */
export const CHARGES_TEXT = {
  empty: 'Enter at least one charge.',
  tooMany: `Send at most ${MAX_CHARGE_BODIES} charge forms at once.`,
  emptyList: 'Send at least one charge form.',
  versionMismatch: 'Every form of one invoice must carry the same version.',
  mixedForms: 'Send either the per-lot form (with lotID) or the invoice-level form for an invoice, not both.',
  twice: (lotId: number) => `Lot ${lotId} is listed twice for this invoice.`,
  invoiceTwice: 'This invoice is listed twice.',
  perInvoice: 'This invoice takes charges per invoice: send them without a lotID.',
  perLot: 'This invoice takes charges per lot: send a lotID for each lot.',
  lotNotFound: 'Lot not found on this invoice.',
  hiddenLot: (lot: string) => `${lot} is hidden from the invoice: show it on the invoice before adding charges.`,
  paidLot: (lot: string) => `${lot} has been paid: its charges cannot be changed. Mark it as not paid first.`,
  paidInvoice: 'This invoice has been paid: its charges cannot be changed. Mark it as not paid first.',
  pending: 'A payment of this invoice is pending: its charges cannot be changed until it completes.',
  notCardOrAch: 'Additional charges can only be added to an invoice paid by card or ACH.',
  locked: 'This additional charge has been paid or its payment is pending: it cannot be changed.',
  additionalPaid: 'An additional charge of this invoice has already been paid: no more additional charges can be added.',
  negativeLot: "Other cannot take the lot's total below zero.",
  negativeInvoice: "Other cannot take the invoice's total below zero.",
  negativeAdditional: 'Other cannot take the additional charge below zero.',
} as const;

/** The admin's Add/Edit Charges form. */
export const CHARGE_FORM_TEXT = {
  /** Spec 000 section 5, quoted. */
  otherTooltip: 'This field is for adding or discounting any additional fees. Please use a minus (-) to indicate a discount or adjustment.',
  notANumber: 'Please enter a number.',
  negative: 'Please enter an amount of 0 or more.',
  taxComputed: 'Tax is calculated automatically for US invoices.',
  /** The same refusal the server answers. */
  locked: CHARGES_TEXT.locked,
  cannotAdd:
    'Additional charges cannot be added to this invoice: it was not paid by card or ACH, or an additional charge has already been paid.',
  fixErrors: 'Please correct the amounts marked and try again.',
} as const;
