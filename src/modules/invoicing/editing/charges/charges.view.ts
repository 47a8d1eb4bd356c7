/**
 * Additional charges as the read calls answer them (spec 000 section 3: `additionalPriceInfo` of an
 * invoice detail — tax, shipping, insurance, other, paid, paidDateString, paymentMethod,
 * onlinePaymentStat, additionalChargeSentDateString — and of an invoice), with the status text of
 * section 4 and the cents of every amount. The rows are read with the invoices (one query for a
 * whole page); invoice.view.ts puts them on their line or invoice. Pure apart from `loadAdditionalCharges`.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Cents } from '../../../../core/money/money';
import { additionalChargeStatus, formatUsDate } from '../../math/statuses';
import { amount } from '../../invoices/money-json';
import { paymentMethodName } from '../marks/payment-methods';
import { additionalLocked, paidForAdditional } from '../core/edit-state';
import { ADDITIONAL_COLUMNS, additionalChargeRecord, type AdditionalChargeRecord } from './additional-charge-records';
import { boundQuery } from '../../../../core/database/bound-query';
import { intArray } from '../../../../core/validation/sql-text';

export type { AdditionalChargeRecord };

export interface AdditionalPriceInfoView {
  additionalChargeID: number;
  tax: number;
  shipping: number;
  insurance: number;
  other: number;
  total: number;
  taxCents: Cents;
  shippingCents: Cents;
  insuranceCents: Cents;
  otherCents: Cents;
  totalCents: Cents;
  hidden: boolean;
  paid: boolean;
  paidDate: string | null;
  paidDateString: string | null;
  paymentMethod: string | null;
  paymentMethodID: number | null;
  onlinePaymentStat: string | null;
  additionalChargeSentDate: string | null;
  additionalChargeSentDateString: string | null;
  /** Hidden, Paid {date}, Payment Pending, Payment Failed, Sent {date} or Not Sent. */
  status: string;
  /** Paid or pending: it cannot be changed or hidden. */
  locked: boolean;
}

export function additionalPriceInfoView(a: AdditionalChargeRecord): AdditionalPriceInfoView {
  const totalCents = a.taxCents + a.shippingCents + a.insuranceCents + a.otherCents;
  return {
    additionalChargeID: a.id,
    tax: amount(a.taxCents),
    shipping: amount(a.shippingCents),
    insurance: amount(a.insuranceCents),
    other: amount(a.otherCents),
    total: amount(totalCents),
    taxCents: a.taxCents,
    shippingCents: a.shippingCents,
    insuranceCents: a.insuranceCents,
    otherCents: a.otherCents,
    totalCents,
    hidden: a.hidden,
    paid: a.paid,
    paidDate: a.paidDate,
    paidDateString: a.paidDate ? formatUsDate(a.paidDate) : null,
    paymentMethod: paymentMethodName(a.paymentMethodId),
    paymentMethodID: a.paymentMethodId,
    onlinePaymentStat: a.onlinePaymentStat,
    additionalChargeSentDate: a.sentAt ? a.sentAt.toISOString() : null,
    additionalChargeSentDateString: a.sentAt ? formatUsDate(a.sentAt) : null,
    status: additionalChargeStatus({
      hidden: a.hidden,
      paid: a.paid,
      paidDate: a.paidDate,
      onlinePaymentStat: a.onlinePaymentStat,
      sentDate: a.sentAt,
    }),
    locked: additionalLocked(a),
  };
}

/** The four columns of the additional charges that count (not hidden, not on a hidden lot). */
export function countedAdditionalCents(
  charges: readonly AdditionalChargeRecord[],
  hiddenLineIds: ReadonlySet<number>,
): { tax: Cents; shipping: Cents; insurance: Cents; other: Cents; total: Cents } {
  const out = { tax: 0, shipping: 0, insurance: 0, other: 0, total: 0 };
  for (const a of charges) {
    if (a.hidden || (a.lineId !== null && hiddenLineIds.has(a.lineId))) continue;
    out.tax += a.taxCents;
    out.shipping += a.shippingCents;
    out.insurance += a.insuranceCents;
    out.other += a.otherCents;
  }
  out.total = out.tax + out.shipping + out.insurance + out.other;
  return out;
}

/**
 * Charges entered now become additional charges (spec section 4): the house takes online payments
 * (processor p, payment processing enabled) and the invoice is fully paid or every visible lot is.
 */
export function chargesAsAdditional(
  inv: { allPaid: boolean; onlinePaymentStat: string | null },
  lines: readonly { suppress: boolean; paid: boolean; paidDate: string | null; onlinePaymentStat: string | null }[],
  onlinePayments: boolean,
): boolean {
  return onlinePayments && paidForAdditional(inv, lines);
}

/** The additional charges of the given invoices (an int[]). Parameters: house, ids. */
export const ADDITIONAL_CHARGES_SQL = `select ${ADDITIONAL_COLUMNS} from invoice_additional_charge a where a.house_id = ? and a.invoice_id = any(?::int[]) order by a.id`;

/** The additional charges of the given invoices of the house, by invoice id (one query). */
export async function loadAdditionalCharges(
  em: EntityManager,
  houseId: number,
  invoiceIds: readonly number[],
): Promise<Map<number, AdditionalChargeRecord[]>> {
  const out = new Map<number, AdditionalChargeRecord[]>();
  if (!invoiceIds.length) return out;
  // The ids bound as one array: no bind-parameter limit, and no thousands of placeholders to format.
  const rows = await boundQuery(em, ADDITIONAL_CHARGES_SQL, [houseId, intArray(invoiceIds)]);
  for (const r of rows) {
    const rec = additionalChargeRecord(r);
    const list = out.get(rec.invoiceId);
    if (list) list.push(rec);
    else out.set(rec.invoiceId, [rec]);
  }
  return out;
}
