import { Readable } from 'node:stream';

export interface StoredFile {
  key: string;
  size: number;
  contentType: string;
}

/**
 * Where images, logos, spreadsheets and snapshots live. Keys are house-scoped paths such as
 * `house/12/catalog/7/lot-15.jpg`. Local disk by default; an S3-compatible store implements the same.
 */
export interface FileStorage {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredFile>;
  get(key: string): Promise<{ body: Readable; size: number; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
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
