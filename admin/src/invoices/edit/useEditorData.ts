/**
 * What the invoice editor shows, loaded with a fixed number of requests whatever the group's size:
 * the cost-per-lot flag first (it picks the editor), the group's header and totals, and one page
 * of invoices with their lines (never a request per invoice). With an `?id=` list the page is
 * those invoices, ordered by invoice number, and the totals are theirs.
 *
 * After a save only what changed is fetched again: the saved invoice (patched into the page) and
 * the totals.
 */
import { useCallback, useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAppDataProvider } from '../../api/dataProvider';
import { fetchAllInvoices, fetchApplyCostPerLot, fetchGroupDetailInfo, type CatalogDay } from '../invoiceApi';
import { answeredInvoices, fetchEditableInvoices } from '../shared/editingApi';
import type { EditableInvoice } from '../shared/editingTypes';
import { INVOICE_KEYS, useHouseRef } from '../useHouseRef';
import { groupTotals, sumTotals, type EditorTotals } from './editorTotals';

export type { EditorTotals } from './editorTotals';

export interface EditorHeader {
  title: string;
  catalogs: CatalogDay[];
  symbol: string;
  invoiceCreated: boolean;
  currencyCode: string;
}

interface PageData {
  invoices: EditableInvoice[];
  totalRecords: number;
}

export const EDIT_KEYS = {
  head: (houseRef: string, groupId: number) => ['invoices', 'edit', houseRef, groupId, 'head'] as const,
  ids: (houseRef: string, groupId: number, ids: string) => ['invoices', 'edit', houseRef, groupId, 'ids', ids] as const,
  page: (houseRef: string, groupId: number, ids: string, page: number, size: number) =>
    ['invoices', 'edit', houseRef, groupId, 'page', ids, page, size] as const,
  one: (houseRef: string, groupId: number, id: number) => ['invoices', 'edit', houseRef, groupId, 'one', id] as const,
  all: (houseRef: string, groupId: number) => ['invoices', 'edit', houseRef, groupId, 'all'] as const,
  audit: (houseRef: string, id: number, version: number) => ['invoices', 'audit', houseRef, id, version] as const,
  paymentMethods: (houseRef: string, groupId: number) => ['invoices', 'paymentMethods', houseRef, groupId] as const,
};

