/**
 * Bidders (bidderReports; docs/reports.md "Bidders"): every bidder registered for the session's sale,
 * with contact details and what they did in this session (lots bid on, lots won and their amounts
 * priced as invoice lines are), by paddle (no paddle last); a total row last.
 */
import type { DownloadCell } from '../../core/http/file-download';
import { addAmounts, noAmounts, type LotAmounts } from './report-pricing';
import { dayText, money } from './report-cells';

export const BIDDERS_HEADER = [
  'Paddle',
  'Last Name',
  'First Name',
  'Company',
  'Email',
  'Phone',
  'Mobile',
  'Street',
  'City',
  'State',
  'Postal Code',
  'Country',
  'Channel',
  'Registered',
  'Lots Bid On',
  'Lots Won',
  'Hammer',
  "Buyer's Premium",
  'Live Fee',
  'Payable',
] as const;

export const BIDDERS_WIDTHS = [8, 18, 18, 22, 28, 16, 16, 28, 16, 8, 11, 8, 8, 12, 8, 8, 14, 16, 12, 14];

export const BIDDERS_TOTAL = 'Total';

export interface BidderRow {
  paddle: number;
  lastName: string;
  firstName: string;
  company: string | null;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  channel: string;
  registeredAt: Date;
  lotsBidOn: number;
  lotsWon: number;
  /** Sums of the bidder's won lots of the session. */
  amounts: LotAmounts;
}

const amountCells = (a: LotAmounts) => money(a.hammer, a.premium, a.liveFee, a.payable);

export function bidderCells(r: BidderRow): DownloadCell[] {
  const text = (s: string | null) => s ?? '';
  return [
    r.paddle || null,
    r.lastName,
    r.firstName,
    text(r.company),
    text(r.email),
    text(r.phone),
    text(r.mobile),
    text(r.street),
    text(r.city),
    text(r.state),
    text(r.postalCode),
    text(r.country),
    r.channel,
    dayText(r.registeredAt),
    r.lotsBidOn,
    r.lotsWon,
    ...amountCells(r.amounts),
  ];
}

export async function* bidderRows(batches: AsyncIterable<readonly BidderRow[]>): AsyncGenerator<DownloadCell[]> {
  let bidders = 0;
  let bidOn = 0;
  let won = 0;
  const total = noAmounts();
  for await (const batch of batches) {
    for (const r of batch) {
      bidders += 1;
      bidOn += r.lotsBidOn;
      won += r.lotsWon;
      addAmounts(total, r.amounts);
      yield bidderCells(r);
    }
  }
  const blank = Array<DownloadCell>(11).fill('');
  yield [null, BIDDERS_TOTAL, `${bidders} ${bidders === 1 ? 'bidder' : 'bidders'}`, ...blank, bidOn, won, ...amountCells(total)];
}
