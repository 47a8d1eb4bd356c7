import { DomainError, ErrorKind } from '../../../../core/errors/domain-error';

export enum EditingErrorCode {
  INVOICE_NOT_FOUND = 'INVOICE_NOT_FOUND',
  LINE_NOT_FOUND = 'LINE_NOT_FOUND',
  STALE_VERSION = 'STALE_VERSION',
  NOT_ALLOWED = 'NOT_ALLOWED',
  INVALID = 'VALIDATION_FAILED',
}

const KIND: Record<EditingErrorCode, ErrorKind> = {
  INVOICE_NOT_FOUND: 'not_found',
  LINE_NOT_FOUND: 'not_found',
  STALE_VERSION: 'conflict',
  NOT_ALLOWED: 'conflict',
  VALIDATION_FAILED: 'validation',
};

export class EditingError extends DomainError {
  constructor(code: EditingErrorCode, message: string, fieldErrors?: Record<string, string>) {
    super(KIND[code], code, message, fieldErrors);
  }
}

export const STALE_INVOICE_TEXT =
  'This invoice was changed by someone else. It has been reloaded with their changes; please make your change again.';
