import { createHmac } from 'node:crypto';
import { newJti, signResetToken, verifyResetToken } from './reset-link';

const SECRET = 'unit-test-secret';
const now = Date.UTC(2026, 10, 25, 12, 0, 0);
const claims = (over: Partial<{ exp: number; iat: number }> = {}) => ({
  sub: 'UABCDEFGHJK',
  hid: 7,
  jti: newJti(),
  iat: now / 1000,
  exp: now / 1000 + 3600,
  ...over,
});
const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('password-reset link token (HS256 JWT)', () => {
  it('round-trips its claims while valid', () => {
    const c = claims();
    const r = verifyResetToken(SECRET, signResetToken(SECRET, c), now + 60_000);
    expect(r).toEqual({ ok: true, claims: { ...c, pur: 'password-reset' } });
  });

  it('is expired at exp', () => {
    const token = signResetToken(SECRET, claims());
    expect(verifyResetToken(SECRET, token, now + 3600_000 - 1).ok).toBe(true);
    expect(verifyResetToken(SECRET, token, now + 3600_000)).toEqual({ ok: false, problem: 'expired' });
  });

  it('refuses another secret, a changed payload, a changed signature', () => {
    const token = signResetToken(SECRET, claims());
    expect(verifyResetToken('another-secret', token, now)).toEqual({ ok: false, problem: 'invalid' });
    const [h, p, s] = token.split('.');
    const raised = part({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), hid: 8 });
    expect(verifyResetToken(SECRET, `${h}.${raised}.${s}`, now).ok).toBe(false);
    const flipped = s.slice(0, -2) + (s.slice(-2) === 'AA' ? 'AB' : 'AA');
    expect(verifyResetToken(SECRET, `${h}.${p}.${flipped}`, now).ok).toBe(false);
  });

  it('refuses alg none and other algorithms, even correctly signed under another header', () => {
    const payload = part({ ...claims(), pur: 'password-reset' });
    expect(verifyResetToken(SECRET, `${part({ alg: 'none', typ: 'JWT' })}.${payload}.`, now).ok).toBe(false);
    const h512 = part({ alg: 'HS512', typ: 'JWT' });
    const sig = createHmac('sha512', SECRET).update(`${h512}.${payload}`).digest('base64url');
    expect(verifyResetToken(SECRET, `${h512}.${payload}.${sig}`, now).ok).toBe(false);
  });

  it('refuses a token signed with our key for another purpose, and garbage', () => {
    const h = part({ alg: 'HS256', typ: 'JWT' });
    const payload = part({ ...claims(), pur: 'file-url' });
    const sig = createHmac('sha256', SECRET).update(`${h}.${payload}`).digest('base64url');
    expect(verifyResetToken(SECRET, `${h}.${payload}.${sig}`, now)).toEqual({ ok: false, problem: 'invalid' });
    for (const junk of ['', 'a.b', 'a.b.c.d', 'x'.repeat(3000), '..']) expect(verifyResetToken(SECRET, junk, now).ok).toBe(false);
  });

  it('gives every link its own random jti', () => {
    expect(new Set(Array.from({ length: 50 }, newJti)).size).toBe(50);
  });
});
