/**
 * The invoice-group calls of spec 000 section 7 as the server answers them
 * (src/modules/invoicing/groups and .../invoices), typed for the screens. Amounts come as
 * numbers and as integer cents (`...Cents`); the screens use the cents.
 */
import type { AppDataProvider } from '../api/dataProvider';
import { housePath } from '../api/housePath';
import { httpClient } from '../api/httpClient';

export { housePath };

const qs = (params: Record<string, string | number | undefined | null>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
};

// --- Manage All Invoices -------------------------------------------------------------------------

/** One session of `data.auctionGroups[].catalogs`. */
export interface UninvoicedCatalog {
  catalogRef: string;
  catalogID: number;
  catalogDateFull: string;
  /** MM/DD/YYYY in the session's time zone. */
  catalogDate: string;
  catalogTitle: string;
  addressID: number | null;
  saleType?: string;
  currencyCode?: string;
  uninvoicedLots?: number;
}

export interface UninvoicedAuctionGroup {
  groupID: number;
  groupName: string;
  catalogs: UninvoicedCatalog[];
}

export interface InvoiceSettingSummary {
  id: number;
  name: string;
  payrixTemplate: boolean;
  active?: boolean;
}

export interface GroupCatalog {
  /** MM/DD/YYYY. */
  date: string;
  title: string;
  catalogID: number;
  catalogRef?: string;
}

/** One entry of `data.invoices` of `GET invoiceGroups`. */
export interface InvoiceGroupSummary {
  invoiceGroupID: number;
  invoiceGroupTitle: string;
  invoiceGroupSettingsID: number;
  invoiceCreated: boolean;
  creationError?: string | null;
  creationJobID?: string | null;
  catalogs: GroupCatalog[];
}

export interface JobView {
  id: string;
  status: 'queued' | 'running' | 'completed' | 'failed' | string;
  progress: { done: number; total: number; message: string | null };
  error: string | null;
}

export async function fetchInvoiceSettings(dp: AppDataProvider, houseRef: string) {
  return (await dp.call<{ data: { invoiceSettings: InvoiceSettingSummary[] } }>('GET', housePath(houseRef, 'invoiceSettings'))).data
    .invoiceSettings;
}

export interface CreateGroupBody {
  catalogRefs: string[];
  groupTitle: string;
  invoiceSettingsID: number;
}

/**
 * `POST invoiceGroup`. The Idempotency-Key makes a repeated submission (a retry after a lost
 * answer) answer the group the first one made.
 */
export async function createInvoiceGroup(houseRef: string, body: CreateGroupBody, idempotencyKey: string) {
  const { json } = await httpClient(housePath(houseRef, 'invoiceGroup'), {
    method: 'POST',
    body: JSON.stringify(body),
    headers: new Headers({ Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey }),
  });
  return (json as { data: { invoiceGroupID: number; creationJobID?: string | null } }).data;
}

export async function fetchJob(dp: AppDataProvider, id: string) {
  return dp.call<JobView>('GET', `/api/jobs/${encodeURIComponent(id)}`);
}

export async function retryGroupCreation(dp: AppDataProvider, groupId: number) {
  return dp.call('POST', `/api/invoice-groups/${groupId}/retry`, {});
}

// --- Invoices ------------------------------------------------------------------------------------

export interface PriceCents {
  hammer: number;
  premium: number;
  livefee: number;
  tax: number;
  shipping: number;
  insurance: number;
  other: number;
}

export interface InvoiceDetail {
  invoiceDetailID: number;
  lotID: number;
  lotNumber: string;
  lotTitle: string;
  saleIdentifier: string | null;
  catalogID: number;
  suppress: boolean;
  restricted: boolean;
  totalAmountCents: number;
  priceInfoCents: PriceCents;
  fees?: { label: string; amountCents: number }[];
  disputeRef: string | null;
  itemStatus: string;
}

