/**
 * Catalog snapshot (spec 001 "Catalog snapshot page", "Snapshot page", section 7 "Snapshot"): the
 * page's one check and the download's parameters, shared by the admin page and the server.
 * Decisions: docs/decisions/lot-snapshot.md.
 */

export const SNAPSHOT_TEXT = {
  /** Quoted from the spec. */
  catalogIdDigits: 'Catalog ID must contain numbers only.',
  /** Ours: the spec words no message for an empty field. */
  catalogIdRequired: 'Please enter a catalog ID.',
  failed: 'The snapshot could not be made. Please try again.',
} as const;

/** What the page sends (the spec's call): lot data as XLSX, images 0 to 10000. */
export const SNAPSHOT_QUERY = {
  includeXLS: 'true',
  fromS3: 'true',
  version: 'v2',
  images: '1',
  startImage: '0',
  endImage: '10000',
} as const;

/** Images a snapshot may hold at most (the spec's endImage). */
export const SNAPSHOT_MAX_IMAGES = 10_000;

/** The page's check of the catalog ID field: null when it passes, else the message. */
export function checkSnapshotCatalogId(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (v === '') return SNAPSHOT_TEXT.catalogIdRequired;
  return /^\d+$/.test(v) ? null : SNAPSHOT_TEXT.catalogIdDigits;
}
