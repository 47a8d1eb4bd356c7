import { addDays, dateIn, parseCalendarDate } from './calendar-dates';

describe('calendar dates', () => {
  it('parses YYYY-MM-DD and MM/DD/YYYY (one-digit month and day too), refuses other shapes and impossible dates', () => {
    expect(parseCalendarDate('2026-11-27')).toBe('2026-11-27');
    expect(parseCalendarDate('11/27/2026')).toBe('2026-11-27');
    expect(parseCalendarDate('1/5/2026')).toBe('2026-01-05');
    expect(parseCalendarDate('2026-02-30')).toBeNull();
    expect(parseCalendarDate('02/29/2027')).toBeNull();
    expect(parseCalendarDate('13/01/2026')).toBeNull();
    expect(parseCalendarDate('0999-01-01')).toBeNull();
    expect(parseCalendarDate('27.11.2026')).toBeNull();
    expect(parseCalendarDate('2026-11-27T00:00:00Z')).toBeNull();
    expect(parseCalendarDate('')).toBeNull();
  });

  it("an instant's date is the zone's, UTC when the zone is missing or unknown", () => {
    const late = new Date('2026-03-01T03:30:00Z');
    expect(dateIn(late, 'America/New_York')).toBe('2026-02-28');
    expect(dateIn(late, 'Europe/London')).toBe('2026-03-01');
    expect(dateIn(late, 'Not/AZone')).toBe('2026-03-01');
    expect(dateIn(late, null)).toBe('2026-03-01');
  });

  it('adds days across month, leap-day and year ends', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
