import { KEYWORD_REPORT_FILE_NAME, yourCustomersFileName, type YourCustomer, type YourCustomersGroup } from '@ar/rules';
import { housePath } from '../../api/housePath';
import { httpClient } from '../../api/httpClient';
import { downloadText } from '../../common/downloadFile';
import { exportPath, yourCustomersCsv, type YourCustomersFilter } from './yourCustomersFilter';

export { listFilter, type YourCustomersFilter } from './yourCustomersFilter';

/** The react-admin resource: GET /api/your-customers (paged, searched and sorted by the server). */
export const YOUR_CUSTOMERS = 'your-customers';

export async function fetchGroups(houseRef: string): Promise<YourCustomersGroup[]> {
  const { json } = await httpClient(housePath(houseRef, 'groups'));
  return (json as { data: { groups: YourCustomersGroup[] } }).data.groups;
}

/** Every customer of the filter as yourCustomers_{date}.csv. */
export async function downloadCustomersCsv(houseRef: string, f: YourCustomersFilter): Promise<void> {
  const { json } = await httpClient(exportPath(houseRef, f));
  const customers = (json as { data: { customers: YourCustomer[] } }).data.customers;
  downloadText(yourCustomersFileName(new Date()), yourCustomersCsv(customers));
}

/** The keyword alerts report: the server's CSV text (written by the same CSV writer), saved as it came. */
export async function downloadKeywordReport(houseRef: string): Promise<void> {
  const { body } = await httpClient(housePath(houseRef, 'keywordsReports'), { headers: { Accept: 'text/csv' } });
  // fetch's text decoding drops the byte-order mark the server wrote; spreadsheets need it for accents.
  downloadText(KEYWORD_REPORT_FILE_NAME, body.startsWith('\uFEFF') ? body : `\uFEFF${body}`);
}
