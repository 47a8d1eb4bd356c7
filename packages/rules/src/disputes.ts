/**
 * Disputes (spec 001 "Open New File", "Disputes", sections 4, 5, 8, 9; docs/decisions/disputes.md):
 * texts, constants, dispute types and the pure action rules both the server and the admin use.
 */

export const DISPUTE_TEXT = {
  listTitle: 'View Disputes',
  singleTitle: 'View Single Dispute',
  openTitle: 'Open New File',
  confirmTitle: 'Confirm Dispute Action',
  backToList: 'Back to View Disputes',
  goBack: 'Go Back',
  noDisputes: 'No Disputes Exist',
  noMessages: 'No messages to display',
  noTransactions: 'There are no transactions selected to open a dispute on.',
  outsideTimeFrame: 'This action cannot be completed as it is outside the time-frame.',
  ebayReopen: 'You cannot reopen a dispute against an eBay bidder.',
  openAndPast:
    'You cannot perform an action on open and past disputes at the same time. Please select only open disputes or past disputes and try again.',
  notOnOpen: 'Not a valid action on an open dispute.',
  mustReopen: 'You must reopen a dispute to send a message, close, or cancel.',
  ebayMessage: 'To reach an eBay bidder, please send a message from the eBay message center or correspond directly by email or phone.',
  messageRequired: 'Message is required.',
  openMessageRequired: 'Message is required!',
  selectDispute: 'Please select a dispute using the checkboxes above.',
  mustAgree: 'You must agree to these terms to continue',
  sent: 'Your message has been sent!',
  closed: 'Your dispute(s) have been successfully closed!',
  canceled: 'Your dispute(s) have been successfully canceled!',
  reopened: 'Your dispute(s) have been successfully reopened!',
  opened: 'Your dispute(s) have been successfully opened!',
  // Texts of our own (the spec leaves them "not shown"):
  reopenSuperOnly: 'Only a super user can reopen a dispute.',
  selectReason: 'Please select a reason.',
  selectResolution: 'Please select the resolution details.',
  selectLots: 'Please select at least one lot.',
  messageTooLong: 'Message must be at most 2000 characters.',
  lotNotFound: 'Lot not found.',
  disputeNotFound: 'Dispute not found.',
  notSold: 'This lot has no buyer to open a dispute against.',
  floorBidder: 'A dispute cannot be filed against a floor bidder.',
  alreadyDisputed: 'This lot already has a dispute.',
  userMismatch: 'houseUserRef must be the signed-in user.',
  badAction: 'action must be one of open, close, cancel, reopen, send.',
  disputeIDs: 'disputeIDs must be a list of 1 to 200 dispute ids.',
  transactionIDs: 'transactionIDs must be a list of 1 to 200 lot ids.',
  termsTitle: 'Dispute Terms',
  terms:
    'Closing a dispute credits your house for the Live fee of the lot, adds the bidder to your No Bid List and records an unpaid item strike against the bidder. I agree to use disputes only for transactions the bidder has not completed.',
  termsAgree: 'I agree to these terms',
  loadError: 'Unable to load your disputes. Please try again later.',
} as const;

/** Spec 001 section 9: disputes open 4 to 50 days after the sale and stay open 4 days before closing. */
export const DISPUTE_OPEN_AFTER_DAYS = 4;
export const DISPUTE_OPEN_UNTIL_DAYS = 50;
export const DISPUTE_CLOSE_AFTER_DAYS = 4;
/** History filters: past 6 months and past this year. */
export const DISPUTE_PAST_DAYS = [180, 360] as const;
/** Mutual resolutions resolve by themselves this long after opening (spec 001 section 4). */
export const MUTUAL_RESOLUTION_DELAY_MS = 5 * 60_000;
export const DISPUTE_MESSAGE_MAX = 2000;
export const DISPUTE_MAX_IDS = 200;
export const DISPUTE_PAGE_SIZES = [50, 100, 200] as const;
const DAY_MS = 86_400_000;

export type DisputeAction = 'open' | 'close' | 'cancel' | 'reopen' | 'send';
export const DISPUTE_ACTIONS: readonly DisputeAction[] = ['open', 'close', 'cancel', 'reopen', 'send'];
/** Where a dispute stands: open, or past as closed (by the house), canceled, or resolved (mutual resolution). */
export type DisputeStat = 'Open' | 'Closed' | 'Canceled' | 'Resolved';

