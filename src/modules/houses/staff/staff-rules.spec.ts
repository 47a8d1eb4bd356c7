import { STAFF_USER_TEXT } from '@ar/rules';
import { ACCESS_FLAGS, AccessFlag, AccessFlags } from '../../../core/auth/access-flags';
import { errorsOf, refusal } from '../../../../test/support/refusal';
import { Actor, checkDeactivate, checkFlagChange, checkReactivate, checkStaffFields, Target } from './staff-rules';

const flags = (...on: AccessFlag[]): AccessFlags => Object.fromEntries(ACCESS_FLAGS.map((f) => [f, on.includes(f)])) as AccessFlags;
const admin: Actor = { id: 1, isSuperUser: false, flags: flags('accessSensitive', 'accessInvoices') };
const user = (over: Partial<Target> = {}): Target => ({
  id: 2,
  isSuperUser: false,
  isActive: true,
  flags: flags('accessConsole'),
  ...over,
});
const self = (over: Partial<Target> = {}): Target => ({ id: 1, isSuperUser: false, isActive: true, flags: admin.flags, ...over });

describe('Users and Permissions rules', () => {
  describe('flags', () => {
    it('a user may give another user any flag, including ones they lack', () => {
      expect(() => checkFlagChange(admin, user(), { accessReports: true, accessSensitive: true }, 1)).not.toThrow();
    });

    it('a user cannot raise their own flags, but may keep or lower them', () => {
      const e = refusal(() => checkFlagChange(admin, self(), { accessReports: true }, 1));
      expect(e).toMatchObject({ kind: 'forbidden', code: 'OWN_FLAGS', message: STAFF_USER_TEXT.ownFlags });
      expect(() => checkFlagChange(admin, self(), { accessSensitive: true, accessInvoices: true, accessReports: false }, 1)).not.toThrow();
      expect(() => checkFlagChange(admin, self(), { accessInvoices: false }, 0)).not.toThrow();
    });

    it('internal staff (super users) cannot be changed from the page, even by a super user', () => {
      const e = refusal(() => checkFlagChange(admin, user({ isSuperUser: true }), { accessReports: false }, 1));
      expect(e).toMatchObject({ kind: 'forbidden', code: 'INTERNAL_STAFF', message: STAFF_USER_TEXT.internalStaff });
      expect(refusal(() => checkFlagChange({ ...admin, isSuperUser: true }, user({ isSuperUser: true }), {}, 1)).code).toBe(
        'INTERNAL_STAFF',
      );
    });

    it('the last active user with accessSensitive cannot lose it (themselves or by another), with another one they can', () => {
      const e = refusal(() => checkFlagChange(admin, self(), { accessSensitive: false }, 0));
      expect(e).toMatchObject({ kind: 'conflict', code: 'LAST_SENSITIVE_USER', message: STAFF_USER_TEXT.lastSensitive });
      const other = user({ flags: flags('accessSensitive') });
      expect(refusal(() => checkFlagChange({ ...admin, isSuperUser: true }, other, { accessSensitive: false }, 0)).code).toBe(
        'LAST_SENSITIVE_USER',
      );
      expect(() => checkFlagChange(admin, self(), { accessSensitive: false }, 1)).not.toThrow();
      // An inactive user's flag does not keep anyone in: removing it is fine.
      expect(() =>
        checkFlagChange(admin, user({ isActive: false, flags: flags('accessSensitive') }), { accessSensitive: false }, 0),
      ).not.toThrow();
    });
  });

  describe('deactivation', () => {
    it('deactivates another user; not oneself, not twice, not internal staff', () => {
      expect(() => checkDeactivate(admin, user(), 0)).not.toThrow();
      expect(refusal(() => checkDeactivate(admin, self(), 5))).toMatchObject({
        code: 'DEACTIVATE_SELF',
        message: STAFF_USER_TEXT.deactivateSelf,
      });
      expect(refusal(() => checkDeactivate(admin, user({ isActive: false }), 1))).toMatchObject({ code: 'ALREADY_INACTIVE' });
      expect(refusal(() => checkDeactivate(admin, user({ isSuperUser: true }), 1))).toMatchObject({ code: 'INTERNAL_STAFF' });
    });

    it('never the last active user keeping accessSensitive', () => {
      const last = user({ flags: flags('accessSensitive') });
      expect(refusal(() => checkDeactivate({ ...admin, isSuperUser: true }, last, 0))).toMatchObject({ code: 'LAST_SENSITIVE_USER' });
      expect(() => checkDeactivate(admin, last, 1)).not.toThrow();
    });

    it('reactivates an inactive house user only', () => {
      expect(() => checkReactivate(user({ isActive: false }))).not.toThrow();
      expect(refusal(() => checkReactivate(user())).code).toBe('ALREADY_ACTIVE');
      expect(refusal(() => checkReactivate(user({ isActive: false, isSuperUser: true }))).code).toBe('INTERNAL_STAFF');
    });
  });

  describe('fields', () => {
    it('a new user needs a user name of the allowed characters and an email, with their messages', () => {
      expect(errorsOf(() => checkStaffFields({}, true))).toEqual({
        userName: STAFF_USER_TEXT.userNameRequired,
        email: STAFF_USER_TEXT.emailRequired,
      });
      expect(errorsOf(() => checkStaffFields({ userName: 'a b', email: 'nope', firstName: 'x'.repeat(61) }, true))).toEqual({
        userName: STAFF_USER_TEXT.userNameFormat,
        email: STAFF_USER_TEXT.emailInvalid,
        firstName: STAFF_USER_TEXT.firstNameTooLong,
      });
      expect(checkStaffFields({ userName: ' ann.lee ', email: ' ann@h.example ', firstName: ' Ann ', lastName: '' }, true)).toEqual({
        userName: 'ann.lee',
        email: 'ann@h.example',
        firstName: 'Ann',
        lastName: null,
      });
    });

    it('an edit ignores the user name and checks the email only when sent', () => {
      expect(checkStaffFields({ userName: 'bad name', firstName: 'Bo' }, false)).toEqual({ firstName: 'Bo', lastName: null });
      expect(errorsOf(() => checkStaffFields({ email: '' }, false))).toEqual({ email: STAFF_USER_TEXT.emailRequired });
    });
  });
});
