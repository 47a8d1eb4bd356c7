import { BULK_BIDDING_TEXT as T } from '@ar/rules';
import { DomainError, ErrorKind, PERMISSION_DENIED_TEXT } from '../../../core/errors/domain-error';

export enum BiddingErrorCode {
  CATALOG_NOT_FOUND = 'CATALOG_NOT_FOUND',
  SALE_INFO_NOT_FOUND = 'SALE_INFO_NOT_FOUND',
  LOT_NOT_FOUND = 'LOT_NOT_FOUND',
  APPROVAL_NOT_FOUND = 'APPROVAL_NOT_FOUND',
  BULK_BIDDING_OFF = 'BULK_BIDDING_OFF',
  NOT_YOUR_USER = 'NOT_YOUR_USER',
  CANCEL_NOT_OWN = 'CANCEL_NOT_OWN',
  BID_REFUSED = 'BID_REFUSED',
  CANCEL_REFUSED = 'CANCEL_REFUSED',
}

const KIND: Record<BiddingErrorCode, ErrorKind> = {
  CATALOG_NOT_FOUND: 'not_found',
  SALE_INFO_NOT_FOUND: 'not_found',
  LOT_NOT_FOUND: 'not_found',
  APPROVAL_NOT_FOUND: 'not_found',
  BULK_BIDDING_OFF: 'forbidden',
  NOT_YOUR_USER: 'forbidden',
  CANCEL_NOT_OWN: 'forbidden',
  BID_REFUSED: 'conflict',
  CANCEL_REFUSED: 'conflict',
};

/** Refusals of timed bidding and bulk bidding; messages are the spec's where it has one. */
export class BiddingError extends DomainError {
  /** `reason` (why, for API consumers) is answered as `errors.reason`. */
  constructor(code: BiddingErrorCode, message: string, reason?: string) {
    super(KIND[code], code, message, reason ? { reason } : undefined);
  }

  static catalogNotFound = () => new BiddingError(BiddingErrorCode.CATALOG_NOT_FOUND, T.catalogNotFound);
  static saleInfoNotFound = () => new BiddingError(BiddingErrorCode.SALE_INFO_NOT_FOUND, T.saleInfoNotFound);
  static bulkBiddingOff = () => new BiddingError(BiddingErrorCode.BULK_BIDDING_OFF, PERMISSION_DENIED_TEXT);
  static cancelRefused = (reason: string) => new BiddingError(BiddingErrorCode.CANCEL_REFUSED, T.cancelFailed, reason);
  static cancelNotOwn = () => new BiddingError(BiddingErrorCode.CANCEL_NOT_OWN, T.cancelFailed, 'Only your own bids can be cancelled.');
}
