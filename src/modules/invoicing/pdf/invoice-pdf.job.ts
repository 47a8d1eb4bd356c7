import { defineJob } from '../../../core/queue/job-definition';

export interface InvoicePdfPayload {
  groupId: number;
  /** The invoices to print, in this order; empty: every invoice of the group, by invoice number. */
  ids: number[];
}

/** What a finished `invoice-pdf` run answers in `/api/jobs/{id}`'s `result`. */
export interface InvoicePdfResult {
  fileName: string;
  /** Signed and expiring (INVOICE_PDF_URL_TTL_MS); also needs a session or token of the house. */
  downloadUrl: string;
  invoices: number;
  size: number;
}

/**
 * One PDF of many invoices of a group (issue 10), stored in FileStorage. The run carries the house
 * id. Idempotent: a retry renders the file again under the same key.
 */
export const INVOICE_PDF = defineJob<InvoicePdfPayload>('invoicing', 'invoice-pdf', { maxAttempts: 2, backoffMs: 2000 });
