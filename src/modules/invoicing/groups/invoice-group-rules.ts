/**
 * The rules of creating and listing invoice groups that need no database (spec 000 §5, §7, §9):
 * the group name, the one-sale-location rule, the Existing Invoices date range and paging.
 * Pure functions, unit-tested beside this file; the service applies them.
 */
import { parseCalendarDate } from '@ar/rules';
import { idFromInput } from '../../../core/validation/int4';
import { formatUsDate, truncateGroupName } from '../math/statuses';
import { InvoiceGroupsError, InvoiceGroupsErrorCode } from './invoice-groups.errors';
import { GROUP_TEXT } from './invoice-group-texts';

/** Spec 000 §9: the default earliest start date when only an end date is given (01/01/1989). */
export const EARLIEST_START_DATE = '1989-01-01';
/** Spec 000 §9: uninvoiced sessions 25 groups a page; existing invoices 10 groups a page. */
export const UNINVOICED_PAGE_SIZE = 25;
export const EXISTING_PAGE_SIZE = 10;
/**
 * The group lists' own documented ceiling (`size` at most 100, GROUP_TEXT.badSize): tighter than the
 * core MAX_PAGE_SIZE every list is capped by, and kept because the documented call promises it.
 */
export const GROUP_LIST_MAX_SIZE = 100;
export const MAX_SESSIONS_PER_GROUP = 200;

/**
 * The stored group name: control characters become spaces, the ends are trimmed, and a name of
 * more than 50 characters keeps its first 50 with '...' appended (spec: 'Group name max 50
 * characters; longer text is cut with '...' appended'). Blank is refused.
 */
export function groupTitle(raw: unknown): string {
  const text = typeof raw === 'string' ? raw.replace(/[\u0000-\u001f\u007f]/g, ' ').trim() : '';
  if (!text) throw InvoiceGroupsError.invalid({ groupTitle: GROUP_TEXT.nameRequired });
  return truncateGroupName(text);
}

/** The template id of the request: a positive whole number (or its digits); 0 / blank means none chosen. */
export function templateId(raw: unknown): number {
  const id = idFromInput(raw);
  if (id === null) throw InvoiceGroupsError.invalid({ invoiceSettingsID: GROUP_TEXT.templateRequired });
  return id;
}

/** The sessions of the request by catalogRef: at least one, each a non-blank string, duplicates folded. */
export function catalogRefs(raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.length === 0) throw InvoiceGroupsError.invalid({ catalogRefs: GROUP_TEXT.sessionsRequired });
  if (!raw.every((r) => typeof r === 'string' && r.trim() !== '' && r.trim().length <= 32)) {
    throw InvoiceGroupsError.invalid({ catalogRefs: GROUP_TEXT.badSessionRef });
  }
  const refs = [...new Set(raw.map((r: string) => r.trim()))];
  if (refs.length > MAX_SESSIONS_PER_GROUP) throw InvoiceGroupsError.invalid({ catalogRefs: GROUP_TEXT.tooManySessions });
  return refs;
}

/**
 * Every session of a group must have the same sale location, for sales tax (spec 000 §5). Sessions
 * without a location share "no location" with each other, but not with a session that has one.
 */
export function sameSaleLocation(sessions: readonly { addressId: number | null }[]): boolean {
  return new Set(sessions.map((s) => s.addressId ?? null)).size <= 1;
}

export function assertSameSaleLocation(sessions: readonly { addressId: number | null }[]): void {
  if (!sameSaleLocation(sessions)) throw new InvoiceGroupsError(InvoiceGroupsErrorCode.MIXED_SALE_LOCATIONS, GROUP_TEXT.mixedLocations);
}

// --- Dates ---------------------------------------------------------------------------------------

/**
 * A filter date as 'YYYY-MM-DD': MM/DD/YYYY as the documented call sends it (spec 000 §9), or
 * YYYY-MM-DD as the screen's URL carries it. Blank or absent is null; anything else, including
 * a day that does not exist (02/30/2026), is undefined.
 */
export function readFilterDate(raw: unknown): string | null | undefined {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') return undefined;
  const s = raw.trim();
  if (!s) return null;
  return parseCalendarDate(s) ?? undefined;
}

/** readFilterDate, refusing what is not a date (a react-admin filter reaches dateRange unchecked). */
export function parseFilterDate(raw: unknown): string | null {
  const date = readFilterDate(raw);
  if (date === undefined) throw new InvoiceGroupsError(InvoiceGroupsErrorCode.BAD_DATE_RANGE, GROUP_TEXT.badDate);
  return date;
}

/**
 * The latest calendar date anywhere on Earth right now (UTC+14, Kiribati). "Dates cannot be in the
 * future" is checked against it, so no user is refused today's date because the server's clock
 * runs in another zone; a date after it is in the future everywhere.
 */
export function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

export interface DateRange {
  /** Inclusive, 'YYYY-MM-DD'. */
  from: string;
  to: string;
}

/**
 * The Existing Invoices date range (spec 000 §5, §9): none given is no filter; only an end date
 * starts at 01/01/1989; only a start date ends today; TO before FROM is refused with the spec's
 * 'TO date cannot be before FROM date'; a date in the future is refused.
 */
export function dateRange(startRaw: unknown, endRaw: unknown, now: Date = new Date()): DateRange | null {
  const start = parseFilterDate(startRaw);
  const end = parseFilterDate(endRaw);
  if (start === null && end === null) return null;
  const today = latestToday(now);
  if ((start !== null && start > today) || (end !== null && end > today)) {
    throw new InvoiceGroupsError(InvoiceGroupsErrorCode.BAD_DATE_RANGE, GROUP_TEXT.futureDate);
  }
  const from = start ?? EARLIEST_START_DATE;
  const to = end ?? today;
  if (to < from) throw new InvoiceGroupsError(InvoiceGroupsErrorCode.BAD_DATE_RANGE, GROUP_TEXT.dateOrder);
  return { from, to };
}

/** 'YYYY-MM-DD' -> 'MM/DD/YYYY' (spec 000 §9: date format MM/DD/YYYY). */
export function usDate(isoDate: string): string {
  return formatUsDate(isoDate);
}

// --- Paging --------------------------------------------------------------------------------------

export interface Paging {
  /** 1-based. */
  page: number;
  size: number;
  offset: number;
}

/**
 * The page of a documented list call: `page` (1-based, default 1) and `size` (default per list), as
 * their query DTO (dto/group-list-query.dto.ts) checked them.
 */
export function paging(q: { page?: number; size?: number }, defaultSize: number): Paging {
  const page = q.page ?? 1;
  const size = q.size ?? defaultSize;
  return { page, size, offset: (page - 1) * size };
}

/** The `Idempotency-Key` header: absent, or 1 to 100 visible ASCII characters. */
export function idempotencyKey(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  const s = typeof raw === 'string' ? raw.trim() : '';
  if (!/^[\x21-\x7e]{1,100}$/.test(s)) throw new InvoiceGroupsError(InvoiceGroupsErrorCode.BAD_QUERY, GROUP_TEXT.badIdempotencyKey);
  return s;
}

/** The answer for a path id that names no group of the house (`@IdParam('id', groupNotFound)`). */
export const groupNotFound = (): InvoiceGroupsError => InvoiceGroupsError.groupNotFound();
