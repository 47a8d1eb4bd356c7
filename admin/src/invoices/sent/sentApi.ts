/**
 * Sent Invoices' call (spec 000 sections 3 and 7): `POST invoiceGroup/{group}/invoiceSendConfirmation`
 * with the invoice ids, answering each invoice's status and its latest send's delivery, and the totals.
 */
import type { SendConfirmation } from '@ar/rules';
import type { AppDataProvider } from '../../api/dataProvider';
import { housePath } from '../../api/housePath';

export type { Delivery, InvoiceConfirmation, InvoiceConfirmationTotal, SendConfirmation } from '@ar/rules';

export async function fetchSendConfirmation(dp: AppDataProvider, houseRef: string, groupId: number, ids: readonly number[]) {
  const res = await dp.call<{ data: { data: SendConfirmation } }>(
    'POST',
    housePath(houseRef, `invoiceGroup/${groupId}/invoiceSendConfirmation`),
    ids,
  );
  return res.data.data;
}
