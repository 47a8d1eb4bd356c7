/**
 * Invoice PDFs (issue 10; docs/api.md): one invoice straight from its URL, or a group's invoices as
 * the job `invoice-pdf`, whose result names the stored file's signed link.
 */
import type { AppDataProvider } from '../../api/dataProvider';
import { housePath } from '../../api/housePath';
import { fetchJob, type JobView } from '../invoiceApi';

/** `GET invoiceGroup/{id}/invoice/{invoiceId}/pdf`: an attachment named `Invoice-{number}.pdf`. */
export const invoicePdfUrl = (houseRef: string, groupId: number, invoiceId: number) =>
  housePath(houseRef, `invoiceGroup/${groupId}/invoice/${invoiceId}/pdf`);

export const invoicePdfName = (invoiceNumber: number) => `Invoice-${invoiceNumber}.pdf`;

export interface InvoicePdfResult {
  fileName: string;
  downloadUrl: string;
  invoices: number;
  size: number;
}

/** `POST invoiceGroup/{id}/invoicePdf`: the named invoices (none: every invoice of the group); answers the job's id. */
export async function startInvoicePdf(dp: AppDataProvider, houseRef: string, groupId: number, invoiceIds: readonly number[]) {
  return (await dp.call<{ data: { jobId: string } }>('POST', housePath(houseRef, `invoiceGroup/${groupId}/invoicePdf`), invoiceIds)).data
    .jobId;
}

export const fetchInvoicePdfJob = (dp: AppDataProvider, jobId: string) =>
  fetchJob(dp, jobId) as Promise<JobView & { result: InvoicePdfResult | null }>;
