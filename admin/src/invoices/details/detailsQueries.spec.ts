import { afterEach, describe, expect, it } from '@jest/globals';
import { BY_NUMBER, detailsGroupId, forgetPrefetched, markPrefetched, refetchUnlessPrefetched, rowsListParams } from './detailsQueries';

const query = (queryHash: string, dataUpdatedAt: number, status: 'success' | 'error' = 'success') =>
  ({ queryHash, state: { dataUpdatedAt, status } }) as Parameters<typeof markPrefetched>[0];

describe('Invoice Group Details reads started before React renders', () => {
  afterEach(forgetPrefetched);

  it('knows a Group Details URL under the base path, and nothing else', () => {
    expect(detailsGroupId('/ar/invoices/InvoiceGroupDetails/12', '/ar')).toBe(12);
    expect(detailsGroupId('/ar/invoices/InvoiceGroupDetails/12/', '/ar')).toBe(12);
    expect(detailsGroupId('/invoices/InvoiceGroupDetails/12', '')).toBe(12);
    expect(detailsGroupId('/invoices/InvoiceGroupDetails/12', '/ar')).toBeNull();
    expect(detailsGroupId('/ar/invoices/InvoiceGroupDetails/abc', '/ar')).toBeNull();
    expect(detailsGroupId('/ar/invoices/InvoiceGroupDetails/0', '/ar')).toBeNull();
    expect(detailsGroupId('/ar/invoices/EditInvoices/12', '/ar')).toBeNull();
    expect(detailsGroupId('/ar/invoices/InvoiceGroupDetails/12/more', '/ar')).toBeNull();
  });

  it("asks for the page the URL shows, as the screen's list controller does", () => {
    expect(rowsListParams(7, '')).toEqual({ pagination: { page: 1, perPage: 50 }, sort: BY_NUMBER, filter: { invoiceGroupId: 7 } });
    expect(rowsListParams(7, '?page=3&size=100&status=unpaid&search=%20Smith%20')).toEqual({
      pagination: { page: 3, perPage: 100 },
      sort: BY_NUMBER,
      filter: { invoiceGroupId: 7, status: 'UNPAID', q: 'Smith' },
    });
    // Anything unexpected falls back as the screen does: page 1, 50 a page, ALL, no search.
    expect(rowsListParams(7, '?page=x&size=42&status=LATE&search=')).toEqual(rowsListParams(7, ''));
  });

  it('skips the read on mount only for the answer the prefetch just put in the cache', () => {
    const now = 1_000_000;
    expect(refetchUnlessPrefetched(query('rows', now), now)).toBe(true);
    markPrefetched(query('rows', now));
    expect(refetchUnlessPrefetched(query('rows', now), now + 10)).toBe(false);
    // Another query, a newer answer, or the same answer grown old: read again as usual.
    expect(refetchUnlessPrefetched(query('header', now), now + 10)).toBe(true);
    expect(refetchUnlessPrefetched(query('rows', now + 5), now + 10)).toBe(true);
    expect(refetchUnlessPrefetched(query('rows', now), now + 30_000)).toBe(true);
    // Once the screen is left, its next visit reads again.
    forgetPrefetched();
    expect(refetchUnlessPrefetched(query('rows', now), now + 10)).toBe(true);
  });

  it('does not note a failed prefetch (signed out: the screen reads again)', () => {
    markPrefetched(query('rows', 0, 'error'));
    expect(refetchUnlessPrefetched(query('rows', 0), 10)).toBe(true);
  });
});
