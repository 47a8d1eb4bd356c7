import type { LotValues } from '@ar/rules';

/** A stored lot column, the lot rules' value it holds, and its SQL type (for `jsonb_to_recordset`). */
export interface LotItemField {
  column: string;
  key: keyof LotValues;
  type: 'text' | 'int' | 'bigint';
}

/**
 * A lot's item fields: numbers, title, text, shipping, estimates and the catalogue notes, the same
 * for every sale type. A resale copies them as they are (`resell.service.ts`); with the buy-now
 * price they are what a lot save writes from the lot rules' values (`LOT_SAVED_FIELDS`). One list,
 * so the Lot page, the spreadsheet upload and the resale cannot drift apart.
 */
export const LOT_ITEM_FIELDS: readonly LotItemField[] = [
  { column: 'lot_number', key: 'lotNumber', type: 'text' },
  { column: 'lot_ext', key: 'lotExt', type: 'text' },
  { column: 'inv_number', key: 'invNumber', type: 'text' },
  { column: 'title', key: 'title', type: 'text' },
  { column: 'description', key: 'description', type: 'text' },
  { column: 'dimensions', key: 'dimensions', type: 'text' },
  { column: 'ship_length', key: 'shipLength', type: 'int' },
  { column: 'ship_width', key: 'shipWidth', type: 'int' },
  { column: 'ship_height', key: 'shipHeight', type: 'int' },
  { column: 'ship_weight', key: 'shipWeight', type: 'int' },
  { column: 'shipping_cents', key: 'shippingCents', type: 'bigint' },
  { column: 'shipping_intl_cents', key: 'shippingIntlCents', type: 'bigint' },
  { column: 'lo_est_cents', key: 'loEstCents', type: 'bigint' },
  { column: 'hi_est_cents', key: 'hiEstCents', type: 'bigint' },
  { column: 'artist_name', key: 'artistName', type: 'text' },
  { column: 'medium', key: 'medium', type: 'text' },
  { column: 'condition', key: 'condition', type: 'text' },
  { column: 'circa', key: 'circa', type: 'text' },
  { column: 'provenance', key: 'provenance', type: 'text' },
  { column: 'literature', key: 'literature', type: 'text' },
  { column: 'exhibited', key: 'exhibited', type: 'text' },
  { column: 'notes', key: 'notes', type: 'text' },
];

/**
 * What a lot save (the Lot page, a spreadsheet row) writes straight from the rules' values: the item
 * fields and the buy-now price. The starting bid and reserve depend on the sale type and are written
 * beside them by each writer.
 */
export const LOT_SAVED_FIELDS: readonly LotItemField[] = [
  ...LOT_ITEM_FIELDS,
  { column: 'item_price_cents', key: 'itemPriceCents', type: 'bigint' },
];

/** The stored values of `fields` for a lot's checked values, in the fields' order. */
export const lotFieldValues = (v: LotValues, fields: readonly LotItemField[] = LOT_SAVED_FIELDS): unknown[] => fields.map((f) => v[f.key]);
