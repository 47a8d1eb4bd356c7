import sharp from 'sharp';
import { IMAGE_UPLOAD, type ImageErrorCode } from '@ar/rules';
import { sniffImageType, type SniffedType } from './image-sniff';

/**
 * The sizes made from every upload (docs/decisions/lot-images.md): a display image for the lot page
 * and catalog (longest side 1600 px) and a thumbnail for grids and cards (longest side 320 px), both
 * JPEG with EXIF orientation applied and metadata stripped. The original is kept as uploaded.
 */
export const RENDITIONS = {
  display: { edge: 1600, quality: 82 },
  thumb: { edge: 320, quality: 76 },
} as const;

/**
 * Decompression-bomb ceiling: a header may declare any size (a 200-byte PNG can claim 20000x20000,
 * 1.2 GB of pixels). 50 MP covers every camera a 10 MB file can come from (8660x5773) and bounds a
 * decode at about 150 MB. sharp refuses larger inputs before decoding them.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

// libvips caches operations by input: an upload is never processed twice, so the cache only holds
// memory (up to 50 MB) and, in the benchmark, would let sharp alone replay cached work.
sharp.cache(false);

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

/**
 * Checks, then makes both sizes. The two pipelines run side by side: the thumbnail's JPEG decode
 * uses libjpeg's shrink-on-load, so it costs a fraction of the display's. A file that passes the
 * header check but does not decode (truncated, corrupt) is `invalidImage`.
 */
export async function makeRenditions(bytes: Buffer): Promise<{ ok: true; value: Renditions } | { ok: false; error: ImageErrorCode }> {
  const check = await checkImage(bytes);
  if (!check.ok) return check;
  const size = (r: { edge: number; quality: number }) =>
    sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(r.edge, r.edge, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: r.quality })
      .toBuffer();
  try {
    const [display, thumb] = await Promise.all([size(RENDITIONS.display), size(RENDITIONS.thumb)]);
    return { ok: true, value: { facts: check.facts, display, thumb } };
  } catch {
    return { ok: false, error: 'invalidImage' };
  }
}
