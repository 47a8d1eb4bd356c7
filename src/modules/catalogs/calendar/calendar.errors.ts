import { CALENDAR_TEXT } from '@ar/rules';
import { DomainError, ErrorKind } from '../../../core/errors/domain-error';

export enum CalendarErrorCode {
  /** The session is not one of the caller's house (or does not exist). */
  SESSION_NOT_FOUND = 'SESSION_NOT_FOUND',
  /** The sale (auction group) is not one of the caller's house (or does not exist). */
  GROUP_NOT_FOUND = 'GROUP_NOT_FOUND',
  /** Delete Session on a session that has lots. */
  SESSION_HAS_LOTS = 'SESSION_HAS_LOTS',
  /** Delete Session within two hours of the session's start, or after it. */
  SESSION_LOCKED = 'SESSION_LOCKED',
  /** A malformed `auction-calendar` query (upcoming, page, size). */
  BAD_QUERY = 'BAD_QUERY',
}

const KIND: Record<CalendarErrorCode, ErrorKind> = {
  SESSION_NOT_FOUND: 'not_found',
  GROUP_NOT_FOUND: 'not_found',
  SESSION_HAS_LOTS: 'conflict',
  SESSION_LOCKED: 'conflict',
  BAD_QUERY: 'bad_request',
};

export class CalendarError extends DomainError {
  constructor(code: CalendarErrorCode, message: string) {
    super(KIND[code], code, message);
  }

  static groupNotFound(): CalendarError {
    return new CalendarError(CalendarErrorCode.GROUP_NOT_FOUND, CALENDAR_TEXT.groupNotFound);
  }

  static sessionNotFound(): CalendarError {
    return new CalendarError(CalendarErrorCode.SESSION_NOT_FOUND, CALENDAR_TEXT.sessionNotFound);
  }
}
