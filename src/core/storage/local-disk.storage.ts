import * as fs from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { assertSafeKey, FileStorage, StoredFile } from './file-storage';

/** Files under one root folder; the content type sits beside each file. Writes are atomic (temp + rename). */
export class LocalDiskStorage implements FileStorage {
  readonly directUploads = false;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredFile> {
    const file = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      if (Buffer.isBuffer(body)) await fs.promises.writeFile(tmp, body);
      else await pipeline(body, fs.createWriteStream(tmp));
      await fs.promises.writeFile(`${tmp}.meta`, JSON.stringify({ contentType }));
      await fs.promises.rename(`${tmp}.meta`, `${file}.meta`);
      await fs.promises.rename(tmp, file);
    } catch (e) {
      await fs.promises.rm(tmp, { force: true });
      await fs.promises.rm(`${tmp}.meta`, { force: true });
      throw e;
    }
    const { size } = await fs.promises.stat(file);
    return { key, size, contentType };
  }

  async get(key: string): Promise<{ body: Readable; size: number; contentType: string } | null> {
    const file = this.pathOf(key);
    try {
      const { size } = await fs.promises.stat(file);
      const meta = JSON.parse(await fs.promises.readFile(`${file}.meta`, 'utf8').catch(() => '{}')) as { contentType?: string };
      return { body: fs.createReadStream(file), size, contentType: meta.contentType ?? 'application/octet-stream' };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    return fs.promises.access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.promises.rm(file, { force: true });
    await fs.promises.rm(`${file}.meta`, { force: true });
  }

  /** No direct URLs: uploads and downloads go through the server's HMAC-signed routes (UrlSigner). */
  // async: an unsafe key rejects like every other call instead of throwing.
  async presignedPutUrl(key: string): Promise<string | null> {
    assertSafeKey(key);
    return null;
  }

  async signedGetUrl(key: string): Promise<string | null> {
    assertSafeKey(key);
    return null;
  }
}
