/**
 * The sessions of an invoice group as the details page lists them: identifier, title, date and the
 * day number "counted from the earliest session date in the group" (spec sections 2 and 9).
 *
 * Decisions: a session's date is its calendar date in its own time zone (an 8 pm New York session
 * is on that evening's date, not the next UTC day); the earliest date is day 1, and a session on
 * the Nth calendar day after it is day N+1, so sessions on the same date share a number and a gap
 * in the calendar shows as a gap in the numbers (day 1, day 3), as a sale's printed schedule does.
 */
import { dateIn } from '@ar/rules';
import { formatUsDate } from '../math/statuses';

export interface SessionDayInput {
  catalogId: number;
  catalogRef: string;
  title: string;
  eventDate: Date;
  /** IANA time zone of the session; an unknown one falls back to UTC. */
  timeZone: string;
}

export interface CatalogDayView {
  /** The session's reference (catalogRef). */
  identifier: string;
  title: string;
  /** MM/DD/YYYY in the session's time zone. */
  date: string;
  catalogID: number;
  dayNumber: number;
  /** ISO timestamp of the session's start. */
  eventDate: string;
}

const DAY_MS = 86_400_000;
const dayIndex = (isoDate: string): number => {
  const [y, m, d] = isoDate.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / DAY_MS;
};

/** The sessions by start (then id), each with its local date and day number. */
export function sessionDays(sessions: readonly SessionDayInput[]): CatalogDayView[] {
  const dated = sessions
    .map((s) => ({ s, local: dateIn(s.eventDate, s.timeZone) }))
    .sort((a, b) => a.s.eventDate.getTime() - b.s.eventDate.getTime() || a.s.catalogId - b.s.catalogId);
  if (!dated.length) return [];
  const first = Math.min(...dated.map((d) => dayIndex(d.local)));
  return dated.map(({ s, local }) => ({
    identifier: s.catalogRef,
    title: s.title,
    date: formatUsDate(local),
    catalogID: s.catalogId,
    dayNumber: dayIndex(local) - first + 1,
    eventDate: s.eventDate.toISOString(),
  }));
}
