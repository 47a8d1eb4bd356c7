import { describe, expect, it } from '@jest/globals';
import type { HouseInfo, ShellUser } from '../auth/types';
import { visibleMenu } from '../layout/menuModel';
import { canAccess } from './canAccess';

const house = (over: Partial<HouseInfo> = {}): HouseInfo => ({
  houseID: 1,
  houseRef: 'H1',
  houseUserName: 'demo',
  houseName: 'Demo Auctions',
  connectType: 's',
  ingestType: 'd',
  isOnlineOnly: false,
  disableINVAInvoicing: false,
  disputeTermsAccepted: false,
  paymentProcessingAccountID: null,
  paymentProcessingEligible: true,
  paymentProcessingEnabled: true,
  paymentProcessingRequired: false,
  processorType: 'p',
  payrixEligible: true,
  binEnabled: true,
  liveOrTimedEnabled: true,
  bulkBiddingEnabled: true,
  featuredLotsEnabled: true,
  autoChargeEnabled: true,
  isHouseFeeStepActive: false,
  isInstant: false,
  currencyCode: 'USD',
  countryCode: 'US',
  ...over,
});
const NO_FLAGS = {
  accessCustomer: false,
  accessBulkbiding: false,
  accessReports: false,
  accessConsole: false,
  accessInvoices: false,
  accessCalendar: false,
  accessSensitive: false,
  accessSettlement: false,
};
const user = (flags: Partial<ShellUser> = {}, houseOver: Partial<HouseInfo> = {}): ShellUser => ({
  userRef: 'U1',
  userID: 1,
  userName: 'u',
  ...NO_FLAGS,
  isSuperUser: false,
  isInstant: false,
  connectType: 's',
  houseInfo: house(houseOver),
  ...flags,
});
const owner = user({
  accessCustomer: true,
  accessBulkbiding: true,
  accessReports: true,
  accessConsole: true,
  accessInvoices: true,
  accessCalendar: true,
  accessSensitive: true,
  accessSettlement: true,
});
const clerk = user({ accessInvoices: true });
const menuKeys = (u: ShellUser) =>
  visibleMenu(u).flatMap((g) => (g.items ?? [{ key: '' }]).map((i) => `${g.key}/${i.key}`.replace(/\/$/, '')));