export interface DisputeType {
  disputeTypeID: number;
  disputeTypeName: string;
}

/** The reasons (the first is the default, as the spec's "first option or 4"). */
export const DISPUTE_TYPES: readonly DisputeType[] = [
  { disputeTypeID: 4, disputeTypeName: 'Unpaid Item' },
  { disputeTypeID: 6, disputeTypeName: 'Bidder Backed Out' },
  { disputeTypeID: 5, disputeTypeName: 'Mutual Resolution' },
];
export const MUTUAL_RESOLUTION_TYPE_ID = 5;
/** Resolution Details, shown when the reason is Mutual Resolution; the chosen one is sent as reasonID. */
export const MUTUAL_RESOLUTIONS: readonly DisputeType[] = [
  { disputeTypeID: 7, disputeTypeName: 'Buyer and house agreed to cancel the sale' },
  { disputeTypeID: 8, disputeTypeName: 'Item returned and buyer refunded' },
  { disputeTypeID: 9, disputeTypeName: 'Item damaged or not as described' },
];
export const DEFAULT_DISPUTE_REASON = DISPUTE_TYPES[0]?.disputeTypeID ?? 4;

export const isMutualResolution = (reasonID: number) => MUTUAL_RESOLUTIONS.some((r) => r.disputeTypeID === reasonID);
/** A reason a dispute may be opened with: a plain reason or a resolution detail (Mutual Resolution itself needs its details). */
export const isOpenableReason = (reasonID: number) =>
  (reasonID !== MUTUAL_RESOLUTION_TYPE_ID && DISPUTE_TYPES.some((t) => t.disputeTypeID === reasonID)) || isMutualResolution(reasonID);
export function disputeReasonName(reasonID: number): string {
  const detail = MUTUAL_RESOLUTIONS.find((r) => r.disputeTypeID === reasonID);
  if (detail) return `Mutual Resolution: ${detail.disputeTypeName}`;
  return DISPUTE_TYPES.find((t) => t.disputeTypeID === reasonID)?.disputeTypeName ?? 'Other';
}

/** Whether a lot of a sale held at `saleDate` may get a dispute at `now` (4 to 50 days after it). */
export function withinOpenWindow(saleDate: Date, now: Date): boolean {
  const days = (now.getTime() - saleDate.getTime()) / DAY_MS;
  return days >= DISPUTE_OPEN_AFTER_DAYS && days <= DISPUTE_OPEN_UNTIL_DAYS;
}

/** Whether an open dispute has been open long enough to close. */
export function openLongEnough(openDate: Date, now: Date): boolean {
  return now.getTime() - openDate.getTime() >= DISPUTE_CLOSE_AFTER_DAYS * DAY_MS;
}

/** What an action rule needs of each selected dispute. */
export interface DisputeForAction {
  open: boolean;
  ebay: boolean;
  openDate: Date;
}

export interface ActionActor {
  isSuperUser: boolean;
  termsAccepted: boolean;
}

export interface ActionRefusal {
  kind: 'validation' | 'forbidden';
  message: string;
  field?: string;
}

/**
 * The rules of spec 001 sections 4, 5 and 8 for send, close, cancel and reopen on selected
 * disputes, in the order a user meets them; null when the action may go ahead.
 */
export function refuseDisputeAction(
  action: Exclude<DisputeAction, 'open'>,
  disputes: readonly DisputeForAction[],
  actor: ActionActor,
  message: string,
  now: Date,
): ActionRefusal | null {
  if (!disputes.length) return { kind: 'validation', message: DISPUTE_TEXT.selectDispute, field: 'disputeIDs' };
  const open = disputes.filter((d) => d.open).length;
  if (open && open < disputes.length) return { kind: 'validation', message: DISPUTE_TEXT.openAndPast };
  const allOpen = open === disputes.length;
  if (action === 'reopen') {
    if (allOpen) return { kind: 'validation', message: DISPUTE_TEXT.notOnOpen };
    if (!actor.isSuperUser) return { kind: 'forbidden', message: DISPUTE_TEXT.reopenSuperOnly };
    if (disputes.some((d) => d.ebay)) return { kind: 'validation', message: DISPUTE_TEXT.ebayReopen };
    return null;
  }
  if (!allOpen) return { kind: 'validation', message: DISPUTE_TEXT.mustReopen };
  if (action === 'send') {
    if (!message) return { kind: 'validation', message: DISPUTE_TEXT.messageRequired, field: 'message' };
    if (disputes.some((d) => d.ebay)) return { kind: 'validation', message: DISPUTE_TEXT.ebayMessage };
    return null;
  }
  if (action === 'close' && !actor.isSuperUser) {
    if (disputes.some((d) => !openLongEnough(d.openDate, now))) return { kind: 'validation', message: DISPUTE_TEXT.outsideTimeFrame };
    if (!actor.termsAccepted) return { kind: 'forbidden', message: DISPUTE_TEXT.mustAgree };
  }
  return null;
}

