import { LOT_TEXT } from '@ar/rules';
import { DomainError, ErrorKind } from '../../../core/errors/domain-error';

export enum LotSheetErrorCode {
  /** The session is not one of the caller's house (or does not exist). */
  SESSION_NOT_FOUND = 'SESSION_NOT_FOUND',
  /** The pre-upload file check (001 section 5) or the file cannot be read. */
  INVALID_FILE = 'INVALID_FILE',
  FILE_TOO_LARGE = 'FILE_TOO_LARGE',
  /** Within two hours of the session's start. */
  SESSION_LOCKED = 'SESSION_LOCKED',
}

const KIND: Record<LotSheetErrorCode, ErrorKind> = {
  SESSION_NOT_FOUND: 'not_found',
  INVALID_FILE: 'bad_request',
  FILE_TOO_LARGE: 'payload_too_large',
  SESSION_LOCKED: 'conflict',
};

/** Refusals of a whole upload. Bad rows are not errors: they come back as the spec's error objects. */
export class LotSheetError extends DomainError {
  constructor(code: LotSheetErrorCode, message: string) {
    super(KIND[code], code, message);
  }

  static sessionNotFound(): LotSheetError {
    return new LotSheetError(LotSheetErrorCode.SESSION_NOT_FOUND, LOT_TEXT.sessionNotFound);
  }
}
