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
  const typeAndText = async (key: string) => {
    const got = await storage.get(key);
    return got && [got.contentType, await read(got.body)];
  };
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

  it('keeps no sidecar when the extension names the type, and one when it does not', async () => {
    await storage.put('house/1/p.jpg', Buffer.from('jpeg'), 'image/jpeg');
    await storage.put('house/1/upload', Buffer.from('png'), 'image/png');
    expect(fs.readdirSync(path.join(root, 'house/1')).sort()).toEqual(['p.jpg', 'upload', 'upload.meta']);
    expect(await typeAndText('house/1/p.jpg')).toEqual(['image/jpeg', 'jpeg']);
    expect(await typeAndText('house/1/upload')).toEqual(['image/png', 'png']);
  });

  it('a put under the extension type drops a sidecar an earlier put under another type left', async () => {
    await storage.put('house/1/q.jpg', Buffer.from('png bytes'), 'image/png');
    expect(await typeAndText('house/1/q.jpg')).toEqual(['image/png', 'png bytes']);
    await storage.put('house/1/q.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    expect(await typeAndText('house/1/q.jpg')).toEqual(['image/jpeg', 'jpeg bytes']);
    expect(fs.existsSync(path.join(root, 'house/1/q.jpg.meta'))).toBe(false);
  });

  it('reads files stored with a sidecar before this layout, and treats a sidecar that does not parse as none', async () => {
    fs.mkdirSync(path.join(root, 'house/2'), { recursive: true });
    fs.writeFileSync(path.join(root, 'house/2/old'), 'x');
    fs.writeFileSync(path.join(root, 'house/2/old.meta'), JSON.stringify({ contentType: 'image/png' }));
    fs.writeFileSync(path.join(root, 'house/2/cut.jpg'), 'y');
    fs.writeFileSync(path.join(root, 'house/2/cut.jpg.meta'), '{"contentTy');
    expect(await typeAndText('house/2/old')).toEqual(['image/png', 'x']);
    expect(await typeAndText('house/2/cut.jpg')).toEqual(['image/jpeg', 'y']);
  });

  it('a put that fails part-way leaves the earlier file whole and no temp file', async () => {
    await storage.put('house/1/r.bin', Buffer.from('old'), 'application/octet-stream');
    const failing = new Readable({
      read() {
        this.push(Buffer.from('half of the new'));
        this.destroy(new Error('connection dropped'));
      },
    });
    await expect(storage.put('house/1/r.bin', failing, 'application/octet-stream')).rejects.toThrow('connection dropped');
    expect(await read((await storage.get('house/1/r.bin'))!.body)).toBe('old');
    expect(fs.readdirSync(path.join(root, 'house/1')).sort()).toEqual(['r.bin', 'r.bin.meta']);
  });

  it('makes a folder again when it was removed after a put made it', async () => {
    await storage.put('house/3/a.jpg', Buffer.from('a'), 'image/jpeg');
    fs.rmSync(path.join(root, 'house/3'), { recursive: true });
    await storage.put('house/3/b.jpg', Buffer.from('b'), 'image/jpeg');
    expect(await typeAndText('house/3/b.jpg')).toEqual(['image/jpeg', 'b']);
    fs.rmSync(path.join(root, 'house/3'), { recursive: true });
    await storage.put('house/3/c.bin', Readable.from([Buffer.from('c')]), 'application/octet-stream');
    expect(await typeAndText('house/3/c.bin')).toEqual(['application/octet-stream', 'c']);
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
