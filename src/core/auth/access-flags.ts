/** The staff access flags of the spec (spelling kept: `accessBulkbiding`). */
export const ACCESS_FLAGS = [
  'accessCustomer',
  'accessBulkbiding',
  'accessReports',
  'accessConsole',
  'accessInvoices',
  'accessCalendar',
  'accessSensitive',
  'accessSettlement',
] as const;

export type AccessFlag = (typeof ACCESS_FLAGS)[number];
export type AccessFlags = Record<AccessFlag, boolean>;
