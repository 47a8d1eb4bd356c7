import { DomainError } from '../../../core/errors/domain-error';

/** Ours: the spec has no text for a review-list row that is gone (deleted, saved or another house's). */
export const UPLOAD_ROW_NOT_FOUND = 'This uploaded item is no longer in the review list.';

export class UploadReviewError {
  static rowNotFound(): DomainError {
    return new DomainError('not_found', 'UPLOAD_ROW_NOT_FOUND', UPLOAD_ROW_NOT_FOUND);
  }
}
