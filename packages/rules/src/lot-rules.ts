/**
 * The Lot page's rules (spec 001 sections 3, 5 and 8, "Item fields"): one function for the server
 * (which has the last word, with the session's other and deleted lots) and the admin's form (which
 * disables Save until they pass). Amounts are typed in whole currency units and stored in cents.
 */

export type LotSaleType = 'live' | 'timed' | 'bin';

/** The Lot form as a client sends it: every field text (or a number), the rules decide. */
export interface LotInput {
  lotNumber?: string | number | null;
  lotExt?: string | null;
  invNumber?: string | null;
  lotTitle?: string | null;
  lotDescription?: string | null;
  dimensions?: string | null;
  shipLength?: string | number | null;
  shipWidth?: string | number | null;
  shipHeight?: string | number | null;
  shipWeight?: string | number | null;
  shipping?: string | number | null;
  shippingIntl?: string | number | null;
  loEst?: string | number | null;
  hiEst?: string | number | null;
  startingBid?: string | number | null;
  itemPrice?: string | number | null;
  reserve?: string | number | null;
  artistName?: string | null;
  medium?: string | null;
  condition?: string | null;
  circa?: string | null;
  provenance?: string | null;
  literature?: string | null;
  exhibited?: string | null;
  notes?: string | null;
}

export type LotField = keyof LotInput;

/** What is stored once the rules pass (amounts in cents; fields that do not apply to the sale type are null). */
export interface LotValues {
  lotNumber: string | null;
  lotExt: string | null;
  invNumber: string | null;
  title: string;
  description: string;
  dimensions: string | null;
  shipLength: number | null;
  shipWidth: number | null;
  shipHeight: number | null;
  shipWeight: number | null;
  shippingCents: number | null;
  shippingIntlCents: number | null;
  loEstCents: number | null;
  hiEstCents: number | null;
  /** What was typed; null: the system computes it (`computedStartingBidCents`). */
  startingBidCents: number | null;
  itemPriceCents: number | null;
  reserveCents: number | null;
  artistName: string | null;
  medium: string | null;
  condition: string | null;
  circa: string | null;
  provenance: string | null;
  literature: string | null;
  exhibited: string | null;
  notes: string | null;
}

/** The other lots of the session the numbers are checked against (the lot edited is left out by the caller). */
export interface LotNumberContext {
  /** Other lots not deleted: their number+extension and inventory number. */
  others: readonly { lotNumber: string | null; lotExt: string | null; invNumber: string | null }[];
  /** Deleted lots of the session: their numbers stay reserved. */
  deleted: readonly { lotNumber: string | null; lotExt: string | null }[];
}

export type LotCheck = { ok: true; values: LotValues } | { ok: false; errors: Partial<Record<LotField, string>> };

export const LOT_LIMITS = {
  lotNumber: 8,
  lotExt: 1,
  invNumber: 32,
  lotTitle: 250,
  /** Free-text fields the spec gives no limit: ours (docs/decisions/lot-page.md). */
  dimensions: 250,
  shortText: 250,
  longText: 10000,
} as const;

/** The shipping fields' labels, as their messages name them (001 section 5). */
export const LOT_SHIPPING_LABELS = {
  shipWidth: 'Shipping Width',
  shipHeight: 'Shipping Height',
  shipLength: 'Shipping Length',
  shipWeight: 'Total Weight',
  shipping: 'Shipping (Domestic)',
  shippingIntl: 'Shipping (International)',
} as const;

/** The form's labels. */
export const LOT_LABELS: Record<LotField, string> = {
  lotNumber: 'Lot Number',
  lotExt: 'Extension',
  invNumber: 'Inventory Number',
  lotTitle: 'Title',
  lotDescription: 'Description',
  dimensions: 'Dimensions',
  ...LOT_SHIPPING_LABELS,
  loEst: 'Low Estimate',
  hiEst: 'High Estimate',
  startingBid: 'Starting Bid',
  itemPrice: 'Price',
  reserve: 'Reserve',
  artistName: 'Artist Name',
  medium: 'Medium',
  condition: 'Condition',
  circa: 'Circa',
  provenance: 'Provenance',
  literature: 'Literature',
  exhibited: 'Exhibited',
  notes: 'Notes',
};

