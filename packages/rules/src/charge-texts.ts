// Batch card charging (issue 11): why an invoice cannot be charged, and the batch banners. The
// spec (000 section 8) quotes two reasons ('Invoice has been paid.', 'Please resend this invoice.')
// and the banners; the other reasons' wording is ours (docs/decisions/card-charging.md). One reason
// is not the spec's: `chargeInProgress` (an open charge attempt, until its outcome is known).

/** Why an invoice cannot be charged in a batch, in precedence order (the first that applies is answered). */
export const CHARGE_INELIGIBILITY_REASONS = [
  'paymentProcessingDisabled',
  'floorBidder',
  'paid',
  'chargeInProgress',
  'pendingAch',
  'notSent',
  'editedAfterSend',
  'sentRecently',
  'autoChargeScheduled',
  'taxCalculationError',
  'restrictedItems',
  'itemsHidden',
  'noCreditCard',
  'cardNotAccepted',
  'cardLimitExceeded',
] as const;

export type ChargeIneligibilityReason = (typeof CHARGE_INELIGIBILITY_REASONS)[number];

export const CHARGE_INELIGIBILITY_TEXT: Record<ChargeIneligibilityReason, string> = {
  paymentProcessingDisabled: 'Payment processing is disabled for this house.',
  floorBidder: 'Floor bidder invoices cannot be charged by card.',
  paid: 'Invoice has been paid.',
  chargeInProgress: 'A charge of this invoice is already in progress.',
  pendingAch: 'An ACH payment is pending for this invoice.',
  notSent: 'This invoice has not been sent. It can be charged 48 hours after sending.',
  editedAfterSend: 'Please resend this invoice.',
  sentRecently: 'This invoice was sent less than 2 days ago. It can be charged 48 hours after sending.',
  autoChargeScheduled: 'An auto-charge is scheduled for this invoice.',
  taxCalculationError: "Sales tax could not be calculated because the bidder's address is invalid. Please correct the address.",
  restrictedItems: 'This invoice has restricted items, which cannot be paid for online.',
  itemsHidden: 'This invoice has hidden items. Please review them before charging.',
  noCreditCard: 'No credit card on file for this bidder.',
  cardNotAccepted:
    "The bidder's card on file is of a brand this Buy Now sale does not accept. Please contact the bidder to arrange payment.",
  cardLimitExceeded: 'The amount due exceeds the credit card limit. This invoice requires ACH payment.',
};

/** Why a charge of an eligible invoice did not go through (besides the gateway's own decline message). */
export const CHARGE_OUTCOME_TEXT = {
  inProgress: 'A charge of this invoice is already in progress.',
  outcomeUnknown: 'The payment gateway did not answer in time. The charge will be reconciled; do not charge again.',
  unavailable: 'The payment gateway is unavailable; nothing was charged. Please try again.',
  notFound: 'Invoice not found.',
  claimFailed: 'An error occurred while preparing this charge. Nothing was charged. Please try again.',
} as const;

/** The minimum time between sending (or re-sending) an invoice and charging it. */
export const CHARGE_AFTER_SEND_MS = 48 * 60 * 60 * 1000;

/**
 * Gateway calls in flight at once in one batch. The latency-bound limit of a batch is this many
 * calls per gateway latency: 16 / 50 ms = 320 charges/s (issue 11's target: 200/s).
 */
export const CHARGE_CONCURRENCY = 16;

/** Above this many invoices a batch charge runs as a job (`charge-batch`) with progress. */
export const CHARGE_INLINE_MAX = 25;

/** The spec's batch banners (000 section 8), exactly. */
export const CHARGE_BANNER_TEXT = {
  processed: (n: number, m: number) => `${n}/${m} of your payments have been processed!.`,
  failed: (n: number, m: number) => `${n}/${m} of your payments failed.`,
  failedDetail: 'Some payments were not processed due to invalid payment type. Please contact the bidder to arrange payment.',
  error: 'An error occurred while processing your request. No cards were charged. Please try again.',
  cardLimit: (x: number, y: number) => `${x}/${y} invoices will require ACH payment and cannot be automatically charged.`,
} as const;

/**
 * ACH settlement (docs/decisions/card-charging.md, "ACH settlement"): the notice emailed to the
 * bidder when the bank returns a pending ACH debit. Our wording (the spec has none).
 */
export const ACH_SETTLEMENT_TEXT = {
  failedSubject: (houseName: string) => `Your ACH payment to ${houseName} was returned`,
  failedText: (p: { firstName: string; invoiceNumber: number; houseName: string; amount: string; message: string }) =>
    `Dear ${p.firstName},\n\nYour bank returned the ACH payment of ${p.amount} for invoice #${p.invoiceNumber} from ${p.houseName}: ${p.message}\n` +
    `The amount is due again. Please contact ${p.houseName} to arrange payment.\n`,
} as const;

/** The house settings card processing depends on (the server's house row, the admin's `houseInfo`). */
export interface CardProcessingHouse {
  processorType?: string | null;
  paymentProcessingEnabled: boolean;
  /** The house's country (ISO 3166 alpha-2); null or absent counts as not US. */
  countryCode?: string | null;
}

/**
 * Spec 000 section 6: "Online payment features depend on house setting paymentProcessingEnabled,
 * processor type p and country US." Card charging (batch and auto-charge) and its controls exist
 * only for such a house; elsewhere the calls are refused and the screens show no charge controls.
 */
export function cardProcessingAllowed(house: CardProcessingHouse): boolean {
  return house.processorType === 'p' && house.paymentProcessingEnabled && (house.countryCode ?? '').toUpperCase() === 'US';
}

/** The spec's payment method id of ACH (000 section 3: "id 11 means ACH"). */
export const ACH_PAYMENT_METHOD_ID = 11;

/**
 * A buy-now sale's accepted cards (bin step 1, `bin_sale_settings.payment_method_ids`: 3 Visa,
 * 4 MasterCard, 5 Discover, 6 American Express) bind the invoices of a group whose sessions are all
 * of that sale: the preview offers only those cards and a charge refuses any other card brand.
 * `acceptedIds` null: no such sale (or its cards not saved yet), the house's cards. A bank account
 * (ACH, 11) is not a card: the house's, whatever the sale ticked.
 */
export function cardAcceptedBySale(paymentMethodId: number, acceptedIds: readonly number[] | null): boolean {
  if (acceptedIds === null || paymentMethodId === ACH_PAYMENT_METHOD_ID) return true;
  return acceptedIds.includes(paymentMethodId);
}
