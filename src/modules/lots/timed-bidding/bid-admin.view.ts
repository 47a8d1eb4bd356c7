import { DEFAULT_BID_LADDER, type BidIncrementRange } from '@ar/rules';

export interface BulkLotRow {
  lot_ref: string;
  lot_number: string | null;
  lot_ext: string | null;
  title: string;
  description: string;
  lo_est_cents: string | null;
  hi_est_cents: string | null;
  reserve_cents: string | null;
  starting_bid_cents: string | null;
  current_bid_cents: string | null;
  bid_count: number;
  closed_at: Date | null;
  is_extended: boolean;
  end_at: Date;
  max_bid: string | null;
  order_bid_ref: string | null;
  channel: string | null;
  paddle_number: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  /** The consignor's name (the lots module reads it scoped, as the lot sheet does: settlements imports lots). */
  consignor: string | null;
  /** The lot's first image. */
  image_url: string | null;
}

/** A bulk bidding lot (spec 001 section 3), amounts in cents; `lotTitle` and `startingBid` are ours (the options need it). */
export interface BulkLot {
  lotRef: string;
  lotNumber: string | null;
  lotNumberExtension: string | null;
  lotTitle: string;
  lotDescription: string;
  lotUrl: string | null;
  lotImageUrl: string | null;
  consignor: string | null;
  estimateLow: number | null;
  estimateHigh: number | null;
  reserve: number | null;
  startingBid: number;
  currentBid: number | null;
  bidCount: number;
  maxBid: number | null;
  maxBidder: string | null;
  maxBidderChannel: string | null;
  bidderEmail: string | null;
  isClosed: boolean;
  isExtended: boolean;
  endTime: string;
  bidIncrements: readonly BidIncrementRange[];
  /** The leading bid's ref. */
  orderBidRef: string | null;
}

const n = (v: string | null): number | null => (v === null ? null : Number(v));

/** "First Last (paddle 12)": how staff recognise a bidder. */
export const bidderLabel = (first: string | null, last: string | null, paddle: number | null): string | null =>
  first === null && last === null ? null : `${[first, last].filter(Boolean).join(' ')}${paddle ? ` (paddle ${paddle})` : ''}`;

export function bulkLot(r: BulkLotRow, ladder: readonly BidIncrementRange[], now: Date): BulkLot {
  const endAt = new Date(r.end_at);
  return {
    lotRef: r.lot_ref,
    lotNumber: r.lot_number,
    lotNumberExtension: r.lot_ext,
    lotTitle: r.title,
    lotDescription: r.description,
    // No bidder-facing site hosts lot pages yet: the lot's public URL stays null.
    lotUrl: null,
    lotImageUrl: r.image_url,
    consignor: r.consignor,
    estimateLow: n(r.lo_est_cents),
    estimateHigh: n(r.hi_est_cents),
    reserve: n(r.reserve_cents),
    startingBid: n(r.starting_bid_cents) ?? (ladder[0] ?? DEFAULT_BID_LADDER[0]).increment,
    currentBid: n(r.current_bid_cents),
    bidCount: r.bid_count,
    maxBid: n(r.max_bid),
    maxBidder: bidderLabel(r.first_name, r.last_name, r.paddle_number),
    maxBidderChannel: r.channel,
    bidderEmail: r.email,
    isClosed: r.closed_at !== null || endAt.getTime() <= now.getTime(),
    isExtended: r.is_extended,
    endTime: endAt.toISOString(),
    bidIncrements: ladder,
    orderBidRef: r.order_bid_ref,
  };
}

export interface HistoryRow {
  lot_ref: string;
  closed_at: Date | null;
  order_bid_ref: string | null;
  max_bid_cents: string;
  bid_type: string;
  created_at: Date;
  cancelled_at: Date | null;
  placed_by_id: number | null;
  first_name: string | null;
  last_name: string | null;
  paddle_number: number | null;
}

/** A bid history entry (spec: bidder, time, bidAmount, orderBidRef), newest first; the rest is ours. */
export interface HistoryEntry {
  bidder: string | null;
  time: string;
  bidAmount: number;
  orderBidRef: string | null;
  bidType: string;
  cancelled: boolean;
  /** The caller placed it, it stands, the lot is not closed, and the caller is under the cancel limit. */
  canCancel: boolean;
}

export function historyEntry(r: HistoryRow, userId: number, underLimit: boolean): HistoryEntry {
  return {
    bidder: bidderLabel(r.first_name, r.last_name, r.paddle_number),
    time: new Date(r.created_at).toISOString(),
    bidAmount: Number(r.max_bid_cents),
    orderBidRef: r.order_bid_ref,
    bidType: r.bid_type,
    cancelled: r.cancelled_at !== null,
    canCancel: underLimit && r.placed_by_id === userId && r.cancelled_at === null && r.closed_at === null,
  };
}
