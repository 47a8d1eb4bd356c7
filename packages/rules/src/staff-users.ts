/**
 * Users and Permissions (issue 16): the labels and messages the server answers and the admin shows
 * (docs/decisions/users-permissions.md).
 */

/** The access flags a house user edits, in the page's order, with their labels. */
export const STAFF_FLAG_LABELS = [
  ['accessSensitive', 'Sensitive settings (users, locations, billing)'],
  ['accessConsole', 'Console'],
  ['accessCalendar', 'Calendar'],
  ['accessCustomer', 'Customers'],
  ['accessInvoices', 'Invoices'],
  ['accessSettlement', 'Settlement (payments, with Invoices)'],
  ['accessReports', 'Reports'],
  ['accessBulkbiding', 'Bulk bidding'],
] as const;

export type StaffFlagName = (typeof STAFF_FLAG_LABELS)[number][0];

/** The spec's contact types, keyed by their ids (001 "Contact types": 1, 3, 4). */
export const CONTACT_TYPES = [
  { id: 1, name: 'Consignment' },
  { id: 3, name: 'Sale Administrator' },
  { id: 4, name: 'Expert' },
] as const;

export type ContactTypeId = (typeof CONTACT_TYPES)[number]['id'];

export const isContactTypeId = (v: unknown): v is ContactTypeId => CONTACT_TYPES.some((t) => t.id === v);

export const STAFF_USER_TEXT = {
  userNameRequired: 'User Name is a required field',
  userNameFormat: 'User Name may contain letters, digits, dots, dashes, underscores and @ only (at most 64).',
  userNameTaken: 'This user name is already used in this house.',
  emailRequired: 'Email is a required field',
  emailInvalid: 'Please enter a valid email address.',
  firstNameTooLong: 'First Name may have at most 60 characters.',
  lastNameTooLong: 'Last Name may have at most 60 characters.',
  ownFlags: 'You cannot give yourself access you do not have. Ask another user with Sensitive settings access.',
  internalStaff: 'Internal staff users are managed by the platform and cannot be changed here.',
  lastSensitive: 'At least one active user must keep Sensitive settings access. Give it to another user first.',
  deactivateSelf: 'You cannot deactivate yourself. Ask another user with Sensitive settings access.',
  alreadyInactive: 'This user is already deactivated.',
  alreadyActive: 'This user is already active.',
  inactiveNoInvite: 'Reactivate the user before sending a set-password link.',
  inviteSent: 'A link to set a password has been emailed to the user.',
  contactTypeInvalid: 'Contact Type must be Consignment, Sale Administrator or Expert.',
  contactFirstNameRequired: 'First Name is a required field',
  contactLastNameRequired: 'Last Name is a required field',
  noContacts: 'You do not have any saved contacts.  Please go to the Users and Permissions page to add new contacts.',
} as const;

export const STAFF_NAME_MAX = 60;
export const STAFF_USER_NAME = /^[A-Za-z0-9._@-]{1,64}$/;