export interface Invoice {
  invoiceID: number;
  invoiceNumber: number;
  invoiceGroupID: number;
  firstName: string;
  lastName: string;
  name: string;
  displayName: string;
  email: string | null;
  companyName: string | null;
  platform: string;
  paddleNumber: number;
  street1: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  province: string | null;
  postalCode: string | null;
  country: string | null;
  location: string;
  channel: string;
  pickup: boolean;
  currencyCode: string;
  itemCount: number;
  invoiceTotalCents: number;
  outStandingBalanceCents: number;
  invoicePaidCents: number;
  applyCostPerLot: boolean;
  totalPrice: { currencySymbol: string };
  totalPriceCents: PriceCents;
  /** The columns with the additional charges that count: they add up to invoiceTotalCents. */
  totalPriceWithAdditionalChargesCents: PriceCents;
  invoiceChargesCents: { tax: number; shipping: number; insurance: number; other: number };
  invoiceStatus: string;
  shipStatus: string;
  shipDateString: string | null;
  paidDateString: string | null;
  paymentMethod: string | null;
  invoiceSentDateString: string | null;
  invoiceDetails?: InvoiceDetail[];
}

export interface CatalogDay {
  identifier: string;
  title: string;
  date: string;
  catalogID: number;
  dayNumber: number;
}

export interface TotalsStrip {
  totalInvoices: number;
  totalItems: number;
}

export interface TotalsStripCents {
  totalHammer: number;
  totalBP: number;
  totalLiveFee: number;
  totalTax: number;
  totalSH: number;
  totalInsurance: number;
  totalOther: number;
  invoiceTotal: number;
  pendingCharges: number;
  paymentsMade: number;
}

export type StatusFilter = 'ALL' | 'UNPAID' | 'PAID';

export interface GroupDetailInfo {
  invoiceGroup: {
    invoiceGroupID: number;
    invoiceGroupTitle: string;
    invoiceCreated: boolean;
    invoiceGroupSettingsID: number;
    currencyCode: string;
    creationError: string | null;
  };
  catalogs: CatalogDay[];
  invoiceBidders: Invoice[];
  totalPrice: { currencySymbol: string };
  totals: TotalsStrip;
  totalsCents: TotalsStripCents;
  hasPaddleNumbers: boolean;
  totalRecords: number;
  page: number;
  size: number | null;
}

export interface DetailQuery {
  page?: number;
  size?: number;
  status?: StatusFilter;
  search?: string;
}

/** `GET invoiceGroup/{id}/groupDetailInfo` (without size: every matching invoice). */
export async function fetchGroupDetailInfo(dp: AppDataProvider, houseRef: string, groupId: number, q: DetailQuery) {
  const query = qs({
    page: q.page,
    size: q.size,
    status: q.status && q.status !== 'ALL' ? q.status : undefined,
    search: q.search?.trim() || undefined,
  });
  return (await dp.call<{ data: GroupDetailInfo }>('GET', housePath(houseRef, `invoiceGroup/${groupId}/groupDetailInfo${query}`))).data;
}

export async function fetchApplyCostPerLot(dp: AppDataProvider, houseRef: string, groupId: number) {
  const res = await dp.call<{ data: { applyCostPerLot: boolean } | boolean }>(
    'GET',
    housePath(houseRef, `invoiceGroup/${groupId}/applyCostPerLot`),
  );
  return typeof res.data === 'boolean' ? res.data : res.data.applyCostPerLot;
}

/** The server's most records per `/api/invoices` page. */
const API_PAGE = 500;

/**
 * Every invoice of the group matching the filter, without lines (for the CSV): `/api/invoices`
 * pages of 500, one request per 500 invoices. Named ids go 500 to a request too, so the query
 * string stays short whatever the selection.
 */
export async function fetchAllInvoices(dp: AppDataProvider, groupId: number, filter: { status?: StatusFilter; q?: string; id?: number[] }) {
  const base: Record<string, unknown> = { invoiceGroupId: groupId };
  if (filter.status && filter.status !== 'ALL') base.status = filter.status;
  if (filter.q?.trim()) base.q = filter.q.trim();
  const list = (f: Record<string, unknown>, page: number) =>
    dp.getList<Invoice & { id: number }>('invoices', {
      pagination: { page, perPage: API_PAGE },
      sort: { field: 'invoiceNumber', order: 'ASC' },
      filter: f,
    });
  const out: Invoice[] = [];
  if (filter.id) {
    for (let i = 0; i < filter.id.length; i += API_PAGE)
      out.push(...(await list({ ...base, id: filter.id.slice(i, i + API_PAGE) }, 1)).data);
    return out.sort((a, b) => a.invoiceNumber - b.invoiceNumber);
  }
  for (let page = 1; ; page++) {
    const res = await list(base, page);
    out.push(...res.data);
    const total = res.total ?? out.length;
    if (res.data.length < API_PAGE || out.length >= total) break;
  }
  return out;
}
