import fc from 'fast-check';
import {
  bidOptions,
  bidRefusal,
  DEFAULT_BID_LADDER,
  endAfterBid,
  incrementAt,
  ladderProblem,
  minimumBid,
  proxyFinalists,
  resolveProxy,
  scheduledEnd,
  type BidIncrementRange,
  type ProxyBid,
} from './bid-ladder';

const L = DEFAULT_BID_LADDER;
const bid = (seq: number, bidderId: number, maxCents: number): ProxyBid => ({ seq, bidderId, maxCents });

describe('increment ladder', () => {
  it('the default ladder is the lot rules ranges in cents and is well formed', () => {
    expect(L.slice(0, 3)).toEqual([
      { min: 0, max: 9999, increment: 500 },
      { min: 10000, max: 29999, increment: 1000 },
      { min: 30000, max: 99999, increment: 2500 },
    ]);
    expect(L[L.length - 1].max).toBeNull();
    expect(ladderProblem(L)).toBeNull();
  });

  it('refuses gaps, overlaps, a closed top and non-positive increments', () => {
    expect(ladderProblem([])).toMatch(/no range/);
    expect(ladderProblem([{ min: 100, max: null, increment: 5 }])).toMatch(/start at 0/);
    expect(ladderProblem([{ min: 0, max: 99, increment: 5 }])).toMatch(/no top/);
    expect(
      ladderProblem([
        { min: 0, max: 99, increment: 5 },
        { min: 101, max: null, increment: 10 },
      ]),
    ).toMatch(/right after/);
    expect(ladderProblem([{ min: 0, max: null, increment: 0 }])).toMatch(/positive/);
  });

  it('takes the increment of the range holding the amount', () => {
    expect(incrementAt(L, 0)).toBe(500);
    expect(incrementAt(L, 9999)).toBe(500);
    expect(incrementAt(L, 10000)).toBe(1000);
    expect(incrementAt(L, 10_000_000_00)).toBe(100000);
  });

  it('offers 50 options from the starting bid when the lot has no bids', () => {
    const o = bidOptions(L, { startingBidCents: 2000, currentBidCents: null, bidCount: 0 });
    expect(o).toHaveLength(50);
    expect(o.slice(0, 4)).toEqual([2000, 2500, 3000, 3500]);
    // Crossing a range boundary switches the increment: 95 -> 100 -> 110.
    expect(o.slice(15, 18)).toEqual([9500, 10000, 11000]);
  });

  it('skips the current bid when the lot has bids', () => {
    const o = bidOptions(L, { startingBidCents: 2000, currentBidCents: 3000, bidCount: 2 });
    expect(o[0]).toBe(3500);
    expect(o).toHaveLength(50);
    expect(minimumBid(L, { startingBidCents: 2000, currentBidCents: 3000, bidCount: 2 })).toBe(3500);
    expect(minimumBid(L, { startingBidCents: 2000, currentBidCents: null, bidCount: 0 })).toBe(2000);
  });
});

describe('proxy resolution', () => {
  it('one bidder: the current bid is the starting bid', () => {
    const r = resolveProxy(L, [bid(1, 7, 50000)], 2000, null);
    expect(r.leader?.bidderId).toBe(7);
    expect(r.currentBidCents).toBe(2000);
  });

  it('beats the second-highest max by one increment, capped at the leader max', () => {
    expect(resolveProxy(L, [bid(1, 1, 50000), bid(2, 2, 20000)], 2000, null).currentBidCents).toBe(21000);
    expect(resolveProxy(L, [bid(1, 1, 20500), bid(2, 2, 20000)], 2000, null).currentBidCents).toBe(20500);
  });

  it('a tie goes to the earlier bid, at the tied amount', () => {
    const r = resolveProxy(L, [bid(1, 1, 20000), bid(2, 2, 20000)], 2000, null);
    expect(r.leader?.bidderId).toBe(1);
    expect(r.currentBidCents).toBe(20000);
  });

  it("a bidder's own bids do not raise the price: their highest max counts once", () => {
    const r = resolveProxy(L, [bid(1, 1, 10000), bid(2, 1, 40000), bid(3, 2, 5000)], 2000, null);
    expect(r.leader?.seq).toBe(2);
    expect(r.currentBidCents).toBe(5500);
  });

  it('a bidder who raises to an amount already bid loses the tie to the earlier bid', () => {
    const r = resolveProxy(L, [bid(1, 1, 10000), bid(2, 2, 20000), bid(3, 1, 20000)], 2000, null);
    expect(r.leader?.bidderId).toBe(2);
  });

  it('respects the reserve: the current bid rises to it when the leader max reaches it', () => {
    const met = resolveProxy(L, [bid(1, 1, 50000), bid(2, 2, 5000)], 2000, 30000);
    expect(met.currentBidCents).toBe(30000);
    expect(met.reserveMet).toBe(true);
    const notMet = resolveProxy(L, [bid(1, 1, 25000), bid(2, 2, 5000)], 2000, 30000);
    expect(notMet.currentBidCents).toBe(5500);
    expect(notMet.reserveMet).toBe(false);
    // Above the reserve already: unchanged.
    expect(resolveProxy(L, [bid(1, 1, 90000), bid(2, 2, 40000)], 2000, 30000).currentBidCents).toBe(42500);
  });

  it('no bids: no leader and no current bid', () => {
    expect(resolveProxy(L, [], 2000, 100)).toEqual({ leader: null, currentBidCents: null, reserveMet: false });
  });

  /**
   * A brute force written from the rule's words: the leader beats every other bidder's best bid
   * (higher, or equal and earlier); the current bid is found by walking cent by cent from the
   * starting bid to the first amount that beats the runner-up by one increment, or the leader max.
   */
  function bruteForce(ladder: readonly BidIncrementRange[], bids: ProxyBid[], start: number, reserve: number | null) {
    const bidders = [...new Set(bids.map((b) => b.bidderId))];
    const best = bidders.map((id) => {
      const own = bids.filter((b) => b.bidderId === id);
      const top = Math.max(...own.map((b) => b.maxCents));
      return own.filter((b) => b.maxCents === top).reduce((a, b) => (a.seq < b.seq ? a : b));
    });
    const leader = best.find((b) => best.every((o) => o === b || b.maxCents > o.maxCents || (b.maxCents === o.maxCents && b.seq < o.seq)));
    if (!leader) return { leaderSeq: null, current: null };
    const others = best.filter((b) => b !== leader).map((b) => b.maxCents);
    let current = leader.maxCents;
    for (let x = start; x <= leader.maxCents; x++) {
      if (!others.length || others.every((m) => x >= m + incrementAt(ladder, m))) {
        current = x;
        break;
      }
    }
    if (reserve !== null && leader.maxCents >= reserve) current = Math.max(current, reserve);
    return { leaderSeq: leader.seq, current };
  }

  it('agrees with a brute force on random bids (property)', () => {
    const bidsArb = fc.array(fc.record({ bidderId: fc.integer({ min: 1, max: 5 }), maxCents: fc.integer({ min: 500, max: 40000 }) }), {
      maxLength: 8,
    });
    fc.assert(
      fc.property(bidsArb, fc.integer({ min: 0, max: 5000 }), fc.option(fc.integer({ min: 0, max: 40000 })), (raw, start, reserve) => {
        const bids = raw.filter((b) => b.maxCents >= start).map((b, i) => bid(i + 1, b.bidderId, b.maxCents));
        const r = resolveProxy(L, bids, start, reserve);
        const expected = bruteForce(L, bids, start, reserve);
        expect(r.leader?.seq ?? null).toBe(expected.leaderSeq);
        expect(r.currentBidCents).toBe(expected.current);
      }),
      { numRuns: 500 },
    );
  });
});

