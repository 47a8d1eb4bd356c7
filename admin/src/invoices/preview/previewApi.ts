/**
 * The Invoice Preview's calls (spec 000 section 7, docs/decisions/invoice-sending.md): the preview
 * data of the named invoices and Send All. The send records before it answers; its job then renders
 * and queues the mail, and `/api/jobs/{jobId}` tells how far it got.
 */
import type { InvoicePreview, SendOutcome } from '@ar/rules';
import type { AppDataProvider } from '../../api/dataProvider';
import { housePath } from '../../api/housePath';

/** `POST invoiceGroup/{group}/invoicePreview`: one preview per invoice, in the order asked. */
export async function fetchInvoicePreviews(dp: AppDataProvider, houseRef: string, groupId: number, ids: readonly number[]) {
  const res = await dp.call<{ data: { data: { invoiceGroups: InvoicePreview[] } } }>(
    'POST',
    housePath(houseRef, `invoiceGroup/${groupId}/invoicePreview`),
    ids,
  );
  return res.data.data.invoiceGroups;
}

/** `POST invoiceGroup/{group}/invoiceSend`: records the sends, answers the job that mails them. */
export async function sendInvoices(dp: AppDataProvider, houseRef: string, groupId: number, ids: readonly number[]) {
  const res = await dp.call<{ data: SendOutcome }>('POST', housePath(houseRef, `invoiceGroup/${groupId}/invoiceSend`), ids);
  return res.data;
}
