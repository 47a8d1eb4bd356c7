import { isEmail } from 'class-validator';
import { looksLikeEmail } from './email';

// The server used class-validator's isEmail, the admin a regex of its own: the shared check
// agrees with isEmail on ordinary and broken addresses alike.
const GOOD = [
  'accounts@example.com',
  'first.last@sub.example.co.uk',
  'o+tag@example.org',
  "o'brien@example.ie",
  'x@ex-ample.com',
  'UPPER@EXAMPLE.COM',
  'a1_b2@e.io',
];
const BAD = [
  '',
  'plain',
  'no-at.example.com',
  '@example.com',
  'user@',
  'user@example',
  'user@example.c',
  'user@@example.com',
  'user name@example.com',
  'user@exa mple.com',
  '.user@example.com',
  'user.@example.com',
  'us..er@example.com',
  'user@-example.com',
  'user@example-.com',
  'user@example..com',
  'user@example.123',
  `${'a'.repeat(65)}@example.com`,
];

describe('looksLikeEmail', () => {
  it.each(GOOD)('accepts %s, as isEmail does', (s) => {
    expect(looksLikeEmail(s)).toBe(true);
    expect(isEmail(s)).toBe(true);
  });
  it.each(BAD)('refuses %j, as isEmail does', (s) => {
    expect(looksLikeEmail(s)).toBe(false);
    expect(isEmail(s)).toBe(false);
  });
  it('ignores spaces around the address (forms trim)', () => {
    expect(looksLikeEmail('  accounts@example.com ')).toBe(true);
  });
  it('refuses an address over 254 characters', () => {
    expect(looksLikeEmail(`a@${'b'.repeat(250)}.com`)).toBe(false);
  });
});
