/** The payments panel's calls (issue 11, refunds and corrections; docs/decisions/refunds.md). */
import type { useAppDataProvider } from '../../api/dataProvider';
import type { PaymentsPanel as PaymentsPanelData, RefundAnswer } from '@ar/rules';
import { housePath } from '../../api/housePath';

type Dp = ReturnType<typeof useAppDataProvider>;

export type { PaymentRowView as PaymentRow, PaymentsPanel as PaymentsPanelData, RefundAnswer } from '@ar/rules';

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
