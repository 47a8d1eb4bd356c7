import * as http from 'node:http';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { IMAGE_UPLOAD } from '@ar/rules';
import { makeRenditions, PROCESS_CONCURRENCY } from '../../src/modules/lots/images/image-renditions';
import { defineBenchmark, type BenchContext } from '../harness';
import { benchSession, wholeRunProbe } from '../upload-runs';

const IMAGES = 500;
const EDGE = 2000;
/** Distinct pictures cycled through the 500 (libvips caches operations on identical inputs). */
const DISTINCT = 25;
const BATCH = IMAGE_UPLOAD.batchSize;

interface State {
  photos: Buffer[];
  /** One session of 500 lots per measured run (later runs into the same one would be replacements). */
  catalogs: number[];
  warmupCatalog: number;
}

/** A photo-like 2000x2000 JPEG (noise texture, gradient, shapes), about what a phone or DSLR export weighs after resizing. */
async function photo(i: number): Promise<Buffer> {
  const cells = EDGE / 4;
  const noise = Buffer.alloc(cells * cells * 3);
  let x = 2463534242 + i;
  for (let k = 0; k < noise.length; k++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    noise[k] = x & 0xff;
  }
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${EDGE}" height="${EDGE}"><defs><linearGradient id="g"><stop offset="0" stop-color="#${(0x203040 + i * 0x050301).toString(16).slice(-6)}"/><stop offset="1" stop-color="#db8"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)" opacity="0.85"/><circle cx="${800 + i * 20}" cy="1000" r="600" fill="#a33" opacity="0.6"/>` +
      `<text x="200" y="400" font-size="220" fill="#fff">Lot ${i}</text></svg>`,
  );
  return sharp(noise, { raw: { width: cells, height: cells, channels: 3 } })
    .resize(EDGE, EDGE, { kernel: 'cubic' })
    .composite([{ input: svg }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

const sessionWithLots = (ctx: BenchContext, k: number) => benchSession(ctx, { name: `bench-images-${k}`, saleType: 'live', lots: IMAGES });

/** `fn` over 0..n-1, `limit` at a time. */
async function pool(n: number, limit: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

/**
 * Issue 13: 500 images of 2000x2000 ingested end to end as the image step sends them (batches of
 * 20: sign, PUT each signed URL, register the batch; two batches in flight), against sharp alone
 * making the same two sizes with the same check (metadata) at the same concurrency. Target: at
 * least 25 images/s on 2 cores, within 1.5x of sharp alone.
 */
export default defineBenchmark<State>({
  name: 'lot-images',
  title: 'Lot images: 500 images of 2000x2000 ingested',
  description: 'sign + signed PUT + register over HTTP (display and thumbnail made, stored, recorded) against sharp alone',
  async setup(ctx) {
    const photos: Buffer[] = [];
    for (let i = 0; i < DISTINCT; i++) photos.push(await photo(i));
    const runs = Math.max(2, ctx.shape.rounds);
    const catalogs: number[] = [];
    for (let k = 0; k < runs; k++) catalogs.push(await sessionWithLots(ctx, k));
    return { photos, catalogs, warmupCatalog: await sessionWithLots(ctx, runs) };
  },
  run(ctx, state) {
    const houseId = ctx.user.houseId;
    // The PUTs go out through node:http, which writes the buffer to the socket as is: fetch (undici)
    // copies a body twice (into a web stream, then chunk by chunk), a client's cost (a browser's,
    // really) that this process would be charged for, with the garbage collection it brings.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 * BATCH });
    const put = (path: string, body: Buffer) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request(
          `${ctx.baseUrl}${path}`,
          { method: 'PUT', agent, headers: { 'content-type': 'image/jpeg', 'content-length': body.length } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const ingestBatch = async (catalogId: number, first: number, count: number) => {
      const signed = await ctx.fetch({
        path: `/cps/app/image/signed-urls?numImages=${count}&bucket=/house/${houseId}/catalog/${catalogId}`,
      });
      if (signed.status !== 200) throw new Error(`sign: ${signed.status} ${signed.text}`);
      const slots = (signed.json() as { data: { imageUrl: string; putUrl: string }[] }).data;
      await Promise.all(
        slots.map(async (s, i) => {
          const res = await put(s.putUrl, state.photos[(first + i) % DISTINCT]);
          if (res.status !== 200) throw new Error(`PUT: ${res.status} ${res.text}`);
        }),
      );
      const reg = await ctx.fetch({
        path: `/cps/app/image/house/${houseId}/catalog/${catalogId}?fromDIY=true&doValidation=false`,
        method: 'PUT',
        body: slots.map((s, i) => ({ imageSeq: '0', imageURL: s.imageUrl, lotNum: String(first + i + 1) })),
      });
      const images = (reg.json() as { images: { error: string | null }[] }).images;
      const bad = images.find((i) => i.error);
      if (reg.status !== 200 || bad) throw new Error(`register: ${reg.status} ${reg.text.slice(0, 300)}`);
    };
    const ingest = async (catalogId: number) => {
      const batches = Math.ceil(IMAGES / BATCH);
      await pool(batches, 2, (b) => ingestBatch(catalogId, b * BATCH, Math.min(BATCH, IMAGES - b * BATCH)));
    };
    // The app's own image work (sniff, size cap, header check, display size, thumbnail from it),
    // without HTTP, the database or storage, at the app's concurrency.
    const sharpAlone = async () => {
      await pool(IMAGES, PROCESS_CONCURRENCY, async (i) => {
        const made = await makeRenditions(state.photos[i % DISTINCT]);
        if (!made.ok) throw new Error(made.error);
      });
    };
    const runs = state.catalogs.length;
    const kb = state.photos.reduce((a, p) => a + p.length, 0) / state.photos.length / 1024;
    const notes = [
      `${DISTINCT} distinct ${EDGE}x${EDGE} JPEGs of about ${kb.toFixed(0)} KB cycled; each run ingests 500 into its own session of 500 lots`,
      `sharp concurrency ${sharp.concurrency()} thread(s) per pipeline, ${PROCESS_CONCURRENCY} images at once per register call (and in the floor), ${availableParallelism()} cores`,
      'CPU per image below is this process (app, bench client and sharp threads; not PostgreSQL)',
    ];
    return {
      subject: wholeRunProbe(
        `sign + PUT + register, ${IMAGES} images`,
        'images/s',
        IMAGES,
        runs,
        (run) => ingest(state.catalogs[run]),
        () => ingest(state.warmupCatalog),
        notes,
      ),
      floors: [wholeRunProbe(`sharp alone (check + 2 sizes), ${IMAGES} images`, 'images/s', IMAGES, runs, sharpAlone, sharpAlone, notes)],
      notes,
    };
  },
});
