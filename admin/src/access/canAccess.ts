import { canReconcile, cardProcessingAllowed } from '@ar/rules';
import type { ShellUser } from '../auth/types';

/**
 * Every access rule of the shell (spec 001 section 6, spec 000 section 6), in one
 * pure module shared by the top menu and the route guard. Hiding is never the
 * only protection: the server enforces the same flags.
 */
const rules = {
  home: () => true,
  help: () => true,
  // Invoices menu is hidden when invoicing is disabled; invoice links need accessInvoices.
  invoices: (u) => !u.houseInfo.disableINVAInvoicing && u.accessInvoices,
  payments: (u) => paymentsAllowed(u),
  // Charge all/selected cards (Group Details): a payment user of a house that may process cards
  // (processor p, payment processing enabled, a US house; spec 000 section 6).
  chargeCards: (u) => paymentsAllowed(u) && cardProcessingAllowed(u.houseInfo),
  // Manage AutoCharge (Group Details) and the Auto-charge page: the same, with the house's auto-charge on.
  manageAutoCharge: (u) =>
    !u.houseInfo.disableINVAInvoicing && paymentsAllowed(u) && cardProcessingAllowed(u.houseInfo) && u.houseInfo.autoChargeEnabled,
  paymentCenter: (u) => paymentsAllowed(u) && u.houseInfo.paymentProcessingEligible && u.houseInfo.paymentProcessingEnabled,
  // Consignor settlements: the staff flag alone, as the server (docs/decisions/settlements.md).
  settlements: (u) => u.accessSettlement,
  // Money reports: reports access for the buyer-side tabs, settlement access for the seller-side ones.
  reports: (u) => u.accessReports,
  moneyReports: (u) => u.accessReports || u.accessSettlement,
  locations: (u) => u.accessSensitive,
  usersPermissions: (u) => u.accessSensitive,
  billing: (u) => u.accessSensitive,
  privateLabel: (u) => isInstant(u) && ['i', 's'].includes(connectType(u)),
  salesResults: (u) => u.accessReports,
  // End-of-auction reconciliation: super users too (the server's canReconcile).
  eoa: (u) => canReconcile({ isSuperUser: isSuperUser(u), accessReports: u.accessReports }),
  // Spec: processor type p only; and, as every report, reports access (the server holds both).
  salesTaxReports: (u) => u.houseInfo.processorType === 'p' && u.accessReports,
  // Spec: only on the main marketplace host; this product has one host.
  campaignReporting: () => true,
  // The analytics dashboard: reports access, as the server's domo call.
  analytics: (u) => u.accessReports,
  yourCustomers: (u) => u.accessCustomer && ['s', 'p', 'e'].includes(connectType(u)),
  disputes: (u) => u.accessCustomer,
  // Spec 001 section 6: the No Bid List is one of the accessCustomer pages.
  noBidList: (u) => u.accessCustomer,
  // Open New File is reached from sale results, invoices and the customer pages (the server allows any of the three).
  openDispute: (u) => u.accessReports || u.accessInvoices || u.accessCustomer,
  // Messages are on by default for every house user.
  feedbackMessages: () => true,
  auctions: (u) => u.accessCalendar,
  catalogSnapshot: (u) => isSuperUser(u),
  // The dev outbox (/dev/outbox): every house's mail, for internal staff only.
  devOutbox: (u) => isSuperUser(u),
  sessions: () => true,
  bulkBidding: (u) => u.accessBulkbiding && (u.houseInfo.bulkBiddingEnabled || isSuperUser(u)),
  broadcast: (u) => u.accessConsole,
  // The calendar's sessions (accessCalendar, as the server); never for online-only houses. The
  // 45-day rule is the session's: the page shows the server's refusal.
  realizedPrices: (u) => u.accessCalendar && !u.houseInfo.isOnlineOnly,
} satisfies Record<string, (u: ShellUser) => boolean>;

export type AccessKey = keyof typeof rules;

export function canAccess(user: ShellUser | null | undefined, key: AccessKey): boolean {
  return user ? rules[key](user) : false;
}

// "Payments access needs both invoices and settlement access."
function paymentsAllowed(u: ShellUser): boolean {
  return u.accessInvoices && u.accessSettlement;
}
// The house's settings win over the user's copy (spec: "house connect type").
function connectType(u: ShellUser): string {
  return u.houseInfo.connectType ?? u.connectType;
}
function isInstant(u: ShellUser): boolean {
  return u.houseInfo.isInstant ?? u.isInstant;
}
// The spec tests the super-user flag as non-null.
function isSuperUser(u: ShellUser): boolean {
  return u.isSuperUser != null && u.isSuperUser !== false;
}
