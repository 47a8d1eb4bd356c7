// The calendar (My auctions, spec 001 sections 2, 4, 5, 8 and 9): the texts, the answer of
// `auction-calendar`, and the rules both faces run: a session's state (the two-hour lock, past),
// its edit step, and which per-session actions show for the signed-in user.

/** "Sale is locked within 2 hours of start." Measured on instants (UTC), so a DST change never moves it. */
export const LOCK_BEFORE_START_MS = 2 * 60 * 60 * 1000;
/** A session stays on the Upcoming tab this long after it starts (then it is past). Ours: docs/decisions/sales-calendar.md. */
export const CURRENT_AFTER_START_MS = 24 * 60 * 60 * 1000;
/** The most sessions one sale may hold (the spec names the rule, not the number). Ours. */
export const MAX_SESSIONS_PER_SALE = 10;
/** Session tables: "800 px high when more than 3 rows, otherwise 400 px". */
export const sessionTableHeight = (rows: number): number => (rows > 3 ? 800 : 400);
/** Auction groups per page of the calendar (the spec shows no pager; ours). */
export const CALENDAR_PAGE_SIZE = 10;
export const CALENDAR_MAX_PAGE_SIZE = 100;
/** Realized prices may be edited up to 45 days after the session, except by super users. */
export const REALIZED_PRICE_EDIT_DAYS = 45;

const CARE = 'Please try again later or contact Customer Care any time at:';

/** The spec's calendar messages; where it ends in "...", the rest is ours (the generic Customer Care tail). */
export const CALENDAR_TEXT = {
  loadFailed: `Unable to load your auctions / sales. ${CARE}`,
  deleteFailed: `Unable to delete your session. ${CARE}`,
  termsLoadFailed: `Unable to load your auction terms. ${CARE}`,
  paymentProcessingRequired: 'You must have payment processing enabled to add a sale.',
  /** Add Sale (spec 001 section 5 "Calendar / add sale"). */
  saleTitleRequired: 'Sale title is required',
  termsRequired: 'Please select your terms',
  saleNameInternal: 'For your records only: bidders do not see the sale name.',
  binExists: 'You already have a Buy Now sale.',
  binNeedsProcessing: 'A Buy Now sale needs payment processing enabled.',
  maxSessions: (group: string) =>
    `You have reached the maximum number of sessions allowed per sale for: ${group}. In order to create a new session, please first add a new sale.`,
  /** Ours: the spec only says Add Session is blocked when the fee structures differ. */
  feeStepDiffers: (group: string) =>
    `Sessions cannot be added to ${group}: its buyer's premium structure differs from your house's current one. Please add a new sale.`,
  /** "Catalog within 2 hours: a notice that it cannot be edited, deleted or added to." */
  in2Hours: 'This session starts within 2 hours: it can no longer be edited, deleted or added to.',
  /** The server's refusals of Delete Session. */
  deleteHasLots: 'Unable to delete your session. Only a session with no lots can be deleted.',
  deleteLocked: 'Unable to delete your session. A session cannot be deleted within 2 hours of its start.',
  sessionNotFound: 'Session not found.',
  groupNotFound: 'Sale not found.',
  deleteConfirmTitle: 'Delete Session',
  deleteConfirm: (title: string) => `Delete the session "${title}"? This cannot be undone.`,
  deleted: (title: string) => `Session "${title}" deleted.`,
  expiredCard: 'The credit card on file for your account has expired. Please contact Customer Care to update your billing details.',
  overduePayment: 'Your account has an overdue payment. Please contact Customer Care to bring your account up to date.',
  stealthMode: 'Your account is temporarily disabled: your sales are hidden from bidders. Please contact Customer Care.',
  emptyUpcoming: 'You have no upcoming auctions or sales.',
  emptyPast: 'You have no past auctions or sales.',
  emptyGroup: 'This sale has no sessions yet.',
  noBinSale: 'You have no Buy Now sale.',
} as const;

export type CalendarSaleType = 'live' | 'timed';

/** One session (catalog) of `auction-calendar`: the spec's calendar catalog plus the state the screen needs. */
export interface CalendarCatalog {
  catalogID: number;
  catalogRef: string;
  /** Not kept by this product: null. */
  catalogGUID: string | null;
  title: string;
  /** The cover image; none until the images module: null. */
  imageURL: string | null;
  /** Start in the session's own time zone, "MM/DD/YYYY hh:mm AM EST". */
  dateTimeDisplay: string;
  /** Start as an ISO instant (UTC). */
  catalogDateTimeUTC: string;
  timeZone: string;
  saleType: CalendarSaleType;
  isTimed: boolean;
  published: boolean;
  lotCount: number;
  lotsWithoutImagesCount: number;
  unpublishedLotCount: number;
  soldLotCount: number;
  channels: { channelID: number; channelName: string; value: number }[];
  invoiceGroupID: number | null;
  invoiceGroupSettingsID: number | null;
  liveServerID: number | null;
  webRTCEnabled: boolean;
  ir5VideoEnabled: boolean;
  /** Starts within two hours, or has started: edit, add and delete are locked. */
  in2Hours: boolean;
  /** More than CURRENT_AFTER_START_MS after its start. */
  isPast: boolean;
  unsoldLivetoTimedCatalog: number | null;
  /** The wizard step the edit link opens (1-6). */
  editStep: number;
  /** 0 lots and not locked: Delete Session is offered (the server checks again). */
  canDelete: boolean;
}

