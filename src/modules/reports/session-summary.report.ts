/**
 * Session Summary (sessionReports; docs/reports.md "Session Summary"): per selected session a row
 * of counts and amounts, then one row per channel the lots sold through; a total row last. Amounts
 * are each sold lot priced as its invoice line is (report-pricing.ts) and summed in cents.
 */
import type { DownloadCell } from '../../core/http/file-download';
import { addAmounts, noAmounts, type LotAmounts } from './report-pricing';
import { money } from './report-cells';

export const SESSION_SUMMARY_HEADER = [
  'Line',
  'Session',
  'Date',
  'Currency',
  'Channel',
  'Lots',
  'Sold',
  'Unsold',
  'Sold %',
  'Registered Bidders',
  'Bidders with Bids',
  'Buyers',
  'Low Estimate',
  'High Estimate',
  'Hammer',
  "Buyer's Premium",
  'Live Fee',
  'Payable',
] as const;

export const SESSION_SUMMARY_WIDTHS = [10, 28, 12, 9, 9, 8, 8, 8, 8, 10, 10, 8, 14, 14, 14, 16, 12, 14];

export const SESSION_SUMMARY_LINE = { session: 'Session', channel: 'Channel', total: 'Total' } as const;

/** The channels in the order rows show them. */
const CHANNEL_ORDER = ['INV', 'PL', 'AZ', 'Floor'];

/** What SQL counts for one session (or, for the total row, all of them at once). */
export interface SessionCounts {
  /** Lots not deleted. */
  lots: number;
  /** Bidders registered for the sale(s). */
  registered: number;
  /** Bidders with a live order bid on a lot. */
  bidders: number;
  loEst: number;
  hiEst: number;
}

/** One sold lot, priced. */
export interface SummarySoldLot {
  approvalId: number;
  channel: string;
  amounts: LotAmounts;
}

export interface SessionSummarySource {
  title: string;
  /** YYYY-MM-DD in the session's time zone. */
  date: string;
  currencyCode: string;
  counts: () => Promise<SessionCounts>;
  /** The sold lots in batches. */
  sold: () => AsyncIterable<readonly SummarySoldLot[]>;
}

interface Tally {
  sold: number;
  buyers: Set<number>;
  amounts: LotAmounts;
}

const tally = (): Tally => ({ sold: 0, buyers: new Set(), amounts: noAmounts() });

function add(t: Tally, lot: SummarySoldLot): void {
  t.sold += 1;
  t.buyers.add(lot.approvalId);
  addAmounts(t.amounts, lot.amounts);
}

/** Sold share of the lots in percent with one decimal (0 with no lots). */
export function soldPercent(sold: number, lots: number): number {
  return lots === 0 ? 0 : Math.round((sold * 1000) / lots) / 10;
}

function amountCells(a: LotAmounts): DownloadCell[] {
  return money(a.hammer, a.premium, a.liveFee, a.payable);
}

function countsRow(line: string, title: string, date: string, currency: string, c: SessionCounts, t: Tally): DownloadCell[] {
  return [
    line,
    title,
    date,
    currency,
    '',
    c.lots,
    t.sold,
    c.lots - t.sold,
    soldPercent(t.sold, c.lots),
    c.registered,
    c.bidders,
    t.buyers.size,
    ...money(c.loEst, c.hiEst),
    ...amountCells(t.amounts),
  ];
}

export async function* sessionSummaryRows(
  sessions: readonly SessionSummarySource[],
  totalCounts: () => Promise<SessionCounts>,
): AsyncGenerator<DownloadCell[]> {
  const all = tally();
  for (const s of sessions) {
    const counts = await s.counts();
    const session = tally();
    const byChannel = new Map<string, Tally>();
    for await (const batch of s.sold()) {
      for (const lot of batch) {
        add(session, lot);
        add(all, lot);
        let c = byChannel.get(lot.channel);
        if (!c) byChannel.set(lot.channel, (c = tally()));
        add(c, lot);
      }
    }
    yield countsRow(SESSION_SUMMARY_LINE.session, s.title, s.date, s.currencyCode, counts, session);
    const channels = [...byChannel.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    for (const ch of channels) {
      const c = byChannel.get(ch)!;
      yield [
        SESSION_SUMMARY_LINE.channel,
        s.title,
        s.date,
        s.currencyCode,
        ch,
        null,
        c.sold,
        null,
        null,
        null,
        null,
        c.buyers.size,
        null,
        null,
        ...amountCells(c.amounts),
      ];
    }
  }
  const currency = sessions[0]?.currencyCode ?? '';
  yield countsRow(
    SESSION_SUMMARY_LINE.total,
    `${sessions.length} ${sessions.length === 1 ? 'session' : 'sessions'}`,
    '',
    currency,
    await totalCounts(),
    all,
  );
}

function rank(channel: string): number {
  const i = CHANNEL_ORDER.indexOf(channel);
  return i < 0 ? CHANNEL_ORDER.length : i;
}
