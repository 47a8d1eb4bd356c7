import { bidderRows, type BidderRow } from './bidders.report';
import { keysetBatches } from '../../core/database/keyset-batches';
import { MAX_BID_RESULT, maxBidCells, type MaxBidRow } from './max-bids.report';
import { PACTS_TEXT, pactsRows, type PactsRow } from './pacts.report';
import { reportFileBase } from './report-cells';
import { priceLot } from './report-pricing';
import { sessionSummaryRows, soldPercent, type SummarySoldLot } from './session-summary.report';

async function* from<T>(...batches: T[][]): AsyncGenerator<T[]> {
  for (const b of batches) yield b;
}
const all = async <T>(g: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const x of g) out.push(x);
  return out;
};
const STEPS = {
  premiumSteps: [
    { fromCents: 0, toCents: 100_000, rate: 25_000 },
    { fromCents: 100_000, toCents: null, rate: 20_000 },
  ],
  liveFeeRate: 3_000,
};

describe('report builders', () => {
  it('reads keyset batches from after the last row until a short batch', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));
    const calls: (number | null)[] = [];
    const batches = await all(
      keysetBatches(async (after: { id: number } | null, size) => {
        calls.push(after?.id ?? null);
        return rows.filter((r) => r.id > (after?.id ?? 0)).slice(0, size);
      }, 3),
    );
    expect(batches.map((b) => b.map((r) => r.id))).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(calls).toEqual([null, 3, 6]);
    // An exact multiple ends with one empty read, and yields no empty batch.
    expect(
      (await all(keysetBatches(async (after: { id: number } | null) => rows.slice(after ? after.id : 0, (after ? after.id : 0) + 7), 7)))
        .length,
    ).toBe(1);
  });

  it('prices a lot as its invoice line: marginal premium, live fee online only', () => {
    expect(priceLot(150_000, 'INV', STEPS)).toEqual({ hammer: 150_000, premium: 35_000, liveFee: 4_500, payable: 189_500 });
    expect(priceLot(10_000, 'Floor', STEPS)).toEqual({ hammer: 10_000, premium: 2_500, liveFee: 0, payable: 12_500 });
  });

  it('marks a max bid Won, Lost or No result, and leaves missing amounts empty', () => {
    const row: MaxBidRow = {
      sessionTitle: 'Day one',
      prefix: 'B',
      lotNumber: '12A',
      title: 'Clock',
      loEst: null,
      hiEst: 5_000,
      rank: 1,
      paddle: 0,
      lastName: 'Doe',
      firstName: 'Jo',
      email: null,
      channel: 'INV',
      maxBid: 4_250,
      bidType: 'bidNow',
      bids: 3,
      placedAt: new Date('2026-10-01T09:08:07Z'),
      won: true,
      hammer: 4_000,
    };
    expect(maxBidCells(row)).toEqual([
      'Day one',
      'B-12A',
      'Clock',
      null,
      { cents: 5_000 },
      1,
      null,
      'Doe',
      'Jo',
      '',
      'INV',
      { cents: 4_250 },
      'Bid now',
      3,
      '2026-10-01 09:08',
      'Won',
      { cents: 4_000 },
    ]);
    expect(maxBidCells({ ...row, won: false })[15]).toBe(MAX_BID_RESULT.lost);
    expect(maxBidCells({ ...row, won: false, hammer: null }).slice(15)).toEqual([MAX_BID_RESULT.none, null]);
  });

  it('summarises sessions by channel with a total row over distinct buyers', async () => {
    const lot = (approvalId: number, channel: string, hammer: number): SummarySoldLot => ({
      approvalId,
      channel,
      amounts: priceLot(hammer, channel as 'INV', STEPS),
    });
    const counts = (lots: number) => async () => ({ lots, registered: 5, bidders: 2, loEst: 100, hiEst: 200 });
    const rows = await all(
      sessionSummaryRows(
        [
          {
            title: 'One',
            date: '2026-10-01',
            currencyCode: 'USD',
            counts: counts(3),
            sold: () => from([lot(1, 'Floor', 1_000), lot(1, 'INV', 2_000)]),
          },
          { title: 'Two', date: '2026-10-02', currencyCode: 'USD', counts: counts(0), sold: () => from<SummarySoldLot>() },
        ],
        counts(3),
      ),
    );
    expect(rows.map((r) => r.slice(0, 12))).toEqual([
      ['Session', 'One', '2026-10-01', 'USD', '', 3, 2, 1, 66.7, 5, 2, 1],
      ['Channel', 'One', '2026-10-01', 'USD', 'INV', null, 1, null, null, null, null, 1],
      ['Channel', 'One', '2026-10-01', 'USD', 'Floor', null, 1, null, null, null, null, 1],
      ['Session', 'Two', '2026-10-02', 'USD', '', 0, 0, 0, 0, 5, 2, 0],
      ['Total', '2 sessions', '', 'USD', '', 3, 2, 1, 66.7, 5, 2, 1],
    ]);
    expect(rows[4].slice(14)).toEqual([{ cents: 3_000 }, { cents: 750 }, { cents: 60 }, { cents: 3_810 }]);
    expect([soldPercent(1, 3), soldPercent(2, 3), soldPercent(0, 0)]).toEqual([33.3, 66.7, 0]);
  });

  it('adds the bidders up in a total row', async () => {
    const b = (lastName: string, won: number, hammer: number): BidderRow => ({
      paddle: 7,
      lastName,
      firstName: 'A',
      company: null,
      email: 'a@example.com',
      phone: null,
      mobile: null,
      street: null,
      city: null,
      state: null,
      postalCode: null,
      country: 'US',
      channel: 'INV',
      registeredAt: new Date('2026-09-01T00:00:00Z'),
      lotsBidOn: 2,
      lotsWon: won,
      amounts: { hammer, premium: 1, liveFee: 2, payable: hammer + 3 },
    });
    const rows = await all(bidderRows(from([b('X', 1, 100)], [b('Y', 0, 0)])));
    expect(rows[0].slice(11, 14)).toEqual(['US', 'INV', '2026-09-01']);
    expect(rows[2]).toEqual([
      null,
      'Total',
      '2 bidders',
      ...Array(11).fill(''),
      4,
      1,
      { cents: 100 },
      { cents: 2 },
      { cents: 4 },
      { cents: 106 },
    ]);
  });

  it("states each buyer's payment and collection, and totals each invoice once", async () => {
    const base = { paddle: 3, lastName: 'Z', firstName: 'Y', email: null, phone: '555', channel: 'INV' };
    const invoice = {
      invoiceNumber: 1001,
      invoiceTotal: 10_000,
      paymentsMade: 4_000,
      balance: 6_000,
      allPaid: false,
      onlinePaymentStat: null,
      sentAt: new Date('2026-10-03T12:00:00Z'),
      paidDate: null,
      paymentMethod: null,
      pickup: true,
      anyLinePaid: false,
    };
    const rows: PactsRow[] = [
      { ...base, lots: 2, lotsTotal: 8_000, lotsShipped: 1, invoice },
      { ...base, lots: 1, lotsTotal: 1_250, lotsShipped: 0, invoice: null },
    ];
    const cells = await all(pactsRows(from(rows)));
    expect(cells[0].slice(8)).toEqual([
      1001,
      'Partial Paid',
      '2026-10-03',
      { cents: 10_000 },
      { cents: 4_000 },
      { cents: 6_000 },
      '',
      '',
      PACTS_TEXT.pickup,
      'Partial',
    ]);
    expect(cells[1].slice(8, 10)).toEqual([null, PACTS_TEXT.notInvoiced]);
    expect(cells[2].slice(0, 14)).toEqual([
      null,
      'Total',
      '1 invoice',
      '',
      '',
      '',
      3,
      { cents: 9_250 },
      null,
      '',
      '',
      { cents: 10_000 },
      { cents: 4_000 },
      { cents: 6_000 },
    ]);
  });

  it('names files by the session, or the number of sessions', () => {
    expect(reportFileBase('Bidders', ['Day: one/two'])).toBe('Bidders - Day_ one_two');
    expect(reportFileBase('Max Bids', ['A', 'B', 'C'])).toBe('Max Bids - 3 sessions');
  });
});
