import { IMAGE_ERROR_TEXT, type ImageErrorCode } from '@ar/rules';
import { DomainError, ErrorKind } from '../../../core/errors/domain-error';

export const IMAGE_TEXT = {
  sessionNotFound: 'Session not found.',
  badBucket: 'The bucket must be /house/{houseID}/catalog/{catalogID}.',
  linkInvalid: 'The upload link is invalid or has expired. Please re-upload.',
  linkUsed: 'The upload link has already been used. Please re-upload.',
} as const;

/** How the signed PUT answers each image error: the code and the spec's title, keyed `file`. */
const PUT_KIND: Partial<Record<ImageErrorCode, ErrorKind>> = { size: 'payload_too_large' };

/** Refusals of a whole call. Per-image problems of the register call are answered per image instead. */
export const LotImagesError = {
  sessionNotFound(): DomainError {
    return new DomainError('not_found', 'SESSION_NOT_FOUND', IMAGE_TEXT.sessionNotFound);
  },

  uploadNotFound(): DomainError {
    return DomainError.notFound('Upload');
  },

  badBucket(): DomainError {
    return DomainError.validation({ bucket: IMAGE_TEXT.badBucket }, IMAGE_TEXT.badBucket);
  },

  linkInvalid(): DomainError {
    return new DomainError('forbidden', 'UPLOAD_LINK_INVALID', IMAGE_TEXT.linkInvalid);
  },

  linkUsed(): DomainError {
    return new DomainError('forbidden', 'UPLOAD_LINK_USED', IMAGE_TEXT.linkUsed);
  },

  /** `{ statusCode, code: 'pixel', message, errors: { file } }`: the image step shows the spec's text. */
  image(code: ImageErrorCode): DomainError {
    const title = IMAGE_ERROR_TEXT[code].title;
    return new DomainError(PUT_KIND[code] ?? 'validation', code, title, { file: title });
  },
};