/** Every message of the Lot page, quoted from the spec (001 sections 5 and 8) unless marked ours. */
export const LOT_TEXT = {
  numberTooLong: 'Item number must be 8 characters or less.',
  numberDigits: 'Item number must contain numerical values only.',
  numberDeleted: 'Item number was previously deleted.',
  numberInUse: 'Item number already in use.',
  numberRequired: 'Item number is required.',
  numberOrInventoryRequired: 'Item number or inventory number are required.',
  extension: 'Item extension must be between A-Z.',
  titleRequired: 'Item title is required.',
  titleTooLong: 'Item title must be 250 characters or less.',
  /** Ours: the spec forbids HTML and JavaScript in the title without wording a message. */
  titleHtml: 'Item title must not contain HTML or JavaScript.',
  descriptionRequired: 'Item description is required.',
  digitsOnly: (label: string) => `${label} must contain numerical values only.`,
  /** Ours: free-text fields the spec gives no limit (docs/decisions/lot-page.md). */
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or less.`,
  highWhole: 'High estimate must be a whole number.',
  lowWhole: 'Low estimate must be a whole number.',
  highDigits: 'High estimate must contain numerical values only.',
  lowDigits: 'Low estimate must contain numerical values only.',
  lowBelowHigh: 'Low estimate must be lower than high estimate.',
  priceRequired: 'Price is required.',
  priceWhole: 'Price must be a whole number.',
  priceDigits: 'Price must contain numerical values only.',
  pricePositive: 'Price must be greater than 0.',
  startingBidWhole: 'Starting bid must be a whole number.',
  startingBidDigits: 'Starting bid must contain numerical values only.',
  reserveWhole: 'Reserve must be a whole number.',
  reserveDigits: 'Reserve must contain numerical values only.',
  inventoryTooLong: 'Inventory number must be 32 characters or less.',
  inventoryFormat: 'Inventory number must only contain alpha-numeric characters and dashes.',
  inventoryInUse: 'Inventory number already in use.',
  /** 001 section 8, code 112 on save. */
  deletedNumberTitle: 'Previously Deleted Lot Number',
  deletedNumber: (number: string, ext: string | null) =>
    `Lot Number ${number}${ext ?? ''} was used on a previously deleted lot.  Please enter a new lot number.`,
  saveFailed: 'Unable to add/edit your lot. Please try again later or contact Customer Care any time at:',
  deletedPageTitle: 'Lot Deleted',
  deletedPage: 'This lot has been deleted and can no longer be edited',
  absenteeLock: 'An absentee bid has been placed on this item. You can not change the starting bid or reserve amount.',
  /** Ours: the image panel until the uploads issue builds it. */
  imagesLater: 'Images can be added once the lot is saved with a lot number (Upload Images step, or here).',
  notFound: 'Lot not found.',
  sessionNotFound: 'Session not found.',
} as const;

/** The error code of a save that reuses a deleted lot's number (001 section 8). */
export const LOT_DELETED_NUMBER_CODE = '112';

/** Connect types whose lots need no lot number on the Lot page (001 section 6). */
export const NO_LOT_NUMBER_CONNECT_TYPES: readonly string[] = ['e', 'p'];

function text(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  const t = String(v).trim();
  return t === '' ? null : t;
}

const HTML = /<[a-z!/?][^>]*>|javascript:|\bon[a-z]+\s*=/i;

/** True when the text carries HTML markup or JavaScript (a tag, a `javascript:` URL or an event handler). */
export function hasHtml(value: string): boolean {
  return HTML.test(value);
}

type Whole = { ok: true; value: number | null } | { ok: false; kind: 'whole' | 'digits' };

/** A whole amount typed in currency units: digits only; a decimal number is "not whole", anything else "not digits". */
export function parseWhole(v: unknown): Whole {
  const t = text(v);
  if (t === null) return { ok: true, value: null };
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    return Number.isSafeInteger(n * 100) ? { ok: true, value: n } : { ok: false, kind: 'digits' };
  }
  if (/^\d*\.\d+$/.test(t)) return { ok: false, kind: 'whole' };
  return { ok: false, kind: 'digits' };
}

/** Bid increments in currency units by range (the lowest, 5, applies from 1 to 99): ours past the spec's example. */
export const BID_INCREMENTS: readonly { upTo: number; step: number }[] = [
  { upTo: 99, step: 5 },
  { upTo: 299, step: 10 },
  { upTo: 999, step: 25 },
  { upTo: 2999, step: 50 },
  { upTo: 9999, step: 100 },
  { upTo: 29999, step: 250 },
  { upTo: 99999, step: 500 },
  { upTo: Number.MAX_SAFE_INTEGER, step: 1000 },
];

/** The increment at an amount in currency units. */
export function bidIncrement(amount: number): number {
  return (BID_INCREMENTS.find((r) => amount <= r.upTo) ?? BID_INCREMENTS[BID_INCREMENTS.length - 1]).step;
}

/**
 * The starting bid when none is typed (001 section 5): half the low estimate (or of the high one
 * when only it is given) rounded down to the increment at that amount, never below the lowest
 * increment; without estimates, the lowest increment (5).
 */
export function computedStartingBidCents(loEstCents: number | null, hiEstCents: number | null): number {
  const base = loEstCents ?? hiEstCents;
  const lowest = BID_INCREMENTS[0].step;
  if (base === null) return lowest * 100;
  const half = Math.floor(base / 200);
  const step = bidIncrement(half);
  return Math.max(lowest, Math.floor(half / step) * step) * 100;
}

const sameNumber = (a: { lotNumber: string | null; lotExt: string | null }, n: string, ext: string | null) =>
  a.lotNumber !== null && String(a.lotNumber) === n && (a.lotExt ?? null) === ext;

/** The number+extension a route and the messages show (`12A`). */
export const lotLabel = (lotNumber: string | null, lotExt: string | null): string => `${lotNumber ?? ''}${lotExt ?? ''}`;

/**
 * Checks a lot of a session of the given type for a house of the given connect type. With `ctx`,
 * its numbers are checked against the session's other, deleted and inventory numbers.
 */
export function validateLot(input: LotInput, saleType: LotSaleType, connectType: string, ctx?: LotNumberContext): LotCheck {
  const errors: Partial<Record<LotField, string>> = {};
  const bin = saleType === 'bin';

  const lotNumber = text(input.lotNumber);
  const invNumber = text(input.invNumber);
  const extRaw = text(input.lotExt);
  const lotExt = extRaw === null ? null : extRaw.toUpperCase();

  if (lotNumber === null) {
    if (bin) {
      if (invNumber === null) errors.lotNumber = LOT_TEXT.numberOrInventoryRequired;
    } else if (!NO_LOT_NUMBER_CONNECT_TYPES.includes(connectType)) errors.lotNumber = LOT_TEXT.numberRequired;
  } else if (lotNumber.length > LOT_LIMITS.lotNumber) errors.lotNumber = LOT_TEXT.numberTooLong;
  else if (!/^\d+$/.test(lotNumber)) errors.lotNumber = LOT_TEXT.numberDigits;

  if (lotExt !== null && !/^[A-Z]$/.test(lotExt)) errors.lotExt = LOT_TEXT.extension;

  if (invNumber !== null) {
    if (invNumber.length > LOT_LIMITS.invNumber) errors.invNumber = LOT_TEXT.inventoryTooLong;
    else if (!/^[A-Za-z0-9-]+$/.test(invNumber)) errors.invNumber = LOT_TEXT.inventoryFormat;
  }

  if (ctx && !errors.lotNumber && !errors.lotExt && lotNumber !== null) {
    if (ctx.deleted.some((d) => sameNumber(d, lotNumber, lotExt))) errors.lotNumber = LOT_TEXT.numberDeleted;
    else if (ctx.others.some((o) => sameNumber(o, lotNumber, lotExt))) errors.lotNumber = LOT_TEXT.numberInUse;
  }
  if (ctx && !errors.invNumber && invNumber !== null) {
    if (ctx.others.some((o) => o.invNumber !== null && o.invNumber.toUpperCase() === invNumber.toUpperCase()))
      errors.invNumber = LOT_TEXT.inventoryInUse;
  }

  const title = text(input.lotTitle);
  if (title === null) errors.lotTitle = LOT_TEXT.titleRequired;
  else if (title.length > LOT_LIMITS.lotTitle) errors.lotTitle = LOT_TEXT.titleTooLong;
  else if (hasHtml(title)) errors.lotTitle = LOT_TEXT.titleHtml;

  const description = text(input.lotDescription);
  if (description === null) errors.lotDescription = LOT_TEXT.descriptionRequired;
  else if (description.length > LOT_LIMITS.longText)
    errors.lotDescription = LOT_TEXT.tooLong(LOT_LABELS.lotDescription, LOT_LIMITS.longText);

  const ship = (field: keyof typeof LOT_SHIPPING_LABELS): number | null => {
    const r = parseWhole(input[field]);
    if (!r.ok) {
      errors[field] = LOT_TEXT.digitsOnly(LOT_SHIPPING_LABELS[field]);
      return null;
    }
    return r.value;
  };
  const shipLength = ship('shipLength');
  const shipWidth = ship('shipWidth');
  const shipHeight = ship('shipHeight');
  const shipWeight = ship('shipWeight');
  const shipping = ship('shipping');
  const shippingIntl = bin ? ship('shippingIntl') : null;

  const amount = (field: LotField, whole: string, digits: string): number | null => {
    const r = parseWhole(input[field]);
    if (!r.ok) {
      errors[field] = r.kind === 'whole' ? whole : digits;
      return null;
    }
    return r.value;
  };

  let loEst: number | null = null;
  let hiEst: number | null = null;
  let startingBid: number | null = null;
  let itemPrice: number | null = null;
  let reserve: number | null = null;
  if (bin) {
    const r = parseWhole(input.itemPrice);
    if (!r.ok) errors.itemPrice = r.kind === 'whole' ? LOT_TEXT.priceWhole : LOT_TEXT.priceDigits;
    else if (r.value === null) errors.itemPrice = LOT_TEXT.priceRequired;
    else if (r.value <= 0) errors.itemPrice = LOT_TEXT.pricePositive;
    else itemPrice = r.value;
  } else {
    loEst = amount('loEst', LOT_TEXT.lowWhole, LOT_TEXT.lowDigits);
    hiEst = amount('hiEst', LOT_TEXT.highWhole, LOT_TEXT.highDigits);
    if (loEst !== null && hiEst !== null && loEst >= hiEst) errors.loEst = LOT_TEXT.lowBelowHigh;
    startingBid = amount('startingBid', LOT_TEXT.startingBidWhole, LOT_TEXT.startingBidDigits);
    if (saleType === 'timed') reserve = amount('reserve', LOT_TEXT.reserveWhole, LOT_TEXT.reserveDigits);
  }

  const free = (field: LotField, max: number): string | null => {
    const v = text(input[field]);
    if (v !== null && v.length > max) errors[field] = LOT_TEXT.tooLong(LOT_LABELS[field], max);
    return v;
  };
  const values: LotValues = {
    lotNumber,
    lotExt: lotNumber === null ? null : lotExt,
    invNumber,
    title: title ?? '',
    description: description ?? '',
    dimensions: free('dimensions', LOT_LIMITS.dimensions),
    shipLength,
    shipWidth,
    shipHeight,
    shipWeight,
    shippingCents: shipping === null ? null : shipping * 100,
    shippingIntlCents: shippingIntl === null ? null : shippingIntl * 100,
    loEstCents: loEst === null ? null : loEst * 100,
    hiEstCents: hiEst === null ? null : hiEst * 100,
    startingBidCents: startingBid === null ? null : startingBid * 100,
    itemPriceCents: itemPrice === null ? null : itemPrice * 100,
    reserveCents: reserve === null ? null : reserve * 100,
    artistName: free('artistName', LOT_LIMITS.shortText),
    medium: free('medium', LOT_LIMITS.shortText),
    condition: free('condition', LOT_LIMITS.longText),
    circa: free('circa', LOT_LIMITS.shortText),
    provenance: free('provenance', LOT_LIMITS.longText),
    literature: free('literature', LOT_LIMITS.longText),
    exhibited: free('exhibited', LOT_LIMITS.longText),
    notes: free('notes', LOT_LIMITS.longText),
  };
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values };
}

/** A stored lot as the Lot page's calls answer it (001 section 3 "Lot/Item"; amounts in currency units). */
export interface LotView {
  lotID: number;
  lotNumber: string | null;
  lotExt: string | null;
  invNumber: string | null;
  lotTitle: string;
  lotDescription: string;
  dimensions: string | null;
  shipLength: number | null;
  shipWidth: number | null;
  shipHeight: number | null;
  shipWeight: number | null;
  shipping: number | null;
  shippingIntl: number | null;
  loEst: number | null;
  hiEst: number | null;
  /** The starting bid in force (typed or computed). */
  startingBid: number | null;
  /** The system computed the starting bid (none was typed): the form shows the field empty. */
  startingBidComputed: boolean;
  itemPrice: number | null;
  reserve: number | null;
  artistName: string | null;
  medium: string | null;
  condition: string | null;
  circa: string | null;
  provenance: string | null;
  literature: string | null;
  exhibited: string | null;
  notes: string | null;
  hasLotNumber: boolean;
  isBinLot: boolean;
  deleted: boolean;
  unpublished: boolean;
  restricted: boolean;
  status: string;
  /** Absentee (order) bids on the lot: starting bid and reserve are locked while any exists. */
  orderbid: number;
}
