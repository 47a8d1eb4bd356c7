/**
 * Sale results and default feedback messages (spec 001 "Sale results", "Default Feedback Messages",
 * docs/decisions/sale-results.md): texts and constants both the server and the admin use.
 */

export const SALE_RESULTS_TEXT = {
  listTitle: 'Sales Results',
  title: 'Sale Results',
  noAuctions: 'No auctions available for Sales Results',
  sameCurrency: 'Please select sessions with the same currency.',
  noResult: 'No Result Found',
  selectSessions: 'Please select at least one session.',
  catalogRefs: 'catalogRefs must be a list of 1 to 100 session refs.',
  search: 'search must be text of at most 100 characters.',
  sessionNotFound: 'Session not found.',
  subjectRequired: 'Subject Required',
  messageRequired: 'Message Required',
  subjectTooLong: 'Subject must be at most 200 characters.',
  messageTooLong: 'Message must be at most 10000 characters.',
  userRef: "userRef must be the bidder's memberRef.",
  bidderNotFound: 'Bidder not found.',
  noEmail: 'This bidder has no email address.',
  userMismatch: 'houseUserRef must be the signed-in user.',
  messageSent: 'Message Sent!',
  closeWindow: 'Close Window',
  viewSelected: (n: number) => `View Selected (${n})`,
  backToList: 'Back to Sales Results',
} as const;

/** The bidder search waits this long after the last keystroke (spec 001 constants: 700 ms on results). */
export const SALE_RESULTS_SEARCH_DEBOUNCE_MS = 700;
/** The most sessions one results view may name. */
export const SALE_RESULTS_MAX_CATALOGS = 100;
export const SALE_RESULTS_SEARCH_MAX = 100;
export const SALE_RESULTS_SUBJECT_MAX = 200;
export const SALE_RESULTS_MESSAGE_MAX = 10_000;

/** Spec 001: table 600 px high; row height 42 px per catalog plus 100. */
export const SALE_RESULTS_TABLE_HEIGHT = 600;
export function saleResultsRowHeight(catalogCount: number): number {
  return 42 * catalogCount + 100;
}

export interface SaleResultsCatalogOption {
  catalogRef: string;
  catalogCurrencyCode: string;
  catalogTitle: string;
  /** ISO timestamp of the session. */
  catalogDateFull: string;
}

export interface SaleResultsGroup {
  groupRef: number;
  groupName: string;
  catalogs: SaleResultsCatalogOption[];
}

/** Whether a selection may be viewed together: every session in one currency. */
export function sameCurrency(selected: readonly Pick<SaleResultsCatalogOption, 'catalogCurrencyCode'>[]): boolean {
  return new Set(selected.map((c) => c.catalogCurrencyCode)).size <= 1;
}

export interface SaleResultsSums {
  lotCount: number;
  sumHammer: number;
  sumBuyPrem: number;
  sumLiveFee: number;
  sumPayable: number;
}

export interface SaleResultsGrandTotals {
  lotCount: number;
  hammer: number;
  buyPrem: number;
  liveFee: number;
  payable: number;
}

export interface SaleResultLot {
  transactionID: number;
  lotRef: string;
  memberID: number;
  lotNumber: string;
  title: string;
  lotUrl: string | null;
  catalogRef: string;
  catalogPrefix: string;
  /** Cents. */
  hammer: number;
  buyPrem: number;
  liveFee: number;
  payble: number;
  currencySymbol: string;
  /** Whether staff may select the lot for Open New File (the dispute rules of disputes.ts for this user). */
  canOpenDispute: boolean;
  /** The lot's dispute, if any, and where it stands (Open, Closed, Canceled, Resolved). */
  disputeRef: string | null;
  disputeStatDescription: string | null;
}

export interface SaleResultBidder {
  memberID: number;
  memberRef: string;
  firstName: string;
  lastName: string;
  channel: string;
  approvalID: number;
  paddleNumber: number;
  email: string | null;
  phones: string[];
  address: { street: string | null; city: string | null; stateID: string | null; postCode: string | null; countryID: string | null };
  /** Cents. */
  memberSums: SaleResultsSums;
  items: SaleResultLot[];
}

export interface SaleResultsAnswer {
  catalogHeaders: { catalogRef: string; prefix: string; title: string; date: string }[];
  currencyCode: string;
  currencySymbol: string;
  groupedData: SaleResultBidder[];
  /** Cents. */
  grandTotals: SaleResultsGrandTotals;
}

export const FEEDBACK_TEXT = {
  title: 'Default Feedback Messages',
  intro: 'These three positive messages are offered when you leave feedback for a bidder.',
  save: 'Save',
  exit: 'Exit Message Setup',
  saved: 'Your default feedback messages have been saved.',
  required: 'Please enter a message.',
  tooLong: 'A feedback message must be at most 250 characters.',
  list: 'defaultFeedbacks must be the three messages, each with its feedbackID (1, 2 and 3).',
  label: (n: number) => `Positive message ${n}`,
} as const;

/** Spec 001 constants: three default feedback messages; the saved toast shows 3 s. */
export const FEEDBACK_MESSAGE_COUNT = 3;
export const FEEDBACK_MESSAGE_MAX = 250;
export const FEEDBACK_TOAST_MS = 3000;
/** What a house that never saved its own sees (and may keep). */
export const DEFAULT_FEEDBACK_MESSAGES: readonly string[] = [
  'Great buyer, prompt payment. Thank you!',
  'Smooth transaction, a pleasure to deal with.',
  'Excellent bidder, welcome back anytime!',
];

export interface DefaultFeedbackMessage {
  feedbackID: number;
  message: string;
}

/** Field errors of a feedback form (`message1`..`message3`), empty when it may be saved. */
export function feedbackErrors(messages: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  messages.forEach((m, i) => {
    const text = m.trim();
    if (!text) errors[`message${i + 1}`] = FEEDBACK_TEXT.required;
    else if (Array.from(text).length > FEEDBACK_MESSAGE_MAX) errors[`message${i + 1}`] = FEEDBACK_TEXT.tooLong;
  });
  return errors;
}
