/**
 * The Invoice Preview's calls (spec 000 section 7, docs/decisions/invoice-sending.md): the preview
 * data of the named invoices and Send All. The send records before it answers; its job then renders
 * and queues the mail, and `/api/jobs/{jobId}` tells how far it got.
 */
import type { InvoicePreview, SendOutcome } from '@ar/rules';
import type { AppDataProvider } from '../../api/dataProvider';
import { housePath } from '../../api/housePath';

/** The most ids one `invoicePreview` call may name (the server's limit). */
export const PREVIEW_MAX_IDS = 5000;

/**
 * `POST invoiceGroup/{group}/invoicePreview`: one preview per invoice, in the order asked. More ids
 * than one call takes (Print all of a very large group) go 5,000 to a call, one after the other.
 */
export async function fetchInvoicePreviews(dp: AppDataProvider, houseRef: string, groupId: number, ids: readonly number[]) {
  const out: InvoicePreview[] = [];
  for (let i = 0; i === 0 || i < ids.length; i += PREVIEW_MAX_IDS) {
    const res = await dp.call<{ data: { data: { invoiceGroups: InvoicePreview[] } } }>(
      'POST',
      housePath(houseRef, `invoiceGroup/${groupId}/invoicePreview`),
      ids.slice(i, i + PREVIEW_MAX_IDS),
    );
    out.push(...res.data.data.invoiceGroups);
  }
  return out;
}

/** `POST invoiceGroup/{group}/invoiceSend`: records the sends, answers the job that mails them. */
export async function sendInvoices(dp: AppDataProvider, houseRef: string, groupId: number, ids: readonly number[]) {
  const res = await dp.call<{ data: SendOutcome }>('POST', housePath(houseRef, `invoiceGroup/${groupId}/invoiceSend`), ids);
  return res.data;
}
