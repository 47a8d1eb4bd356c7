import { makeJpeg, makePngHeader } from '../../../test/support/jpeg';
import {
  BUTTON_COLORS,
  FONT_COLORS,
  FONT_STYLES,
  LANGUAGES,
  LOGO_SPECS,
  jpegDimensions,
  logoError,
  privateLabelAllowed,
  privateLabelErrors,
} from './private-label';

describe('jpegDimensions', () => {
  it('reads width and height from the SOF marker of real JPEG bytes', () => {
    expect(jpegDimensions(makeJpeg(240, 65))).toEqual({ width: 240, height: 65 });
    expect(jpegDimensions(makeJpeg(350, 100))).toEqual({ width: 350, height: 100 });
    expect(jpegDimensions(makeJpeg(1, 1))).toEqual({ width: 1, height: 1 });
  });

  it('skips fill bytes and standalone markers before the frame, and reads a progressive frame (SOF2)', () => {
    const jpeg = makeJpeg(120, 30);
    const withFill = Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xff]), jpeg.subarray(2)]);
    expect(jpegDimensions(withFill)).toEqual({ width: 120, height: 30 });
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    const progressive = Buffer.from(jpeg);
    progressive[sof + 1] = 0xc2;
    expect(jpegDimensions(progressive)).toEqual({ width: 120, height: 30 });
  });

  it('does not take a DHT (C4) segment for a frame', () => {
    const jpeg = makeJpeg(240, 65);
    const dht = jpeg.indexOf(Buffer.from([0xff, 0xc4]));
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    // Move the Huffman tables before the frame: the reader must skip them, not read sizes out of them.
    const sofSeg = jpeg.subarray(sof, dht);
    const dhtSegs = jpeg.subarray(dht, jpeg.indexOf(Buffer.from([0xff, 0xda])));
    const reordered = Buffer.concat([jpeg.subarray(0, sof), dhtSegs, sofSeg, jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda])))]);
    expect(jpegDimensions(reordered)).toEqual({ width: 240, height: 65 });
  });

  it('refuses bytes that are not a JPEG or are cut short', () => {
    expect(jpegDimensions(makePngHeader(240, 65))).toBeNull();
    expect(jpegDimensions(Buffer.from([]))).toBeNull();
    expect(jpegDimensions(Buffer.from('GIF89a...........'))).toBeNull();
    const jpeg = makeJpeg(240, 65);
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(jpegDimensions(jpeg.subarray(0, sof + 6))).toBeNull();
    // A stream that reaches its scan (SOS) without a frame header.
    expect(jpegDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 63, 0]))).toBeNull();
  });
});

describe('logoError', () => {
  it("accepts only each logo's exact size, with the spec's messages", () => {
    expect(logoError('console', makeJpeg(240, 65))).toBeNull();
    expect(logoError('site', makeJpeg(350, 100))).toBeNull();
    expect(logoError('console', makeJpeg(350, 100))).toBe('Console logo must be a JPG with dimensions of 240px x 65px');
    expect(logoError('console', makeJpeg(65, 240))).toBe(LOGO_SPECS.console.message);
    expect(logoError('site', makeJpeg(240, 65))).toBe('Site logo must be a JPG with dimensions of 350px x 100px');
    expect(logoError('site', makePngHeader(350, 100))).toBe(LOGO_SPECS.site.message);
  });
});

describe('privateLabelAllowed', () => {
  it('needs isInstant and connect type i or s', () => {
    expect(privateLabelAllowed({ isInstant: true, connectType: 'i' })).toBe(true);
    expect(privateLabelAllowed({ isInstant: true, connectType: 's' })).toBe(true);
    expect(privateLabelAllowed({ isInstant: true, connectType: 'p' })).toBe(false);
    expect(privateLabelAllowed({ isInstant: true, connectType: 'e' })).toBe(false);
    expect(privateLabelAllowed({ isInstant: false, connectType: 's' })).toBe(false);
    expect(privateLabelAllowed({ isInstant: null, connectType: 'i' })).toBe(false);
  });
});

describe('privateLabelErrors', () => {
  const ok = {
    fontStyleId: FONT_STYLES[1]!.id,
    fontColorId: FONT_COLORS[2]!.id,
    buttonColorId: BUTTON_COLORS[3]!.id,
    languageId: LANGUAGES[0]!.id,
    displayPastAuctions: false,
  };

  it('accepts ids of the lists and a boolean', () => {
    expect(privateLabelErrors(ok)).toEqual({});
  });

  it('names each field that is not one of its list', () => {
    expect(
      privateLabelErrors({ ...ok, fontStyleId: 99, fontColorId: '1', buttonColorId: undefined, languageId: 0, displayPastAuctions: 'yes' }),
    ).toEqual({
      fontStyle: 'Please choose a font style.',
      fontColor: 'Please choose a font colour.',
      buttonColor: 'Please choose a button colour.',
      defaultLanguage: 'Please choose a language.',
      displayPastAuctions: 'Display past auctions must be true or false.',
    });
  });

  it('has unique ids and colour hexes in every list', () => {
    for (const list of [FONT_STYLES, FONT_COLORS, BUTTON_COLORS, LANGUAGES]) expect(new Set(list.map((x) => x.id)).size).toBe(list.length);
    for (const c of [...FONT_COLORS, ...BUTTON_COLORS]) expect(c.hex).toMatch(/^#[0-9a-f]{6}$/);
  });
});
