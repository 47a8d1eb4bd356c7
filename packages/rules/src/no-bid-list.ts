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
} as const;

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
