// The live/timed session wizard, steps 1 and 2 (spec 001 sections 2, 4, 5, 8, 9): texts, limits,
// the date window and time zone arithmetic, the validations both faces run, and the step tracker.
import { addDays, dateIn, parseCalendarDate } from './calendar-dates';
import { hasHtml } from './lot-rules';

export type WizardSaleType = 'live' | 'timed';

export const SESSION_TITLE_MAX = 120;
export const VIEW_NOTES_MAX = 2500;
/** Ours: the spec sets no limit on the description. */
export const SESSION_DESCRIPTION_MAX = 10000;
export const SESSION_HOURS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;
export const SESSION_MINUTES = ['00', '15', '30', '45'] as const;
export const SESSION_AMPM = ['AM', 'PM'] as const;
/** Timed stagger options in seconds; default on with 60. */
export const TIMED_STAGGER_SECONDS = [15, 30, 45, 60, 90, 120, 150] as const;
export const DEFAULT_TIMED_STAGGER = 60;
/** timedType: lots end one after another (`timedValue` seconds apart), or all at the first lot end time. */
export const TIMED_TYPE = { staggered: 1, together: 0 } as const;
/** Audio/video: 0 = off, 4 = on. */
export const AUDIO_VIDEO = { off: 0, on: 4 } as const;
export const CATEGORIES_MIN = 1;
export const CATEGORIES_MAX = 8;
/** An automatic timed sale of unsold live lots is created at 15 or more of them. */
export const RESELL_MIN_UNSOLD = 15;

const CARE = 'Please try again later or contact Customer Care any time at:';

/** The spec's texts; those marked "ours" the spec names without wording them. */
export const SESSION_TEXT = {
  titleRequired: 'Please enter a session title',
  /** Ours. */
  titleMax: `Session title must be ${SESSION_TITLE_MAX} characters or fewer`,
  timeRequired: 'Please select session time',
  timedTimeRequired: 'Please select first lot end time',
  ampmRequired: 'Please select AM/PM',
  dateRequired: 'Please select a session date',
  timedDateRequired: 'Please select a first lot end date',
  dateWindow: 'Session date must be within the next two years',
  /** Ours. */
  locationRequired: 'Please select a location',
  /** Ours. */
  staggerInvalid: 'Please select how many seconds apart lots end',
  maxSessions:
    'You have reached the maximum number of sessions allowed per sale. In order to create a new session, please first add a new sale.',
  createFailed: `Unable to create a session. ${CARE}`,
  loadDetailsFailed: `Unable to load your session details. ${CARE}`,
  noContacts: 'You do not have any saved contacts.  Please go to the Users and Permissions page to add new contacts.',
  submitDetailsFailed: `Unable to submit session details. ${CARE}`,
  /** Ours (the spec: "1 to 8 categories"). */
  categoriesRequired: 'Please select at least one category',
  /** Ours (the spec: "at least one channel set to non-zero"). */
  channelRequired: 'Please make the session available on at least one channel',
  /** Ours. */
  channelStateInvalid: 'Please choose one of the offered states for each channel',
  /** Ours. */
  viewNotesMax: `Viewing notes must be ${VIEW_NOTES_MAX} characters or fewer`,
  /** Ours. */
  viewNotesHtml: 'Viewing notes must not contain HTML or JavaScript',
  /** Ours. */
  descriptionMax: `Description must be ${SESSION_DESCRIPTION_MAX} characters or fewer`,
  /** Ours. */
  contactInvalid: 'Please select one of your saved contacts',
  resellTooltip: `An automatic timed sale is created from unsold lots when ${RESELL_MIN_UNSOLD} or more unsold live lots remain.`,
  resellLabel: 'Automatically create a timed sale from unsold lots',
  /** Add Sale's server refusal when the house may not hold live or timed sales (ours). */
  liveOrTimedDisabled: 'Live and timed sales are not enabled for your house.',
  /** Ours. */
  saleTitleMax: 'Sale title must be 120 characters or fewer',
  /** setTimedAuctionLotTimes after a bid or a close (ours: the spec names no text). */
  lotTimesAfterBidding: 'Lot end times cannot be changed once bidding has started.',
} as const;

/**
 * A timed lot's end in the session's schedule: the first lot's end plus the stagger for each lot
 * before it (`index` from 0, lot-number order); `timedType` 0 ends them all together, a missing
 * stagger is the default 60 s. The closing engine's schedule (lots/timed-bidding/lot-ends.sql.ts) is the same.
 */