export function useEditorData(groupId: number, ids: readonly number[] | null, page: number, size: number) {
  const dp = useAppDataProvider();
  const houseRef = useHouseRef();
  const qc = useQueryClient();
  const ready = houseRef !== '';
  const idsKey = ids ? ids.join(',') : '';

  const costPerLot = useQuery({
    queryKey: INVOICE_KEYS.costPerLot(houseRef, groupId),
    queryFn: () => fetchApplyCostPerLot(dp, houseRef, groupId),
    enabled: ready,
    retry: false,
  });

  const head = useQuery({
    queryKey: EDIT_KEYS.head(houseRef, groupId),
    queryFn: () => fetchGroupDetailInfo(dp, houseRef, groupId, { page: 1, size: 1 }),
    enabled: ready,
    placeholderData: keepPreviousData,
    retry: false,
  });

  // With ids: the named invoices of the group (no lines), ordered by invoice number: the order of
  // the pages and the totals. Ids of other groups are dropped by the server.
  const named = useQuery({
    queryKey: EDIT_KEYS.ids(houseRef, groupId, idsKey),
    queryFn: () => fetchAllInvoices(dp, groupId, { id: [...(ids ?? [])] }),
    enabled: ready && ids !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const orderedIds = useMemo(() => named.data?.map((i) => i.invoiceID), [named.data]);

  const pageQuery = useQuery({
    queryKey: EDIT_KEYS.page(houseRef, groupId, idsKey, page, size),
    queryFn: async (): Promise<PageData> => {
      if (ids === null) {
        const d = await fetchGroupDetailInfo(dp, houseRef, groupId, { page, size });
        return { invoices: d.invoiceBidders as unknown as EditableInvoice[], totalRecords: d.totalRecords };
      }
      const list = orderedIds ?? [];
      const slice = list.slice((page - 1) * size, page * size);
      return { invoices: await fetchEditableInvoices(dp, houseRef, groupId, slice), totalRecords: list.length };
    },
    enabled: ready && costPerLot.isSuccess && (ids === null || orderedIds !== undefined),
    placeholderData: keepPreviousData,
    retry: false,
  });

  const header: EditorHeader | null = head.data
    ? {
        title: head.data.invoiceGroup.invoiceGroupTitle,
        catalogs: head.data.catalogs,
        symbol: head.data.totalPrice.currencySymbol,
        invoiceCreated: head.data.invoiceGroup.invoiceCreated,
        currencyCode: head.data.invoiceGroup.currencyCode,
      }
    : null;

  let totals: EditorTotals | null = null;
  if (ids !== null) totals = named.data ? sumTotals(named.data) : null;
  else if (head.data) totals = groupTotals(head.data.totals, head.data.totalsCents);

  /** Puts invoices as the server answered them into the page and the dialogs' cache, and refreshes the totals. */
  const wholeGroup = ids === null;
  const applyInvoices = useCallback(
    (fresh: readonly EditableInvoice[]) => {
      const pageKey = EDIT_KEYS.page(houseRef, groupId, idsKey, page, size);
      const byId = new Map(fresh.map((i) => [i.invoiceID, i]));
      qc.setQueryData<PageData>(pageKey, (d) => (d ? { ...d, invoices: d.invoices.map((i) => byId.get(i.invoiceID) ?? i) } : d));
      for (const i of fresh) qc.setQueryData(EDIT_KEYS.one(houseRef, groupId, i.invoiceID), i);
      // The totals change with the invoices; the other screens' caches are stale too.
      void qc.invalidateQueries({ queryKey: wholeGroup ? EDIT_KEYS.head(houseRef, groupId) : EDIT_KEYS.ids(houseRef, groupId, idsKey) });
      void qc.invalidateQueries({ queryKey: ['invoices', 'details', houseRef, groupId], refetchType: 'none' });
      void qc.invalidateQueries({ queryKey: EDIT_KEYS.all(houseRef, groupId), refetchType: 'none' });
    },
    [qc, houseRef, groupId, idsKey, page, size, wholeGroup],
  );

  /**
   * After a save (or a refusal): the invoices the server answered, else the invoice fetched again
   * (a 409 answers no invoice: the screen shows the other person's change).
   */
  const refreshInvoice = useCallback(
    async (invoiceId: number, answer?: unknown): Promise<EditableInvoice | null> => {
      const answered = answeredInvoices(answer);
      const fresh = answered.length ? answered : await fetchEditableInvoices(dp, houseRef, groupId, [invoiceId]);
      applyInvoices(fresh);
      return fresh.find((i) => i.invoiceID === invoiceId) ?? null;
    },
    [applyInvoices, dp, houseRef, groupId],
  );

  /** Every invoice id of the screen in order (the ?id= list, or the whole group, 500 per request). */
  const allIds = useCallback(async (): Promise<number[]> => {
    if (ids !== null) return orderedIds ?? [...ids];
    const list = await qc.fetchQuery({
      queryKey: EDIT_KEYS.all(houseRef, groupId),
      queryFn: () => fetchAllInvoices(dp, groupId, {}),
      staleTime: 60_000,
    });
    return list.map((i) => i.invoiceID);
  }, [ids, orderedIds, qc, houseRef, groupId, dp]);

  return {
    houseRef,
    costPerLot,
    head,
    header,
    totals,
    page: pageQuery,
    invoices: pageQuery.data?.invoices ?? [],
    totalRecords: pageQuery.data?.totalRecords ?? 0,
    isError: costPerLot.isError || head.isError || named.isError || pageQuery.isError,
    isPending: costPerLot.isPending || head.isPending || pageQuery.isPending,
    refreshInvoice,
    applyInvoices,
    allIds,
  };
}
