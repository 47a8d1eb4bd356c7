import {
  checkForgotPassword,
  checkNewPassword,
  FORGOT_PASSWORD_TEXT,
  passwordRuleError,
  PASSWORD_TEXT,
  strengthBand,
} from './password-rules';

describe('password rules (shared by the server and the admin)', () => {
  it('needs 10 to 50 characters, with the spec messages', () => {
    expect(passwordRuleError('a'.repeat(9))).toBe('Password must be at least 10 characters.');
    expect(passwordRuleError('a'.repeat(10))).toBeNull();
    expect(passwordRuleError('a'.repeat(50))).toBeNull();
    expect(passwordRuleError('a'.repeat(51))).toBe('Password cannot be more than 50 characters.');
    expect(passwordRuleError('')).toBe(PASSWORD_TEXT.required);
  });

  it('allows basic Latin letters, digits and ()*_-!#$%^&. only', () => {
    expect(passwordRuleError('Abc9()*_-!#$%^&.')).toBeNull();
    for (const bad of ['with space1x', 'umlautÄpass1', 'quote"pass12', 'at@sign12345', 'plus+sign123', 'tab\tpassword']) {
      expect(passwordRuleError(bad)).toBe('Passwords can only contain basic Latin characters, numbers, and symbols (*_-!#$%^&*.)');
    }
  });

  it('the two entries must match', () => {
    expect(checkNewPassword({ password: 'Stable-Harbor-42', confirm: 'Stable-Harbor-43' }, 4)).toEqual({ confirm: 'Passwords must match' });
    expect(checkNewPassword({ password: 'Stable-Harbor-42', confirm: 'Stable-Harbor-42' }, 4)).toEqual({});
  });

  it('refuses a score below 2 (Fair); an unknown score waits', () => {
    expect(checkNewPassword({ password: 'password123', confirm: 'password123' }, 1)).toEqual({ password: PASSWORD_TEXT.tooWeak });
    expect(checkNewPassword({ password: 'password123', confirm: 'password123' }, 2)).toEqual({});
    expect(checkNewPassword({ password: 'password123', confirm: 'password123' })).toEqual({});
    // A length or character message comes before the strength one.
    expect(checkNewPassword({ password: 'short', confirm: 'short' }, 0)).toEqual({ password: PASSWORD_TEXT.tooShort });
  });

  it('bands: 0-1 Weak (25), 2 Fair (50), 3 Good (75), 4 Excellent (100)', () => {
    expect([0, 1, 2, 3, 4].map(strengthBand)).toEqual([
      { label: 'Weak', value: 25 },
      { label: 'Weak', value: 25 },
      { label: 'Fair', value: 50 },
      { label: 'Good', value: 75 },
      { label: 'Excellent', value: 100 },
    ]);
  });

  it('the forgot form needs house, username and email, blanks included', () => {
    expect(checkForgotPassword({ houseUserName: ' ', userName: '', emailAddress: null })).toEqual({
      houseUserName: 'House Name is a required field',
      userName: 'Username is a required field',
      emailAddress: 'Email is a required field',
    });
    expect(checkForgotPassword({ houseUserName: 'demo', userName: 'owner', emailAddress: 'owner@demo.example' })).toEqual({});
    expect(FORGOT_PASSWORD_TEXT.sendFailed).toBe('There was an error sending the password email');
  });
});
