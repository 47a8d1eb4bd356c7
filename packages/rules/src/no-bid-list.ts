/**
 * The house's No Bid List (spec 001 section 6 lists it among the accessCustomer pages; closing a
 * dispute adds the bidder; docs/decisions/no-bid-list.md): texts and the row both sides use.
 */

export const NO_BID_LIST_TEXT = {
  title: 'No Bid List',
  empty: 'No bidders are on your No Bid List.',
  search: 'Search',
  searchPlaceholder: 'Name, email or paddle',
  loadError: 'Unable to load your No Bid List. Please try again later.',
  removeTitle: 'Remove from the No Bid List',
  removeConfirm: (name: string) => `Remove ${name} from your No Bid List? The bidder may bid in your sales again.`,
  removed: 'The bidder was removed from your No Bid List.',
  notFound: 'This bidder is not on your No Bid List.',
  badSearch: 'Search text is at most 100 characters.',
  manual: 'Added by staff',
  add: 'Add Bidder',
  addTitle: 'Add a bidder to the No Bid List',
  addIntro: "The bidder's paddle number at one of your sales, or their email.",
  bidderLabel: 'Paddle number or email',
  reasonLabel: 'Reason',
  addUnsaved: 'Discard this bidder? It was not added.',
  added: 'The bidder was added to your No Bid List.',
  bidderRequired: "Enter the bidder's paddle number or email.",
  bidderTooLong: 'Paddle number or email is at most 120 characters.',
  bidderNotFound: 'No bidder of your house has this paddle number or email.',
  paddleAmbiguous: (paddle: number) => `Paddle ${paddle} belongs to more than one bidder of your sales. Enter the bidder's email instead.`,
  emailAmbiguous: 'More than one bidder has this email. Enter the paddle number instead.',
  reasonRequired: 'Reason is required.',
  reasonTooLong: 'Reason is at most 255 characters.',
  alreadyListed: 'This bidder is already on your No Bid List.',
} as const;

/** Longest paddle-or-email text and reason a staff member may enter when adding a bidder by hand. */
export const NO_BID_BIDDER_MAX = 120;
export const NO_BID_REASON_MAX = 255;

/** What staff typed to name a bidder: a paddle number (digits) or an email (anything else). */
export type NoBidBidderKey = { paddle: number } | { email: string };

/**
 * Reads the add form's bidder and reason (both sides use it: the dialog's rules, the server's
 * checks): every bad field at once, with the texts above.
 */
export function readNoBidAdd(
  bidder: unknown,
  reason: unknown,
): { ok: true; bidder: NoBidBidderKey; reason: string } | { ok: false; errors: { bidder?: string; reason?: string } } {
  const errors: { bidder?: string; reason?: string } = {};
  const b = typeof bidder === 'number' && Number.isFinite(bidder) ? String(bidder) : typeof bidder === 'string' ? bidder.trim() : '';
  const r = typeof reason === 'string' ? reason.trim() : '';
  if (!b) errors.bidder = NO_BID_LIST_TEXT.bidderRequired;
  else if (b.length > NO_BID_BIDDER_MAX) errors.bidder = NO_BID_LIST_TEXT.bidderTooLong;
  else if (/^\d+$/.test(b) && !/^\d{1,9}$/.test(b)) errors.bidder = NO_BID_LIST_TEXT.bidderNotFound;
  if (!r) errors.reason = NO_BID_LIST_TEXT.reasonRequired;
  else if (r.length > NO_BID_REASON_MAX) errors.reason = NO_BID_LIST_TEXT.reasonTooLong;
  if (errors.bidder || errors.reason) return { ok: false, errors };
  return { ok: true, bidder: /^\d+$/.test(b) ? { paddle: Number(b) } : { email: b }, reason: r };
}

export const NO_BID_LIST_PAGE_SIZES = [50, 100, 200] as const;
export const NO_BID_LIST_SEARCH_MAX = 100;

/** One bidder on the list; `disputeRef` names the dispute whose closing added them (null: added otherwise). */
export interface NoBidEntry {
  id: number;
  memberID: number;
  memberRef: string;
  firstName: string;
  lastName: string;
  email: string | null;
  /** The paddle of the disputed sale, else the bidder's latest paddle at the house (null: none). */
  paddleNumber: number | null;
  disputeRef: string | null;
  /** Why the bidder is on the list, e.g. 'Dispute D123 closed (Unpaid Item)'. */
  reason: string;
  /** ISO timestamp. */
  dateAdded: string;
}
