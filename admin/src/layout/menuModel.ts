import { canAccess, type AccessKey } from '../access/canAccess';
import type { ShellUser } from '../auth/types';
import { LINKS } from '../common/brand';

/** A menu entry: an in-app path (`to`) or an outside link (`href`). */
export interface MenuItemDef {
  key: string;
  label: string;
  access: AccessKey;
  to?: string;
  href?: string;
}

/** A top-level entry: a plain link (`to`) or a dropdown of `items`. */
export interface MenuGroupDef {
  key: string;
  label: string;
  access: AccessKey;
  to?: string;
  items?: MenuItemDef[];
}

// Spec 001 "Top menu": the headings in order, with the menu routes it lists.
export const TOP_MENU: MenuGroupDef[] = [
  { key: 'home', label: 'Home', access: 'home', to: '/' },
  {
    key: 'settings',
    label: 'Settings',
    access: 'home',
    items: [
      { key: 'locations', label: 'Locations', to: '/settings/locations', access: 'locations' },
      { key: 'users', label: 'Users and Permissions', to: '/settings/users', access: 'usersPermissions' },
      { key: 'pl-settings', label: 'Private Label Settings', to: '/settings/plSettings', access: 'privateLabel' },
      { key: 'dev-outbox', label: 'Dev Outbox', to: '/dev/outbox', access: 'devOutbox' },
    ],
  },
  {
    key: 'invoices',
    label: 'Invoices',
    access: 'invoices',
    items: [
      { key: 'manage', label: 'Manage All Invoices', to: '/invoices', access: 'invoices' },
      { key: 'existing', label: 'Existing Invoices', to: '/invoices/ExistingInvoices', access: 'invoices' },
      { key: 'templates', label: 'Invoice Templates', to: '/invoices/invoiceTemplates', access: 'invoices' },
    ],
  },
  {
    key: 'reports',
    label: 'Reports',
    access: 'home',
    items: [
      { key: 'sales-results', label: 'Sales Results', to: '/reports/sessionResults', access: 'salesResults' },
      { key: 'sales-tax', label: 'Sales Tax Reports', to: '/reports/salesTaxReports', access: 'salesTaxReports' },
      // Consignor settlements: a dropdown item, so the top menu still fits one row at 1024 px.
      { key: 'settlements', label: 'Consignor Settlements', to: '/settlements', access: 'settlements' },
      { key: 'money-reports', label: 'Money Reports', to: '/reports/money', access: 'moneyReports' },
      { key: 'accounting-export', label: 'Accounting Export', to: '/settlements/accounting', access: 'settlements' },
      { key: 'campaign', label: 'Ad Campaign Reporting', to: '/campaign-reporting', access: 'campaignReporting' },
      { key: 'analytics', label: 'Analytics Dashboard', to: '/reports/analytics', access: 'analytics' },
    ],
  },
  {
    key: 'customers',
    label: 'Customers',
    access: 'home',
    items: [
      { key: 'your-customers', label: 'Your Customers', to: '/your-customers', access: 'yourCustomers' },
      { key: 'disputes', label: 'View Disputes', to: '/customers/viewDisputes', access: 'disputes' },
      { key: 'no-bid-list', label: 'No Bid List', to: '/customers/noBidList', access: 'noBidList' },
    ],
  },
  {
    key: 'auctions',
    label: 'Auctions/Sales',
    access: 'auctions',
    items: [
      { key: 'current', label: 'Auctions/Sales', to: '/my-auctions/current', access: 'auctions' },
      { key: 'snapshots', label: 'Catalog Snapshot', to: '/my-auctions/snapshots', access: 'catalogSnapshot' },
    ],
  },
  {
    key: 'messages',
    label: 'Messages',
    access: 'home',
    items: [{ key: 'feedback', label: 'Default Feedback Messages', to: '/customers/feedback/default', access: 'feedbackMessages' }],
  },
  {
    key: 'billing',
    label: 'Billing',
    access: 'billing',
    items: [{ key: 'payment-center', label: 'Payment Center', to: '/payments', access: 'paymentCenter' }],
  },
  {
    key: 'help',
    label: 'Help Center',
    access: 'help',
    items: [
      { key: 'help-center', label: 'Help Center', href: LINKS.helpCenter, access: 'help' },
      { key: 'contact', label: 'Contact Customer Care', href: LINKS.contact, access: 'help' },
    ],
  },
];

/** The menu as this user may see it: forbidden items dropped, empty dropdowns hidden. */
export function visibleMenu(user: ShellUser | null, menu: MenuGroupDef[] = TOP_MENU): MenuGroupDef[] {
  return menu.flatMap((group) => {
    if (!canAccess(user, group.access)) return [];
    if (!group.items) return [group];
    const items = group.items.filter((item) => canAccess(user, item.access));
    return items.length ? [{ ...group, items }] : [];
  });
}
