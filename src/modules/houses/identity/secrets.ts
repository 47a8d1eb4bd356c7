import { createHash, randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';

/** OWASP's minimum for argon2id (19 MiB, t=2, p=1): about 30 ms per verify on this hardware. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, ARGON2_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password: verifying against it costs the same as a real user, so timing says nothing. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Public references such as houseRef/userRef: a letter prefix and 10 unambiguous characters. */
export function newRef(prefix: string, random: () => number = Math.random): string {
  let s = prefix;
  for (let i = 0; i < 10; i++) s += REF_ALPHABET[Math.floor(random() * REF_ALPHABET.length)];
  return s;
}
