/**
 * The answers of `invoiceSend` and `invoiceSendConfirmation` (the Sent Invoices page; spec 000
 * section 3, "Send confirmation"): the server answers them, the admin reads them.
 */

export interface SendOutcome {
  success: 'true';
  jobId: string;
  /** Invoices of the group among the ids asked (others are ignored). */
  invoiceCount: number;
  /** Versions recorded as sent by this call. */
  recorded: number;
  /** Versions an earlier call already sent (a double click, a second tab). */
  alreadySent: number;
  /** Invoices not sent (no email address). */
  notSent: number;
}

export type Delivery = 'queued' | 'sent' | 'failed' | 'not_sent' | 'not_requested';

export interface InvoiceConfirmation {
  invoiceID: number;
  invoiceNumber: number;
  memberName: string;
  companyName: string | null;
  companyID: number | null;
  /** City, state or province, country. */
  location: string;
  currencyCode: string;
  outstandingBalance: number;
  outstandingBalanceCents: number;
  invoiceStatus: string;
  delivery: Delivery;
  deliveryReason: string | null;
  sentDateString: string | null;
}

export interface InvoiceConfirmationTotal {
  invoiceCount: number;
  itemCount: number;
  invoiceTotal: number;
  invoiceTotalCents: number;
  pendingCharges: number;
  pendingChargesCents: number;
}

export interface SendConfirmation {
  invoiceConfirmations: InvoiceConfirmation[];
  invoiceConfirmationTotal: InvoiceConfirmationTotal;
}