describe('canAccess', () => {
  it('denies everything without a user', () => {
    expect(canAccess(null, 'home')).toBe(false);
  });

  it('needs accessInvoices for invoices, and hides them when the house disables invoicing', () => {
    expect(canAccess(clerk, 'invoices')).toBe(true);
    expect(canAccess(user(), 'invoices')).toBe(false);
    expect(canAccess(user({ accessInvoices: true }, { disableINVAInvoicing: true }), 'invoices')).toBe(false);
  });

  it('needs accessSensitive for Locations, Users and Permissions and Billing', () => {
    expect(canAccess(owner, 'locations')).toBe(true);
    expect(canAccess(clerk, 'locations')).toBe(false);
    expect(canAccess(clerk, 'billing')).toBe(false);
    expect(canAccess(owner, 'usersPermissions')).toBe(true);
    expect(canAccess(clerk, 'usersPermissions')).toBe(false);
    expect(menuKeys(owner)).toContain('settings/users');
    expect(menuKeys(clerk)).not.toContain('settings/users');
  });

  it('shows Sales Tax Reports only for processor type p, with reports access', () => {
    expect(canAccess(user({ accessReports: true }), 'salesTaxReports')).toBe(true);
    expect(canAccess(clerk, 'salesTaxReports')).toBe(false);
    expect(canAccess(user({ accessReports: true }, { processorType: 'w' }), 'salesTaxReports')).toBe(false);
  });

  it('shows Your Customers only for connect types s, p, e with customer access', () => {
    for (const ct of ['s', 'p', 'e']) expect(canAccess(user({ accessCustomer: true }, { connectType: ct }), 'yourCustomers')).toBe(true);
    expect(canAccess(user({ accessCustomer: true }, { connectType: 'i' }), 'yourCustomers')).toBe(false);
    expect(canAccess(user({}, { connectType: 's' }), 'yourCustomers')).toBe(false);
  });

  it('needs isInstant and connect type i or s for Private Label Settings', () => {
    expect(canAccess(user({}, { isInstant: true, connectType: 'i' }), 'privateLabel')).toBe(true);
    expect(canAccess(user({}, { isInstant: true, connectType: 'p' }), 'privateLabel')).toBe(false);
    expect(canAccess(user({}, { isInstant: false, connectType: 's' }), 'privateLabel')).toBe(false);
  });

  it('needs payment eligibility and enablement (and payments access) for the Payment Center', () => {
    expect(canAccess(owner, 'paymentCenter')).toBe(true);
    expect(canAccess({ ...owner, houseInfo: house({ paymentProcessingEnabled: false }) }, 'paymentCenter')).toBe(false);
    expect(canAccess({ ...owner, accessSettlement: false }, 'paymentCenter')).toBe(false);
  });

  it('keeps Catalog Snapshot for super users and bulk bidding for the flag plus the house setting', () => {
    expect(canAccess(owner, 'catalogSnapshot')).toBe(false);
    expect(canAccess({ ...owner, isSuperUser: true }, 'catalogSnapshot')).toBe(true);
    expect(canAccess({ ...owner, houseInfo: house({ bulkBiddingEnabled: false }) }, 'bulkBidding')).toBe(false);
    expect(canAccess({ ...owner, isSuperUser: true, houseInfo: house({ bulkBiddingEnabled: false }) }, 'bulkBidding')).toBe(true);
  });

  it('opens consignor settlements with the settlement flag alone (no invoices access needed)', () => {
    expect(canAccess(user({ accessSettlement: true }), 'settlements')).toBe(true);
    expect(canAccess(user({ accessInvoices: true }), 'settlements')).toBe(false);
    expect(canAccess(null, 'settlements')).toBe(false);
    const reports = (u: Parameters<typeof visibleMenu>[0]) =>
      visibleMenu(u)
        .find((g) => g.key === 'reports')
        ?.items?.map((i) => i.key) ?? [];
    expect(reports(user({ accessSettlement: true }))).toContain('settlements');
    expect(reports(user({ accessInvoices: true }))).not.toContain('settlements');
    // The accounting export sits beside them, with the same flag.
    expect(reports(user({ accessSettlement: true }))).toContain('accounting-export');
    expect(reports(user({ accessInvoices: true }))).not.toContain('accounting-export');
  });

  it('opens the money reports with reports or settlement access (each tab checks its own)', () => {
    expect(canAccess(user({ accessReports: true }), 'moneyReports')).toBe(true);
    expect(canAccess(user({ accessSettlement: true }), 'moneyReports')).toBe(true);
    expect(canAccess(user({ accessInvoices: true }), 'moneyReports')).toBe(false);
    expect(canAccess(user({ accessSettlement: true }), 'reports')).toBe(false);
    expect(canAccess(user({ accessReports: true }), 'reports')).toBe(true);
  });

  it('charges cards for a payment user of a US processor-p house with processing enabled (spec 000 section 6)', () => {
    const payer = user({ accessInvoices: true, accessSettlement: true });
    expect(canAccess(payer, 'chargeCards')).toBe(true);
    expect(canAccess({ ...payer, accessSettlement: false }, 'chargeCards')).toBe(false);
    expect(canAccess({ ...payer, accessInvoices: false }, 'chargeCards')).toBe(false);
    expect(canAccess({ ...payer, houseInfo: house({ processorType: 's' }) }, 'chargeCards')).toBe(false);
    expect(canAccess({ ...payer, houseInfo: house({ paymentProcessingEnabled: false }) }, 'chargeCards')).toBe(false);
    // Outside the US, even with processor p and processing enabled.
    expect(canAccess({ ...payer, houseInfo: house({ countryCode: 'CA' }) }, 'chargeCards')).toBe(false);
    expect(canAccess(null, 'chargeCards')).toBe(false);
  });

  it('manages auto-charge where cards may be charged and the house has auto-charge on', () => {
    const payer = user({ accessInvoices: true, accessSettlement: true });
    expect(canAccess(payer, 'manageAutoCharge')).toBe(true);
    expect(canAccess({ ...payer, houseInfo: house({ autoChargeEnabled: false }) }, 'manageAutoCharge')).toBe(false);
    expect(canAccess({ ...payer, houseInfo: house({ countryCode: 'GB' }) }, 'manageAutoCharge')).toBe(false);
    expect(canAccess({ ...payer, accessSettlement: false }, 'manageAutoCharge')).toBe(false);
    expect(canAccess({ ...payer, houseInfo: house({ disableINVAInvoicing: true }) }, 'manageAutoCharge')).toBe(false);
  });

  it('opens the dev outbox to super users only', () => {
    expect(canAccess(owner, 'devOutbox')).toBe(false);
    expect(canAccess({ ...owner, isSuperUser: true }, 'devOutbox')).toBe(true);
    expect(menuKeys(owner)).not.toContain('settings/dev-outbox');
    expect(menuKeys({ ...owner, isSuperUser: true })).toContain('settings/dev-outbox');
  });
});

describe('visibleMenu', () => {
  it('gives the owner Settings > Locations and every heading but none needing super user', () => {
    const keys = menuKeys(owner);
    expect(keys).toContain('settings/locations');
    expect(keys).toContain('billing/payment-center');
    expect(keys).not.toContain('auctions/snapshots');
    expect(visibleMenu(owner).map((g) => g.label)).toEqual([
      'Home',
      'Settings',
      'Invoices',
      'Reports',
      'Customers',
      'Auctions/Sales',
      'Messages',
      'Billing',
      'Help Center',
    ]);
  });

  it('gives the clerk the invoice links and hides dropdowns left empty', () => {
    const keys = menuKeys(clerk);
    expect(keys).toEqual(expect.arrayContaining(['invoices/manage', 'invoices/existing', 'invoices/templates']));
    expect(keys.some((k) => k.startsWith('settings'))).toBe(false);
    expect(keys.some((k) => k.startsWith('billing'))).toBe(false);
    expect(keys).not.toContain('reports/sales-results');
  });

  it('lists the No Bid List under Customers, after View Disputes, for customer access only', () => {
    const keys = menuKeys(user({ accessCustomer: true }));
    expect(keys.filter((k) => k.startsWith('customers/'))).toEqual([
      'customers/your-customers',
      'customers/disputes',
      'customers/no-bid-list',
    ]);
    expect(menuKeys(clerk)).not.toContain('customers/no-bid-list');
    expect(canAccess(clerk, 'noBidList')).toBe(false);
  });
});
