/**
 * Private Label Settings (spec 001 "Private Label Settings", "Private label logos", section 6):
 * the texts, limits and choice lists both the server and the admin use.
 */

export type LogoKind = 'console' | 'site';

/** Logo dimensions (spec: console 240x65, site 350x100, JPEG only). */
export const LOGO_SPECS: Record<LogoKind, { width: number; height: number; message: string; label: string }> = {
  console: {
    width: 240,
    height: 65,
    message: 'Console logo must be a JPG with dimensions of 240px x 65px',
    label: 'Console logo',
  },
  site: {
    width: 350,
    height: 100,
    message: 'Site logo must be a JPG with dimensions of 350px x 100px',
    label: 'Site logo',
  },
};

/** Upload limit of one logo (a 350x100 JPEG is a few tens of KB); multer stops reading beyond it. */
export const LOGO_MAX_BYTES = 1024 * 1024;

/** The success banner after Save stays this long (spec: 5 seconds). */
export const PRIVATE_LABEL_BANNER_MS = 5000;

export interface FontStyle {
  id: number;
  label: string;
}
export interface FontColor {
  id: number;
  hex: string;
  label: string;
}
export interface ButtonColor {
  id: number;
  hex: string;
  name: string;
}
export interface Language {
  id: number;
  label: string;
  language: string;
}

/** GET /app/font-styles: each label is also a CSS font-family list the preview uses. */
export const FONT_STYLES: readonly FontStyle[] = [
  { id: 1, label: 'Helvetica, Arial, sans-serif' },
  { id: 2, label: 'Georgia, serif' },
  { id: 3, label: 'Times New Roman, serif' },
  { id: 4, label: 'Verdana, sans-serif' },
  { id: 5, label: 'Trebuchet MS, sans-serif' },
];

/** GET /app/font-colors. */
export const FONT_COLORS: readonly FontColor[] = [
  { id: 1, hex: '#212121', label: 'Charcoal' },
  { id: 2, hex: '#000000', label: 'Black' },
  { id: 3, hex: '#1f3a5f', label: 'Navy' },
  { id: 4, hex: '#5d4037', label: 'Brown' },
  { id: 5, hex: '#37474f', label: 'Slate' },
];

/** GET /app/button-colors. */
export const BUTTON_COLORS: readonly ButtonColor[] = [
  { id: 1, hex: '#1565c0', name: 'Blue' },
  { id: 2, hex: '#2e7d32', name: 'Green' },
  { id: 3, hex: '#b71c1c', name: 'Red' },
  { id: 4, hex: '#6a1b9a', name: 'Purple' },
  { id: 5, hex: '#e65100', name: 'Orange' },
  { id: 6, hex: '#212121', name: 'Black' },
];

/** GET /app/languages. */
export const LANGUAGES: readonly Language[] = [
  { id: 1, label: 'English', language: 'en' },
  { id: 2, label: 'Français', language: 'fr' },
  { id: 3, label: 'Deutsch', language: 'de' },
  { id: 4, label: 'Español', language: 'es' },
  { id: 5, label: 'Italiano', language: 'it' },
];

/** What a house has until it saves its own. */
export const PRIVATE_LABEL_DEFAULTS = {
  fontStyleId: 1,
  fontColorId: 1,
  buttonColorId: 1,
  languageId: 1,
  displayPastAuctions: true,
} as const;

export const PRIVATE_LABEL_TEXT = {
  title: 'Private Label Settings',
  saved: 'Your private label settings have been saved.',
  invalid: 'Please correct the errors noted and try saving again.',
  fontStyle: 'Please choose a font style.',
  fontColor: 'Please choose a font colour.',
  buttonColor: 'Please choose a button colour.',
  language: 'Please choose a language.',
  displayPastAuctions: 'Display past auctions must be true or false.',
  fileMissing: 'Please choose a JPG file to upload.',
  tooLarge: 'The logo cannot exceed 1 MB.',
  uploaded: (kind: LogoKind) => `${LOGO_SPECS[kind].label} uploaded.`,
} as const;

/** The private-label rule (section 6): "Private Label Settings link needs isInstant and connectType i or s". */
export function privateLabelAllowed(house: { isInstant: boolean | null | undefined; connectType: string | null | undefined }): boolean {
  return house.isInstant === true && (house.connectType === 'i' || house.connectType === 's');
}

export interface PrivateLabelChoice {
  fontStyleId: number;
  fontColorId: number;
  buttonColorId: number;
  languageId: number;
  displayPastAuctions: boolean;
}

/** Field errors of a settings choice (`fontStyle`, `fontColor`, `buttonColor`, `defaultLanguage`, `displayPastAuctions`). */
export function privateLabelErrors(c: Partial<Record<keyof PrivateLabelChoice, unknown>>): Record<string, string> {
  const errors: Record<string, string> = {};
  const known = (list: readonly { id: number }[], v: unknown) => typeof v === 'number' && list.some((x) => x.id === v);
  if (!known(FONT_STYLES, c.fontStyleId)) errors.fontStyle = PRIVATE_LABEL_TEXT.fontStyle;
  if (!known(FONT_COLORS, c.fontColorId)) errors.fontColor = PRIVATE_LABEL_TEXT.fontColor;
  if (!known(BUTTON_COLORS, c.buttonColorId)) errors.buttonColor = PRIVATE_LABEL_TEXT.buttonColor;
  if (!known(LANGUAGES, c.languageId)) errors.defaultLanguage = PRIVATE_LABEL_TEXT.language;
  if (typeof c.displayPastAuctions !== 'boolean') errors.displayPastAuctions = PRIVATE_LABEL_TEXT.displayPastAuctions;
  return errors;
}

/**
 * Width and height from a JPEG's bytes: SOI, then segments up to the first SOF marker
 * (C0-CF except DHT C4, JPG C8, DAC CC). null when the bytes are not a JPEG or carry no frame.
 */
export function jpegDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let i = 2;
  while (i < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    while (i < bytes.length && bytes[i] === 0xff) i++; // fill bytes
    if (i >= bytes.length) return null;
    const marker = bytes[i++]!;
    if (marker === 0xd9 || marker === 0xda) return null; // EOI or SOS before any frame
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // no length
    if (i + 2 > bytes.length) return null;
    const length = (bytes[i]! << 8) | bytes[i + 1]!;
    if (length < 2 || i + length > bytes.length) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 7) return null;
      const height = (bytes[i + 3]! << 8) | bytes[i + 4]!;
      const width = (bytes[i + 5]! << 8) | bytes[i + 6]!;
      return width > 0 && height > 0 ? { width, height } : null;
    }
    i += length;
  }
  return null;
}

/** The spec's message when the bytes are not a JPEG of the logo's exact size; null when they are. */
export function logoError(kind: LogoKind, bytes: Uint8Array): string | null {
  const d = jpegDimensions(bytes);
  const spec = LOGO_SPECS[kind];
  return d && d.width === spec.width && d.height === spec.height ? null : spec.message;
}
