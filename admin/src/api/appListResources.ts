import type { GetListParams, GetListResult, Identifier } from 'react-admin';
import type { AuctionCalendar, CalendarGroup } from '@ar/rules';
import type { UninvoicedAuctionGroup } from '../invoices/invoiceApi';
import { housePath } from './housePath';

// Resource names of lists whose fetchers load with their screens: imported here statically they
// would pull the screens' rules into the initial bundle.
export const SESSION_PREVIEW = 'session-preview';
export const DISPUTES = 'disputes';
export const SALES_TAX_REPORT = 'sales-tax-report';
/** The EOA view's lots (`GET eoa/{catalogRef}/lots`): filter `{ houseRef, catalogRef, result?, channel?, q? }`, totals as meta. */
export const EOA_LOTS = 'eoa-lots';

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

/** The calendar's sales (My auctions), a page at a time: filter `{ houseRef, upcoming }`; `meta.stealthMode`. */
export const AUCTION_CALENDAR = 'auction-calendar';

/** A sale of the calendar: a record of `auction-calendar` (id = groupID). */
export type CalendarGroupRecord = CalendarGroup & { id: number };

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
  // `GET auction-calendar?upcoming=true|false&page&size`: the calendar's sales (spec 001 "My auctions").
  [AUCTION_CALENDAR]: async (call, { pagination, filter }) => {
    const { page = 1, perPage = 10 } = pagination ?? {};
    const houseRef = String(filter?.houseRef ?? '');
    const upcoming = filter?.upcoming === false ? 'false' : 'true';
    const res = await call<{ data: AuctionCalendar }>(
      'GET',
      housePath(houseRef, `auction-calendar?upcoming=${upcoming}&page=${page}&size=${perPage}`),
    );
    return {
      data: res.data.auctionGroups.map((g): CalendarGroupRecord => ({ ...g, id: g.groupID })),
      total: res.data.totalRecords,
      meta: { stealthMode: res.data.stealthMode },
    };
  },
  // `GET salesTaxReport?year&month&state&page&size&sort&order`: rows per month and state, totals as meta.
  [SALES_TAX_REPORT]: async (call, params) => (await import('../reports/sales-tax/salesTaxApi')).getSalesTaxList(call, params),
  // `GET /cps/app/catalog/{id}/preview?search&page&size`: the preview grid (spec 001 "Preview step").
  [SESSION_PREVIEW]: async (call, params) => (await import('../sessions/summary/summaryApi')).getPreviewList(call, params),
  // `GET eoa/{catalogRef}/lots?range&sort&filter`: the EOA view's lots, paged in the database.
  [EOA_LOTS]: async (call, params) => (await import('../reports/eoa/eoaLotsList')).getEoaLotsList(call, params),
  // `GET openDisputes | pastDisputes?days= | disputes` with page and size (View Disputes).
  [DISPUTES]: async (call, params) => (await import('../customers/disputes/disputesApi')).getDisputesList(call as never, params),
};
