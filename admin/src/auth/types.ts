// Shapes of GET /api/auth/session (docs/api-contract-shell.md).

export type ConnectType = 'i' | 's' | 'p' | 'e' | string;
export type ProcessorType = 'w' | 's' | 'p' | null;

export interface HouseInfo {
  houseID: number;
  houseRef: string;
  houseUserName: string;
  houseName: string;
  connectType: ConnectType;
  ingestType: string;
  isOnlineOnly: boolean;
  disableINVAInvoicing: boolean;
  disputeTermsAccepted: boolean;
  paymentProcessingAccountID: string | number | null;
  paymentProcessingEligible: boolean;
  paymentProcessingEnabled: boolean;
  paymentProcessingRequired: boolean;
  processorType: ProcessorType;
  payrixEligible: boolean;
  binEnabled: boolean;
  liveOrTimedEnabled: boolean;
  bulkBiddingEnabled: boolean;
  featuredLotsEnabled: boolean;
  autoChargeEnabled: boolean;
  isHouseFeeStepActive: boolean;
  isInstant: boolean;
  currencyCode: string;
  /** ISO 3166 alpha-2; card processing needs 'US' (`cardProcessingAllowed`). */
  countryCode: string;
}

export interface ShellUser {
  userRef: string;
  userID: number;
  userName: string;
  /** The Home page greets by it; null when the user record has none. */
  firstName?: string | null;
  accessCustomer: boolean;
  accessBulkbiding: boolean;
  accessReports: boolean;
  accessConsole: boolean;
  accessInvoices: boolean;
  accessCalendar: boolean;
  accessSensitive: boolean;
  accessSettlement: boolean;
  isSuperUser: boolean | null;
  isInstant: boolean;
  connectType: ConnectType;
  houseInfo: HouseInfo;
}

export interface SessionAnswer {
  data: { user: ShellUser; csrfToken: string };
}
