import { IMAGE_UPLOAD, nextImageSequence, normalizeImageName, parseImageName, type ImageErrorCode, type ImageNameFormat } from '@ar/rules';

/** A file's state (spec 001 "Image upload"): selected, uploading, complete, error or cancelled. */
export type CardStatus = 'selected' | 'uploading' | 'complete' | 'error' | 'cancelled';

export interface UploadCard {
  id: number;
  /** Two files with the same key are the same image: the later replaces the earlier. */
  key: string;
  name: string;
  size: number;
  status: CardStatus;
  /** 0..1 of the PUT. */
  progress: number;
  error: ImageErrorCode | null;
  thumbURL: string | null;
  replaced: boolean;
}

/**
 * The pacing rule (spec 001 "Business constants"): every 3 s, while fewer than 100 files are
 * incomplete (uploading), the next batch of at most 20 selected files starts, never past 100.
 */
export function nextBatch<T extends { status: CardStatus }>(cards: readonly T[], online = true): T[] {
  if (!online) return [];
  const uploading = cards.filter((c) => c.status === 'uploading').length;
  if (uploading >= IMAGE_UPLOAD.maxIncomplete) return [];
  const room = Math.min(IMAGE_UPLOAD.batchSize, IMAGE_UPLOAD.maxIncomplete - uploading);
  return cards.filter((c) => c.status === 'selected').slice(0, room);
}

/** What the browser can tell before sending: the name's shape and type, and the 10 MB cap. */
export function precheck(name: string, size: number, format: ImageNameFormat): { key: string; error: ImageErrorCode | null } {
  const parsed = parseImageName(name, format);
  const key = parsed.ok ? parsed.key : normalizeImageName(name);
  if (!parsed.ok) return { key, error: parsed.error };
  return { key, error: size > IMAGE_UPLOAD.maxBytes ? 'size' : null };
}

/**
 * The Lot page's check: the lot is chosen, so any name goes; a .jpg, .jpeg or .png name and the
 * 10 MB cap (the server sniffs the bytes). The key (the name normalised) still spots a file dropped
 * again while its first copy is unfinished.
 */
export function precheckForLot(name: string, size: number): { key: string; error: ImageErrorCode | null } {
  const key = normalizeImageName(name);
  const dot = key.lastIndexOf('.');
  const type = dot > 0 ? key.slice(dot + 1).toLowerCase() : '';
  if (!(IMAGE_UPLOAD.types as readonly string[]).includes(type)) return { key, error: 'type' };
  return { key, error: size > IMAGE_UPLOAD.maxBytes ? 'size' : null };
}

/**
 * Sequences for `count` new images of one lot (spec: "0 if first and none exist, else 1 + index +
 * highest existing sequence"); `taken` is the lot's images and the ones already on their way.
 */
export function newLotSequences(taken: readonly number[], count: number): number[] {
  return Array.from({ length: count }, (_, i) => nextImageSequence(taken, i));
}

export interface UploadSummary {
  success: number;
  error: number;
  pending: number;
  total: number;
  /** Each error kind with the names that have it, in the spec's order of codes. */
  byError: { code: ImageErrorCode; names: string[] }[];
}

export function summarize(cards: readonly UploadCard[]): UploadSummary {
  const live = cards.filter((c) => c.status !== 'cancelled');
  const byError = new Map<ImageErrorCode, string[]>();
  for (const c of live) if (c.status === 'error' && c.error) byError.set(c.error, [...(byError.get(c.error) ?? []), c.name]);
  return {
    success: live.filter((c) => c.status === 'complete').length,
    error: live.filter((c) => c.status === 'error').length,
    pending: live.filter((c) => c.status === 'selected' || c.status === 'uploading').length,
    total: live.length,
    byError: [...byError].map(([code, names]) => ({ code, names })),
  };
}

/** Overall progress 0..100: finished files count whole, uploading ones by their bytes. */
export function overallProgress(cards: readonly UploadCard[]): number {
  const live = cards.filter((c) => c.status !== 'cancelled');
  if (!live.length) return 0;
  const done = live.reduce(
    (n, c) => n + (c.status === 'complete' || c.status === 'error' ? 1 : c.status === 'uploading' ? c.progress * 0.95 : 0),
    0,
  );
  return Math.round((done / live.length) * 100);
}