export function staggeredLotEnd(firstLotEnd: Date, timedType: number | null, timedValue: number | null, index: number): Date {
  const step = timedType === TIMED_TYPE.together ? 0 : (timedValue ?? DEFAULT_TIMED_STAGGER);
  return new Date(firstLotEnd.getTime() + step * 1000 * index);
}

// ---- Dates and time zones -------------------------------------------------------------------

/** `iso` (YYYY-MM-DD) plus `years`; 29 February becomes 28 February in a common year. */
export function addYears(iso: string, years: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${y + years}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** "From tomorrow up to two years ahead", both counted in the session's time zone. */
export function sessionDateWindow(now: Date, timeZone: string): { min: string; max: string } {
  const today = dateIn(now, timeZone);
  return { min: addDays(today, 1), max: addYears(today, 2) };
}

/** Offset of `timeZone` from UTC at `instant`, in minutes (New York in January: -300). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** 12-hour clock to 24-hour. */
export function to24Hour(hour: string, ampm: string): number {
  const h = Number(hour) % 12;
  return ampm === 'PM' ? h + 12 : h;
}

/**
 * The instant (UTC) of a wall-clock time in a time zone. In the hour a spring change skips, the
 * time moves forward by the gap (02:30 becomes 03:30); in the hour an autumn change repeats, the
 * first (daylight) one is taken.
 */
export function zonedInstant(date: string, hour24: number, minute: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, hour24, minute);
  const first = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60000;
  const second = wall - zoneOffsetMinutes(new Date(first), timeZone) * 60000;
  // Both guesses agree except around a change; the earlier matching instant wins.
  const candidates = [first, second].filter((t) => wallTime(new Date(t), timeZone) === wallKey(date, hour24, minute));
  return new Date(candidates.length ? Math.min(...candidates) : Math.max(first, second));
}

