import { REALIZED_TEXT } from '@ar/rules';
import { DomainError, ErrorKind } from '../../../core/errors/domain-error';

export enum RealizedErrorCode {
  /** The session is not one of the caller's house (or does not exist). */
  SESSION_NOT_FOUND = 'SESSION_NOT_FOUND',
  /** Online-only houses have no realized prices (001 section 6). */
  ONLINE_ONLY = 'ONLINE_ONLY',
  /** More than 45 days after the session, for a user who is not a super user. */
  EDIT_WINDOW_CLOSED = 'EDIT_WINDOW_CLOSED',
  /** The session has not started yet. */
  SESSION_NOT_STARTED = 'SESSION_NOT_STARTED',
  INVALID_FILE = 'INVALID_FILE',
  FILE_TOO_LARGE = 'FILE_TOO_LARGE',
}

const KIND: Record<RealizedErrorCode, ErrorKind> = {
  SESSION_NOT_FOUND: 'not_found',
  ONLINE_ONLY: 'forbidden',
  EDIT_WINDOW_CLOSED: 'forbidden',
  SESSION_NOT_STARTED: 'conflict',
  INVALID_FILE: 'bad_request',
  FILE_TOO_LARGE: 'payload_too_large',
};

/** Refusals of a whole call; bad rows are the spec's error objects or field errors, not these. */
export class RealizedError extends DomainError {
  constructor(code: RealizedErrorCode, message: string) {
    super(KIND[code], code, message);
  }

  static sessionNotFound(): RealizedError {
    return new RealizedError(RealizedErrorCode.SESSION_NOT_FOUND, REALIZED_TEXT.sessionNotFound);
  }
}
