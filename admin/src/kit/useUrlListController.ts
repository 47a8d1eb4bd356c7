import { useCallback, useMemo, useRef, useState } from 'react';
import { useGetList, type ListControllerResult, type UseGetListOptions, type RaRecord, type SortPayload } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { pageParam } from '../common/paginate';

export interface UrlListOptions {
  /** The /api resource (ra-data-simple-rest). */
  resource: string;
  perPage: number;
  /** The server-side filter, built by the screen from its own URL parameters. */
  filter?: Record<string, unknown>;
  sort?: SortPayload;
  /** Polls while the answer says so (e.g. a group still being created). */
  refetchInterval?: (records: RaRecord[] | undefined) => number | false;
  enabled?: boolean;
  /** Where a new page size goes (the screen's own URL parameter); without it the size is fixed. */
  setPerPage?: (perPage: number) => void;
  /** react-query's `refetchOnMount` (e.g. not again when the screen's prefetch just read the page). */
  refetchOnMount?: UseGetListOptions['refetchOnMount'];
}

const NOOP = () => undefined;
const EMPTY_FILTER = {};
const BY_ID: SortPayload = { field: 'id', order: 'ASC' };

/**
 * react-admin's list controller for a screen whose URL the spec fixes (`?page=2&start=...`):
 * react-admin's own URL sync writes `page`, `perPage`, `sort`, `filter` and drops other
 * parameters, so this one keeps `page` in the spec's parameter and leaves the rest of the URL
 * alone. Its value goes into `<ListContextProvider>`, so Datagrid, ListPager, bulk actions and
 * empty/loading states work as under `<ListBase>`.
 */
export function useUrlListController<R extends RaRecord = RaRecord>(options: UrlListOptions): ListControllerResult<R> {
  const {
    resource,
    perPage,
    filter = EMPTY_FILTER,
    sort = BY_ID,
    refetchInterval,
    enabled = true,
    setPerPage: onPerPage = NOOP,
    refetchOnMount,
  } = options;
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const [selectedIds, setSelectedIds] = useState<R['id'][]>([]);

  const query = useGetList<R>(
    resource,
    { pagination: { page, perPage }, sort, filter },
    {
      enabled,
      refetchOnMount,
      placeholderData: (prev) => prev,
      refetchInterval: refetchInterval ? (q) => refetchInterval(q.state.data?.data) : false,
    },
  );

  // While the next page loads, the previous rows stay on screen (placeholder data): the pager then
  // describes those rows (their page and size), not the URL's, so "1-50 of 83" never sits above 83 rows.
  const settled = useRef({ page, perPage });
  if (!query.isPlaceholderData && !query.isPending) settled.current = { page, perPage };
  const shown = query.isPlaceholderData ? settled.current : { page, perPage };

  const setPage = useCallback(
    (p: number) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (p <= 1) next.delete('page');
        else next.set('page', String(p));
        return next;
      });
      window.scrollTo({ top: 0 });
    },
    [setParams],
  );

  return useMemo(() => {
    const base = {
      sort,
      displayedFilters: {},
      filterValues: filter,
      filter,
      hideFilter: NOOP,
      showFilter: NOOP,
      setFilters: NOOP,
      setSort: NOOP,
      // MUI's size select answers the value as a string (a native select always does).
      setPerPage: (n: number | string) => onPerPage(Number(n)),
      onSelect: (ids: R['id'][]) => setSelectedIds(ids),
      onSelectAll: () => setSelectedIds((query.data ?? []).map((r) => r.id)),
      onToggleItem: (id: R['id']) => setSelectedIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id])),
      onUnselectItems: () => setSelectedIds([]),
      page: shown.page,
      perPage: shown.perPage,
      refetch: query.refetch,
      resource,
      selectedIds,
      setPage,
      hasNextPage: query.total != null ? shown.page * shown.perPage < query.total : false,
      hasPreviousPage: shown.page > 1,
      isFetching: query.isFetching,
      isLoading: query.isLoading,
      isPlaceholderData: query.isPlaceholderData,
    };
    if (query.isPending)
      return { ...base, data: undefined, total: undefined, meta: undefined, error: null, isPending: true } as ListControllerResult<R>;
    if (query.error)
      return {
        ...base,
        data: undefined,
        total: undefined,
        meta: undefined,
        error: query.error,
        isPending: false,
      } as ListControllerResult<R>;
    return {
      ...base,
      data: query.data ?? [],
      total: query.total ?? 0,
      // What the list call answers besides its rows (e.g. the calendar's stealth flag).
      meta: query.meta,
      error: null,
      isPending: false,
    } as ListControllerResult<R>;
  }, [filter, sort, shown.page, shown.perPage, query, resource, selectedIds, setPage, onPerPage]);
}
