// Preview and Summary & Publish (spec 001 sections 2, 4, 5, 8, 9): the texts, the lot status and
// its sort priority, when Publish All / publish selected / delete selected are offered, and the
// featured picker's rules. The server refuses with the same functions the admin uses to disable.

/** "Page sizes 50 (default), 100, 200 for preview, summary ..." */
export const SUMMARY_PAGE_SIZES = [50, 100, 200] as const;
export type SummaryPageSize = (typeof SUMMARY_PAGE_SIZES)[number];
/** "Exactly 5 featured items." */
export const FEATURED_COUNT = 5;
/** "summary table cuts titles over 75" */
export const SUMMARY_TITLE_MAX = 75;
/** Preview search text, ours. */
export const PREVIEW_SEARCH_MAX = 100;
/** "paid feature promotion price $249 per lot or item", in cents. */
export const PAID_FEATURE_PRICE_CENTS = 24_900;
/** Where a published session's catalog page lives (the marketplace). Ours until a real host is configured. */
export const CATALOG_SITE_BASE = 'https://bid.example.com';
/** "GET .../getcoverimageurl -> cover (error code 130 = cover missing)." */
export const COVER_MISSING_CODE = 130;

export const SUMMARY_TEXT = {
  /** 001 section 8 "Summary banners"; the spec words only the unlotted one, the rest are ours. */
  bannedBanner: (n: number) => `${n} item(s) are banned: online bidding is disabled for them. Edit or delete them before your sale.`,
  potentiallyBannedBanner: (n: number) =>
    `${n} item(s) may be banned: please review them. Online bidding may be disabled for them after review.`,
  unpublishedBanner: (n: number) => `${n} item(s) are unpublished: bidders cannot see them until you publish.`,
  restrictedBanner: (n: number) => `${n} item(s) are payment restricted: they cannot be paid for online.`,
  withoutImagesBanner: (n: number) => `${n} item(s) have no images. Items with images sell better.`,
  unlotted: 'Please make sure all items have a lot number or inventory number.',
  /** 001 section 4: after publishing. */
  published: 'Your items have been published! They may take 24-48 hours to appear on the site.',
  /** 001 section 8 "Featured picker". */
  featuredBanned: 'A banned lot has been selected and is ineligible to be featured.  Select 5 unbanned featured lots.',
  featuredDeselectFirst: 'You must deselect an item before selecting a new one',
  /** Ours: the spec states the rule (exactly 5) without a message. */
  featuredCount: 'Select 5 featured lots to save.',
  featuredUnknown: 'Only lots of this session that are not deleted can be featured.',
  featuredDisabled: 'Featured items are not enabled for your house.',
  featuredSaved: 'Your featured items have been saved.',
  featuredPromo:
    'Get more bidders: feature your lots on the marketplace home page for $249 per lot or item. Contact Customer Care to learn more.',
  /** Ours: the server's refusals. */
  publishUnlotted: 'Unable to publish: please make sure all items have a lot number or inventory number.',
  publishNothing: 'Please select at least one unpublished item with a lot number to publish.',
  deleteNothing: 'Please select at least one item to delete.',
  deleteDeleted: 'Deleted items cannot be selected or deleted again.',
  notInCatalog: 'This item number does not exist in this catalog.',
  coverNotALotImage: 'The cover image must be one of this session’s lot images.',
  coverMissing: 'Cover image missing',
  badList: 'Please send a list of items.',
  publishConfirmAll: (n: number) => `Publish all ${n} unpublished item(s)? Bidders will be able to see them.`,
  publishConfirmSelected: (n: number) => `Publish ${n} selected item(s)? Bidders will be able to see them.`,
  deleteConfirm: (n: number) => `Delete ${n} selected item(s)? Deleted items cannot be edited and their numbers cannot be reused.`,
  loadFailed: 'Unable to load your catalog information. Please try again later or contact Customer Care any time at:',
  noLots: 'This session has no items yet.',
  noMatch: 'No Result Found',
} as const;

/** The statuses the lot table shows (001 section 4 "Lot and session status"). */
export type LotStatusKey = 'unpublished' | 'noImages' | 'potentiallyBanned' | 'banned' | 'restricted' | 'deleted' | 'published';

export const LOT_STATUS_LABEL: Record<LotStatusKey, string> = {
  unpublished: 'Unpublished',
  noImages: 'No Images',
  potentiallyBanned: 'Potentially Banned',
  banned: 'Banned',
  restricted: 'Payment Restricted',
  deleted: 'Deleted',
  published: 'Published',
};

