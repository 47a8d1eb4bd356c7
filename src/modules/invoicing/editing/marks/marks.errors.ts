import { DomainError, ErrorKind } from '../../../../core/errors/domain-error';

export enum MarksErrorCode {
  /** An online (card/ACH) payment is in flight on the lot or its invoice. */
  PAYMENT_PENDING = 'PAYMENT_PENDING',
  /** The lot was paid online: its paid state comes from the processor, not from a staff mark. */
  PAID_ONLINE = 'PAID_ONLINE',
  /** A hidden lot is on no invoice: it cannot be marked paid or shipped. */
  LOT_HIDDEN = 'LOT_HIDDEN',
}

const KIND: Record<MarksErrorCode, ErrorKind> = {
  PAYMENT_PENDING: 'conflict',
  PAID_ONLINE: 'conflict',
  LOT_HIDDEN: 'conflict',
};

export const MARKS_CONFLICT_TEXT = {
  invoicePending: 'This invoice has an online payment pending. It cannot be marked paid or not paid until the payment settles or fails.',
  linePending: 'This lot has an online payment pending. It cannot be marked paid or not paid until the payment settles or fails.',
  invoicePaidOnline: 'This invoice was paid online. Its paid state comes from the payment and cannot be changed here.',
  linePaidOnline: 'This lot was paid online. Its paid state comes from the payment and cannot be changed here.',
  lotHidden: 'This lot is hidden from the invoice. Show it on the invoice before marking it.',
} as const;

/** Refusals of paid/shipped marks that depend on the invoice's state (409: the request itself is well formed). */
export class MarksError extends DomainError {
  constructor(code: MarksErrorCode, message: string, fieldErrors?: Record<string, string>) {
    super(KIND[code], code, message, fieldErrors);
  }
}