export interface CalendarGroup {
  groupID: number;
  groupName: string;
  groupSettingsID: number | null;
  live: boolean;
  houseFeeStepEnabled: boolean;
  pendingApprovalsCount: number;
  orphanTerm: boolean;
  /** Below MAX_SESSIONS_PER_SALE and the same fee structure as the house. */
  canAddCatalogs: boolean;
  /** Why Add Session is blocked: 'maxSessions' | 'feeStep', or null. */
  addBlockedBy: 'maxSessions' | 'feeStep' | null;
  catalogs: CalendarCatalog[];
}

export interface AuctionCalendar {
  auctionGroups: CalendarGroup[];
  totalRecords: number;
  page: number;
  size: number;
  stealthMode: boolean;
}

export interface BinSale {
  catalogID: number;
  groupID: number;
  catalogRef: string;
  title: string;
  catalogURL: string;
  invoiceGroupID: number | null;
  soldLotCount: number;
  unPubLotCount: number;
  unSoldLotCount: number;
  editStep: number;
}

/** `GET /cps/app/group/{groupID}/info`: whether a session may be added (live/timed step 1 and the calendar). */
export interface GroupInfo {
  groupID: number;
  groupName: string;
  /** Every session of the sale is timed (and it has one); false for a sale without sessions. */
  isTimed: boolean;
  catalogCount: number;
  maxCatalogs: number;
  canAddCatalogs: boolean;
  addBlockedBy: 'maxSessions' | 'feeStep' | null;
}

/** Why Add Session is blocked for a sale, or null (spec 001 section 5 "Calendar / add sale"). */
export function addSessionBlockedBy(sessions: number, groupFeeStep: boolean, houseFeeStep: boolean): 'maxSessions' | 'feeStep' | null {
  if (sessions >= MAX_SESSIONS_PER_SALE) return 'maxSessions';
  return groupFeeStep !== houseFeeStep ? 'feeStep' : null;
}

/** Why Add Sale's Buy Now is disabled, or null: a buy-now sale exists, or processing (or buy now) is off. */
export function binBlockedBy(binExists: boolean, processingEnabled: boolean, binEnabled: boolean): string | null {
  if (binExists) return CALENDAR_TEXT.binExists;
  if (!processingEnabled || !binEnabled) return CALENDAR_TEXT.binNeedsProcessing;
  return null;
}

/** "Sale name max 120". */
export const SALE_NAME_MAX = 120;

/** One entry of `GET /cps/app/house/{houseID}/terms` (`data.groupSettings`): the spec's auction terms. */
export interface AuctionTerms {
  id: number;
  name: string;
  houseFeeStepEligible: boolean;
  paymentProcessingEligible: boolean;
}

export interface PaymentInfo {
  expiredCard: boolean;
  overduePayment: boolean;
}

/** Where a session stands at `now`: locked within two hours of start (and after), past a day after start. */
export function sessionState(start: Date | string, now: Date): { in2Hours: boolean; isPast: boolean } {
  const t = new Date(start).getTime();
  const n = now.getTime();
  return { in2Hours: n >= t - LOCK_BEFORE_START_MS, isPast: n >= t + CURRENT_AFTER_START_MS };
}

/** The wizard step an edit link opens: the step tracker's, else the summary for a published session, else 1. */
export function editStep(saleType: 'live' | 'timed' | 'bin', stepTracker: number | null, published: boolean): number {
  const last = saleType === 'bin' ? 5 : 6;
  if (stepTracker !== null && Number.isInteger(stepTracker) && stepTracker >= 1 && stepTracker <= last) return stepTracker;
  return published ? last : 1;
}

/** "Delete Session is offered only when the session has 0 lots", and never within two hours of start. */
export const canDeleteSession = (lotCount: number, in2Hours: boolean): boolean => lotCount === 0 && !in2Hours;

/** What of the signed-in user and house the actions depend on. */
export interface CalendarViewer {
  accessConsole: boolean;
  accessBulkbiding: boolean;
  accessReports: boolean;
  accessInvoices: boolean;
  accessCustomer: boolean;
  isSuperUser: boolean;
  bulkBiddingEnabled: boolean;
  isOnlineOnly: boolean;
}

export type SessionActionKey =
  | 'edit'
  | 'delete'
  | 'sellerConsole'
  | 'saleroomConsole'
  | 'toteBoard'
  | 'testBidderConsole'
  | 'broadcast'
  | 'bulkBidding'
  | 'bidderView'
  | 'statistics'
  | 'salesResults'
  | 'invoices'
  | 'pricesRealized'
  | 'disputes';

