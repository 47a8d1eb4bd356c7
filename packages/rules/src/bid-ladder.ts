import { BID_INCREMENTS } from './lot-rules';

/**
 * Timed bidding rules (spec 001 "Bulk bidding"; docs/decisions/timed-bidding.md): the house's
 * increment ladder, the bid options of a lot, proxy resolution and the closing-window extension.
 * Every amount is in integer cents.
 */

/** One range of a house's increment ladder: from `min` to `max` (inclusive; null = no top) bids rise by `increment`. */
export interface BidIncrementRange {
  min: number;
  max: number | null;
  increment: number;
}

/** The ladder a house starts with: the lot rules' ranges (5 from 1 to 99, ...) in cents. */
export const DEFAULT_BID_LADDER: readonly BidIncrementRange[] = BID_INCREMENTS.map((r, i) => ({
  min: i === 0 ? 0 : (BID_INCREMENTS[i - 1].upTo + 1) * 100,
  max: i === BID_INCREMENTS.length - 1 ? null : (r.upTo + 1) * 100 - 1,
  increment: r.step * 100,
}));

/** Up to this many bid options per lot (001 section 9). */
export const MAX_BID_OPTIONS = 50;
/** A staff user may cancel bids while they have cancelled fewer than this many in the session (001 section 9). */
export const CANCEL_BID_LIMIT = 10;
/** A bid this close to a lot's end extends it to this long after the bid (ours: the spec does not give it). */
export const CLOSING_WINDOW_MS = 2 * 60_000;
/** Seconds between two lots' end times when the session does not say (001 section 9: default 60). */
export const DEFAULT_STAGGER_SECONDS = 60;
export const STAGGER_OPTIONS = [15, 30, 45, 60, 90, 120, 150] as const;
export const BID_TYPES = ['maxBid', 'bidNow'] as const;
export type BidType = (typeof BID_TYPES)[number];

/** Bulk bidding texts of spec 001 section 8, exactly. */
export const BULK_BIDDING_TEXT = {
  catalogNotFound: 'Catalog data not found.',
  saleInfoNotFound: 'Sale info not found.',
  historyFailed: 'Unable to fetch bid history and cancel count.',
  lotsFailed: 'Unable to show selected lots data.',
  placeFailed: 'Unable to place bids.',
  placeUnavailable: 'Cannot place your bids at the moment. Please try again later!',
  cancelFailed: 'Cannot cancel your bid at the moment. Please try again!',
  placed: 'New bids successful',
  cancelled: 'Bid cancelled successfully',
} as const;

/** Checks a ladder: ranges from 0 upwards, contiguous, positive increments, only the last open. */
export function ladderProblem(ladder: readonly BidIncrementRange[]): string | null {
  if (!ladder.length) return 'The ladder has no range.';
  if (ladder[0].min !== 0) return 'The first range must start at 0.';
  for (let i = 0; i < ladder.length; i++) {
    const r = ladder[i];
    if (!Number.isSafeInteger(r.increment) || r.increment <= 0)
      return `Range ${i + 1}: the increment must be a positive whole number of cents.`;
    const last = i === ladder.length - 1;
    if (last !== (r.max === null)) return last ? 'The last range must have no top.' : `Range ${i + 1} must have a top.`;
    if (r.max !== null && (r.max < r.min || ladder[i + 1].min !== r.max + 1))
      return `Range ${i + 2} must start right after range ${i + 1}.`;
  }
  return null;
}

/** The increment at an amount: the range holding it (the last range above every top). */
export function incrementAt(ladder: readonly BidIncrementRange[], amount: number): number {
  for (const r of ladder) if (amount >= r.min && (r.max === null || amount <= r.max)) return r.increment;
  return ladder[ladder.length - 1].increment;
}

/** What the options and the checks need to know of a lot. */
export interface LotBidState {
  startingBidCents: number;
  currentBidCents: number | null;
  bidCount: number;
}

/**
 * The New Bid choices: from the starting bid (no bids yet) or the current bid, each the previous
 * plus the increment at it; the current bid itself is skipped when the lot has bids. At most 50.
 */
export function bidOptions(ladder: readonly BidIncrementRange[], lot: LotBidState, limit = MAX_BID_OPTIONS): number[] {
  const hasBids = lot.bidCount > 0 && lot.currentBidCents !== null;
  let v = hasBids ? lot.currentBidCents! : lot.startingBidCents;
  const out: number[] = [];
  if (!hasBids) out.push(v);
  while (out.length < limit) {
    v += incrementAt(ladder, v);
    out.push(v);
  }
  return out;
}

