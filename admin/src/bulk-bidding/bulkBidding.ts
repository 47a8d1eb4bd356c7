import { bidOptions, type BidIncrementRange, type BidType } from '@ar/rules';

/** A bulk bidding lot as `auctions/bidAdmin/catalog/{ref}/lots` answers it (amounts in cents). */
export interface BulkLot {
  lotRef: string;
  lotNumber: string | null;
  lotNumberExtension: string | null;
  lotTitle: string;
  lotDescription: string;
  /** The lot's first image (null without images). */
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
  bidderEmail: string | null;
  isClosed: boolean;
  isExtended: boolean;
  endTime: string;
  bidIncrements: readonly BidIncrementRange[];
  orderBidRef: string | null;
}

export interface SaleInfo {
  saleName: string;
  saleDate: string;
  lotCount: number;
  timeZone: string;
  timeZoneCode: string;
}

export interface HistoryEntry {
  bidder: string | null;
  time: string;
  bidAmount: number;
  orderBidRef: string | null;
  bidType: string;
  cancelled: boolean;
  canCancel: boolean;
}

/** Lots per `lots` call: the spec's largest page. */
export const LOTS_PAGE_SIZE = 100;
/** Search waits this long after the last key (001 section 5). */
export const SEARCH_DEBOUNCE_MS = 500;

/** Page labels of the screen (the spec's messages are `BULK_BIDDING_TEXT` in @ar/rules). */
export const BULK_PAGE_TEXT = {
  placeButton: (n: number, type: BidType) => `Place ${n} New ${type === 'maxBid' ? 'Max' : 'Current'} Bids`,
  confirmTitle: (n: number, type: BidType) => `Place ${n} new ${type === 'maxBid' ? 'max' : 'current'} bid${n === 1 ? '' : 's'}?`,
  failedLots: (numbers: string[]) => `Failed lots: ${numbers.join(', ')}`,
  succeeded: (n: number) => `${n} bid${n === 1 ? '' : 's'} placed.`,
  cancelCount: (n: number, limit: number) => `You have cancelled ${n} of ${limit} bids allowed in this session.`,
} as const;

export const lotLabel = (l: Pick<BulkLot, 'lotNumber' | 'lotNumberExtension'>): string =>
  l.lotNumber === null ? '—' : `${l.lotNumber}${l.lotNumberExtension ?? ''}`;

/** The New Bid choices of a lot (none once closed): the ladder's, up to 50, the current bid skipped when it has bids. */
export const lotBidOptions = (l: BulkLot): number[] =>
  l.isClosed ? [] : bidOptions(l.bidIncrements, { startingBidCents: l.startingBid, currentBidCents: l.currentBid, bidCount: l.bidCount });

/** Whether a lot matches the search: lot number, title, description or the leading bidder (name, email). */
export function matchesSearch(l: BulkLot, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [lotLabel(l), l.lotTitle, l.lotDescription, l.consignor ?? '', l.maxBidder ?? '', l.bidderEmail ?? ''].some((f) =>
    f.toLowerCase().includes(q),
  );
}

/** The chosen bids (lotRef -> cents) still on offer, in lot order: what "Place N ..." sends. */
export function chosenBids(lots: readonly BulkLot[], chosen: ReadonlyMap<string, number>): { lotRef: string; bidAmount: number }[] {
  return lots
    .filter((l) => chosen.has(l.lotRef) && lotBidOptions(l).includes(chosen.get(l.lotRef)!))
    .map((l) => ({ lotRef: l.lotRef, bidAmount: chosen.get(l.lotRef)! }));
}

/** The lot numbers of the refused bids, for the "Unable to place bids." banner. */
export function failedLotNumbers(lots: readonly BulkLot[], answers: readonly { lotRef: string; success: boolean }[]): string[] {
  const byRef = new Map(lots.map((l) => [l.lotRef, l]));
  return answers.filter((a) => !a.success).map((a) => (byRef.has(a.lotRef) ? lotLabel(byRef.get(a.lotRef)!) : a.lotRef));
}