const wallKey = (date: string, h: number, m: number) => `${date} ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;

function wallTime(instant: Date, timeZone: string): string {
  const p = sessionTimeParts(instant, timeZone);
  return wallKey(p.date, to24Hour(p.hour, p.ampm), Number(p.minute));
}

/** The form's date (YYYY-MM-DD), hour (01-12), minute and AM/PM of an instant in a time zone. */
export function sessionTimeParts(instant: Date, timeZone: string): { date: string; hour: string; minute: string; ampm: 'AM' | 'PM' } {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  const h24 = Number(p.hour) % 24;
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return { date: dateIn(instant, timeZone), hour: String(h12).padStart(2, '0'), minute: p.minute, ampm: h24 < 12 ? 'AM' : 'PM' };
}

/** The zone's short name on that date ("EST" in January, "EDT" in July; "GMT+1" where no abbreviation exists). */
export function zoneAbbreviation(date: string, timeZone: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  const p = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(noon);
  return p.find((x) => x.type === 'timeZoneName')?.value ?? timeZone;
}

// ---- Step 1 ---------------------------------------------------------------------------------

export interface SessionBasicsInput {
  title?: string | null;
  addressID?: number | string | null;
  date?: string | null;
  hour?: string | number | null;
  minute?: string | number | null;
  ampm?: string | null;
  timedType?: number | string | null;
  timedValue?: number | string | null;
  resellUnsoldLiveLots?: string | boolean | null;
}

export interface SessionBasicsValues {
  title: string;
  addressId: number;
  date: string;
  hour: string;
  minute: string;
  ampm: 'AM' | 'PM';
  timedType: number | null;
  timedValue: number | null;
  resell: boolean;
}

export interface SessionBasicsContext {
  saleType: WizardSaleType;
  now: Date;
  /** The time zone of the chosen location (null when none is chosen yet): the date window is counted in it. */
  timeZone: string | null;
  /** The house may create timed sales from unsold live lots (house info liveToTimedEligible). */
  liveToTimedEligible: boolean;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/** Step 1 (spec 001 section 5 "Live/timed step 1"): every error by field, or the values to save. */
export function validateSessionBasics(
  input: SessionBasicsInput,
  ctx: SessionBasicsContext,
): { errors: Record<string, string>; values: SessionBasicsValues | null } {
  const errors: Record<string, string> = {};
  const timed = ctx.saleType === 'timed';
  const title = text(input.title);
  if (!title) errors.title = SESSION_TEXT.titleRequired;
  else if (title.length > SESSION_TITLE_MAX) errors.title = SESSION_TEXT.titleMax;

  const addressId = Number(text(input.addressID));
  if (!Number.isInteger(addressId) || addressId < 1) errors.addressID = SESSION_TEXT.locationRequired;

  const rawDate = text(input.date);
  const date = rawDate ? parseCalendarDate(rawDate) : null;
  if (!date) errors.date = timed ? SESSION_TEXT.timedDateRequired : SESSION_TEXT.dateRequired;
  else if (ctx.timeZone) {
    const w = sessionDateWindow(ctx.now, ctx.timeZone);
    if (date < w.min || date > w.max) errors.date = SESSION_TEXT.dateWindow;
  }

  const hour = text(input.hour).padStart(2, '0');
  const minute = text(input.minute).padStart(2, '0');
  if (!(SESSION_HOURS as readonly string[]).includes(hour) || !(SESSION_MINUTES as readonly string[]).includes(minute)) {
    errors.time = timed ? SESSION_TEXT.timedTimeRequired : SESSION_TEXT.timeRequired;
  }
  const ampm = text(input.ampm).toUpperCase();
  if (ampm !== 'AM' && ampm !== 'PM') errors.ampm = SESSION_TEXT.ampmRequired;

  let timedType: number | null = null;
  let timedValue: number | null = null;
  if (timed) {
    timedType = text(input.timedType) === '0' ? TIMED_TYPE.together : TIMED_TYPE.staggered;
    if (timedType === TIMED_TYPE.staggered) {
      timedValue = Number(text(input.timedValue) || DEFAULT_TIMED_STAGGER);
      if (!(TIMED_STAGGER_SECONDS as readonly number[]).includes(timedValue)) errors.timedValue = SESSION_TEXT.staggerInvalid;
    }
  }
  const resell = !timed && ctx.liveToTimedEligible && isYes(input.resellUnsoldLiveLots);

  if (Object.keys(errors).length) return { errors, values: null };
  return {
    errors,
    values: { title, addressId, date: date!, hour, minute, ampm: ampm as 'AM' | 'PM', timedType, timedValue, resell },
  };
}

/** `Y`/`N` (the spec's resellUnsoldLiveLots) or a boolean. */
export const isYes = (v: unknown): boolean => v === true || text(v).toUpperCase() === 'Y' || text(v) === 'true';

/** The 15-lot rule: after a live session with a resell toggle on, a timed sale is created only from 15 or more unsold lots. */
export const createsResellSale = (resell: boolean, unsoldLiveLots: number): boolean => resell && unsoldLiveLots >= RESELL_MIN_UNSOLD;

/**
 * The resell job (ours: the spec names the automatic timed sale, not its schedule). A live session
 * counts as closed when the calendar moves it to Past, a day after its start: results have been
 * recorded (imported, realized prices) by then, and what has none is unsold.
 */
export const RESELL_AFTER_START_MS = 24 * 60 * 60 * 1000;
/** The resale's first lot ends this many days after the live session, at the same wall time, in its zone. */
export const RESELL_DAYS_AFTER = 7;
export const RESELL_CREATOR = 'resell';
const RESELL_SUFFIX = ' - Timed Resale';

/** The resale's title: the live session's, marked, within the 120-character title limit. */
export const resellTitle = (liveTitle: string): string =>
  `${liveTitle
    .trim()
    .slice(0, SESSION_TITLE_MAX - RESELL_SUFFIX.length)
    .trim()}${RESELL_SUFFIX}`;

/**
 * The resale's first lot end: the live session's wall time (same hour and minute, in its own zone,
 * across a daylight-saving change too) RESELL_DAYS_AFTER days after its date, a further week at a
 * time until the date is after today in that zone (the wizard's "tomorrow at the earliest").
 */
export function resellFirstLotEnd(liveStart: Date, timeZone: string, now: Date): Date {
  const p = sessionTimeParts(liveStart, timeZone);
  const today = dateIn(now, timeZone);
  let date = addDays(p.date, RESELL_DAYS_AFTER);
  while (date <= today) date = addDays(date, 7);
  return zonedInstant(date, to24Hour(p.hour, p.ampm), Number(p.minute), timeZone);
}

/** The toggle's default: on for a new live session of a house that may resell, off otherwise. */
export const defaultResell = (saleType: WizardSaleType, liveToTimedEligible: boolean): boolean =>
  saleType === 'live' && liveToTimedEligible;

// ---- Step 2 ---------------------------------------------------------------------------------

/** 0 not available on site, 1 view only, 2 available with Live or Timed (Buy Now for bin). */
export type ChannelState = 0 | 1 | 2;

export interface PostSaleChannel {
  channelID: number;
  channelName: string;
  states: ChannelState[];
  value: ChannelState;
}

/** The post-sale channels a session offers (ours: the spec names the shape, not the list). */
export const POST_SALE_CHANNELS: { channelID: number; channelName: string; states: ChannelState[]; privateLabelOnly?: boolean }[] = [
  { channelID: 1, channelName: 'Marketplace', states: [0, 1, 2] },
  { channelID: 2, channelName: 'Mobile App', states: [0, 1, 2] },
  { channelID: 3, channelName: 'Private Label Site', states: [2], privateLabelOnly: true },
];

export function channelStateLabel(state: ChannelState, saleType: WizardSaleType | 'bin'): string {
  if (state === 0) return 'Not available on site';
  if (state === 1) return 'View only';
  return saleType === 'bin' ? 'Available with Buy Now' : saleType === 'timed' ? 'Available with Timed' : 'Available with Live';
}

/** "When a post-sale channel has only one allowed state, that state is fixed and shown as text." */
export const isFixedChannel = (c: Pick<PostSaleChannel, 'states'>): boolean => c.states.length === 1;

/** Categories: the first eight distinct ids (extras ignored). */
export function keptCategories(ids: readonly number[]): number[] {
  return [...new Set(ids)].slice(0, CATEGORIES_MAX);
}

export function categoriesError(ids: readonly number[]): string | null {
  return keptCategories(ids).length < CATEGORIES_MIN ? SESSION_TEXT.categoriesRequired : null;
}

/** Each channel's value must be one of its states; at least one non-zero, unless a fixed channel is present. */
export function channelsError(channels: readonly Pick<PostSaleChannel, 'states' | 'value'>[]): string | null {
  if (channels.some((c) => !c.states.includes(c.value))) return SESSION_TEXT.channelStateInvalid;
  if (channels.some(isFixedChannel)) return null;
  return channels.some((c) => c.value !== 0) ? null : SESSION_TEXT.channelRequired;
}

export function viewNotesError(notes: string): string | null {
  if (notes.length > VIEW_NOTES_MAX) return SESSION_TEXT.viewNotesMax;
  return hasHtml(notes) ? SESSION_TEXT.viewNotesHtml : null;
}

export function descriptionError(description: string): string | null {
  return description.length > SESSION_DESCRIPTION_MAX ? SESSION_TEXT.descriptionMax : null;
}

/** Contacts keyed by the spec's contact type ids: 1 Consignment, 3 Sale Administrator, 4 Expert. */
export const SESSION_CONTACT_KEYS = ['1', '3', '4'] as const;
export type SessionContactKey = (typeof SESSION_CONTACT_KEYS)[number];
export type SessionContacts = Record<SessionContactKey, number | null>;

// ---- Step tracker ---------------------------------------------------------------------------

/**
 * The values the wizards record (spec 001 section 4 "Wizard progress"). Live/timed: step 1 creation
 * records 2; step 2 Continue 3 (6 from the summary); lot review Continue 4 (6 when skipping to the
 * summary); 5 after images; 6 after preview. Bin: step 1 Continue 2 (from the summary left
 * unchanged, 5); Add single item 5; step 2 Continue 3; 4 after images; 5 after preview.
 * Ours (the spec is silent, docs/decisions/session-wizard.md): live/timed saving the lot that "Add
 * single item" opened records 4 (the path goes on to Upload Images); images and bin items opened
 * from the summary record the summary step.
 */
export const STEP_TRACKER = {
  liveTimed: {
    sessionCreated: 2,
    detailsContinue: 3,
    detailsFromSummary: 6,
    lotReviewContinue: 4,
    lotReviewToSummary: 6,
    singleItemAdded: 4,
    imagesDone: 5,
    imagesToSummary: 6,
    previewDone: 6,
  },
  bin: {
    detailsContinue: 2,
    detailsFromSummary: 5,
    addSingleItem: 5,
    itemsContinue: 3,
    itemsToSummary: 5,
    imagesDone: 4,
    imagesToSummary: 5,
    previewDone: 5,
  },
} as const;

export const WIZARD_STEP_COUNT = { bin: 5, live: 6, timed: 6 } as const;
/** The summary (Review & Publish) step of each wizard. */
export const SUMMARY_STEP = { bin: 5, live: 6, timed: 6 } as const;

/** The moments a wizard records its progress at. */
export type WizardMoment =
  /** Live/timed step 1 saved: `created` a new session, or edited one. */
  | 'basicsCreated'
  | 'basicsEdited'
  /** Live/timed step 2, bin step 1: Continue (or Save & Exit) after the save. */
  | 'details'
  /** Upload Items: Continue after the lot update, or Skip & Continue without a file. */
  | 'items'
  /** Upload Items: the "Add single item" link, before it opens lot 0. */
  | 'addSingleItem'
  /** The Lot page "Add single item" opened saved its new lot. */
  | 'singleItemAdded'
  /** Upload Images: Continue, or Skip & Continue without files. */
  | 'images'
  /** Preview: Continue. */
  | 'preview';

/**
 * The ONE place the wizards' step tracker values come from: what `POST /cps/app/diy-step-tracker`
 * records at a moment, or null when nothing is recorded (the calendar's Edit link opens the tracker's
 * step, so it is the step the user goes on to).
 */
export function stepTrackerValue(kind: WizardSaleType | 'bin', moment: WizardMoment, fromSummary = false): number | null {
  if (kind === 'bin') {
    const b = STEP_TRACKER.bin;
    switch (moment) {
      case 'details':
        // From the summary the tracker is left unchanged at 5: no call.
        return fromSummary ? null : b.detailsContinue;
      case 'addSingleItem':
        return b.addSingleItem;
      case 'items':
        return fromSummary ? b.itemsToSummary : b.itemsContinue;
      case 'images':
        return fromSummary ? b.imagesToSummary : b.imagesDone;
      case 'preview':
        return b.previewDone;
      default:
        // Bin has no live/timed step 1; its single item already recorded 5 when the link opened it.
        return null;
    }
  }
  const l = STEP_TRACKER.liveTimed;
  switch (moment) {
    case 'basicsCreated':
      return l.sessionCreated;
    case 'details':
      return fromSummary ? l.detailsFromSummary : l.detailsContinue;
    case 'items':
      return fromSummary ? l.lotReviewToSummary : l.lotReviewContinue;
    case 'singleItemAdded':
      // From the summary the Lot page returns there: the tracker is left alone.
      return fromSummary ? null : l.singleItemAdded;
    case 'images':
      return fromSummary ? l.imagesToSummary : l.imagesDone;
    case 'preview':
      return l.previewDone;
    default:
      // Editing step 1 and opening lot 0 record nothing: the user is still where they were.
      return null;
  }
}

/** Where step 1 goes after a save: step 2, or back to the summary when it came from there. */
export const basicsNextStep = (fromSummary: boolean): number => (fromSummary ? SUMMARY_STEP.live : 2);
export const detailsNextStep = (fromSummary: boolean): number => (fromSummary ? SUMMARY_STEP.live : 3);

/** Ours (the spec words no refusal): a tracker value out of the wizard's steps. */
export const stepTrackerRangeText = (saleType: WizardSaleType | 'bin'): string =>
  `Step must be between 1 and ${WIZARD_STEP_COUNT[saleType]}`;

/** A tracker value the server accepts for a session of that type. */
export const isTrackerValue = (saleType: WizardSaleType | 'bin', step: unknown): step is number =>
  Number.isInteger(step) && (step as number) >= 1 && (step as number) <= WIZARD_STEP_COUNT[saleType];

// ---- Answers --------------------------------------------------------------------------------

/** `GET /cps/app/catalog/{catalogID}`: the spec's catalog/session definition. */
export interface SessionDefinition {
  catalogID: number;
  catalogRef: string;
  groupID: number;
  houseID: number;
  houseAlias: string;
  houseName: string;
  houseLogo: string | null;
  invoiceGroupSettingsID: number | null;
  title: string;
  saleType: WizardSaleType | 'bin';
  city: string | null;
  state: string | null;
  country: string | null;
  postCode: string | null;
  street1: string | null;
  street2: string | null;
  telNo: string | null;
  currency: { code: string; name: string };
  vat: number | null;
  eventDateUTCString: string;
  date: string;
  dateEnd: string;
  hour: string;
  minute: string;
  ampm: 'AM' | 'PM';
  timeZone: string;
  TZ_zoneName: string;
  isTimed: boolean;
  timedType: number | null;
  timedValue: number | null;
  audioVideo: number;
  categoryIDs: number[];
  categories: Record<string, { id: number; name: string }[]>;
  contacts: SessionContacts;
  consignContact: number | null;
  saleAdmin: number | null;
  expertContact: number | null;
  description: string;
  viewNotes: string;
  addressID: number | null;
  creator: string | null;
  resellUnsoldLiveLots: 'Y' | 'N';
  stepTracker: number | null;
  published: boolean;
}

export interface SessionCategoryGroup {
  id: number;
  name: string;
  subcategories: { id: number; name: string }[];
}

export interface PremiumStepView {
  from: number;
  to: number | null;
  stepPct: number;
}

export interface AddressDefaults {
  contacts: SessionContacts;
  viewNotes: string | null;
}
