/**
 * The invoice editing calls of spec 000 section 7, typed for the screens. Every write carries the
 * invoice's `version` (optimistic locking: a stale one answers 409 with the server's message).
 * Amounts travel as two-decimal numbers, dates as MM/DD/YY.
 */
import type { AppDataProvider } from '../../api/dataProvider';
import { housePath } from '../invoiceApi';
import type { AuditEntry, EditableInvoice, PaymentMethod } from './editingTypes';

type Dp = AppDataProvider;

/** What every write names: the invoice and the version the user saw. */
export interface InvoiceRef {
  invoiceID: number;
  version: number;
}

/**
 * What the writes answer: `{ data: { success, invoice?, invoices } }`. `invoice` (one invoice
 * named) and the marks' `invoices` are the invoices as the read calls show them after the change.
 */
export interface WriteAnswer {
  data?: {
    success?: boolean;
    invoiceID?: number;
    version?: number;
    invoice?: EditableInvoice;
    invoices?: (EditableInvoice | { invoiceID: number; version: number; changed?: boolean })[];
    totals?: unknown;
  };
}

/** The full invoices a write answered (after the change), to show without fetching them again. */
export function answeredInvoices(answer: unknown): EditableInvoice[] {
  const d = (answer as WriteAnswer | null)?.data;
  if (!d) return [];
  const full = (d.invoices ?? []).filter(
    (i): i is EditableInvoice => 'invoiceNumber' in i && Array.isArray((i as EditableInvoice).invoiceDetails),
  );
  if (d.invoice && !full.some((i) => i.invoiceID === d.invoice!.invoiceID)) full.unshift(d.invoice);
  return full;
}

// --- Reads ---------------------------------------------------------------------------------------

/** `POST invoiceGroup/{id}/groupDetailInfoByInvoice`: the named invoices with every line (and their versions). */
export async function fetchEditableInvoices(dp: Dp, houseRef: string, groupId: number, ids: readonly number[]): Promise<EditableInvoice[]> {
  if (!ids.length) return [];
  return (
    await dp.call<{ data: { invoices: EditableInvoice[] } }>(
      'POST',
      housePath(houseRef, `invoiceGroup/${groupId}/groupDetailInfoByInvoice`),
      ids,
    )
  ).data.invoices;
}

/** `GET invoiceGroup/{id}/payment-methods`: data.paymentMethods. */
export async function fetchPaymentMethods(dp: Dp, houseRef: string, groupId: number): Promise<PaymentMethod[]> {
  return (
    await dp.call<{ data: { paymentMethods: PaymentMethod[] } }>('GET', housePath(houseRef, `invoiceGroup/${groupId}/payment-methods`))
  ).data.paymentMethods;
}

/** The most recent changes shown in an invoice's History. */
export const AUDIT_PAGE_SIZE = 100;

/** `GET invoice/{id}/audit`: the invoice's audit trail, newest first. */
export async function fetchInvoiceAudit(
  dp: Dp,
  houseRef: string,
  invoiceId: number,
): Promise<{ entries: AuditEntry[]; totalRecords: number }> {
  const res = await dp.call<{ data: { entries: AuditEntry[]; totalRecords?: number } }>(
    'GET',
    housePath(houseRef, `invoice/${invoiceId}/audit?page=1&size=${AUDIT_PAGE_SIZE}`),
  );
  return { entries: res.data.entries ?? [], totalRecords: res.data.totalRecords ?? res.data.entries?.length ?? 0 };
}

// --- Charges -------------------------------------------------------------------------------------

/** Only the charge fields sent change (tax is never sent for US invoices with processor p: computed). */
export interface ChargeAmounts {
  tax?: number;
  shipping?: number;
  insurance?: number;
  other?: number;
}

export interface LotChargeBody extends ChargeAmounts {
  invoiceID: number;
  lotID: number;
  suppress: boolean;
  restricted: boolean;
  paid: boolean;
  additionalCharge: boolean;
  version: number;
}

export interface InvoiceChargeBody extends ChargeAmounts {
  invoiceID: number;
  additionalCharge: boolean;
  /** The last invoice of a Save & Next run (or a single save). */
  isLastInvoice: boolean;
  version: number;
}

/** `POST additionalCharges`: the per-lot form (one body per lot, sent together) or the invoice-level form. */
export async function saveCharges(dp: Dp, houseRef: string, body: LotChargeBody[] | InvoiceChargeBody): Promise<WriteAnswer> {
  return dp.call<WriteAnswer>('POST', housePath(houseRef, 'additionalCharges'), body);
}

// --- groupDetailInfo variants --------------------------------------------------------------------

/** `POST invoiceGroup/{id}/groupDetailInfo` with `invoiceDetails`: hide (suppress) or show a lot. */
export async function setLineHidden(
  dp: Dp,
  houseRef: string,
  groupId: number,
  ref: InvoiceRef,
  invoiceDetailID: number,
  suppress: boolean,
) {
  return dp.call<WriteAnswer>('POST', housePath(houseRef, `invoiceGroup/${groupId}/groupDetailInfo`), {
    invoiceDetails: [{ invoiceID: ref.invoiceID, invoiceDetailID, suppress, version: ref.version }],
  });
}

