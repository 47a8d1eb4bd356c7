import { describe, expect, it } from '@jest/globals';
import { SALE_RESULTS_TEXT, type SaleResultBidder, type SaleResultLot, type SaleResultsGroup } from '@ar/rules';
import { buyerCheck, groupCheck, lotsToOpen, selectionToView, setLots, toggleGroup, toggleSession } from './saleResultsSelection';

const session = (catalogRef: string, catalogCurrencyCode = 'USD') => ({
  catalogRef,
  catalogCurrencyCode,
  catalogTitle: catalogRef,
  catalogDateFull: '2026-10-01T15:00:00.000Z',
});
const autumn: SaleResultsGroup = { groupRef: 1, groupName: 'Autumn', catalogs: [session('A1'), session('A2')] };
const euro: SaleResultsGroup = { groupRef: 2, groupName: 'Euro', catalogs: [session('E1', 'EUR')] };

describe('sale results selection', () => {
  it("a sale's checkbox selects all its sessions, and clears them once all are selected", () => {
    const some = toggleSession('A1', new Set());
    expect(groupCheck(autumn, some)).toBe('some');
    const all = toggleGroup(autumn, some);
    expect([...all]).toEqual(['A1', 'A2']);
    expect(groupCheck(autumn, all)).toBe('all');
    expect(groupCheck(autumn, toggleGroup(autumn, all))).toBe('none');
  });

  it('views sessions of one currency only, in list order', () => {
    expect(selectionToView([autumn, euro], new Set(['A2', 'A1']))).toEqual({ catalogRefs: ['A1', 'A2'], error: null });
    expect(selectionToView([autumn, euro], new Set(['A1', 'E1'])).error).toBe(SALE_RESULTS_TEXT.sameCurrency);
    expect(selectionToView([autumn, euro], new Set()).error).toBe(SALE_RESULTS_TEXT.selectSessions);
  });

  it('opens a file only on shown lots that may get a dispute, a buyer checkbox ticking those of the buyer', () => {
    const lot = (lotRef: string, canOpenDispute: boolean) => ({ lotRef, canOpenDispute }) as SaleResultLot;
    const alice = { memberID: 1, items: [lot('L1', true), lot('L2', false), lot('L3', true)] } as SaleResultBidder;
    const bob = { memberID: 2, items: [lot('L4', true)] } as SaleResultBidder;
    expect(buyerCheck(alice, new Set())).toEqual({ refs: ['L1', 'L3'], check: 'none' });
    const ticked = setLots(new Set(['L4']), buyerCheck(alice, new Set()).refs, true);
    expect(buyerCheck(alice, ticked).check).toBe('all');
    expect(buyerCheck(alice, setLots(ticked, ['L3'], false)).check).toBe('some');
    // L2 cannot get a dispute and L9 is no longer shown (search): neither is sent.
    expect(lotsToOpen([alice, bob], new Set([...ticked, 'L2', 'L9']))).toEqual(['L1', 'L3', 'L4']);
    expect(lotsToOpen([bob], ticked)).toEqual(['L4']);
  });
});
