/**
 * The one read model of the `invoice_additional_charge` table: its record and the one place a row
 * becomes one (bigints to cents, the paid date as YYYY-MM-DD). The read calls (charges.view.ts),
 * the editing state (edit-state.ts) and the re-pricing all map through here.
 */
import type { Cents } from '../../../../core/money/money';
import { centsOf, dateText } from '../../invoices/invoice-records';

export interface AdditionalChargeRecord {
  id: number;
  invoiceId: number;
  lineId: number | null;
  taxCents: Cents;
  shippingCents: Cents;
  insuranceCents: Cents;
  otherCents: Cents;
  hidden: boolean;
  paid: boolean;
  /** YYYY-MM-DD. */
  paidDate: string | null;
  paymentMethodId: number | null;
  onlinePaymentStat: string | null;
  sentAt: Date | null;
}

/** The additional charge columns, aliased `a`. */
export const ADDITIONAL_COLUMNS = `a.id, a.invoice_id, a.line_id, a.tax_cents, a.shipping_cents, a.insurance_cents, a.other_cents, a.hidden, a.paid,
  a.paid_date::text as paid_date, a.payment_method_id, a.online_payment_stat, a.sent_at`;

export function additionalChargeRecord(r: Record<string, unknown>): AdditionalChargeRecord {
  return {
    id: r.id as number,
    invoiceId: r.invoice_id as number,
    lineId: (r.line_id as number | null) ?? null,
    taxCents: centsOf(r.tax_cents),
    shippingCents: centsOf(r.shipping_cents),
    insuranceCents: centsOf(r.insurance_cents),
    otherCents: centsOf(r.other_cents),
    hidden: r.hidden as boolean,
    paid: r.paid as boolean,
    paidDate: dateText(r.paid_date),
    paymentMethodId: (r.payment_method_id as number | null) ?? null,
    onlinePaymentStat: (r.online_payment_stat as string | null) ?? null,
    sentAt: r.sent_at ? new Date(r.sent_at as string | Date) : null,
  };
}
