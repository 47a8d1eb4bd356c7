/**
 * The Standard format's documented column headers, in order (docs/decisions/lot-spreadsheets.md), written out
 * here once so the specs pin them independently of the column table: the export writes exactly
 * these (then Consignor), and the reader maps each to its own field however it is cased or spaced.
 */
export const STANDARD_DOCUMENTED_HEADERS: readonly string[] = [
  'Lot Number',
  'Extension',
  'Inventory Number',
  'Title',
  'Description',
  'Dimensions',
  'Ship Length',
  'Ship Width',
  'Ship Height',
  'Ship Weight',
  'Shipping Domestic',
  'Shipping International',
  'Low Estimate',
  'High Estimate',
  'Starting Bid',
  'Reserve',
  'BIN Price',
  'Artist',
  'Medium',
  'Condition',
  'Circa',
  'Provenance',
  'Literature',
  'Exhibited',
  'Notes',
];
