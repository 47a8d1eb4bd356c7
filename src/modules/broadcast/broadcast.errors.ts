import { BROADCAST_TEXT } from '@ar/rules';
import { DomainError } from '../../core/errors/domain-error';

/** The spec's broadcast texts (001 section 8), shared with the admin. */
export { BROADCAST_TEXT };

export const BroadcastError = {
  providerFailed: () => new DomainError('unavailable', 'BROADCAST_PROVIDER_FAILED', BROADCAST_TEXT.fetchFailed),
  sessionNotFound: () => new DomainError('not_found', 'NOT_FOUND', BROADCAST_TEXT.notFound),
};