/** "Sort priority: unpublished, no images, potentially banned, banned, restricted, deleted, other." */
export const LOT_STATUS_PRIORITY: readonly LotStatusKey[] = [
  'unpublished',
  'noImages',
  'potentiallyBanned',
  'banned',
  'restricted',
  'deleted',
  'published',
];

/** What the status of a lot is computed from. */
export interface LotFlags {
  deleted: boolean;
  unpublished: boolean;
  images: number;
  potentiallyBanned: boolean;
  banned: boolean;
  restricted: boolean;
}

/** The one status a lot shows: deleted first (a deleted lot is nothing else), then the sort order. */
export function lotStatus(l: LotFlags): LotStatusKey {
  if (l.deleted) return 'deleted';
  if (l.unpublished) return 'unpublished';
  if (l.images === 0) return 'noImages';
  if (l.potentiallyBanned) return 'potentiallyBanned';
  if (l.banned) return 'banned';
  if (l.restricted) return 'restricted';
  return 'published';
}

/** A lot's lot number as `12A`, null without one. */
export const lotKey = (l: { lotNumber: string | null; lotExt: string | null }): string | null =>
  l.lotNumber === null ? null : `${l.lotNumber}${l.lotExt ?? ''}`;

/** Lot-number order: numerically, then by extension; lots without a number last, by inventory number. */
export function compareLotNumbers(
  a: { lotNumber: string | null; lotExt: string | null; invNumber: string | null },
  b: { lotNumber: string | null; lotExt: string | null; invNumber: string | null },
): number {
  if (a.lotNumber === null || b.lotNumber === null) {
    if (a.lotNumber !== b.lotNumber) return a.lotNumber === null ? 1 : -1;
    return (a.invNumber ?? '').localeCompare(b.invNumber ?? '');
  }
  const d = Number(a.lotNumber) - Number(b.lotNumber);
  return d !== 0 ? d : (a.lotExt ?? '').localeCompare(b.lotExt ?? '');
}

/** The lot table's order: status priority, then lot number. */
export function sortByStatus<T extends LotFlags & { lotNumber: string | null; lotExt: string | null; invNumber: string | null }>(
  lots: readonly T[],
): T[] {
  const rank = (l: T) => LOT_STATUS_PRIORITY.indexOf(lotStatus(l));
  return [...lots].sort((a, b) => rank(a) - rank(b) || compareLotNumbers(a, b));
}

/** A lot of the summary table, as the selection rules need it. */
export interface SelectableLot {
  lotNumber: string | null;
  deleted: boolean;
  unpublished: boolean;
}

/** Publish All: shown when the catalog is unpublished or unpublished lots exist. */
export function publishAllShown(catalogPublished: boolean, lots: readonly SelectableLot[]): boolean {
  return !catalogPublished || lots.some((l) => !l.deleted && l.unpublished);
}

/** "Publish is disabled when any lot has no lot number" (deleted lots are no longer part of the sale). */
export const publishBlockedByUnlotted = (lots: readonly SelectableLot[]): boolean => lots.some((l) => !l.deleted && l.lotNumber === null);

/** "Publish-selected is offered only when the selection includes an unpublished, non-deleted lot and all selected have lot numbers." */
export function canPublishSelected(selected: readonly SelectableLot[]): boolean {
  return selected.some((l) => !l.deleted && l.unpublished) && selected.every((l) => l.lotNumber !== null);
}

/** Delete selected: something selected, nothing deleted among it, and the session not within two hours of its start. */
export function canDeleteSelected(selected: readonly SelectableLot[], in2Hours: boolean): boolean {
  return !in2Hours && selected.length > 0 && selected.every((l) => !l.deleted);
}

/** A lot as the featured picker sees it. */
export interface FeaturableLot {
  lotID: number;
  deleted: boolean;
  banned: boolean;
}

/** The picker's click: adds or removes a lot; a sixth is refused with the spec's message. */
export function toggleFeatured(current: readonly number[], lotId: number): { ids: number[]; error: string | null } {
  if (current.includes(lotId)) return { ids: current.filter((id) => id !== lotId), error: null };
  if (current.length >= FEATURED_COUNT) return { ids: [...current], error: SUMMARY_TEXT.featuredDeselectFirst };
  return { ids: [...current, lotId], error: null };
}

