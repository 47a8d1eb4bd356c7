import type { Query, QueryKey } from '@tanstack/react-query';
import type { GetListResult, SortPayload } from 'react-admin';
import { matchPath } from 'react-router-dom';
import { dataProvider, type AppDataProvider } from '../../api/dataProvider';
import { queryClient } from '../../api/queryClient';
import { session } from '../../auth/session';
import { pageParam } from '../../common/paginate';
import { fetchGroupDetailInfo, type StatusFilter } from '../invoiceApi';
import { groupIdParam, pageSizeParam, searchParam, statusParam } from '../routeParams';
import { INVOICE_KEYS } from '../useHouseRef';

/**
 * The two reads of Invoice Group Details, written once for the screen and for the prefetch that
 * starts them before React renders (the keys must be the ones the screen's hooks ask for).
 */
export const BY_NUMBER: SortPayload = { field: 'invoiceNumber', order: 'ASC' };
export const DETAILS_PATH = '/invoices/InvoiceGroupDetails/:invoiceGroupID';

/** `/api/invoices`' filter: the group, the status unless ALL, the search when any. */
export const rowsFilter = (groupId: number | null, status: StatusFilter, search: string) => ({
  invoiceGroupId: groupId,
  ...(status !== 'ALL' ? { status } : {}),
  ...(search ? { q: search } : {}),
});

/** The header: group, sessions with day numbers, totals (`groupDetailInfo?size=1`). */
export const headerQuery = (dp: AppDataProvider, houseRef: string, groupId: number) => ({
  queryKey: INVOICE_KEYS.details(houseRef, groupId, { view: 'header' }),
  queryFn: () => fetchGroupDetailInfo(dp, houseRef, groupId, { size: 1 }),
});

// Answers the prefetch put in the cache, by query hash, with the time they arrived.
const prefetched = new Map<string, number>();

/**
 * `refetchOnMount` of the screen's two reads: not again when the answer in the cache is the one the
 * prefetch read moments ago for this very visit; as usual (stale, so read again) otherwise.
 */
export const refetchUnlessPrefetched = (query: Pick<Query, 'queryHash' | 'state'>) => {
  const at = prefetched.get(query.queryHash);
  return !(at !== undefined && at === query.state.dataUpdatedAt && Date.now() - at < 30_000);
};

/** The screen was left: its next visit reads as usual. */
export const forgetPrefetched = () => prefetched.clear();

const prefetch = (queryKey: QueryKey, queryFn: () => Promise<unknown>) => {
  void queryClient.prefetchQuery({ queryKey, queryFn, retry: false }).then(() => {
    const query = queryClient.getQueryCache().find({ queryKey, exact: true });
    if (query?.state.status === 'success') prefetched.set(query.queryHash, query.state.dataUpdatedAt);
  });
};

/**
 * Run when the app's code loads: on an Invoice Group Details URL, starts the screen's chunk
 * (`load`), its rows and its header at once, instead of after the session check, the route
 * guard's permissions and the chunk, one after the other. The rows need only the session cookie;
 * the header needs the house reference, so it follows the session answer (the same request
 * react-admin's own check waits for). A failed read (signed out: 401) is read again by the
 * screen's own hook, which handles it as usual.
 */
export function prefetchGroupDetails(load: () => Promise<unknown>, location: Pick<Location, 'pathname' | 'search'> = window.location) {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  if (!location.pathname.startsWith(`${base}/`)) return;
  const match = matchPath(DETAILS_PATH, location.pathname.slice(base.length));
  const groupId = groupIdParam(match?.params.invoiceGroupID);
  if (groupId === null) return;
  void load().catch(() => undefined); // React.lazy asks again and shows the failure
  const params = new URLSearchParams(location.search);
  const list = {
    pagination: { page: pageParam(params.get('page')), perPage: pageSizeParam(params.get('size')) },
    sort: BY_NUMBER,
    filter: rowsFilter(groupId, statusParam(params.get('status')), searchParam(params.get('search'))),
    meta: undefined,
  };
  // The key and the answer's shape of react-admin's useGetList.
  prefetch(['invoices', 'getList', list], () =>
    dataProvider.getList('invoices', list).then(({ data, total, pageInfo, meta }: GetListResult) => ({ data, total, pageInfo, meta })),
  );
  void session
    .ensure()
    .then((s) => {
      if (!s) return;
      const header = headerQuery(dataProvider, s.user.houseInfo.houseRef, groupId);
      prefetch(header.queryKey, header.queryFn);
    })
    .catch(() => undefined);
}
