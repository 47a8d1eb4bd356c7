import { CALENDAR_TEXT, LOT_TEXT, SUMMARY_TEXT } from '@ar/rules';
import { DomainError, ErrorKind } from '../../../core/errors/domain-error';

export enum PublishingErrorCode {
  /** The session is not one of the caller's house (or does not exist). */
  SESSION_NOT_FOUND = 'SESSION_NOT_FOUND',
  /** A lot number (or inventory number, or lot id) names no lot of the session. */
  LOT_NOT_FOUND = 'LOT_NOT_FOUND',
  /** A deleted lot was selected for delete or publish. */
  LOT_DELETED = 'LOT_DELETED',
  /** Delete within two hours of the session's start, or after it. */
  SESSION_LOCKED = 'SESSION_LOCKED',
  /** Publish while a lot has no lot number. */
  UNLOTTED = 'UNLOTTED',
  /** Publish selected without an unpublished lot, delete selected without a lot, a malformed list. */
  BAD_SELECTION = 'BAD_SELECTION',
  /** The featured picker's rules. */
  FEATURED_INVALID = 'FEATURED_INVALID',
  /** The house has no featured-lots setting. */
  FEATURED_DISABLED = 'FEATURED_DISABLED',
  /** A cover that is not one of the session's lot images. */
  BAD_COVER = 'BAD_COVER',
}

const KIND: Record<PublishingErrorCode, ErrorKind> = {
  SESSION_NOT_FOUND: 'not_found',
  LOT_NOT_FOUND: 'bad_request',
  LOT_DELETED: 'conflict',
  SESSION_LOCKED: 'conflict',
  UNLOTTED: 'conflict',
  BAD_SELECTION: 'bad_request',
  FEATURED_INVALID: 'bad_request',
  FEATURED_DISABLED: 'forbidden',
  BAD_COVER: 'bad_request',
};

export class PublishingError extends DomainError {
  constructor(code: PublishingErrorCode, message: string) {
    super(KIND[code], code, message);
  }

  static sessionNotFound(): PublishingError {
    return new PublishingError(PublishingErrorCode.SESSION_NOT_FOUND, LOT_TEXT.sessionNotFound);
  }

  static notInCatalog(): PublishingError {
    return new PublishingError(PublishingErrorCode.LOT_NOT_FOUND, SUMMARY_TEXT.notInCatalog);
  }

  static deleted(): PublishingError {
    return new PublishingError(PublishingErrorCode.LOT_DELETED, SUMMARY_TEXT.deleteDeleted);
  }

  static locked(): PublishingError {
    return new PublishingError(PublishingErrorCode.SESSION_LOCKED, CALENDAR_TEXT.in2Hours);
  }

  static unlotted(): PublishingError {
    return new PublishingError(PublishingErrorCode.UNLOTTED, SUMMARY_TEXT.publishUnlotted);
  }

  static selection(message: string): PublishingError {
    return new PublishingError(PublishingErrorCode.BAD_SELECTION, message);
  }

  static featured(message: string): PublishingError {
    return new PublishingError(PublishingErrorCode.FEATURED_INVALID, message);
  }

  static featuredDisabled(): PublishingError {
    return new PublishingError(PublishingErrorCode.FEATURED_DISABLED, SUMMARY_TEXT.featuredDisabled);
  }

  static badCover(): PublishingError {
    return new PublishingError(PublishingErrorCode.BAD_COVER, SUMMARY_TEXT.coverNotALotImage);
  }
}
