/**
 * The Auto-charge page's calls (spec 000 section 7; docs/decisions/card-charging.md "Auto-charge"):
 * the invoices of the URL that an auto-charge could charge, and setting or removing their date.
 */
import type { AutoChargeEligibleInvoice } from '@ar/rules';
import type { AppDataProvider } from '../../api/dataProvider';
import { housePath } from '../../api/housePath';

/** `POST .../invoiceGroup/{group}/autoCharge` with the invoice ids: `data.eligibleInvoiceList`. */
export async function fetchEligibleInvoices(dp: AppDataProvider, houseRef: string, groupId: number, ids: readonly number[]) {
  const res = await dp.call<{ data: { eligibleInvoiceList: AutoChargeEligibleInvoice[] } }>(
    'POST',
    housePath(houseRef, `invoiceGroup/${groupId}/autoCharge`),
    ids,
  );
  return res.data.eligibleInvoiceList;
}

/** `POST /app/invoice/setAutoCharge`: `autoChargeDate` YYYY-MM-DD, or null to remove it. */
export async function setAutoChargeDate(dp: AppDataProvider, autoChargeDate: string | null, invoiceIDs: readonly number[]) {
  const res = await dp.call<{ data: { updated: number } }>('POST', '/app/invoice/setAutoCharge', { autoChargeDate, invoiceIDs });
  return res.data;
}
