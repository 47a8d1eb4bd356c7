import type { GetListParams, GetListResult, Identifier } from 'react-admin';
import type { UninvoicedAuctionGroup } from '../invoices/invoiceApi';
import { getSalesTaxList, SALES_TAX_REPORT } from '../reports/sales-tax/salesTaxApi';
import { housePath } from './housePath';

/**
 * Spec calls under `/app/house/{houseRef}/...` that are lists but not `/api` resources, exposed to
 * react-admin's list machinery (`useGetList`, `useUrlListController`) under a resource name. The
 * server keeps the spec's call and shape; this maps page/perPage to its `page`/`size` and its answer
 * to `{ data, total }`. The house is the list's filter (`{ houseRef }`).
 */
export const UNINVOICED_SALES = 'uninvoiced-sales';

/**
 * A sale (auction group) with sessions not invoiced yet: a record of `uninvoiced-sales` (id = groupID).
 * The screen selects sessions of a sale, not sales: the list's selected ids are catalogRefs, hence
 * the id's wider type.
 */
export type UninvoicedSaleRecord = UninvoicedAuctionGroup & { id: Identifier };

type Call = <T>(method: 'GET', path: string) => Promise<T>;
type ListAnswer = { data: { auctionGroups: UninvoicedAuctionGroup[]; totalRecords?: number } };

export const APP_LIST_RESOURCES: Record<string, (call: Call, params: GetListParams) => Promise<GetListResult>> = {
  // `GET invoiceCatalogs?page&size`: sales a page (spec 000 section 2), each with its sessions.
  [UNINVOICED_SALES]: async (call, { pagination, filter }) => {
    const { page = 1, perPage = 25 } = pagination ?? {};
    const houseRef = String(filter?.houseRef ?? '');
    const res = await call<ListAnswer>('GET', housePath(houseRef, `invoiceCatalogs?page=${page}&size=${perPage}`));
    const sales = res.data.auctionGroups;
    return {
      data: sales.map((s): UninvoicedSaleRecord => ({ ...s, id: s.groupID })),
      total: res.data.totalRecords ?? sales.length,
    };
  },
  // `GET salesTaxReport?year&month&state&page&size&sort&order`: rows per month and state, totals as meta.
  [SALES_TAX_REPORT]: (call, params) => getSalesTaxList(call, params),
};
