// Refunds and corrections (issue 11, "Refunds and corrections"; beyond the spec, so every sentence
// here is ours: docs/decisions/refunds.md). The server answers them, the admin's payments panel
// shows them and checks the same limits before sending.

/** The longest reason a refund or a void keeps (the audit trail and the payments panel show it). */
export const REFUND_REASON_MAX = 250;

/** A client's request id (one per opened Refund dialog): letters, digits, '-' and '_'. */
export const REFUND_REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

const dollars = (cents: number) => `$${Math.trunc(cents / 100).toLocaleString('en-US')}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

export const REFUND_TEXT = {
  amountRequired: 'Please enter the amount to refund.',
  amountPositive: 'The refund amount must be more than $0.00.',
  amountWhole: 'The refund amount must be a whole number of cents.',
  reasonRequired: 'Please enter a reason for the refund.',
  reasonTooLong: `The reason must be at most ${REFUND_REASON_MAX} characters.`,
  voidReasonRequired: 'Please enter a reason for voiding this payment.',
  requestId: 'requestId must be 8 to 64 letters, digits, dashes or underscores.',
  paymentNotFound: 'Payment not found.',
  refundOfRefund: 'A refund cannot be refunded.',
  offline: 'An offline payment cannot be refunded. Void it instead.',
  voided: 'This payment was voided and cannot be refunded.',
  notSettled: 'Only a settled payment can be refunded. This payment has not settled.',
  fullyRefunded: 'This payment has already been refunded in full.',
  tooMuch: (remainderCents: number) => `The refund is more than what is left to refund of this payment (${dollars(remainderCents)}).`,
  inProgress: 'A refund of this payment is already in progress.',
  requestReused: 'This refund request was already made for a different amount.',
  unavailable: 'The payment gateway is unavailable; nothing was refunded. Please try again.',
  outcomeUnknown: 'The payment gateway did not answer in time. The refund will be reconciled; do not refund again.',
  gatewayRefused: (message: string) => `The payment gateway refused the refund: ${message}`,
  voidOnline: 'Card and ACH payments cannot be voided. Refund them instead.',
  voidRefund: 'A refund cannot be voided.',
  alreadyVoided: 'This payment was already voided.',
  refunded: (cents: number) => `Refunded ${dollars(cents)}.`,
  voidedDone: 'The payment was voided.',
} as const;
