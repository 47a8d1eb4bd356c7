import { CALENDAR_TEXT, LOT_DELETED_NUMBER_CODE, LOT_TEXT, lotLabel } from '@ar/rules';
import { DomainError, ErrorKind } from '../../../core/errors/domain-error';

export enum LotEditingErrorCode {
  /** The session is not one of the caller's house (or does not exist). */
  SESSION_NOT_FOUND = 'SESSION_NOT_FOUND',
  /** No lot of the session has that number (or id). */
  LOT_NOT_FOUND = 'LOT_NOT_FOUND',
  /** Edit or delete of a deleted lot. */
  LOT_DELETED = 'LOT_DELETED',
  /** Add, edit or delete within two hours of the session's start, or after it. */
  SESSION_LOCKED = 'SESSION_LOCKED',
  /** 001 section 8: the number was used on a previously deleted lot of the session. */
  DELETED_NUMBER = LOT_DELETED_NUMBER_CODE,
}

const KIND: Record<LotEditingErrorCode, ErrorKind> = {
  SESSION_NOT_FOUND: 'not_found',
  LOT_NOT_FOUND: 'not_found',
  LOT_DELETED: 'conflict',
  SESSION_LOCKED: 'conflict',
  [LOT_DELETED_NUMBER_CODE]: 'conflict',
};

export class LotEditingError extends DomainError {
  constructor(code: LotEditingErrorCode, message: string, fieldErrors?: Record<string, string>) {
    super(KIND[code], code, message, fieldErrors);
  }

  static sessionNotFound(): LotEditingError {
    return new LotEditingError(LotEditingErrorCode.SESSION_NOT_FOUND, LOT_TEXT.sessionNotFound);
  }

  static lotNotFound(): LotEditingError {
    return new LotEditingError(LotEditingErrorCode.LOT_NOT_FOUND, LOT_TEXT.notFound);
  }

  static lotDeleted(): LotEditingError {
    return new LotEditingError(LotEditingErrorCode.LOT_DELETED, LOT_TEXT.deletedPage);
  }

  static locked(): LotEditingError {
    return new LotEditingError(LotEditingErrorCode.SESSION_LOCKED, CALENDAR_TEXT.in2Hours);
  }

  /** Code 112: the message names the number; the field carries the form's own message. */
  static deletedNumber(lotNumber: string, lotExt: string | null): LotEditingError {
    return new LotEditingError(LotEditingErrorCode.DELETED_NUMBER, LOT_TEXT.deletedNumber(lotNumber, lotExt), {
      lotNumber: LOT_TEXT.numberDeleted,
    });
  }
}

/** `12A` in a path: the lot number and its extension. */
export function parseLotKey(raw: string): { lotNumber: string; lotExt: string | null } | null {
  const m = /^(\d{1,8})([A-Za-z])?$/.exec(raw);
  return m ? { lotNumber: m[1], lotExt: m[2] ? m[2].toUpperCase() : null } : null;
}

export { lotLabel };
