/**
 * The real type of an upload from its first bytes (never the name or the Content-Type header).
 * JPEG: SOI then a marker (FF D8 FF). PNG: the 8-byte signature. Nothing else is accepted, so the
 * rest of the world's formats need no table here (the `file-type` package is ESM-only in this build).
 */
export type SniffedType = 'jpeg' | 'png';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffImageType(head: Buffer): SniffedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  return null;
}

export const CONTENT_TYPE: Record<SniffedType, string> = { jpeg: 'image/jpeg', png: 'image/png' };