export interface SessionAction {
  key: SessionActionKey;
  label: string;
  /** An admin route (react-router) or an outside page (`external`). */
  to: string;
  external?: boolean;
}

/** Outside consoles (the live-auction platform): one base, placeholders until a real host is configured. */
export const CONSOLE_BASE = 'https://console.example.com';

/**
 * The per-session actions the calendar shows, by the user's flags and the session's state
 * (spec 001 sections 2 and 6). Edit and Delete are locked within two hours of start.
 */
export function sessionActions(
  groupID: number,
  c: Pick<
    CalendarCatalog,
    | 'catalogID'
    | 'catalogRef'
    | 'saleType'
    | 'lotCount'
    | 'in2Hours'
    | 'isPast'
    | 'editStep'
    | 'canDelete'
    | 'invoiceGroupID'
    | 'catalogDateTimeUTC'
  >,
  v: CalendarViewer,
  now: Date,
): SessionAction[] {
  const out: SessionAction[] = [];
  const live = c.saleType === 'live';
  if (!c.in2Hours) out.push({ key: 'edit', label: 'Edit', to: `/session/${c.saleType}/${groupID}/${c.catalogID}/${c.editStep}` });
  if (v.accessConsole && !c.isPast) {
    out.push({ key: 'sellerConsole', label: 'Seller Console', to: `${CONSOLE_BASE}/seller/${c.catalogRef}`, external: true });
    // Saleroom console and broadcast need live lots and a session within two hours (spec 001 section 6).
    if (live && c.lotCount > 0 && c.in2Hours) {
      out.push({ key: 'saleroomConsole', label: 'Saleroom Console', to: `${CONSOLE_BASE}/saleroom/${c.catalogRef}`, external: true });
      out.push({ key: 'broadcast', label: 'Start Video Broadcast', to: `/broadcast/${c.catalogRef}?isWebRtc=1` });
    }
    if (live && c.lotCount > 0) {
      out.push({
        key: 'testBidderConsole',
        label: 'Test Bidder Console',
        to: `${CONSOLE_BASE}/test-bidder/${c.catalogRef}`,
        external: true,
      });
      out.push({ key: 'toteBoard', label: 'Tote Board', to: `${CONSOLE_BASE}/tote-board/${c.catalogRef}`, external: true });
    }
  }
  if (c.saleType === 'timed' && v.accessBulkbiding && (v.bulkBiddingEnabled || v.isSuperUser) && !c.isPast) {
    out.push({ key: 'bulkBidding', label: 'Bulk Bidding', to: `/bulk-bidding/${c.catalogRef}` });
  }
  if (v.accessCustomer)
    out.push({ key: 'bidderView', label: 'Bidder View', to: `/ah/customers/approvals/${c.catalogRef}`, external: true });
  if (v.accessReports) {
    out.push({ key: 'statistics', label: 'Session Statistics', to: `/ah/reports/statistics/${c.catalogRef}`, external: true });
    if (c.in2Hours) out.push({ key: 'salesResults', label: 'Sale Results', to: '/reports/sessionResults' });
  }
  if (v.accessInvoices && c.invoiceGroupID !== null) {
    out.push({ key: 'invoices', label: 'Invoices', to: `/invoices/InvoiceGroupDetails/${c.invoiceGroupID}` });
  }
  if (c.isPast && !v.isOnlineOnly && (v.isSuperUser || withinDays(c.catalogDateTimeUTC, now, REALIZED_PRICE_EDIT_DAYS))) {
    out.push({ key: 'pricesRealized', label: 'Edit Realized Prices', to: `/pricesrealized/${c.catalogID}` });
  }
  if (c.isPast && v.accessCustomer) out.push({ key: 'disputes', label: 'Disputes', to: '/customers/viewDisputes' });
  if (c.canDelete) out.push({ key: 'delete', label: 'Delete Session', to: '' });
  return out;
}

function withinDays(startIso: string, now: Date, days: number): boolean {
  return now.getTime() - new Date(startIso).getTime() <= days * 86_400_000;
}

// Building an Intl.DateTimeFormat costs far more than using one: one per time zone, kept.
const START_FORMATS = new Map<string, Intl.DateTimeFormat>();
function startFormat(timeZone: string): Intl.DateTimeFormat {
  let f = START_FORMATS.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    });
    START_FORMATS.set(timeZone, f);
  }
  return f;
}

/** "MM/DD/YYYY hh:mm AM EST": a start instant in the session's own time zone (spec date format MM/DD/YYYY). */
export function formatSessionStart(start: Date, timeZone: string): string {
  const parts = startFormat(timeZone).formatToParts(start);
  const p = (t: Intl.DateTimeFormatPartTypes) => parts.find((x) => x.type === t)?.value ?? '';
  return `${p('month')}/${p('day')}/${p('year')} ${p('hour')}:${p('minute')} ${p('dayPeriod').toUpperCase()} ${p('timeZoneName')}`;
}
