import * as fs from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { assertSafeKey, FileStorage, StoredFile } from './file-storage';

/** Content types a key's extension implies: such files need no `.meta` sidecar. */
const TYPE_OF_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
};

/** Reads of stored files in chunks up to this size: an image (under 10 MB) is a few reads, not one per 64 KB. */
const READ_CHUNK = 1024 * 1024;

/**
 * Files under one root folder. Writes are atomic: the bytes go to a temp file renamed into place, so a
 * reader sees the old file or the whole new one, never a part. The content type is the key's
 * extension's (`.jpg` is image/jpeg) or, when the key has none or another type was given, a `.meta`
 * sidecar written before the rename (a sidecar that does not parse reads as "no sidecar").
 */
export class LocalDiskStorage implements FileStorage {
  readonly directUploads = false;
  /** Folders known to exist, so a put skips its mkdir (a folder removed since is made again on ENOENT). */
  private readonly folders = new Set<string>();

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredFile> {
    const file = this.pathOf(key);
    const dir = path.dirname(file);
    const tmp = `${file}.${randomUUID()}.tmp`;
    const sidecar = TYPE_OF_EXTENSION[path.extname(key).toLowerCase()] !== contentType;
    let size: number;
    try {
      if (!this.folders.has(dir)) await this.makeFolder(dir);
      // Opened before the body is read, so a folder removed since it was cached can be made again.
      const handle = await fs.promises.open(tmp, 'w').catch(async (e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e;
        await this.makeFolder(dir);
        return fs.promises.open(tmp, 'w');
      });
      size = await writeBody(handle, body);
      if (sidecar) await fs.promises.writeFile(`${file}.meta`, JSON.stringify({ contentType }));
      await fs.promises.rename(tmp, file);
      // A sidecar left by an earlier put of this key under another type would override the extension.
      if (!sidecar) await unlinkIfThere(`${file}.meta`);
    } catch (e) {
      await fs.promises.rm(tmp, { force: true });
      throw e;
    }
    return { key, size, contentType };
  }

  async get(key: string): Promise<{ body: Readable; size: number; contentType: string } | null> {
    const file = this.pathOf(key);
    try {
      const { size } = await fs.promises.stat(file);
      const meta = await fs.promises.readFile(`${file}.meta`, 'utf8').then(parseMeta, () => null);
      const contentType = meta ?? TYPE_OF_EXTENSION[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
      const highWaterMark = Math.min(READ_CHUNK, Math.max(64 * 1024, size));
      return { body: fs.createReadStream(file, { highWaterMark }), size, contentType };
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

  private async makeFolder(dir: string): Promise<void> {
    await fs.promises.mkdir(dir, { recursive: true });
    // Bounded: a long-running server writes into many lot folders.
    if (this.folders.size >= 10_000) this.folders.clear();
    this.folders.add(dir);
  }
}

/** Writes `body` to the open file (and closes it), answering its size. */
async function writeBody(handle: fs.promises.FileHandle, body: Buffer | Readable): Promise<number> {
  if (!Buffer.isBuffer(body)) {
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(body, count, handle.createWriteStream());
    return size;
  }
  try {
    await handle.writeFile(body);
  } finally {
    await handle.close();
  }
  return body.length;
}

/** unlink, where a missing file is no error (one call, where `rm({ force })` stats first). */
async function unlinkIfThere(file: string): Promise<void> {
  await fs.promises.unlink(file).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
}

function parseMeta(text: string): string | null {
  try {
    const type = (JSON.parse(text) as { contentType?: unknown }).contentType;
    return typeof type === 'string' ? type : null;
  } catch {
    return null;
  }
}
