import { availableParallelism } from 'node:os';
import type Sharp from 'sharp';
import { IMAGE_UPLOAD, type ImageErrorCode } from '@ar/rules';
import { sniffImageType, type SniffedType } from './image-sniff';

/**
 * The sizes made from every upload (docs/decisions/lot-images.md): a display image for the lot page
 * and catalog (longest side 1600 px) and a thumbnail for grids and cards (longest side 320 px), both
 * JPEG with EXIF orientation applied and metadata stripped. The original is kept as uploaded.
 *
 * Encoding (docs/performance.md, lot images): chroma 4:2:0, the web's norm for photographs (4:4:4
 * made the display 60% heavier for colour detail no screen at this size shows). Huffman tables are
 * optimised for the thumbnail only: on the display they cost about 11-15 ms of CPU per image (a
 * fifth of its work) for 3-4% fewer bytes; on the thumbnail they cost little and save 14%.
 */
export const RENDITIONS = {
  display: { edge: 1600, quality: 82, optimiseCoding: false },
  thumb: { edge: 320, quality: 76, optimiseCoding: true },
} as const;

/**
 * Decompression-bomb ceiling: a header may declare any size (a 200-byte PNG can claim 20000x20000,
 * 1.2 GB of pixels). 50 MP covers every camera a 10 MB file can come from (8660x5773) and bounds a
 * decode at about 150 MB. sharp refuses larger inputs before decoding them.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

let loaded: typeof Sharp | undefined;

/**
 * sharp, required on first use: libvips and its bindings are a native load every process (and
 * every test file) would pay at boot, while only image calls use them.
 */
export function sharp(...args: Parameters<typeof Sharp>): ReturnType<typeof Sharp> {
  if (!loaded) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require('sharp') as typeof Sharp;
    // libvips caches operations by input: an upload is never processed twice, so the cache only holds
    // memory (up to 50 MB) and, in the benchmark, would let sharp alone replay cached work.
    loaded.cache(false);
  }
  return loaded(...args);
}

/**
 * Images processed at once by one register call (or CLI import): one per core. sharp runs each
 * pipeline on one libvips thread here (its default on glibc), and the two sizes of an image run one
 * after the other, so this keeps every core decoding without queueing work on libuv's 4 threads.
 */
export const PROCESS_CONCURRENCY = Math.max(2, availableParallelism());

export interface ImageFacts {
  type: SniffedType;
  width: number;
  height: number;
}

export type ImageCheck = { ok: true; facts: ImageFacts } | { ok: false; error: ImageErrorCode };

/** Size cap, sniffed type, declared dimensions (header only, bombs refused), minimum size. */
export async function checkImage(bytes: Buffer): Promise<ImageCheck> {
  if (bytes.length > IMAGE_UPLOAD.maxBytes) return { ok: false, error: 'size' };
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, error: 'type' };
  let width: number;
  let height: number;
  try {
    const m = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!m.width || !m.height) return { ok: false, error: 'invalidImage' };
    // Orientations 5-8 turn the picture a quarter: the displayed width is the stored height.
    [width, height] = (m.orientation ?? 1) >= 5 ? [m.height, m.width] : [m.width, m.height];
  } catch {
    return { ok: false, error: 'invalidImage' };
  }
  if (width < IMAGE_UPLOAD.minWidth || height < IMAGE_UPLOAD.minHeight) return { ok: false, error: 'pixel' };
  return { ok: true, facts: { type, width, height } };
}

export interface Renditions {
  facts: ImageFacts;
  display: Buffer;
  thumb: Buffer;
}

/** `bytes` as a JPEG at most `r.edge` on its longest side (never enlarged), flattened on white. */
function sized(bytes: Buffer, r: { edge: number; quality: number; optimiseCoding: boolean }, orient: boolean): Promise<Buffer> {
  const img = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  return (orient ? img.rotate() : img)
    .resize(r.edge, r.edge, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: r.quality, optimiseCoding: r.optimiseCoding, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

/**
 * Both sizes of a checked image, the upload decoded once: the display size from the upload (EXIF
 * orientation applied), then the thumbnail from the display JPEG, whose decode shrinks on load
 * (1600 px read as 400) instead of decoding the upload's entropy-coded data a second time. The
 * display is already upright and flat, so the thumbnail only resizes. The benchmark's floor
 * (bench/benchmarks/lot-images.bench.ts) calls `makeRenditions` too: the same image work.
 */
export async function renderSizes(bytes: Buffer): Promise<{ display: Buffer; thumb: Buffer }> {
  const display = await sized(bytes, RENDITIONS.display, true);
  const thumb = await sized(display, RENDITIONS.thumb, false);
  return { display, thumb };
}

/**
 * Checks, then makes both sizes. A file that passes the header check but does not decode
 * (truncated, corrupt) is `invalidImage`.
 */
export async function makeRenditions(bytes: Buffer): Promise<{ ok: true; value: Renditions } | { ok: false; error: ImageErrorCode }> {
  const check = await checkImage(bytes);
  if (!check.ok) return check;
  try {
    const { display, thumb } = await renderSizes(bytes);
    return { ok: true, value: { facts: check.facts, display, thumb } };
  } catch {
    return { ok: false, error: 'invalidImage' };
  }
}