/** Save of the featured picker: exactly 5 distinct lots of the session, none deleted, none banned. Null when valid. */
export function featuredError(ids: readonly number[], lots: readonly FeaturableLot[]): string | null {
  const unique = new Set(ids);
  if (unique.size !== ids.length || ids.length !== FEATURED_COUNT) return SUMMARY_TEXT.featuredCount;
  const byId = new Map(lots.map((l) => [l.lotID, l]));
  const picked = ids.map((id) => byId.get(id));
  if (picked.some((l) => !l || l.deleted)) return SUMMARY_TEXT.featuredUnknown;
  if (picked.some((l) => l!.banned)) return SUMMARY_TEXT.featuredBanned;
  return null;
}

/** "summary table cuts titles over 75" */
export const cutTitle = (title: string, max = SUMMARY_TITLE_MAX): string => (title.length > max ? `${title.slice(0, max)}…` : title);

/** One lot of the summary's `lots` (and of the preview grid). */
export interface SummaryLot extends LotFlags {
  lotID: number;
  lotNumber: string | null;
  lotExt: string | null;
  invNumber: string | null;
  lotTitle: string;
  /** Buy-now price in currency units: bin items only (null for live and timed lots). */
  price: number | null;
  /** Starting bid in currency units (typed, or computed from the estimates): live and timed lots only. */
  startingBid: number | null;
  loEst: number | null;
  hiEst: number | null;
  primaryImg: string | null;
  orderbid: number;
  /** `s` started, `d` deleted. */
  status: string;
  statusKey: LotStatusKey;
  hasLotNumber: boolean;
}

/** The lot fields the price column reads. */
export type PricedLot = Pick<SummaryLot, 'price' | 'startingBid' | 'loEst' | 'hiEst'>;

/** Whole currency units, as the lot page enters them ($1,200). */
const wholeMoney = (n: number, currency: string): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(n);

/**
 * The "Price / Estimate" a lot shows on the summary table and the preview grid (spec 001 section 3:
 * `itemPrice` is bin only, `loEst`/`hiEst` not for bin, the starting bid derived from the estimates).
 * A buy-now item: its price. A live or timed lot: its estimate, low - high (one end alone when only
 * one is set); only a lot without estimates shows its starting bid, labelled so, as the computed one
 * is not what the house priced the lot at. Nothing to show: an em dash.
 */
export function lotPriceText(lot: PricedLot, saleType: 'bin' | 'live' | 'timed', currency: string): string {
  if (saleType === 'bin') return lot.price === null ? '—' : wholeMoney(lot.price, currency);
  const { loEst, hiEst } = lot;
  if (loEst !== null && hiEst !== null) return `${wholeMoney(loEst, currency)} - ${wholeMoney(hiEst, currency)}`;
  if (loEst !== null || hiEst !== null) return wholeMoney((loEst ?? hiEst)!, currency);
  return lot.startingBid === null ? '—' : `Starting bid ${wholeMoney(lot.startingBid, currency)}`;
}

/** The session part of the summary and the preview (a subset of the spec's session definition). */
export interface SessionDefinitionView {
  catalogID: number;
  catalogRef: string;
  groupID: number;
  groupName: string;
  houseID: number;
  houseAlias: string;
  houseName: string;
  houseLogo: string | null;
  title: string;
  saleType: 'bin' | 'live' | 'timed';
  isTimed: boolean;
  city: string | null;
  state: string | null;
  country: string | null;
  telNo: string | null;
  currency: { code: string; name: string };
  eventDateUTCString: string;
  dateTimeDisplay: string;
  timeZone: string;
  published: boolean;
  in2Hours: boolean;
  featuredLotsEnabled: boolean;
  coverImageURL: string | null;
}

export interface SessionSummary {
  sessionDefinition: SessionDefinitionView;
  lots: SummaryLot[];
  deletedlots: string[];
  deletedLotsWithInventoryNumber: string[];
  unpublishedlots: string[];
  unpublishedlotsWithInvNumber: string[];
  restrictedlots: string[];
  bannedlots: string[];
  potentiallybannedlots: string[];
  unlottedlots: string[];
  images: Record<string, number>;
  imagesInvNumber: Record<string, number>;
  imagecount: number;
  imagecountInvNumber: number;
  lotswithoutimages: number;
  featuredLots: number[];
}

export interface SessionPreview {
  catalog: SessionDefinitionView;
  lots: SummaryLot[];
  totalRecords: number;
  page: number;
  size: number;
}
