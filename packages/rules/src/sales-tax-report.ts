/**
 * The Sales Tax Reports screen's rules and texts (spec 001: "Sales Tax Reports", section 9), shared by
 * the server (validation of GET /app/house/{houseRef}/salesTaxReport) and the admin (filters, CSV).
 * docs/decisions/sales-tax-report.md says how the figures are computed.
 */

/** The first year the year filter offers (spec 001 section 9: "All years" plus 2023 up to the current year). */
export const SALES_TAX_FIRST_YEAR = 2023;
/** Rows per page (spec 001 section 9); the first is the default. */
export const SALES_TAX_PAGE_SIZES = [50, 100, 200] as const;
/** The largest page the call answers (the CSV reads every row in pages of this size). */
export const SALES_TAX_MAX_PAGE_SIZE = 500;
/** The download's file name (spec 001 section 9). */
export const SALES_TAX_CSV_NAME = 'tax-report.csv';
/** The columns the table and the CSV sort by. */
export const SALES_TAX_SORTS = ['startDate', 'maxDate', 'stateName', 'salesAmount', 'taxAmount'] as const;
export type SalesTaxSort = (typeof SALES_TAX_SORTS)[number];

export const SALES_TAX_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const SALES_TAX_TEXT = {
  /** Spec 001 section 8, empty states. */
  empty: 'No sales tax report(s) have been generated',
  allYears: 'All years',
  allMonths: 'All months',
  allStates: 'All states',
  viewReport: 'View Report',
  download: 'Download .CSV',
  grossSales: 'Gross Sales',
  taxCollected: 'Sales Tax',
  // Ours: the spec shows no message for a bad query.
  invalidQuery: 'The report parameters are not valid.',
  year: (now: number) => `Year must be from ${SALES_TAX_FIRST_YEAR} to ${now}.`,
  month: 'Month must be a whole number from 1 to 12.',
  state: 'State must be a US state code from the state list.',
  page: 'Page must be a whole number of at least 1.',
  size: `Size must be a whole number from 1 to ${SALES_TAX_MAX_PAGE_SIZE}.`,
  sort: `Sort must be one of ${SALES_TAX_SORTS.join(', ')}.`,
  order: 'Order must be ASC or DESC.',
  /** The row of US invoices without a state. */
  noState: '(No state)',
} as const;

/** The CSV's header, in the table's column order. */
export const SALES_TAX_CSV_HEADER = ['Start Date', 'End Date', 'State', 'Gross Sales', 'Sales Tax'] as const;

/** The years the filter offers, newest first (2023 up to `currentYear`). */
export function salesTaxYears(currentYear: number): number[] {
  const years: number[] = [];
  for (let y = currentYear; y >= SALES_TAX_FIRST_YEAR; y--) years.push(y);
  return years;
}

/** One row of `data.houseSalesTaxReport` (spec 001 section 3: startDate, maxDate, stateName, salesAmount, taxAmount). */
export interface SalesTaxReportRow {
  /** `YYYY-MM|STATE`: stable for react-admin. */
  id: string;
  /** MM/DD/YYYY: the first day of the month. */
  startDate: string;
  /** MM/DD/YYYY: the last day of that month money moved for the state. */
  maxDate: string;
  stateCode: string | null;
  stateName: string;
  salesAmount: number;
  salesAmountCents: number;
  taxAmount: number;
  taxAmountCents: number;
}

export interface SalesTaxReportTotals {
  salesAmount: number;
  salesAmountCents: number;
  taxAmount: number;
  taxAmountCents: number;
}

/** `data` of GET /app/house/{houseRef}/salesTaxReport. */
export interface SalesTaxReportAnswer {
  houseSalesTaxReport: SalesTaxReportRow[];
  totalRecords: number;
  totals: SalesTaxReportTotals;
  currencyCode: string;
  page: number;
  size: number;
}
