import sharp from 'sharp';
import { makePhoto, makePngBomb } from '../../../../test/support/images';
import { checkImage, makeRenditions, RENDITIONS } from './image-renditions';
import { sniffImageType } from './image-sniff';

describe('sniffImageType', () => {
  it('knows JPEG and PNG by their first bytes only', () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('checkImage and makeRenditions (real sharp)', () => {
  it('makes a 1600 px display and a 320 px thumbnail, never enlarging', async () => {
    const made = await makeRenditions(await makePhoto(2400, 1200));
    if (!made.ok) throw new Error(made.error);
    expect(made.value.facts).toEqual({ type: 'jpeg', width: 2400, height: 1200 });
    // Baseline JPEG, chroma 4:2:0 (the web's norm for photographs; docs/performance.md, lot images).
    const jpeg = { format: 'jpeg', chromaSubsampling: '4:2:0', isProgressive: false };
    expect(await sharp(made.value.display).metadata()).toMatchObject({ width: RENDITIONS.display.edge, height: 800, ...jpeg });
    expect(await sharp(made.value.thumb).metadata()).toMatchObject({ width: 320, height: 160, ...jpeg });
    const small = await makeRenditions(await makePhoto(1000, 1100, 'png'));
    if (!small.ok) throw new Error(small.error);
    expect(await sharp(small.value.display).metadata()).toMatchObject({ width: 1000, height: 1100, format: 'jpeg' });
  });

  it('measures after EXIF orientation: a 1200x900 picture turned a quarter is 900 wide (pixel)', async () => {
    const turned = await sharp(await makePhoto(1200, 900))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await checkImage(turned)).toEqual({ ok: false, error: 'pixel' });
  });

  it('makes the thumbnail from the upright display: an EXIF-turned upload gives upright sizes and no EXIF', async () => {
    const turned = await sharp(await makePhoto(1600, 1200))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const made = await makeRenditions(turned);
    if (!made.ok) throw new Error(made.error);
    expect(made.value.facts).toEqual({ type: 'jpeg', width: 1200, height: 1600 });
    const [display, thumb] = await Promise.all([sharp(made.value.display).metadata(), sharp(made.value.thumb).metadata()]);
    expect(display).toMatchObject({ width: 1200, height: 1600 });
    expect(display.orientation).toBeUndefined();
    expect(thumb).toMatchObject({ width: 240, height: 320, format: 'jpeg' });
    expect(thumb.orientation).toBeUndefined();
  });

  it.each([
    ['a decompression bomb', () => makePngBomb(), 'invalidImage'],
    ['a truncated JPEG', async () => (await makePhoto(1200, 1200)).subarray(0, 2000), 'invalidImage'],
    ['text', async () => Buffer.from('hello'), 'type'],
    ['over 10 MB', async () => Buffer.alloc(10_485_761, 0xff), 'size'],
    ['under 1000 px', () => makePhoto(1000, 999), 'pixel'],
  ])('refuses %s', async (_name, make, error) => {
    expect(await makeRenditions(await make())).toEqual({ ok: false, error });
  });
});
