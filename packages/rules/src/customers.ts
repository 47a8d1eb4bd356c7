/**
 * Your Customers (spec 001 "Your Customers", /your-customers): texts, the connect types that see
 * the page, the phone format and the CSV file name, shared by the server and the admin.
 */

/** Your Customers is shown for houses of these connect types (spec 001 section 6). */
export const YOUR_CUSTOMERS_CONNECT_TYPES = ['s', 'p', 'e'] as const;

export const canSeeYourCustomers = (connectType: string | null | undefined): boolean =>
  (YOUR_CUSTOMERS_CONNECT_TYPES as readonly string[]).includes(connectType ?? '');

/** Where the admin sends a house of another connect type (spec: "Redirects to /?p=1"). */
export const YOUR_CUSTOMERS_REDIRECT = '/?p=1';

/** Page sizes of the table (the spec's list sizes, first is the default). */
export const YOUR_CUSTOMERS_PAGE_SIZES = [50, 100, 200] as const;
/** Longest search text the server takes. */
export const YOUR_CUSTOMERS_SEARCH_MAX = 100;
/** Most customers one export (the whole list of a group) answers. */
export const YOUR_CUSTOMERS_EXPORT_MAX = 20000;

export const YOUR_CUSTOMERS_TEXT = {
  title: 'Your Customers',
  empty: 'No customers found in this group',
  loadError: 'Unable to load your customers. Please try again later or contact Customer Care any time at:',
  allGroups: 'All sales',
  search: 'Search customers',
  groupFilter: 'Sale group',
  downloadCsv: 'Download .CSV',
  keywordReport: 'Keyword Alerts Report',
  badGroup: 'Choose one of your sales.',
  badSearch: `Search text is at most ${YOUR_CUSTOMERS_SEARCH_MAX} characters.`,
} as const;

/** The customer CSV's columns, in order. */
export const YOUR_CUSTOMERS_CSV_HEADER = [
  'Last Name',
  'First Name',
  'Email',
  'Phone',
  'Street 1',
  'Street 2',
  'City',
  'State/Province',
  'Postal Code',
  'Country',
  'Customer Since',
] as const;

/** The keyword alerts report's columns, in order. */
export const KEYWORD_REPORT_CSV_HEADER = ['Last Name', 'First Name', 'Email', 'Keyword', 'Created'] as const;
export const KEYWORD_REPORT_FILE_NAME = 'keywordsReport.csv';

/**
 * A phone as (xxx) xxx-xxxx when it has exactly 10 digits, or 11 starting with the US/Canada 1;
 * anything else (international, extensions, blank) as given, trimmed.
 */
export function formatPhone(phone: string | null | undefined): string {
  const raw = (phone ?? '').trim();
  const digits = raw.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (ten.length !== 10 || /[a-wyz]/i.test(raw)) return raw;
  return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}

/** MM/DD/YYYY of a date (the spec's date format), in UTC. */
export function usDate(d: Date | string): string {
  const x = typeof d === 'string' ? new Date(d) : d;
  return `${String(x.getUTCMonth() + 1).padStart(2, '0')}/${String(x.getUTCDate()).padStart(2, '0')}/${x.getUTCFullYear()}`;
}

/** yourCustomers_{date}.csv with the date as YYYY-MM-DD (no slashes in a file name). */
export function yourCustomersFileName(now: Date): string {
  const ymd = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `yourCustomers_${ymd}.csv`;
}

/** One customer as the calls answer it (spec 001 "Private-label customer"). */
export interface YourCustomer {
  id: number;
  memberRef: string;
  lastName: string;
  firstName: string;
  email: string | null;
  address: {
    street1: string | null;
    street2: string | null;
    city: string | null;
    stateID: string | null;
    province: string | null;
    postalCode: string | null;
    countryName: string | null;
    phone: string | null;
  };
  /** ISO timestamp of when the bidder became the house's customer. */
  creationDate: string;
}

export interface YourCustomersGroup {
  groupID: number;
  groupName: string;
}

/** The customer's CSV cells, in YOUR_CUSTOMERS_CSV_HEADER order (phone formatted, date MM/DD/YYYY). */
export function yourCustomerCsvRow(c: YourCustomer): string[] {
  const a = c.address;
  return [
    c.lastName,
    c.firstName,
    c.email ?? '',
    formatPhone(a.phone),
    a.street1 ?? '',
    a.street2 ?? '',
    a.city ?? '',
    a.stateID ?? a.province ?? '',
    a.postalCode ?? '',
    a.countryName ?? '',
    usDate(c.creationDate),
  ];
}
