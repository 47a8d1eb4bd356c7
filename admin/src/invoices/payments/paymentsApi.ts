/** The payments panel's calls (issue 11, refunds and corrections; docs/decisions/refunds.md). */
import type { useAppDataProvider } from '../../api/dataProvider';
import { housePath } from '../../api/housePath';

type Dp = ReturnType<typeof useAppDataProvider>;

/** One ledger row: a payment or a refund, voided ones marked. */
export interface PaymentRow {
  id: number;
  kind: 'payment' | 'refund';
  source: 'offline' | 'card' | 'ach';
  status: 'settled' | 'pending' | 'failed';
  amountCents: number;
  paymentMethodId: number | null;
  method: string | null;
  gatewayReference: string | null;
  date: string;
  dateString: string;
  createdAt: string;
  userName: string | null;
  reason: string | null;
  refundedPaymentId: number | null;
  lineId: number | null;
  lotNumber: string | null;
  additionalChargeId: number | null;
  voided: boolean;
  voidedAt: string | null;
  voidReason: string | null;
  voidedBy: string | null;
  refundedCents: number;
  refundableCents: number;
  canRefund: boolean;
  canVoid: boolean;
  refundInProgress: boolean;
}

export interface PaymentsPanelData {
  invoiceID: number;
  invoiceNumber: number;
  version: number;
  invoiceStatus: string;
  invoiceTotalCents: number;
  paymentsMadeCents: number;
  balanceCents: number;
  payments: PaymentRow[];
}

export interface RefundAnswer extends PaymentsPanelData {
  message: string;
  refundId: number;
  replayed: boolean;
}

export const PAYMENTS_KEYS = {
  panel: (houseRef: string, invoiceId: number) => ['invoices', 'payments', houseRef, invoiceId] as const,
};

export async function fetchPaymentsPanel(dp: Dp, houseRef: string, invoiceId: number): Promise<PaymentsPanelData> {
  const res = await dp.call<{ data: PaymentsPanelData }>('GET', housePath(houseRef, `invoice/${invoiceId}/payments`));
  return res.data;
}

export interface RefundBody {
  amountCents: number;
  reason: string;
  /** One per opened Refund dialog: a second click of the same dialog answers the first refund. */
  requestId: string;
}

export async function refundPayment(
  dp: Dp,
  houseRef: string,
  invoiceId: number,
  paymentId: number,
  body: RefundBody,
): Promise<RefundAnswer> {
  const res = await dp.call<{ data: RefundAnswer }>('POST', housePath(houseRef, `invoice/${invoiceId}/payments/${paymentId}/refund`), body);
  return res.data;
}

export async function voidPayment(
  dp: Dp,
  houseRef: string,
  invoiceId: number,
  paymentId: number,
  reason: string,
): Promise<PaymentsPanelData> {
  const res = await dp.call<{ data: PaymentsPanelData }>('POST', housePath(houseRef, `invoice/${invoiceId}/payments/${paymentId}/void`), {
    reason,
  });
  return res.data;
}
