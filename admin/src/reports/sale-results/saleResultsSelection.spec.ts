import { describe, expect, it } from '@jest/globals';
import { SALE_RESULTS_TEXT, type SaleResultsGroup } from '@ar/rules';
import { groupCheck, selectionToView, toggleGroup, toggleSession } from './saleResultsSelection';

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
});
