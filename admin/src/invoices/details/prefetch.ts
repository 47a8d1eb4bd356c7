import type { QueryKey } from '@tanstack/react-query';
import type { GetListResult } from 'react-admin';
import { dataProvider, type AppDataProvider } from '../../api/dataProvider';
import { queryClient } from '../../api/queryClient';
import { session } from '../../auth/session';
import { fetchGroupDetailInfo } from '../invoiceApi';
import { INVOICE_KEYS } from '../useHouseRef';
import { detailsGroupId, markPrefetched, rowsListParams } from './detailsQueries';

/** The header: group, sessions with day numbers, totals (`groupDetailInfo?size=1`). */
export const headerQuery = (dp: AppDataProvider, houseRef: string, groupId: number) => ({
  queryKey: INVOICE_KEYS.details(houseRef, groupId, { view: 'header' }),
  queryFn: () => fetchGroupDetailInfo(dp, houseRef, groupId, { size: 1 }),
});

const prefetch = (queryKey: QueryKey, queryFn: () => Promise<unknown>) => {
  void queryClient.prefetchQuery({ queryKey, queryFn, retry: false }).then(() => {
    const query = queryClient.getQueryCache().find({ queryKey, exact: true });
    if (query) markPrefetched(query);
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
  const groupId = detailsGroupId(location.pathname, import.meta.env.BASE_URL.replace(/\/$/, ''));
  if (groupId === null) return;
  void load().catch(() => undefined); // React.lazy asks again and shows the failure
  const list = rowsListParams(groupId, location.search);
  // The key and the answer's shape of react-admin's useGetList.
  prefetch(['invoices', 'getList', { ...list, meta: undefined }], () =>
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
