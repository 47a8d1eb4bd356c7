/**
 * Every text of the invoice-group screens in one place. Texts quoted from spec 000 carry the
 * section they come from; the rest are ours (where the spec shows no wording).
 */
export const INVOICE_TEXT = {
  // Manage All Invoices (spec 000 sections 2, 5, 8).
  /** Section 5, quoted. */
  mixedLocations:
    'Invoice Groups can only contain catalogs that had the same sale location for sales tax calculation. Please create separate invoice groups for the selected catalogs',
  /** Section 8, quoted. */
  createFailed: 'There was an error while creating invoice.',
  /** Sections 5 and 8, quoted. */
  dateOrder: 'TO date cannot be before FROM date',
  /** Section 5: "dates cannot be in the future" (the server's wording). */
  futureDate: 'Dates cannot be in the future.',
  badDate: 'Dates must be valid dates in the format MM/DD/YYYY.',
  /** Sections 2 and 8, quoted. */
  noInvoicesAvailable: 'No invoices available',
  /** Section 2, quoted. */
  creationInProgress: 'Invoice creation is in Progress. Please refresh page for updated status',
  creationFailedGroup: 'Creating the invoices of this group failed.',
  retryCreation: 'Try again',
  noUninvoicedSessions: 'Every session with sold lots has been invoiced.',
  // Required fields of a new group (the server's messages, so both say the same).
  nameRequired: 'Please enter a group name.',
  templateRequired: 'Please select an invoice template.',
  sessionsRequired: 'Please select at least one session.',
  creatingTitle: 'Creating invoices',
  creatingText: 'Please wait while the invoices are created. This can take a moment for a large sale.',
  // Invoice Group Details (sections 2 and 8).
  /** Section 2, quoted. */
  noInvoicesGenerated: 'No invoices have been generated',
  /** Section 2, quoted. */
  noSearchResults: 'There are no results. Please enter a different search and try again.',
  /** Section 8, quoted. */
  loadError: 'There was an error processing your request. Please try again later.',
  /** Section 2 (Invoice Preview), quoted: the print view carries the same note. */
  printNote: 'Please note: this view has been optimized for print.',
  nextIssue: 'Coming with invoice editing',
} as const;

/** Spec 000 section 5: group name max 50 characters. */
export const GROUP_NAME_MAX = 50;
/** Spec 000 section 9. */
export const UNINVOICED_PAGE_SIZE = 25;
export const EXISTING_PAGE_SIZE = 10;
/** Spec 000 section 9: "total records defaults to 250 when absent". */
export const EXISTING_DEFAULT_TOTAL = 250;
export const TABLE_PAGE_SIZES = [50, 100, 200] as const;
export const DEFAULT_TABLE_PAGE_SIZE = 50;
/** The server's longest search text. */
export const SEARCH_MAX = 100;
