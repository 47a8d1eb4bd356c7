import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { loadConfig, S3StorageConfig } from '../../src/core/config/app-config';
import { createFileStorage } from '../../src/core/storage/create-file-storage';
import { FileStorage } from '../../src/core/storage/file-storage';
import { LocalDiskStorage } from '../../src/core/storage/local-disk.storage';
import { S3_PART_SIZE, S3FileStorage } from '../../src/core/storage/s3.storage';
import { startTestS3, TestS3 } from '../support/s3-server';

// One contract, both FileStorage drivers: local disk in a temp folder and S3 against a real
// S3-compatible server (s3rver) started here on a free port. Then what only S3 has: presigned URLs
// used over real HTTP, multipart streams, and the boot check's messages.

const read = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

let s3: TestS3;
let root: string;
beforeAll(async () => {
  s3 = await startTestS3();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-storage-contract-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const s3Config = (): S3StorageConfig => loadConfig(s3.env).storage as S3StorageConfig;

describe.each([
  ['local', () => new LocalDiskStorage(root)],
  ['s3', () => new S3FileStorage(s3Config())],
] as [string, () => FileStorage][])('FileStorage contract: %s', (driver, make) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });
  const key = (name: string) => `house/1/${driver}/${name}`;

  it('stores a buffer and reads it back with its size and content type', async () => {
    const stored = await storage.put(key('a.txt'), Buffer.from('hello'), 'text/plain');
    expect(stored).toEqual({ key: key('a.txt'), size: 5, contentType: 'text/plain' });
    const got = await storage.get(key('a.txt'));
    expect({ size: got?.size, contentType: got?.contentType }).toEqual({ size: 5, contentType: 'text/plain' });
    expect((await read(got!.body)).toString()).toBe('hello');
    expect(await storage.exists(key('a.txt'))).toBe(true);
  });

  it('stores a stream of unknown length', async () => {
    const stored = await storage.put(key('s.bin'), Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 'application/octet-stream');
    expect(stored.size).toBe(4);
    expect((await read((await storage.get(key('s.bin')))!.body)).toString()).toBe('abcd');
  });

  it('keeps binary bytes exactly, and a second put replaces the first', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) & 0xff));
    await storage.put(key('b.bin'), Buffer.from('old'), 'text/plain');
    await storage.put(key('b.bin'), bytes, 'application/pdf');
    const got = await storage.get(key('b.bin'));
    expect(got?.contentType).toBe('application/pdf');
    expect((await read(got!.body)).equals(bytes)).toBe(true);
  });

  it('answers null and false for a missing key; deleting it (twice) is no error', async () => {
    expect(await storage.get(key('missing.txt'))).toBeNull();
    expect(await storage.exists(key('missing.txt'))).toBe(false);
    await storage.put(key('d.txt'), Buffer.from('x'), 'text/plain');
    await storage.delete(key('d.txt'));
    await storage.delete(key('d.txt'));
    expect(await storage.exists(key('d.txt'))).toBe(false);
    expect(await storage.get(key('d.txt'))).toBeNull();
  });

  it.each(['../etc/passwd', '/abs', 'a//b', 'a/./b', 'a\\b', '', 'house/1/a.txt.meta', 'house/1/x.tmp'])(
    'refuses the unsafe key %j on every call',
    async (bad) => {
      const later = new Date(Date.now() + 60_000);
      await expect(storage.put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get(bad)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.exists(bad)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.delete(bad)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.presignedPutUrl(bad, later)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.signedGetUrl(bad, later)).rejects.toThrow(/Unsafe storage key/);
    },
  );

  it(driver === 'local' ? 'has no direct URLs (the server signs its own routes)' : 'answers direct URLs', async () => {
    const later = new Date(Date.now() + 60_000);
    const [put, get] = [await storage.presignedPutUrl(key('u.jpg'), later), await storage.signedGetUrl(key('u.jpg'), later)];
    if (driver === 'local') {
      expect([storage.directUploads, put, get]).toEqual([false, null, null]);
    } else {
      expect(storage.directUploads).toBe(true);
      expect(put).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/house/1/s3/u\\.jpg\\?.*X-Amz-Signature=`));
      expect(get).toMatch(/X-Amz-Expires=60&/);
    }
  });
});

describe('S3FileStorage beyond the contract', () => {
  let storage: S3FileStorage;
  beforeAll(() => {
    storage = new S3FileStorage(s3Config());
  });
  afterAll(() => storage.destroy());

  it('takes a presigned PUT over HTTP, serves it on a signed GET, and refuses an expired URL', async () => {
    const soon = new Date(Date.now() + 60_000);
    const putUrl = await storage.presignedPutUrl('house/1/direct/p.jpg', soon);
    const put = await fetch(putUrl, { method: 'PUT', body: Buffer.from('jpeg bytes'), headers: { 'Content-Type': 'image/jpeg' } });
    expect(put.status).toBe(200);
    const stored = await storage.get('house/1/direct/p.jpg');
    expect({ size: stored?.size, type: stored?.contentType }).toEqual({ size: 10, type: 'image/jpeg' });
    stored?.body.destroy();

    const getUrl = await storage.signedGetUrl('house/1/direct/p.jpg', soon);
    const got = await fetch(getUrl);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('jpeg bytes');

    // The signature covers the key and the method (s3rver does not recompute SigV4 signatures, so
    // this is checked on the URLs themselves; S3 refuses a mismatch).
    const sig = (u: string) => new URL(u).searchParams.get('X-Amz-Signature');
    const otherKey = await storage.presignedPutUrl('house/1/direct/q.jpg', soon);
    expect(new Set([sig(putUrl), sig(otherKey), sig(getUrl)]).size).toBe(3);
    expect(new URL(putUrl).searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    // Expired: signed for one second, used after two.
    const brief = await storage.signedGetUrl('house/1/direct/p.jpg', new Date(Date.now() + 1000));
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fetch(brief)).status).toBe(403);
  });

  it('stores a stream larger than a part as a multipart upload, byte for byte', async () => {
    const size = 2 * S3_PART_SIZE + 12_345;
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i += 4096) bytes[i] = (i / 4096) & 0xff;
    const chunks = Array.from({ length: Math.ceil(size / 65_536) }, (_, i) => bytes.subarray(i * 65_536, (i + 1) * 65_536));
    const stored = await storage.put('house/1/big/batch.pdf', Readable.from(chunks), 'application/pdf');
    expect(stored).toEqual({ key: 'house/1/big/batch.pdf', size, contentType: 'application/pdf' });
    const got = await storage.get('house/1/big/batch.pdf');
    expect(got?.size).toBe(size);
    expect((await read(got!.body)).equals(bytes)).toBe(true);
  });

  it('aborts the upload when the stream fails, leaving no object', async () => {
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(S3_PART_SIZE + 1);
        throw new Error('source broke');
      })(),
    );
    await expect(storage.put('house/1/big/broken.pdf', failing, 'application/pdf')).rejects.toThrow('source broke');
    expect(await storage.exists('house/1/big/broken.pdf')).toBe(false);
  });
});

describe('choosing and checking the storage at boot', () => {
  it('is local disk with no configuration', async () => {
    const config = loadConfig({}, root);
    expect(config.storage).toEqual({ driver: 'local', dir: path.join(root, '.data/files') });
    expect(await createFileStorage(config.storage)).toBeInstanceOf(LocalDiskStorage);
  });

  it('is S3 when configured, once the bucket answers', async () => {
    const storage = await createFileStorage(loadConfig(s3.env).storage);
    expect(storage).toBeInstanceOf(S3FileStorage);
    (storage as S3FileStorage).destroy();
  });

  it.each([
    [{ S3_BUCKET: 'no-such-bucket' }, /S3 storage: bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+: the bucket does not exist/],
    [
      { S3_ACCESS_KEY_ID: 'UNKNOWN' },
      /S3 storage: bucket "ar-test" at .*: access denied \(check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY\)/,
    ],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9' }, /S3 storage: bucket "ar-test" at http:\/\/127\.0\.0\.1:9: /],
  ])('fails the start with a message saying what is wrong: %j', async (change, message) => {
    await expect(createFileStorage(loadConfig({ ...s3.env, ...change }).storage)).rejects.toThrow(message);
  });
});
