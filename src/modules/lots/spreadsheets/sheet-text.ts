/**
 * Spreadsheet bytes as text, the encoding detected rather than assumed: a byte-order mark (UTF-8,
 * UTF-16 LE/BE) decides; else UTF-16 without a mark is recognised by its NUL bytes; else the bytes
 * are UTF-8 when they decode strictly as UTF-8, and Windows-1252 otherwise (what Excel on Windows
 * writes as "CSV"). UTF-8 and UTF-16 decode with TextDecoder; Windows-1252 with the table below
 * (TextDecoder's windows-1252 depends on the runtime's ICU build): no extra dependency.
 */
export type SheetEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export function detectEncoding(data: Buffer): { encoding: SheetEncoding; bomBytes: number } {
  if (data.length >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return { encoding: 'utf-8', bomBytes: 3 };
  if (data.length >= 2 && data[0] === 0xff && data[1] === 0xfe) return { encoding: 'utf-16le', bomBytes: 2 };
  if (data.length >= 2 && data[0] === 0xfe && data[1] === 0xff) return { encoding: 'utf-16be', bomBytes: 2 };
  // UTF-16 without a mark: ASCII text leaves every other byte NUL.
  const sample = data.subarray(0, Math.min(data.length, 4096));
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2 === 0) evenNul++;
    else oddNul++;
  }
  const half = sample.length / 2;
  if (oddNul > half * 0.3 && evenNul === 0) return { encoding: 'utf-16le', bomBytes: 0 };
  if (evenNul > half * 0.3 && oddNul === 0) return { encoding: 'utf-16be', bomBytes: 0 };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return { encoding: 'utf-8', bomBytes: 0 };
  } catch {
    return { encoding: 'windows-1252', bomBytes: 0 };
  }
}

/** The text, or null when it holds NUL characters (not a text file we read: PostgreSQL cannot store them either). */
export function decodeSheetText(data: Buffer): { text: string; encoding: SheetEncoding } | null {
  const { encoding, bomBytes } = detectEncoding(data);
  const body = data.subarray(bomBytes);
  let text: string;
  if (encoding === 'utf-16be') {
    // TextDecoder has no big-endian UTF-16 in every build: swap the bytes and read little-endian.
    const swapped = Buffer.alloc(body.length - (body.length % 2));
    for (let i = 0; i + 1 < body.length; i += 2) {
      swapped[i] = body[i + 1];
      swapped[i + 1] = body[i];
    }
    text = new TextDecoder('utf-16le').decode(swapped);
  } else if (encoding === 'windows-1252') text = decodeWindows1252(body);
  else text = new TextDecoder(encoding).decode(body);
  if (text.includes('\u0000')) return null;
  return { text, encoding };
}

/** Comma, semicolon or tab: the one the header line (outside quotes) has most of; comma on a tie. */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length && i < 65536; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

/** Windows-1252's 0x80-0x9F (the rest is Latin-1); undefined bytes map to themselves, as browsers do. */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

export function decodeWindows1252(data: Buffer): string {
  const out: string[] = [];
  const CHUNK = 8192;
  for (let start = 0; start < data.length; start += CHUNK) {
    const codes: number[] = [];
    const end = Math.min(data.length, start + CHUNK);
    for (let i = start; i < end; i++) {
      const b = data[i];
      codes.push(b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : b);
    }
    out.push(String.fromCharCode(...codes));
  }
  return out.join('');
}
