import { useEffect } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { BidType } from '@ar/rules';
import { useAppDataProvider } from '../api/dataProvider';
import { useShellUser } from '../auth/useShellUser';
import { LOTS_PAGE_SIZE, type BulkLot, type HistoryEntry, type SaleInfo } from './bulkBidding';

/** The bulk bidding calls of spec 001 section 7 (docs/decisions/timed-bidding.md); paths at the root. */
const base = (catalogRef: string) => `/auctions/bidAdmin/catalog/${encodeURIComponent(catalogRef)}`;

export const BULK_KEYS = {
  sale: (ref: string) => ['bulkBidding', ref, 'sale'] as const,
  lots: (ref: string) => ['bulkBidding', ref, 'lots'] as const,
};

interface LotsPage {
  _embedded?: { bidAdminLotDataList: BulkLot[] };
  page: { number: number; totalPages: number; totalElements: number };
}

export function useSaleInfo(catalogRef: string) {
  const dp = useAppDataProvider();
  return useQuery({ queryKey: BULK_KEYS.sale(catalogRef), queryFn: () => dp.call<SaleInfo>('GET', base(catalogRef)) });
}

/** Every lot of the session, fetched 100 at a time one page after another; `allLoaded` once the last page is in. */
export function useAllLots(catalogRef: string) {
  const dp = useAppDataProvider();
  const q = useInfiniteQuery({
    queryKey: BULK_KEYS.lots(catalogRef),
    queryFn: ({ pageParam }) => dp.call<LotsPage>('GET', `${base(catalogRef)}/lots?size=${LOTS_PAGE_SIZE}&page=${pageParam}`),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.page.number + 1 < last.page.totalPages ? last.page.number + 1 : undefined),
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = q;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const lots = q.data?.pages.flatMap((p) => p._embedded?.bidAdminLotDataList ?? []) ?? [];
  return { query: q, lots, allLoaded: q.isSuccess && !hasNextPage && !q.isFetching };
}

export interface PlaceAnswer {
  bidAdminOrderBidResponses: { lotRef: string; success: boolean; reason?: string }[];
  successBids: number;
  failedBids: number;
  message: string;
}

export interface HistoryAnswer {
  bidHistory: Record<string, HistoryEntry[]>;
  cancelBidCount: number;
  canCancelBid: boolean;
}

/** The writes and by-ref reads, carrying the legacy identity fields (the caller's refs). */
export function useBulkCalls(catalogRef: string) {
  const dp = useAppDataProvider();
  const user = useShellUser().user;
  const who = { catalogRef, liveUserRef: user?.userRef ?? '', houseRef: user?.houseInfo.houseRef ?? '' };
  return {
    lotsByRef: async (lotRefs: string[]) =>
      (await dp.call<{ _embedded?: { bidAdminLotDataList: BulkLot[] } }>('POST', `${base(catalogRef)}/lotsByRef`, lotRefs))._embedded
        ?.bidAdminLotDataList ?? [],
    history: (lotRef: string) => dp.call<HistoryAnswer>('POST', `${base(catalogRef)}/bidHistory`, [lotRef]),
    place: async (bids: { lotRef: string; bidAmount: number }[], bidType: BidType) =>
      (
        await dp.call<{ data: { bulkOrderBidResponse: PlaceAnswer } }>('POST', '/app/external/orderBid/bidAdmin', {
          ...who,
          bidAdminOrderBids: bids,
          bidType,
        })
      ).data.bulkOrderBidResponse,
    cancel: async (lotRef: string, orderBidRef: string) =>
      (
        await dp.call<{ data: { message: string; cancelBidCount: number; canCancelBid: boolean } }>(
          'POST',
          '/app/external/cancelBid/bidAdmin',
          { ...who, lotRef, orderBidRef },
        )
      ).data,
  };
}
