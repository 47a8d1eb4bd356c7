/**
 * Max Bids (maxBidReports; docs/reports.md "Max Bids"): for every lot of the selected sessions with a
 * live order bid, one row per bidder with the bidder's highest bid on it, ranked highest first (a tie
 * goes to the earlier bid, as the bidding engine decides), and how the lot ended for that bidder.
 */
import type { DownloadCell } from '../../core/http/file-download';
import { lotLabel, moneyOrEmpty, money, utcMinute } from './report-cells';

export const MAX_BIDS_HEADER = [
  'Session',
  'Lot',
  'Title',
  'Low Estimate',
  'High Estimate',
  'Rank',
  'Paddle',
  'Last Name',
  'First Name',
  'Email',
  'Channel',
  'Max Bid',
  'Bid Type',
  'Bids',
  'Placed (UTC)',
  'Result',
  'Hammer',
] as const;

export const MAX_BIDS_WIDTHS = [24, 10, 40, 14, 14, 6, 8, 18, 18, 28, 8, 14, 10, 6, 18, 10, 14];

/** One bidder's best live bid on one lot, as the query reads it (in report order). */
export interface MaxBidRow {
  sessionTitle: string;
  prefix: string;
  lotNumber: string;
  title: string;
  loEst: number | null;
  hiEst: number | null;
  rank: number;
  paddle: number;
  lastName: string;
  firstName: string;
  email: string | null;
  channel: string;
  maxBid: number;
  bidType: string;
  bids: number;
  placedAt: Date;
  /** The bidder holds the lot's result. */
  won: boolean;
  /** The lot's hammer when it has a result (another bidder's or this one's). */
  hammer: number | null;
}

export const MAX_BID_RESULT = { won: 'Won', lost: 'Lost', none: 'No result' } as const;
const BID_TYPES: Record<string, string> = { maxBid: 'Max bid', bidNow: 'Bid now' };

export function maxBidCells(r: MaxBidRow): DownloadCell[] {
  const result = r.won ? MAX_BID_RESULT.won : r.hammer !== null ? MAX_BID_RESULT.lost : MAX_BID_RESULT.none;
  return [
    r.sessionTitle,
    lotLabel(r.prefix, r.lotNumber),
    r.title,
    moneyOrEmpty(r.loEst),
    moneyOrEmpty(r.hiEst),
    r.rank,
    r.paddle || null,
    r.lastName,
    r.firstName,
    r.email ?? '',
    r.channel,
    ...money(r.maxBid),
    BID_TYPES[r.bidType] ?? r.bidType,
    r.bids,
    utcMinute(r.placedAt),
    result,
    moneyOrEmpty(r.hammer),
  ];
}

export async function* maxBidRows(batches: AsyncIterable<readonly MaxBidRow[]>): AsyncGenerator<DownloadCell[]> {
  for await (const batch of batches) for (const r of batch) yield maxBidCells(r);
}
