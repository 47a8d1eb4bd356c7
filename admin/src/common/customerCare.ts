// The spec omits the real numbers ("{phone} omitted"): keep them here, in one place.
export const CUSTOMER_CARE_PHONES = ['US: +1 (000) 000-0000', 'UK: +44 (0)00 0000 0000', 'EU: +49 (0)00 0000 0000'] as const;

export const GENERIC_ERROR_TEXT = 'Unable to complete your request. Please try again later or contact Customer Care any time at:';

export const PERMISSION_DENIED_TEXT = 'You do not have permissions to view this page. Please contact your system administrator.';
