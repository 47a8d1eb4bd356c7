/**
 * Password reset (001 "Reset password", sections 4, 5, 8 and 9): the rules and texts the server
 * (which has the last word) and the admin's two forms share. The strength score itself comes from
 * zxcvbn-ts, which each face runs on its own (this package has no dependencies): the score goes in.
 */

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 50;
/** "Strength score at least 2 (Fair) to submit." */
export const PASSWORD_MIN_SCORE = 2;

/**
 * "allowed: letters, digits and ()*_-!#$%^&." — basic Latin letters, digits and those symbols
 * (the parentheses included, as the rule lists them; no spaces).
 */
const ALLOWED = /^[A-Za-z0-9()*_\-!#$%^&.]*$/;

export const PASSWORD_TEXT = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Password cannot be more than ${PASSWORD_MAX_LENGTH} characters.`,
  mustMatch: 'Passwords must match',
  badCharacters: 'Passwords can only contain basic Latin characters, numbers, and symbols (*_-!#$%^&*.)',
  /** Not worded by the spec: below Fair the form cannot be submitted, and the server says why. */
  tooWeak: 'This password is too easy to guess. Please choose a stronger password (at least Fair).',
  required: 'Password is required.',
} as const;

export const FORGOT_PASSWORD_TEXT = {
  houseRequired: 'House Name is a required field',
  userNameRequired: 'Username is a required field',
  emailRequired: 'Email is a required field',
  /** Spec: "then always the check-your-email message" (its words are not shown). */
  checkEmail:
    'If the house, username and email match an account, we have sent an email with a link to reset your password. Please check your email.',
  /** 001 section 8: the request itself failed. */
  sendFailed: 'There was an error sending the password email',
  rateLimited: 'Too many password reset requests. Please wait a few minutes and try again.',
} as const;

export const RESET_PASSWORD_TEXT = {
  /** 001 section 8: the reset failed because of its link. */
  failed: 'There was a problem submitting your request. This was most likely caused by clicking on an expired link.',
  /** Why, below the spec's sentence (the server's `reason`). */
  expired: 'This link has expired. Links are valid for a limited time.',
  used: 'This link has already been used. Request a new link if you need to reset your password again.',
  superseded: 'A newer link was sent after this one. Please use the link in the most recent email.',
  invalid: 'This link is not valid. Please copy the whole link from the email.',
  success: 'Your password has been reset. You can now sign in with your new password.',
  requestNewLink: 'Request a new link',
  signIn: 'Sign in',
} as const;

/** Why a link was refused: the server's `reason`, the admin's second line. */
export type ResetLinkProblem = 'expired' | 'used' | 'superseded' | 'invalid';

export const FORGOT_PASSWORD_LABELS = {
  houseUserName: 'House ID',
  userName: 'Username',
  emailAddress: 'Email',
} as const;

export const RESET_PASSWORD_LABELS = {
  password: 'New Password',
  confirm: 'Confirm New Password',
  strength: 'Password strength',
} as const;

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Excellent';

/** "strength bands 0-1 Weak (25), 2 Fair (50), 3 Good (75), 4 Excellent (100)". */
export function strengthBand(score: number): { label: StrengthLabel; value: number } {
  if (score >= 4) return { label: 'Excellent', value: 100 };
  if (score === 3) return { label: 'Good', value: 75 };
  if (score === 2) return { label: 'Fair', value: 50 };
  return { label: 'Weak', value: 25 };
}

/** The length and character rules of a new password (not its strength): the first broken one's message, or null. */
export function passwordRuleError(password: string): string | null {
  if (password.length === 0) return PASSWORD_TEXT.required;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TEXT.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TEXT.tooLong;
  if (!ALLOWED.test(password)) return PASSWORD_TEXT.badCharacters;
  return null;
}

/**
 * The Reset password form: every rule with its message by field (`password`, `confirm`), empty when
 * it may be submitted. `score` is zxcvbn's (0-4); undefined while it is not known yet (the scorer
 * loads lazily in the admin): then the strength rule waits.
 */
export function checkNewPassword(input: { password: string; confirm: string }, score?: number): Record<string, string> {
  const errors: Record<string, string> = {};
  const rule = passwordRuleError(input.password);
  if (rule) errors.password = rule;
  else if (score !== undefined && score < PASSWORD_MIN_SCORE) errors.password = PASSWORD_TEXT.tooWeak;
  if (input.confirm !== input.password) errors.confirm = PASSWORD_TEXT.mustMatch;
  return errors;
}

export interface ForgotPasswordInput {
  houseUserName?: string | null;
  userName?: string | null;
  emailAddress?: string | null;
}

/** The Request reset password link form: all three required (blank after trimming counts as missing). */
export function checkForgotPassword(input: ForgotPasswordInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!input.houseUserName?.trim()) errors.houseUserName = FORGOT_PASSWORD_TEXT.houseRequired;
  if (!input.userName?.trim()) errors.userName = FORGOT_PASSWORD_TEXT.userNameRequired;
  if (!input.emailAddress?.trim()) errors.emailAddress = FORGOT_PASSWORD_TEXT.emailRequired;
  return errors;
}
