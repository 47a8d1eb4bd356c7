import { describe, expect, it } from '@jest/globals';
import { DEFAULT_BID_LADDER, MAX_BID_OPTIONS } from '@ar/rules';
import { chosenBids, failedLotNumbers, lotBidOptions, matchesSearch, type BulkLot } from './bulkBidding';

const lot = (over: Partial<BulkLot> = {}): BulkLot => ({
  lotRef: 'L1',
  lotNumber: '7',
  lotNumberExtension: null,
  lotTitle: 'Brass telescope',
  lotDescription: 'A fine one.',
  lotImageUrl: null,
  consignor: null,
  estimateLow: null,
  estimateHigh: null,
  reserve: null,
  startingBid: 2000,
  currentBid: null,
  bidCount: 0,
  maxBid: null,
  maxBidder: null,
  bidderEmail: null,
  isClosed: false,
  isExtended: false,
  endTime: '2031-01-01T00:00:00Z',
  bidIncrements: DEFAULT_BID_LADDER,
  orderBidRef: null,
  ...over,
});

describe('bulk bidding page helpers', () => {
  it('offers 50 options from the starting bid, skipping the current bid once the lot has bids, none when closed', () => {
    expect(lotBidOptions(lot()).slice(0, 2)).toEqual([2000, 2500]);
    expect(lotBidOptions(lot())).toHaveLength(MAX_BID_OPTIONS);
    expect(lotBidOptions(lot({ currentBid: 2000, bidCount: 1 }))[0]).toBe(2500);
    expect(lotBidOptions(lot({ isClosed: true }))).toEqual([]);
  });

  it('searches lot number, title, description and bidder', () => {
    expect(matchesSearch(lot(), ' TELESCOPE ')).toBe(true);
    expect(matchesSearch(lot(), '7')).toBe(true);
    expect(matchesSearch(lot({ maxBidder: 'House Ann' }), 'ann')).toBe(true);
    expect(matchesSearch(lot({ consignor: 'Estate of A. Smith' }), 'smith')).toBe(true);
    expect(matchesSearch(lot(), 'chair')).toBe(false);
    expect(matchesSearch(lot(), '')).toBe(true);
  });

  it('sends only choices still on offer, and names failed lots by number', () => {
    const a = lot();
    const b = lot({ lotRef: 'L2', lotNumber: '8', currentBid: 2000, bidCount: 1 });
    const chosen = new Map([
      ['L1', 2000],
      ['L2', 2000], // no longer offered: the lot has a bid at 2000
    ]);
    expect(chosenBids([a, b], chosen)).toEqual([{ lotRef: 'L1', bidAmount: 2000 }]);
    expect(
      failedLotNumbers(
        [a, b],
        [
          { lotRef: 'L1', success: true },
          { lotRef: 'L2', success: false },
        ],
      ),
    ).toEqual(['8']);
  });
});
