// The payments panel's answers (issue 11, refunds and corrections; docs/decisions/refunds.md): the
// server's `GET invoice/{id}/payments` and refund/void answers, the admin's panel.

/** One row of the payments panel: a payment or a refund, voided ones marked. */
export interface PaymentRowView {
  id: number;
  kind: 'payment' | 'refund';
  source: 'offline' | 'card' | 'ach';
  status: 'settled' | 'pending' | 'failed';
  amountCents: number;
  /** Dollars (money-json). */
  amount: number;
  paymentMethodId: number | null;
  /** 'Visa', 'ACH', 'Cash', ... */
  method: string | null;
  gatewayReference: string | null;
  /** The paid date (YYYY-MM-DD), else the day it was recorded. */
  date: string;
  /** MM/DD/YYYY. */
  dateString: string;
  createdAt: string;
  /** Who recorded it (null for an automatic record). */
  userName: string | null;
  /** A refund's reason. */
  reason: string | null;
  /** A refund: the payment it refunds. */
  refundedPaymentId: number | null;
  lineId: number | null;
  /** The lot it paid ('12A'), null for the invoice. */
  lotNumber: string | null;
  additionalChargeId: number | null;
  voided: boolean;
  voidedAt: string | null;
  voidReason: string | null;
  voidedBy: string | null;
  /** A payment: settled refunds of it so far. */
  refundedCents: number;
  /** A payment: what can still be refunded (0 when it cannot be refunded). */
  refundableCents: number;
  canRefund: boolean;
  canVoid: boolean;
  /** A refund of it is open (started, or unknown until reconciled). */
  refundInProgress: boolean;
}

export interface PaymentsPanel {
  invoiceID: number;
  invoiceNumber: number;
  version: number;
  /** Paid, Partial Paid, Payment Pending, ... */
  invoiceStatus: string;
  invoiceTotalCents: number;
  paymentsMadeCents: number;
  balanceCents: number;
  payments: PaymentRowView[];
}

export interface RefundAnswer extends PaymentsPanel {
  message: string;
  /** The refund row recorded (the same one for a replayed request id). */
  refundId: number;
  /** True when the request id had already been refunded: nothing was refunded again. */
  replayed: boolean;
}