describe('proxy finalists', () => {
  it('keeps the leader and the best bid of another bidder', () => {
    const bids = [bid(1, 1, 5000), bid(2, 2, 8000), bid(3, 2, 9000), bid(4, 3, 8000), bid(5, 1, 9000)];
    expect(proxyFinalists(bids)).toEqual([bid(3, 2, 9000), bid(5, 1, 9000)]);
    expect(proxyFinalists([bid(1, 1, 5000), bid(2, 1, 6000)])).toEqual([bid(2, 1, 6000)]);
    expect(proxyFinalists([])).toEqual([]);
  });

  it('resolves exactly as the whole history does (property)', () => {
    const bidsArb = fc.array(fc.record({ bidderId: fc.integer({ min: 1, max: 6 }), maxCents: fc.integer({ min: 500, max: 40000 }) }), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(bidsArb, fc.integer({ min: 0, max: 5000 }), fc.option(fc.integer({ min: 0, max: 40000 })), (raw, start, reserve) => {
        const bids = raw.map((b, i) => bid(i + 1, b.bidderId, b.maxCents));
        expect(resolveProxy(L, proxyFinalists(bids), start, reserve)).toEqual(resolveProxy(L, bids, start, reserve));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('taking a bid', () => {
  const lot = { startingBidCents: 2000, currentBidCents: 3000, bidCount: 2, closed: false };
  it('refuses a closed lot, an amount under the minimum and a max bid not above the own max', () => {
    expect(bidRefusal(L, { ...lot, closed: true }, 5000, null)).toBe('closed');
    expect(bidRefusal(L, lot, 3000, null)).toBe('belowMinimum');
    expect(bidRefusal(L, lot, 3500.5, null)).toBe('belowMinimum');
    expect(bidRefusal(L, lot, 4000, 6000)).toBe('notAboveOwnMax');
    expect(bidRefusal(L, lot, 3500, null)).toBeNull();
    expect(bidRefusal(L, lot, 7000, 6000)).toBeNull();
  });
});

describe('closing times', () => {
  const first = new Date('2026-12-01T15:00:00Z');
  it('staggers the end of each lot from the first lot end', () => {
    expect(scheduledEnd(first, 60, 0)).toEqual(first);
    expect(scheduledEnd(first, 30, 3).toISOString()).toBe('2026-12-01T15:01:30.000Z');
  });

  it('extends a lot when a bid arrives inside the closing window, refuses one after the end', () => {
    expect(endAfterBid(first, new Date('2026-12-01T14:50:00Z'))).toEqual({ endAt: first, extended: false });
    expect(endAfterBid(first, new Date('2026-12-01T14:59:30Z'))).toEqual({ endAt: new Date('2026-12-01T15:01:30Z'), extended: true });
    // The window edge: exactly two minutes left does not extend.
    expect(endAfterBid(first, new Date('2026-12-01T14:58:00Z'))?.extended).toBe(false);
    expect(endAfterBid(first, first)).toBeNull();
    expect(endAfterBid(first, new Date('2026-12-01T15:00:01Z'))).toBeNull();
  });
});
