import type { Query } from '@tanstack/react-query';
import type { SortPayload } from 'react-admin';
import { pageParam } from '../../common/paginate';
import type { StatusFilter } from '../invoiceApi';
import { groupIdParam, pageSizeParam, searchParam, statusParam } from '../routeParams';

/**
 * The reads of Invoice Group Details, written once for the screen and for the prefetch that starts
 * them before React renders (prefetch.ts): the query keys must be the ones the screen's hooks use.
 */
export const BY_NUMBER: SortPayload = { field: 'invoiceNumber', order: 'ASC' };

/** `/api/invoices`' filter: the group, the status unless ALL, the search when any. */
export const rowsFilter = (groupId: number | null, status: StatusFilter, search: string) => ({
  invoiceGroupId: groupId,
  ...(status !== 'ALL' ? { status } : {}),
  ...(search ? { q: search } : {}),
});

/** The group id of a Group Details URL under the app's base path, else null. */
export function detailsGroupId(pathname: string, base: string): number | null {
  const m = /^\/invoices\/InvoiceGroupDetails\/([^/]+)\/?$/.exec(pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : '');
  return groupIdParam(m?.[1]);
}

/** The page of rows a Group Details URL shows, as react-admin's `useGetList` asks for it. */
export const rowsListParams = (groupId: number, search: string) => {
  const params = new URLSearchParams(search);
  return {
    pagination: { page: pageParam(params.get('page')), perPage: pageSizeParam(params.get('size')) },
    sort: BY_NUMBER,
    filter: rowsFilter(groupId, statusParam(params.get('status')), searchParam(params.get('search'))),
  };
};

// Answers the prefetch put in the cache, by query hash, with the time they arrived.
const prefetched = new Map<string, number>();
const PREFETCH_FRESH_MS = 30_000;

/** Notes that the query's answer in the cache is the prefetch's. */
export const markPrefetched = (query: Pick<Query, 'queryHash' | 'state'>) => {
  if (query.state.status === 'success') prefetched.set(query.queryHash, query.state.dataUpdatedAt);
};

/**
 * `refetchOnMount` of the screen's two reads: not again when the answer in the cache is the one the
 * prefetch read moments ago for this very visit; as usual (stale, so read again) otherwise.
 */
export const refetchUnlessPrefetched = (query: Pick<Query, 'queryHash' | 'state'>, now = Date.now()) => {
  const at = prefetched.get(query.queryHash);
  return !(at !== undefined && at === query.state.dataUpdatedAt && now - at < PREFETCH_FRESH_MS);
};

/** The screen was left: its next visit reads as usual. */
export const forgetPrefetched = () => prefetched.clear();
