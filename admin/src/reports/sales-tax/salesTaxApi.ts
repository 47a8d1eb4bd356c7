import type { GetListParams, GetListResult } from 'react-admin';
import { SALES_TAX_CSV_HEADER, SALES_TAX_MAX_PAGE_SIZE, type SalesTaxReportAnswer, type SalesTaxReportRow } from '@ar/rules';
import { housePath } from '../../api/housePath';
import { csvDocument } from '../../kit/csv';

/** The react-admin resource of GET /app/house/{houseRef}/salesTaxReport (api/appListResources.ts). */
export { SALES_TAX_REPORT } from '../../api/appListResources';

/** The screen's filters as the call takes them ('' = all). */
export interface SalesTaxFilter {
  houseRef: string;
  year: string;
  month: string;
  state: string;
}

type Call = <T>(method: 'GET', path: string) => Promise<T>;

/** The call's path for one page, sorted (sort fields are the call's own). */
export function salesTaxPath(filter: SalesTaxFilter, page: number, size: number, sort?: { field: string; order: string }): string {
  const q = new URLSearchParams();
  if (filter.year) q.set('year', filter.year);
  if (filter.month) q.set('month', filter.month);
  if (filter.state) q.set('state', filter.state);
  q.set('page', String(page));
  q.set('size', String(size));
  if (sort) {
    q.set('sort', sort.field);
    q.set('order', sort.order);
  }
  return housePath(filter.houseRef, `salesTaxReport?${q.toString()}`);
}

/** react-admin's getList on the call: rows, the count, and the totals as `meta`. */
export async function getSalesTaxList(call: Call, { pagination, sort, filter }: GetListParams): Promise<GetListResult> {
  const { page = 1, perPage = 50 } = pagination ?? {};
  const res = await call<{ data: SalesTaxReportAnswer }>('GET', salesTaxPath(filter as SalesTaxFilter, page, perPage, sort));
  return {
    data: res.data.houseSalesTaxReport,
    total: res.data.totalRecords,
    meta: { totals: res.data.totals, currencyCode: res.data.currencyCode },
  };
}

/** Every row of the report (for the CSV), in pages of the largest size the call answers. */
export async function fetchAllSalesTaxRows(
  call: Call,
  filter: SalesTaxFilter,
  sort: { field: string; order: string },
): Promise<SalesTaxReportRow[]> {
  const rows: SalesTaxReportRow[] = [];
  for (let page = 1; ; page++) {
    const res = await call<{ data: SalesTaxReportAnswer }>('GET', salesTaxPath(filter, page, SALES_TAX_MAX_PAGE_SIZE, sort));
    rows.push(...res.data.houseSalesTaxReport);
    if (rows.length >= res.data.totalRecords || res.data.houseSalesTaxReport.length === 0) return rows;
  }
}

/** Cents as a plain decimal ('-1234.50'): exact, no float. */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** tax-report.csv: the table's rows and columns, amounts as plain decimals. */
export function salesTaxCsv(rows: readonly SalesTaxReportRow[]): string {
  return csvDocument(
    SALES_TAX_CSV_HEADER,
    rows.map((r) => [r.startDate, r.maxDate, r.stateName, centsText(r.salesAmountCents), centsText(r.taxAmountCents)]),
  );
}
