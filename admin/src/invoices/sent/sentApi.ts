/**
 * Sent Invoices' call (spec 000 sections 3 and 7): `POST invoiceGroup/{group}/invoiceSendConfirmation`
 * with the invoice ids, answering each invoice's status and its latest send's delivery, and the totals.
 */
import type { AppDataProvider } from '../../api/dataProvider';
import { housePath } from '../../api/housePath';

export type Delivery = 'queued' | 'sent' | 'failed' | 'not_sent' | 'not_requested';

export interface InvoiceConfirmation {
  invoiceID: number;
  invoiceNumber: number;
  memberName: string;
  companyName: string | null;
  companyID: number | null;
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

export async function fetchSendConfirmation(dp: AppDataProvider, houseRef: string, groupId: number, ids: readonly number[]) {
  const res = await dp.call<{ data: { data: SendConfirmation } }>(
    'POST',
    housePath(houseRef, `invoiceGroup/${groupId}/invoiceSendConfirmation`),
    ids,
  );
  return res.data.data;
}
