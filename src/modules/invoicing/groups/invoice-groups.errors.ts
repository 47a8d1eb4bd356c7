import { DomainError, ErrorKind } from '../../../core/errors/domain-error';
import { GROUP_TEXT } from './invoice-group-texts';

export enum InvoiceGroupsErrorCode {
  GROUP_NOT_FOUND = 'INVOICE_GROUP_NOT_FOUND',
  SESSION_NOT_FOUND = 'SESSION_NOT_FOUND',
  /** The same code as every other field-validation failure, so clients handle them alike. */
  INVALID = 'VALIDATION_FAILED',
  MIXED_SALE_LOCATIONS = 'MIXED_SALE_LOCATIONS',
  TEMPLATE_INACTIVE = 'TEMPLATE_INACTIVE',
  SESSIONS_BEING_INVOICED = 'SESSIONS_BEING_INVOICED',
  SESSIONS_NOT_INVOICEABLE = 'SESSIONS_NOT_INVOICEABLE',
  IDEMPOTENCY_KEY_REUSED = 'IDEMPOTENCY_KEY_REUSED',
  BAD_QUERY = 'BAD_QUERY',
  BAD_DATE_RANGE = 'BAD_DATE_RANGE',
  GROUP_NOT_DELETABLE = 'INVOICE_GROUP_NOT_DELETABLE',
  GROUP_ALREADY_CREATED = 'INVOICE_GROUP_ALREADY_CREATED',
}

const KIND: Record<InvoiceGroupsErrorCode, ErrorKind> = {
  [InvoiceGroupsErrorCode.GROUP_NOT_FOUND]: 'not_found',
  [InvoiceGroupsErrorCode.SESSION_NOT_FOUND]: 'not_found',
  [InvoiceGroupsErrorCode.INVALID]: 'validation',
  [InvoiceGroupsErrorCode.MIXED_SALE_LOCATIONS]: 'validation',
  [InvoiceGroupsErrorCode.TEMPLATE_INACTIVE]: 'validation',
  [InvoiceGroupsErrorCode.SESSIONS_BEING_INVOICED]: 'conflict',
  [InvoiceGroupsErrorCode.SESSIONS_NOT_INVOICEABLE]: 'conflict',
  [InvoiceGroupsErrorCode.IDEMPOTENCY_KEY_REUSED]: 'conflict',
  [InvoiceGroupsErrorCode.BAD_QUERY]: 'bad_request',
  [InvoiceGroupsErrorCode.BAD_DATE_RANGE]: 'bad_request',
  [InvoiceGroupsErrorCode.GROUP_NOT_DELETABLE]: 'conflict',
  [InvoiceGroupsErrorCode.GROUP_ALREADY_CREATED]: 'conflict',
};

export class InvoiceGroupsError extends DomainError {
  constructor(code: InvoiceGroupsErrorCode, message: string, fieldErrors?: Record<string, string>) {
    super(KIND[code], code, message, fieldErrors);
    this.name = 'InvoiceGroupsError';
  }

  static groupNotFound(): InvoiceGroupsError {
    return new InvoiceGroupsError(InvoiceGroupsErrorCode.GROUP_NOT_FOUND, GROUP_TEXT.groupNotFound);
  }

  /** 400 with the first message as the summary (what the screen's alert can show) and one per field. */
  static invalid(fieldErrors: Record<string, string>): InvoiceGroupsError {
    return new InvoiceGroupsError(InvoiceGroupsErrorCode.INVALID, Object.values(fieldErrors)[0], fieldErrors);
  }
}