/** Which list a filter shows: its call path (spec 001 section 7). */
export type DisputeFilter = 'open' | 'past180' | 'past360' | 'all';
export const DISPUTE_FILTERS: readonly { value: DisputeFilter; label: string; path: string }[] = [
  { value: 'open', label: 'Open', path: 'openDisputes' },
  { value: 'past180', label: 'Past 6 months', path: 'pastDisputes?days=180' },
  { value: 'past360', label: 'Past this year', path: 'pastDisputes?days=360' },
  { value: 'all', label: 'All', path: 'disputes' },
];

/** The actions the list and single-dispute forms offer (spec 001 section 4). */
export function offeredActions(filter: DisputeFilter, isSuperUser: boolean): { value: Exclude<DisputeAction, 'open'>; label: string }[] {
  const out: { value: Exclude<DisputeAction, 'open'>; label: string }[] = [{ value: 'send', label: 'Send Message' }];
  if (filter !== 'past180' && filter !== 'past360') out.push({ value: 'close', label: 'Close' }, { value: 'cancel', label: 'Cancel' });
  if (isSuperUser) out.push({ value: 'reopen', label: 'Reopen' });
  return out;
}

export const DISPUTE_SUCCESS: Record<Exclude<DisputeAction, 'open'>, string> = {
  send: DISPUTE_TEXT.sent,
  close: DISPUTE_TEXT.closed,
  cancel: DISPUTE_TEXT.canceled,
  reopen: DISPUTE_TEXT.reopened,
};

/** A dispute as the list and single calls answer it (spec 001 section 3); amounts in cents. */
export interface DisputeView {
  disputeInfo: {
    disputeID: number;
    disputeRef: string;
    openDate: string;
    openDispute: boolean;
    disputeStat: DisputeStat;
    disputeReason: string;
    disputeDate: { time: number };
    closeable: boolean;
  };
  bidderInfo: { firstName: string; lastName: string; channel: string; approvalID: number; phone: string | null; ebay: boolean };
  catalogInfo: { catalogTitle: string; catalogDate: string };
  lotInfo: { lotNumber: string; lotTitle: string; lotURL: string | null };
  priceInfo: { currencySymbol: string; hammer: number; bp: number; liveFee: number; payable: number };
}

export interface DisputeMessage {
  sender: string;
  sendDate: string;
  message: string;
}

/** A lot offered on the Open New File screen. */
export interface DisputeLot {
  transactionID: number;
  lotRef: string;
  lotNumber: string;
  title: string;
  catalogTitle: string;
  catalogDate: string;
  firstName: string;
  lastName: string;
  paddleNumber: number;
  channel: string;
  currencySymbol: string;
  hammer: number;
  canOpenDispute: boolean;
  disputeRef: string | null;
  /** Why the lot cannot get a dispute (null when it can). */
  reason: string | null;
}

/** What the open rules need of a lot. */
export interface LotForDispute {
  sold: boolean;
  channel: string | null;
  disputeRef: string | null;
  saleDate: Date;
}

/**
 * Why a lot cannot get a dispute, or null: it must be sold, not to a floor bidder, without a
 * dispute, and 4 to 50 days after its sale (super users may select any lot, whatever its date).
 */
export function openRefusal(lot: LotForDispute, isSuperUser: boolean, now: Date): string | null {
  if (!lot.sold) return DISPUTE_TEXT.notSold;
  if (lot.channel === 'Floor') return DISPUTE_TEXT.floorBidder;
  if (lot.disputeRef) return DISPUTE_TEXT.alreadyDisputed;
  if (!isSuperUser && !withinOpenWindow(lot.saleDate, now)) return DISPUTE_TEXT.outsideTimeFrame;
  return null;
}
