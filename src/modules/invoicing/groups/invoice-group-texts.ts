/** Every message of the invoice-group calls, in one place (spec 000 §5 and §8 quoted exactly). */
export const GROUP_TEXT = {
  /** Spec 000 §5, quoted. */
  mixedLocations:
    'Invoice Groups can only contain catalogs that had the same sale location for sales tax calculation. Please create separate invoice groups for the selected catalogs',
  /** Spec 000 §5 and §8, quoted. */
  dateOrder: 'TO date cannot be before FROM date',
  futureDate: 'Dates cannot be in the future.',
  badDate: 'Dates must be valid dates in the format MM/DD/YYYY.',
  nameRequired: 'Please enter a group name.',
  templateRequired: 'Please select an invoice template.',
  sessionsRequired: 'Please select at least one session.',
  badSessionRef: 'Sessions are named by their catalogRef.',
  tooManySessions: 'An invoice group can hold at most 200 sessions.',
  templateInactive: 'This invoice template is no longer active. Please choose another template.',
  groupNotFound: 'Invoice group not found.',
  sessionNotFound: 'Session not found.',
  badPage: 'page must be a whole number of at least 1.',
  badSize: 'size must be a whole number from 1 to 100.',
  badIdempotencyKey: 'The Idempotency-Key header must be 1 to 100 visible characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different invoice group request.',
  notDeletable: 'This invoice group cannot be deleted: some of its invoices have been sent or paid.',
  alreadyCreated: 'The invoices of this group have already been created.',
  beingInvoiced: (title: string) =>
    `The selected sessions are already being invoiced in the invoice group "${title}". Please wait until its invoices are created.`,
  noSoldLots: (title: string) => `The session "${title}" has no sold lots to invoice.`,
  alreadyInvoiced: (title: string) => `Every sold lot of the session "${title}" is already invoiced.`,
} as const;
