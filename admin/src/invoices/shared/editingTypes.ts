/**
 * The invoice fields the editing screens read (spec 000 section 3: Invoice, Invoice detail), as
 * the server's one invoice mapper answers them (src/modules/invoicing/invoices/invoice.view.ts).
 * `invoiceApi.ts` types what the list screens need; these extend it with the editing state.
 */
import type { Invoice, InvoiceDetail } from '../invoiceApi';

/** Spec 000 section 3: additionalPriceInfo of a line or an invoice (charges added after payment). */
export interface AdditionalPriceInfo {
  tax: number;
  shipping: number;
  insurance: number;
  other: number;
  taxCents?: number;
  shippingCents?: number;
  insuranceCents?: number;
  otherCents?: number;
  hidden?: boolean;
  paid?: boolean;
  paidDateString?: string | null;
  paymentMethod?: string | null;
  onlinePaymentStat?: string | null;
  additionalChargeSentDateString?: string | null;
  /** Hidden, Paid {date}, Payment Pending, Payment Failed, Sent {date} or Not Sent (the server's text). */
  status?: string;
  /** Paid or pending: it cannot be changed or hidden. */
  locked?: boolean;
  additionalChargeID?: number;
}

export interface EditableDetail extends InvoiceDetail {
  lotRef: string | null;
  paid: boolean;
  paidDate: string | null;
  paidDateString: string | null;
  shipped: boolean;
  shippedDate: string | null;
  shippedDateString: string | null;
  totalAmountPaidCents: number;
  paymentMethod: string | null;
  paymentMethodID: number | null;
  canOpenDispute: boolean;
  onlinePaymentStat: string | null;
  overridden?: { hammer: boolean; premium: boolean; livefee: boolean };
  /** The charges staff entered on the lot (tax: the entered part, added to the computed tax): what the charges form edits. */
  enteredChargesCents?: { tax: number; shipping: number; insurance: number; other: number };
  additionalPriceInfo: AdditionalPriceInfo | null;
  additionalCharge: boolean;
}

export interface EditableInvoice extends Omit<Invoice, 'invoiceDetails'> {
  approvalID: number;
  memberID: number;
  notes: string | null;
  allPaid: boolean;
  onlinePaymentStat: string | null;
  paidDate: string | null;
  paymentMethodID: number | null;
  editedAfterSend: boolean;
  costsOverride: boolean;
  /** Optimistic-locking version: every write sends it back. */
  version: number;
  additionalPriceInfo: AdditionalPriceInfo | null;
  /** The server's rule: charges entered now become additional charges (spec 000 section 4). */
  additionalCharge?: boolean;
  hasNote?: boolean;
  invoiceDetails?: EditableDetail[];
}

export interface PaymentMethod {
  id: number;
  name: string;
}

/** One field of an audit entry as the server reads it ('Lot 12A · Shipping: 0.00 → 12.50'). */
export interface AuditChangeView {
  field: string;
  scope: 'invoice' | 'line' | 'additional';
  lineId: number | null;
  lotNumber: string | null;
  label: string;
  before: string | null;
  after: string | null;
  /** Computed from the edit (totals, computed amounts, balance), not entered. */
  derived: boolean;
}

/** One change of the audit trail: who, when, what (only the fields that changed, before and after). */
export interface AuditEntry {
  id: number;
  /** ISO timestamp. */
  createdAt: string;
  userName: string;
  action: string;
  actionText?: string;
  lineId: number | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** The server's reading of before/after, when it sends one. */
  changes?: AuditChangeView[];
}
