import { ANALYTICS_TEXT } from '@ar/rules';
import { DomainError, GENERIC_ERROR_TEXT } from '../../core/errors/domain-error';

/** The spec shows no text for a dashboard that cannot load; ours, shared with the admin (docs/decisions/broadcast-analytics.md). */
export { ANALYTICS_TEXT };

export const AnalyticsError = {
  providerFailed: () => new DomainError('unavailable', 'ANALYTICS_PROVIDER_FAILED', GENERIC_ERROR_TEXT),
};
