/**
 * Tiny image files made in the test, no image library: a baseline greyscale JPEG of any size that
 * browsers decode (every 8x8 block mid-grey: DC difference 0 and end-of-block, one-bit Huffman
 * codes), and the first bytes of a PNG (signature and IHDR) for "a PNG renamed .jpg".
 */
export function makeJpeg(width: number, height: number): Buffer {
  const segment = (marker: number, body: number[]) => [0xff, marker, ((body.length + 2) >> 8) & 0xff, (body.length + 2) & 0xff, ...body];
  const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
  const oneCodeTable = (tableClass: number) => [tableClass << 4, 1, ...new Array(15).fill(0), 0x00];
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2; // "0" (DC category 0) then "0" (AC end of block) per block
  const data = new Array(Math.ceil(bits / 8)).fill(0);
  if (bits % 8) data[data.length - 1] = (1 << (8 - (bits % 8))) - 1; // pad with 1-bits
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, ...u16(1), ...u16(1), 0, 0]), // JFIF
    ...segment(0xdb, [0x00, ...new Array(64).fill(1)]), // quantisation table 0
    ...segment(0xc0, [8, ...u16(height), ...u16(width), 1, 1, 0x11, 0]), // SOF0, one component
    ...segment(0xc4, oneCodeTable(0)), // DC table 0
    ...segment(0xc4, oneCodeTable(1)), // AC table 0
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS
    ...data,
    0xff,
    0xd9,
  ]);
}

export function makePngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'ascii');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 2, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
}
