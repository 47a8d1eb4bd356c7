import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring URLs for the sign-then-PUT upload flow and for private downloads:
 * `/files/{key}?method=PUT&expires=...&signature=...`.
 */
export class UrlSigner {
  constructor(private readonly secret: string) {}

  sign(method: 'GET' | 'PUT', key: string, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const signature = this.mac(method, key, expires);
    return `/files/${key.split('/').map(encodeURIComponent).join('/')}?method=${method}&expires=${expires}&signature=${signature}`;
  }

  verify(method: string, key: string, expires: string | undefined, signature: string | undefined, now = new Date()): boolean {
    if (!expires || !signature || !/^\d+$/.test(expires)) return false;
    if (Number(expires) * 1000 < now.getTime()) return false;
    const expected = Buffer.from(this.mac(method, key, Number(expires)));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private mac(method: string, key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${method}\n${key}\n${expires}`).digest('base64url');
  }
}
