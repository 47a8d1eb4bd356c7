import { YOUR_CUSTOMERS_CSV_HEADER, yourCustomerCsvRow, type YourCustomer } from '@ar/rules';
import { housePath } from '../../api/housePath';
import { csvDocument } from '../../kit/csv';

/** Your Customers' filters, export path and CSV: pure, no react-admin (unit-tested alone). */

/** The screen's filters, as kept in the URL (`q`, `group`; '' = none). */
export interface YourCustomersFilter {
  q: string;
  group: string;
  /** One bidder, from the invoice pages' link (`?memberID=`). */
  memberID?: string;
}

/** The list call's filter: only what is set (groupID as a number). */
export function listFilter(f: YourCustomersFilter): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const q = f.q.trim();
  if (q) out.q = q;
  if (/^\d+$/.test(f.group)) out.groupID = Number(f.group);
  if (f.memberID && /^\d+$/.test(f.memberID)) out.memberID = Number(f.memberID);
  return out;
}

/** The spec's export call for the filter: yourCustomers, or yourCustomers/group/{groupID}, with the search. */
export function exportPath(houseRef: string, f: YourCustomersFilter): string {
  const q = f.q.trim();
  const rest = /^\d+$/.test(f.group) ? `yourCustomers/group/${f.group}` : 'yourCustomers';
  return housePath(houseRef, q ? `${rest}?${new URLSearchParams({ search: q }).toString()}` : rest);
}

/** The CSV of the given customers through the kit's one writer (formula-injection safe). */
export const yourCustomersCsv = (customers: readonly YourCustomer[]): string =>
  csvDocument(YOUR_CUSTOMERS_CSV_HEADER, customers.map(yourCustomerCsvRow));