/** `invoiceDetails` with `additionalCharge: true`: hide or show a lot's additional charge (invoiceDetailID null: the invoice's own). */
export async function setAdditionalHidden(
  dp: Dp,
  houseRef: string,
  groupId: number,
  ref: InvoiceRef,
  invoiceDetailID: number | null,
  suppress: boolean,
) {
  return dp.call<WriteAnswer>('POST', housePath(houseRef, `invoiceGroup/${groupId}/groupDetailInfo`), {
    invoiceDetails: [{ invoiceID: ref.invoiceID, invoiceDetailID, suppress, additionalCharge: true, version: ref.version }],
  });
}

/** `invoiceNotes`: the internal note. */
export async function saveNote(dp: Dp, houseRef: string, groupId: number, ref: InvoiceRef, notes: string) {
  return dp.call<WriteAnswer>('POST', housePath(houseRef, `invoiceGroup/${groupId}/groupDetailInfo`), {
    invoiceNotes: [{ invoiceID: ref.invoiceID, notes, version: ref.version }],
  });
}

/** Bulk add note: `POST invoiceGroup/{id}/bulkNote { invoiceIDs, notes }` (appended to each invoice's note). */
export async function addBulkNote(dp: Dp, houseRef: string, groupId: number, invoiceIDs: readonly number[], notes: string) {
  return dp.call<WriteAnswer>('POST', housePath(houseRef, `invoiceGroup/${groupId}/bulkNote`), { invoiceIDs, notes });
}

export type DeliveryMode = 'pickup' | 'shipping';

/** `invoiceItemDeliveryModes`: pickup or shipping. */
export async function setDeliveryMode(dp: Dp, houseRef: string, groupId: number, ref: InvoiceRef, deliveryMode: DeliveryMode) {
  return dp.call<WriteAnswer>('POST', housePath(houseRef, `invoiceGroup/${groupId}/groupDetailInfo`), {
    invoiceItemDeliveryModes: [{ invoiceID: ref.invoiceID, deliveryMode, version: ref.version }],
  });
}

// --- Marks ---------------------------------------------------------------------------------------

export interface PaidMark {
  paid: boolean;
  /** MM/DD/YY; null when undoing. */
  paidDate: string | null;
  paymentMethodID: number | null;
}

export interface ShippedMark {
  shipped: boolean;
  /** MM/DD/YY; null when undoing. */
  shippedDate: string | null;
}

/** `POST invoicePaidOnly` (the invoice) or `invoicePaidOnlyByDetail` (one lot). */
export async function markPaid(dp: Dp, houseRef: string, ref: InvoiceRef, mark: PaidMark, invoiceDetailID?: number) {
  const path = invoiceDetailID === undefined ? 'invoicePaidOnly' : 'invoicePaidOnlyByDetail';
  return dp.call<WriteAnswer>('POST', housePath(houseRef, path), {
    invoiceID: ref.invoiceID,
    ...(invoiceDetailID === undefined ? {} : { invoiceDetailID }),
    ...mark,
    version: ref.version,
  });
}

/** `POST invoiceShippedOnly` (the invoice) or `invoiceShippedOnlyByDetail` (one lot). */
export async function markShipped(dp: Dp, houseRef: string, ref: InvoiceRef, mark: ShippedMark, invoiceDetailID?: number) {
  const path = invoiceDetailID === undefined ? 'invoiceShippedOnly' : 'invoiceShippedOnlyByDetail';
  return dp.call<WriteAnswer>('POST', housePath(houseRef, path), {
    invoiceID: ref.invoiceID,
    ...(invoiceDetailID === undefined ? {} : { invoiceDetailID }),
    ...mark,
    version: ref.version,
  });
}

// --- Floor edits ---------------------------------------------------------------------------------

export interface FloorLineEdit {
  lotId: number;
  hammer?: number;
  buyersPremium?: number;
  liveFee?: number;
}

/**
 * `PATCH invoice/{id}`: JSON:API-style body (data type invoice, its id, attributes.invoiceDetails and
 * the version). Answers `{ data: { type, id, attributes: Invoice } }`, returned here as a WriteAnswer.
 */
export async function editFloorPrices(dp: Dp, houseRef: string, ref: InvoiceRef, invoiceDetails: FloorLineEdit[]): Promise<WriteAnswer> {
  const res = await dp.call<{ data?: { attributes?: EditableInvoice } }>('PATCH', housePath(houseRef, `invoice/${ref.invoiceID}`), {
    data: { type: 'invoice', id: String(ref.invoiceID), attributes: { invoiceDetails, version: ref.version } },
    channel: 'Floor',
  });
  return { data: { success: true, invoice: res.data?.attributes } };
}

// --- Contact -------------------------------------------------------------------------------------

export interface ContactBody {
  subject: string;
  message: string;
  houseUserRef: string;
  /** The invoice's memberID. */
  bidderID: number;
  /** The invoice the message is about. */
  invoiceID: number;
}

/** `POST invoiceMessage`: a message to the bidder, through the mail outbox. */
export async function sendInvoiceMessage(dp: Dp, houseRef: string, body: ContactBody) {
  return dp.call('POST', housePath(houseRef, 'invoiceMessage'), body);
}

/** Bulk contact: `POST invoiceGroup/{id}/bulkContact { invoiceIDs, subject, message }` (one message per bidder). */
export async function sendBulkContact(
  dp: Dp,
  houseRef: string,
  groupId: number,
  invoiceIDs: readonly number[],
  subject: string,
  message: string,
) {
  return dp.call('POST', housePath(houseRef, `invoiceGroup/${groupId}/bulkContact`), { invoiceIDs, subject, message });
}
