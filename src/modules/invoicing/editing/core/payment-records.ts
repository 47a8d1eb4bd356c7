/**
 * The one read model of the `invoice_payment` table as the editing rules and the re-pricing read
 * it (non-voided rows): the record and the one place a row becomes one.
 */
import type { Cents } from '../../../../core/money/money';
import { centsOf } from '../../invoices/invoice-records';
import type { PaymentKind, PaymentSource, PaymentStatus } from './invoice-payment.entity';

export interface PaymentRecord {
  invoiceId: number;
  lineId: number | null;
  additionalChargeId: number | null;
  amountCents: Cents;
  kind: PaymentKind;
  source: PaymentSource;
  status: PaymentStatus;
  paymentMethodId: number | null;
}

/** The payment columns, aliased `p`. */
export const PAYMENT_COLUMNS = `p.invoice_id, p.line_id, p.additional_charge_id, p.amount_cents, p.kind, p.source, p.status, p.payment_method_id`;

export function paymentRecord(r: Record<string, unknown>): PaymentRecord {
  return {
    invoiceId: r.invoice_id as number,
    lineId: (r.line_id as number | null) ?? null,
    additionalChargeId: (r.additional_charge_id as number | null) ?? null,
    amountCents: centsOf(r.amount_cents),
    kind: r.kind as PaymentKind,
    source: r.source as PaymentSource,
    status: r.status as PaymentStatus,
    paymentMethodId: (r.payment_method_id as number | null) ?? null,
  };
}
