import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { LocalDiskStorage } from './local-disk.storage';
import { UrlSigner } from './signed-url';

const read = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('LocalDiskStorage', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
    storage = new LocalDiskStorage(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores, reads back with its content type, and deletes', async () => {
    const stored = await storage.put('house/1/a.txt', Buffer.from('hello'), 'text/plain');
    expect(stored).toEqual({ key: 'house/1/a.txt', size: 5, contentType: 'text/plain' });
    const got = await storage.get('house/1/a.txt');
    expect(got?.contentType).toBe('text/plain');
    expect(await read(got!.body)).toBe('hello');
    await storage.delete('house/1/a.txt');
    expect(await storage.exists('house/1/a.txt')).toBe(false);
    expect(await storage.get('house/1/a.txt')).toBeNull();
  });

  it('accepts streams', async () => {
    await storage.put('house/1/s.bin', Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 'application/octet-stream');
    expect(await read((await storage.get('house/1/s.bin'))!.body)).toBe('abcd');
  });

  it.each(['../etc/passwd', '/abs', 'a//b', 'a/./b', 'a\\b', '', 'house/1/a.txt.meta', 'house/1/x.tmp'])(
    'refuses the unsafe key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
    },
  );
});

describe('UrlSigner', () => {
  const signer = new UrlSigner('secret');
  it('verifies its own signature until it expires, and nothing else', () => {
    const exp = new Date(Date.now() + 60_000);
    const url = new URL(signer.sign('PUT', 'house/1/a.jpg', exp), 'http://x');
    const [e, s] = [url.searchParams.get('expires')!, url.searchParams.get('signature')!];
    expect(signer.verify('PUT', 'house/1/a.jpg', e, s)).toBe(true);
    expect(signer.verify('GET', 'house/1/a.jpg', e, s)).toBe(false);
    expect(signer.verify('PUT', 'house/2/a.jpg', e, s)).toBe(false);
    expect(signer.verify('PUT', 'house/1/a.jpg', e, s, new Date(Date.now() + 120_000))).toBe(false);
    expect(new UrlSigner('other').verify('PUT', 'house/1/a.jpg', e, s)).toBe(false);
  });
});
