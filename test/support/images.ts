import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Real image files made in the test with sharp: a photo-like picture (gradient, shapes and noise,
 * so the encoder does real work) of any size, as JPEG or PNG.
 */
export async function makePhoto(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg', label = 'Lot'): Promise<Buffer> {
  const noise = Buffer.alloc(Math.ceil(width / 8) * Math.ceil(height / 8) * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const texture = await sharp(noise, { raw: { width: Math.ceil(width / 8), height: Math.ceil(height / 8), channels: 3 } })
    .resize(width, height, { kernel: 'nearest' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g"><stop offset="0" stop-color="#345"/><stop offset="1" stop-color="#db8"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)" opacity="0.8"/>` +
      `<circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#a33" opacity="0.7"/>` +
      `<text x="${width / 10}" y="${height / 5}" font-size="${Math.round(height / 10)}" fill="#fff">${label}</text></svg>`,
  );
  const img = sharp(texture).composite([{ input: svg }]);
  return format === 'jpeg' ? img.jpeg({ quality: 88 }).toBuffer() : img.png().toBuffer();
}

/**
 * A decompression bomb: a well-formed PNG whose header declares `width` x `height` pixels (20000 x
 * 20000 is 1.2 GB decoded) with a few kilobytes of compressed rows.
 */
export function makePngBomb(width = 20_000, height = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = deflateSync(Buffer.alloc((width + 1) * 64));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
