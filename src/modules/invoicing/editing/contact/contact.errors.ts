import { DomainError, ErrorKind } from '../../../../core/errors/domain-error';

export enum ContactErrorCode {
  BIDDER_NOT_FOUND = 'BIDDER_NOT_FOUND',
  INVOICE_NOT_FOUND = 'INVOICE_NOT_FOUND',
  /** The invoice's bidder has no email address: nothing can be sent. */
  NO_EMAIL = 'NO_EMAIL',
  /** houseUserRef names someone other than the signed-in user. */
  HOUSE_USER_MISMATCH = 'HOUSE_USER_MISMATCH',
}

const KIND: Record<ContactErrorCode, ErrorKind> = {
  BIDDER_NOT_FOUND: 'not_found',
  INVOICE_NOT_FOUND: 'not_found',
  NO_EMAIL: 'conflict',
  HOUSE_USER_MISMATCH: 'forbidden',
};

export const CONTACT_ERROR_TEXT = {
  bidderNotFound: 'Bidder not found.',
  invoiceNotFound: 'Invoice not found.',
  notInGroup: (ids: readonly number[]) => `Not invoices of this group: ${ids.join(', ')}.`,
  noEmail: 'This bidder has no email address on the invoice, so no message can be sent.',
  noEmails: (numbers: readonly number[]) =>
    `These invoices have no email address: ${numbers.map((n) => `#${n}`).join(', ')}. Nothing was sent.`,
  userMismatch: 'houseUserRef names another staff user: messages are sent as the signed-in user.',
} as const;

/** Refusals of contact, bulk contact and bulk note. Another house's invoice or group is simply not found. */
export class ContactError extends DomainError {
  constructor(code: ContactErrorCode, message: string, fieldErrors?: Record<string, string>) {
    super(KIND[code], code, message, fieldErrors);
  }
}
