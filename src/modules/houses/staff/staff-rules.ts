import { STAFF_NAME_MAX, STAFF_USER_NAME, STAFF_USER_TEXT, looksLikeEmail } from '@ar/rules';
import { ACCESS_FLAGS, AccessFlags } from '../../../core/auth/access-flags';
import { DomainError } from '../../../core/errors/domain-error';

/**
 * The rules of Users and Permissions (docs/decisions/users-permissions.md), pure so they are
 * unit-tested one by one. The service reads the facts (who acts, on whom, how many other users keep
 * Sensitive settings access) under a per-house lock and asks these.
 */

export interface Actor {
  id: number;
  isSuperUser: boolean;
  flags: AccessFlags;
}

export interface Target {
  id: number;
  isSuperUser: boolean;
  isActive: boolean;
  flags: AccessFlags;
}

export enum StaffRuleCode {
  OWN_FLAGS = 'OWN_FLAGS',
  INTERNAL_STAFF = 'INTERNAL_STAFF',
  LAST_SENSITIVE_USER = 'LAST_SENSITIVE_USER',
  DEACTIVATE_SELF = 'DEACTIVATE_SELF',
  ALREADY_INACTIVE = 'ALREADY_INACTIVE',
  ALREADY_ACTIVE = 'ALREADY_ACTIVE',
  USER_INACTIVE = 'USER_INACTIVE',
}

const forbidden = (code: StaffRuleCode, message: string) => new DomainError('forbidden', code, message);
const conflict = (code: StaffRuleCode, message: string) => new DomainError('conflict', code, message);

/** Internal staff (super users) are set by the CLI only: the page changes nothing of theirs. */
export function checkNotInternal(target: Pick<Target, 'isSuperUser'>): void {
  if (target.isSuperUser) throw forbidden(StaffRuleCode.INTERNAL_STAFF, STAFF_USER_TEXT.internalStaff);
}

/**
 * An edit of `target`'s flags to `next` (absent flags keep their value). Refused: any change to
 * internal staff; a user turning on a flag of their own; the edit that would leave the house with no
 * active house user keeping accessSensitive (`othersWithSensitive` counts the active, non-internal
 * users other than the target who have it).
 */
export function checkFlagChange(actor: Actor, target: Target, next: Partial<AccessFlags>, othersWithSensitive: number): void {
  checkNotInternal(target);
  if (actor.id === target.id && ACCESS_FLAGS.some((f) => next[f] === true && !target.flags[f])) {
    throw forbidden(StaffRuleCode.OWN_FLAGS, STAFF_USER_TEXT.ownFlags);
  }
  const losesSensitive = target.isActive && target.flags.accessSensitive && next.accessSensitive === false;
  if (losesSensitive && othersWithSensitive === 0) {
    throw conflict(StaffRuleCode.LAST_SENSITIVE_USER, STAFF_USER_TEXT.lastSensitive);
  }
}

/** Deactivation: not oneself, not internal staff, not twice, and never the last user keeping accessSensitive. */
export function checkDeactivate(actor: Actor, target: Target, othersWithSensitive: number): void {
  checkNotInternal(target);
  if (actor.id === target.id) throw conflict(StaffRuleCode.DEACTIVATE_SELF, STAFF_USER_TEXT.deactivateSelf);
  if (!target.isActive) throw conflict(StaffRuleCode.ALREADY_INACTIVE, STAFF_USER_TEXT.alreadyInactive);
  if (target.flags.accessSensitive && othersWithSensitive === 0) {
    throw conflict(StaffRuleCode.LAST_SENSITIVE_USER, STAFF_USER_TEXT.lastSensitive);
  }
}

export function checkReactivate(target: Target): void {
  checkNotInternal(target);
  if (target.isActive) throw conflict(StaffRuleCode.ALREADY_ACTIVE, STAFF_USER_TEXT.alreadyActive);
}

export interface StaffUserFields {
  userName?: string | null;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

export interface CheckedStaffFields {
  userName?: string;
  email?: string;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The form's fields, trimmed, with their messages. `creating`: the user name is required (and fixed
 * afterwards: it is how the user signs in). Email is required (the set-password link goes there).
 */
export function checkStaffFields(input: StaffUserFields, creating: boolean): CheckedStaffFields {
  const errors: Record<string, string> = {};
  const trim = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() : '');
  const userName = trim(input.userName);
  const email = trim(input.email);
  const firstName = trim(input.firstName);
  const lastName = trim(input.lastName);
  if (creating) {
    if (!userName) errors.userName = STAFF_USER_TEXT.userNameRequired;
    else if (!STAFF_USER_NAME.test(userName)) errors.userName = STAFF_USER_TEXT.userNameFormat;
  }
  if (creating || input.email !== undefined) {
    if (!email) errors.email = STAFF_USER_TEXT.emailRequired;
    else if (email.length > 120 || !looksLikeEmail(email)) errors.email = STAFF_USER_TEXT.emailInvalid;
  }
  if (firstName.length > STAFF_NAME_MAX) errors.firstName = STAFF_USER_TEXT.firstNameTooLong;
  if (lastName.length > STAFF_NAME_MAX) errors.lastName = STAFF_USER_TEXT.lastNameTooLong;
  if (Object.keys(errors).length) throw DomainError.validation(errors);
  return {
    userName: creating ? userName : undefined,
    email: creating || input.email !== undefined ? email : undefined,
    firstName: firstName || null,
    lastName: lastName || null,
  };
}
