import { useQuery } from '@tanstack/react-query';
import type { SaleResultsAnswer, SaleResultsGroup } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { housePath } from '../../api/housePath';

/** Query keys of the sale results screens. */
export const SALE_RESULTS_KEYS = {
  groups: (houseRef: string) => ['reports', 'sessionResults', houseRef] as const,
  lots: (houseRef: string, catalogRefs: readonly string[], search: string) =>
    ['reports', 'sessionResults', houseRef, catalogRefs, search] as const,
};

export function useSaleResultGroups(houseRef: string) {
  const dp = useAppDataProvider();
  return useQuery({
    queryKey: SALE_RESULTS_KEYS.groups(houseRef),
    queryFn: async () =>
      (await dp.call<{ data: { groups: SaleResultsGroup[] } }>('GET', housePath(houseRef, 'sessionResults/catalogs'))).data.groups,
    enabled: !!houseRef,
  });
}

export function useSaleResults(houseRef: string, catalogRefs: readonly string[], search: string) {
  const dp = useAppDataProvider();
  return useQuery({
    queryKey: SALE_RESULTS_KEYS.lots(houseRef, catalogRefs, search),
    queryFn: async () =>
      (
        await dp.call<{ data: SaleResultsAnswer }>('POST', housePath(houseRef, 'sessionResults/lots'), {
          catalogRefs,
          ...(search ? { search } : {}),
        })
      ).data,
    enabled: !!houseRef && catalogRefs.length > 0,
    placeholderData: (prev) => prev,
  });
}

/** `POST message`: a message to the bidder (memberRef) through the mail outbox. */
export function useMessageBidder(houseRef: string, houseUserRef: string | undefined) {
  const dp = useAppDataProvider();
  return (userRef: string, subject: string, message: string) =>
    dp.call('POST', housePath(houseRef, 'message'), { houseUserRef, userRef, subject, message }).then(() => undefined);
}

/**
 * The download link of the sale results (`GET sessionResults/download`): the browser follows it with
 * the session cookie and saves the attachment under the server's file name.
 */
export function saleResultsDownloadPath(houseRef: string, format: 'csv' | 'xlsx', catalogRefs: readonly string[], search: string): string {
  const q = new URLSearchParams({ format, catalogRefs: catalogRefs.join(',') });
  if (search) q.set('search', search);
  return `${housePath(houseRef, 'sessionResults/download')}?${q.toString()}`;
}
