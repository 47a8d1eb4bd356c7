// Bulk image upload (spec 001 "Images", "Image errors", "Business constants and limits"): the
// file-name rules, the limits and the per-image error texts, shared by the server, the CLI and the
// image step.

/** Limits and the upload pipeline's pacing, as the spec states them. */
export const IMAGE_UPLOAD = {
  maxBytes: 10_485_760,
  minWidth: 1000,
  minHeight: 1000,
  types: ['jpg', 'jpeg', 'png'],
  /** Highest sequence number a name may carry (the column is a smallint; nobody has 1000 photos of a lot). */
  maxSequence: 999,
  batchSize: 20,
  batchIntervalMs: 3000,
  maxIncomplete: 100,
  putTimeoutMs: 300_000,
  putRetries: 5,
  signRetries: 3,
  retryDelayMs: 3000,
  /** Signed PUT URLs per signing call. */
  maxSignedPerCall: 100,
} as const;

/** The spec's image error codes. `invalidImage` is the server's "Invalid Image". */
export type ImageErrorCode =
  'imageSeq' | 'invalidImage' | 'invNum' | 'lotNum' | 'pixel' | 'safari' | 'size' | 'timeout' | 'type' | 'default';

export const IMAGE_ERROR_CODES: readonly ImageErrorCode[] = [
  'imageSeq',
  'invalidImage',
  'invNum',
  'lotNum',
  'pixel',
  'safari',
  'size',
  'timeout',
  'type',
  'default',
];

/** Title and advice per error (the summary names each kind; the card shows the advice). */
export const IMAGE_ERROR_TEXT: Record<ImageErrorCode, { title: string; hint: string }> = {
  imageSeq: { title: 'Invalid sequence number', hint: 'Sequence numbers must be digits only. Rename the file and re-upload.' },
  invalidImage: { title: 'Image Processing Error', hint: 'The image could not be processed. Please re-upload.' },
  invNum: { title: 'Invalid inventory numbers', hint: 'The file name matches no inventory number in this session.' },
  lotNum: { title: 'Invalid lot numbers', hint: 'The file name matches no lot number in this session.' },
  pixel: { title: "Doesn't meet minimum image size (1000px x 1000px)", hint: 'Images must be at least 1000px x 1000px.' },
  safari: { title: 'Browser error', hint: 'Please use Chrome or Firefox.' },
  size: { title: 'Exceeds maximum file size (10 MB)', hint: 'Images may be at most 10 MB.' },
  timeout: { title: 'Gateway timeout', hint: 'Please re-upload.' },
  type: { title: 'Invalid file type (JPEG, JPG or PNG only)', hint: 'Only JPEG, JPG or PNG files can be uploaded.' },
  default: { title: 'Unknown error', hint: 'Please re-upload.' },
};

/** The server's message for an image it cannot decode (spec: server "Invalid Image"). */
export const INVALID_IMAGE_SERVER_TEXT = 'Invalid Image';

/** "Invalid lot/item numbers": "item" for bin sales, else "lot". */
export function imageErrorTitle(code: ImageErrorCode, saleType?: 'live' | 'timed' | 'bin'): string {
  if (code === 'lotNum' && saleType === 'bin') return 'Invalid item numbers';
  return IMAGE_ERROR_TEXT[code].title;
}

/** How file names name their lots: lot (or item) number with extension, or inventory number. */
export type ImageNameFormat = 'lot' | 'inventory';

/** A name read by the rules: what it names, or why it names nothing. */
export type ParsedImageName =
  | {
      ok: true;
      /** Lot number without leading zeros (lot format), or the normalised inventory number. */
      number: string;
      /** Lot extension, upper-case single letter, or '' (lot format only). */
      ext: string;
      sequence: number;
      type: 'jpg' | 'jpeg' | 'png';
      /** `{number}{ext}.{sequence}.{TYPE}`: two files with the same key are the same image (the later replaces). */
      key: string;
      /** Inventory format: the other reading when the last part may be a sequence or part of the number. */
      alternative?: { number: string; sequence: number; key: string };
    }
  | { ok: false; error: ImageErrorCode };

/** Dashes and underscores become dots, upper-cased, blanks trimmed. */
export function normalizeImageName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.trim().replace(/[-_]/g, '.').toUpperCase();
}

/** Leading zeros stripped ("0012" -> "12", "000" -> "0"). */
const stripZeros = (s: string) => s.replace(/^0+(?=.)/, '');

/**
 * The same normalisation for an inventory number as for a file name, so `INV-0012` in the sheet
 * matches `inv_0012.1.jpg` on disk: dots for dashes and underscores, upper-cased, each dotted part's
 * leading zeros stripped when the part is digits.
 */
export function normalizeInventoryNumber(inv: string): string {
  return normalizeImageName(inv)
    .split('.')
    .map((p) => (/^\d+$/.test(p) ? stripZeros(p) : p))
    .join('.');
}

/**
 * `{number}[ext].{sequence}.{type}` (spec 001 "Images"). Lot format: `12A.1.jpg`, `0012-a-1.JPG`,
 * `12_A.jpg` (sequence 0). Inventory format: everything before the sequence is the inventory number.
 */
