/**
 * The Invoice Preview's pure rules: where its back link goes (the screen it was opened from:
 * Create New Invoices, Edit Invoices or Invoice Group Details, by default the last), where a send
 * lands, and the send job's progress in words.
 */
import { PREVIEW_TEXT } from '@ar/rules';
import { readApiError } from '../../common/apiError';

export interface BackLink {
  to: string;
  label: string;
}

/**
 * The back link of the preview of `groupId`. `from` is the path (with its query) of the screen that
 * opened it, from the router state or the `from` query; only the three screens of this group are
 * taken (anything else, e.g. an outside address, falls back to the group's details).
 */
export function backLinkOf(from: string | null | undefined, groupId: number): BackLink {
  const m = /^\/invoices\/(CreateNewInvoices|EditInvoices|InvoiceGroupDetails)\/(\d+)(?:[?#][^\s]*)?$/.exec(from ?? '');
  if (m && Number(m[2]) === groupId) {
    if (m[1] === 'CreateNewInvoices') return { to: from!, label: '< Create New Invoices' };
    if (m[1] === 'EditInvoices') return { to: from!, label: '< Edit Invoices' };
    return { to: from!, label: PREVIEW_TEXT.backToGroupDetails };
  }
  return { to: `/invoices/InvoiceGroupDetails/${groupId}`, label: PREVIEW_TEXT.backToGroupDetails };
}

/** The Sent Invoices screen of these invoices. */
export function sentInvoicesPath(groupId: number, ids: readonly number[]): string {
  return `/invoices/SentInvoices/${groupId}/${ids.join(',')}`;
}

export interface JobProgress {
  done: number;
  total: number;
}

/** '3 of 10' (never past the total; an empty job reads '0 of 0'). */
export function progressText({ done, total }: JobProgress): string {
  const t = Math.max(0, total);
  return `${Math.min(Math.max(0, done), t)} of ${t}`;
}

/** The bar's value, 0 to 100 (0 while the total is unknown). */
export function progressPercent({ done, total }: JobProgress): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(Math.max(0, done), total) / total) * 100);
}

/** The index after a step of `delta` (Prev -1, Next +1), kept within the list. */
export function stepIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(Math.max(0, index + delta), count - 1);
}

/** Retry a failed read only when it may pass next time (network, 5xx), never a 4xx answer; twice at most. */
export function retryUnlessRefused(failures: number, error: unknown): boolean {
  const status = readApiError(error).status;
  return failures < 2 && (status === 0 || status >= 500);
}
