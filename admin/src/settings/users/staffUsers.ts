import { STAFF_FLAG_LABELS, type StaffFlagName } from '@ar/rules';

/** A staff user as `/api/staff-users` answers it. */
export interface StaffUser extends Record<StaffFlagName, boolean> {
  id: number;
  userRef: string;
  userName: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  isActive: boolean;
  isSuperUser: boolean;
  deactivatedAt: string | null;
  lastLoginAt: string | null;
}

/** A house contact as `/api/house-contacts` answers it. */
export interface HouseContact {
  id: number;
  contactType: number;
  contactTypeName: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

export const FLAG_NAMES = STAFF_FLAG_LABELS.map(([name]) => name);

export const displayName = (u: Pick<StaffUser, 'firstName' | 'lastName' | 'userName'>): string =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.userName;

/** The flags a user has, as short labels (the part of each label before a bracket). */
export const flagSummary = (u: StaffUser): string[] =>
  STAFF_FLAG_LABELS.filter(([name]) => u[name]).map(([, label]) => label.replace(/\s*\(.*\)$/, ''));