/** The lowest bid the lot accepts now: its first option. */
export const minimumBid = (ladder: readonly BidIncrementRange[], lot: LotBidState): number => bidOptions(ladder, lot, 1)[0];

/** An active (not cancelled) bid; a lower `seq` was placed earlier. */
export interface ProxyBid {
  seq: number;
  bidderId: number;
  maxCents: number;
}

export interface ProxyOutcome {
  /** The leading bid (null without bids). */
  leader: ProxyBid | null;
  currentBidCents: number | null;
  /** Whether the current bid reaches the reserve (true without a reserve). */
  reserveMet: boolean;
}

/** Orders bids: higher max first, then the earlier bid. */
const better = (a: ProxyBid, b: ProxyBid): number => b.maxCents - a.maxCents || a.seq - b.seq;

/**
 * Proxy resolution: each bidder counts with their highest max bid (the earliest bid at that
 * amount); the leader is the highest max, a tie going to the earlier bid. The current bid is the
 * lowest amount that beats the second-highest max by one increment (the starting bid with one
 * bidder), capped at the leader's max; when the leader's max reaches the reserve, the current bid
 * is at least the reserve.
 */
export function resolveProxy(
  ladder: readonly BidIncrementRange[],
  bids: readonly ProxyBid[],
  startingBidCents: number,
  reserveCents: number | null,
): ProxyOutcome {
  const bestOf = new Map<number, ProxyBid>();
  for (const b of bids) {
    const cur = bestOf.get(b.bidderId);
    if (!cur || better(b, cur) < 0) bestOf.set(b.bidderId, b);
  }
  const ranked = [...bestOf.values()].sort(better);
  const leader = ranked[0] ?? null;
  if (!leader) return { leader: null, currentBidCents: null, reserveMet: reserveCents === null };
  const second = ranked[1];
  let current = second ? second.maxCents + incrementAt(ladder, second.maxCents) : startingBidCents;
  current = Math.min(leader.maxCents, Math.max(current, startingBidCents));
  if (reserveCents !== null && leader.maxCents >= reserveCents && current < reserveCents) current = reserveCents;
  return { leader, currentBidCents: current, reserveMet: reserveCents === null || current >= reserveCents };
}

/**
 * The two bids proxy resolution depends on: the leader (highest max, earliest at it) and the best
 * bid of any other bidder. `resolveProxy(finalists)` equals `resolveProxy(all bids)`, so the engine
 * reads just these two (an index scan with LIMIT 1 each) instead of the lot's whole history.
 */
export function proxyFinalists(bids: readonly ProxyBid[]): ProxyBid[] {
  let leader: ProxyBid | null = null;
  for (const b of bids) if (!leader || better(b, leader) < 0) leader = b;
  if (!leader) return [];
  let second: ProxyBid | null = null;
  for (const b of bids) if (b.bidderId !== leader.bidderId && (!second || better(b, second) < 0)) second = b;
  return second ? [leader, second] : [leader];
}

export type BidRefusal = 'closed' | 'belowMinimum' | 'notAboveOwnMax';

/**
 * Whether a bid is taken: the lot is open, the amount reaches the lot's lowest accepted bid, and a
 * bidder raising their own max bid raises it.
 */
export function bidRefusal(
  ladder: readonly BidIncrementRange[],
  lot: LotBidState & { closed: boolean },
  amountCents: number,
  ownMaxCents: number | null,
): BidRefusal | null {
  if (lot.closed) return 'closed';
  if (!Number.isSafeInteger(amountCents) || amountCents < minimumBid(ladder, lot)) return 'belowMinimum';
  if (ownMaxCents !== null && amountCents <= ownMaxCents) return 'notAboveOwnMax';
  return null;
}

/** The end of the lot at `position` (0 = first) of a session: the first lot's end plus the stagger per lot. */
export const scheduledEnd = (firstLotEnd: Date, staggerSeconds: number, position: number): Date =>
  new Date(firstLotEnd.getTime() + staggerSeconds * 1000 * position);

/**
 * The lot's end after a bid at `bidAt`: null when the lot has already ended (the bid is refused),
 * `bidAt` plus the window when the bid falls inside the closing window, else the end unchanged.
 */
export function endAfterBid(endAt: Date, bidAt: Date, windowMs = CLOSING_WINDOW_MS): { endAt: Date; extended: boolean } | null {
  const left = endAt.getTime() - bidAt.getTime();
  if (left <= 0) return null;
  if (left < windowMs) return { endAt: new Date(bidAt.getTime() + windowMs), extended: true };
  return { endAt, extended: false };
}