export function parseImageName(name: string, format: ImageNameFormat): ParsedImageName {
  const parts = normalizeImageName(name).split('.');
  if (parts.length < 2 || parts.some((p) => p === '')) return { ok: false, error: parts.length < 2 ? 'type' : invalidEmpty(parts) };
  const type = parts.pop()!.toLowerCase();
  if (!(IMAGE_UPLOAD.types as readonly string[]).includes(type)) return { ok: false, error: 'type' };
  const t = type as 'jpg' | 'jpeg' | 'png';
  const key = (number: string, ext: string, seq: number) => `${number}${ext}.${seq}.${type.toUpperCase()}`;
  if (format === 'lot') {
    const m = /^(\d{1,12})([A-Z])?$/.exec(parts[0]);
    if (!m) return { ok: false, error: 'lotNum' };
    let ext = m[2] ?? '';
    let rest = parts.slice(1);
    // `12-A-1.jpg`: the extension as its own part.
    if (!ext && rest.length && /^[A-Z]$/.test(rest[0])) [ext, rest] = [rest[0], rest.slice(1)];
    const number = stripZeros(m[1]);
    if (number.length > 8) return { ok: false, error: 'lotNum' };
    if (rest.length > 1) return { ok: false, error: 'imageSeq' };
    const seq = sequenceOf(rest[0]);
    if (seq === null) return { ok: false, error: 'imageSeq' };
    return { ok: true, number, ext, sequence: seq, type: t, key: key(number, ext, seq) };
  }
  const inv = (ps: string[]) => ps.map((p) => (/^\d+$/.test(p) ? stripZeros(p) : p)).join('.');
  const last = parts[parts.length - 1];
  if (parts.length >= 2 && /^\d+$/.test(last)) {
    const seq = sequenceOf(last);
    const number = inv(parts.slice(0, -1));
    const whole = inv(parts);
    // `INV.12.jpg` may be inventory "INV" image 12 or inventory "INV.12" image 0: the caller decides by matching.
    const alternative = whole.length <= 32 ? { number: whole, sequence: 0, key: key(whole, '', 0) } : undefined;
    if (seq === null) return alternative ? { ok: true, ...alternative, ext: '', type: t } : { ok: false, error: 'imageSeq' };
    if (number.length > 32) return { ok: false, error: 'invNum' };
    return { ok: true, number, ext: '', sequence: seq, type: t, key: key(number, '', seq), alternative };
  }
  const number = inv(parts);
  if (number.length > 32) return { ok: false, error: 'invNum' };
  return { ok: true, number, ext: '', sequence: 0, type: t, key: key(number, '', 0) };
}

/** An empty part (`12..jpg`, `.jpg`): an empty number is a bad number, an empty sequence a bad sequence. */
function invalidEmpty(parts: string[]): ImageErrorCode {
  if (parts[parts.length - 1] === '') return 'type';
  return parts[0] === '' ? 'lotNum' : 'imageSeq';
}

/** Sequence: digits only, default 0, at most IMAGE_UPLOAD.maxSequence. */
function sequenceOf(raw: string | undefined): number | null {
  if (raw === undefined) return 0;
  if (!/^\d{1,6}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= IMAGE_UPLOAD.maxSequence ? n : null;
}

/** The lots an upload may name: lot number (no leading zeros) + ext, or normalised inventory number -> lot id. */
export interface ImageLotIndex {
  byLot: ReadonlyMap<string, number>;
  byInventory: ReadonlyMap<string, number>;
}

export function buildImageLotIndex(
  lots: readonly { id: number; lotNumber: string | null; lotExt: string | null; invNumber: string | null }[],
): ImageLotIndex {
  const byLot = new Map<string, number>();
  const byInventory = new Map<string, number>();
  for (const l of lots) {
    if (l.lotNumber) byLot.set(`${stripZeros(l.lotNumber)}${(l.lotExt ?? '').toUpperCase()}`, l.id);
    if (l.invNumber) byInventory.set(normalizeInventoryNumber(l.invNumber), l.id);
  }
  return { byLot, byInventory };
}

export type ImageNameMatch =
  { ok: true; lotId: number; number: string; ext: string; sequence: number; key: string } | { ok: false; error: ImageErrorCode };

/** A file name's lot in the session, per the chosen format: lotNum / invNum when it names none. */
export function matchImageName(name: string, format: ImageNameFormat, index: ImageLotIndex): ImageNameMatch {
  const p = parseImageName(name, format);
  if (!p.ok) return p;
  if (format === 'lot') {
    const lotId = index.byLot.get(`${p.number}${p.ext}`);
    return lotId === undefined
      ? { ok: false, error: 'lotNum' }
      : { ok: true, lotId, number: p.number, ext: p.ext, sequence: p.sequence, key: p.key };
  }
  for (const c of [p, p.alternative]) {
    if (!c) continue;
    const lotId = index.byInventory.get(c.number);
    if (lotId !== undefined) return { ok: true, lotId, number: c.number, ext: '', sequence: c.sequence, key: c.key };
  }
  return { ok: false, error: 'invNum' };
}

/** "New-upload sequence number: 0 if first and none exist, else 1 + index + highest existing sequence." */
export function nextImageSequence(existing: readonly number[], index: number): number {
  if (!existing.length) return index;
  return 1 + index + Math.max(...existing);
}
