/** Reading the invoice screens' path and query parameters; anything unexpected falls back to the default. */
import type { StatusFilter } from './invoiceApi';
import { DEFAULT_TABLE_PAGE_SIZE, SEARCH_MAX, TABLE_PAGE_SIZES } from './invoiceTexts';

/** A group id of the path: a positive whole number (int4), else null (not found). */
export function groupIdParam(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** 50, 100 or 200 (spec 000 section 9); anything else is 50. */
export function pageSizeParam(raw: string | null): number {
  const n = Number(raw);
  return (TABLE_PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_TABLE_PAGE_SIZE;
}

export function statusParam(raw: string | null): StatusFilter {
  const s = (raw ?? '').toUpperCase();
  return s === 'PAID' || s === 'UNPAID' ? s : 'ALL';
}

export function searchParam(raw: string | null): string {
  return (raw ?? '').trim().slice(0, SEARCH_MAX);
}

/** The `id` query of Edit Invoices: comma-separated invoice ids (spec 000 section 2). */
export function editInvoicesPath(groupId: number, invoiceIds?: readonly number[]): string {
  return invoiceIds?.length ? `/invoices/EditInvoices/${groupId}?id=${invoiceIds.join(',')}` : `/invoices/EditInvoices/${groupId}`;
}

export function previewPath(groupId: number, invoiceIds: readonly number[]): string {
  return `/invoices/InvoiceGroupPreview/${groupId}/invoice/${invoiceIds.join(',')}`;
}

/** The Auto-charge page of some invoices of a group. */
export function autoChargePath(groupId: number, invoiceIds: readonly number[]): string {
  return `/invoices/InvoiceAutoCharge/${groupId}/invoice/${invoiceIds.join(',')}`;
}
