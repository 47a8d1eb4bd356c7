import { Readable } from 'node:stream';

export interface StoredFile {
  key: string;
  size: number;
  contentType: string;
}

/**
 * Where images, logos, spreadsheets and snapshots live. Keys are house-scoped paths such as
 * `house/12/catalog/7/lot-15.jpg`. Local disk by default; S3FileStorage (STORAGE_DRIVER=s3) implements the same.
 */
export interface FileStorage {
  /** Clients PUT bytes straight to the store (presignedPutUrl answers URLs), so the server reads them back to check them. */
  readonly directUploads: boolean;
  put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredFile>;
  get(key: string): Promise<{ body: Readable; size: number; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * A URL a client PUTs the key's bytes to directly until `expiresAt`, or null when the store has
   * none (local disk: the server's own HMAC-signed PUT route receives the bytes instead).
   */
  presignedPutUrl(key: string, expiresAt: Date): Promise<string | null>;
  /** A URL a client GETs the key from directly until `expiresAt`, or null (local disk: the server's signed GET routes serve it). */
  signedGetUrl(key: string, expiresAt: Date): Promise<string | null>;
  /** Releases held sockets (the S3 client's keep-alive ones would hold a CLI process open). */
  destroy?(): void;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** Keys are relative, without `..`, backslashes or control characters, and never name a sidecar (`.meta`, `.tmp`). */
export function assertSafeKey(key: string): void {
  if (
    !key ||
    key.length > 512 ||
    key.startsWith('/') ||
    key.split('/').some((p) => p === '' || p === '.' || p === '..') ||
    /[\\\x00-\x1f]/.test(key) ||
    /\.(meta|tmp)$/.test(key)
  ) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}
