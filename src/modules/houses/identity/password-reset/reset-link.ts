import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The password-reset link's token: a compact JWT (RFC 7519) signed with HMAC-SHA256 under a server
 * secret. Only this exact header is accepted (no `alg` from the token is ever trusted, so `none` or
 * another algorithm cannot slip in). The signature and `exp` are checked here; that the link is the
 * user's latest and unused is the database's word (password_reset_token, by the hash of `jti`).
 */
const HEADER = { alg: 'HS256', typ: 'JWT' } as const;
const HEADER_PART = b64(JSON.stringify(HEADER));
/** Tells this token apart from any other JWT the same secret might one day sign. */
export const RESET_PURPOSE = 'password-reset';

export interface ResetClaims {
  /** The user's public reference. */
  sub: string;
  /** The user's house id: a link names one house's user. */
  hid: number;
  /** Random id; its SHA-256 is stored with the link's state. */
  jti: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
  pur: typeof RESET_PURPOSE;
}

export type ResetLinkCheck = { ok: true; claims: ResetClaims } | { ok: false; problem: 'invalid' | 'expired' };

function b64(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

function sign(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function newJti(): string {
  return randomBytes(16).toString('base64url');
}

export function signResetToken(secret: string, claims: Omit<ResetClaims, 'pur'>): string {
  const payload = b64(JSON.stringify({ ...claims, pur: RESET_PURPOSE }));
  const data = `${HEADER_PART}.${payload}`;
  return `${data}.${b64(sign(secret, data))}`;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

/** The claims when the signature is ours and the link has not expired. */
export function verifyResetToken(secret: string, token: string, nowMs = Date.now()): ResetLinkCheck {
  const invalid = { ok: false, problem: 'invalid' } as const;
  if (typeof token !== 'string' || token.length > 2000) return invalid;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => B64URL.test(p))) return invalid;
  const [header, payload, signature] = parts;
  if (header !== HEADER_PART) return invalid;
  const expected = sign(secret, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  let claims: Partial<ResetClaims>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<ResetClaims>;
  } catch {
    return invalid;
  }
  if (
    claims.pur !== RESET_PURPOSE ||
    typeof claims.sub !== 'string' ||
    typeof claims.jti !== 'string' ||
    !Number.isInteger(claims.hid) ||
    !Number.isInteger(claims.exp) ||
    !Number.isInteger(claims.iat)
  ) {
    return invalid;
  }
  if (claims.exp! * 1000 <= nowMs) return { ok: false, problem: 'expired' };
  return { ok: true, claims: claims as ResetClaims };
}
