import { defineJob } from '../../../../core/queue/job-definition';

export interface CreateGroupInvoicesPayload {
  groupId: number;
}

/**
 * Builds every invoice of a new invoice group (InvoiceBuilder). The run carries the house id; the
 * payload only the group. Idempotent: a re-run of a created group does nothing.
 */
export const CREATE_GROUP_INVOICES = defineJob<CreateGroupInvoicesPayload>('invoicing', 'invoice-group.create', {
  maxAttempts: 3,
  backoffMs: 2000,
});
