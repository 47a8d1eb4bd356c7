import { sessionDays } from './session-days';

const s = (catalogId: number, eventDate: string, timeZone = 'America/New_York') => ({
  catalogId,
  catalogRef: `C${catalogId}`,
  title: `Session ${catalogId}`,
  eventDate: new Date(eventDate),
  timeZone,
});

describe('session day numbers (counted from the earliest session date in the group)', () => {
  it('numbers calendar days from the earliest session: same date shares a number, gaps stay gaps', () => {
    const days = sessionDays([
      s(3, '2026-10-18T15:00:00Z'),
      s(1, '2026-10-16T15:00:00Z'),
      s(2, '2026-10-16T19:00:00Z'),
      s(4, '2026-10-17T14:00:00Z'),
    ]);
    expect(days.map((d) => [d.catalogID, d.dayNumber, d.date])).toEqual([
      [1, 1, '10/16/2026'],
      [2, 1, '10/16/2026'],
      [4, 2, '10/17/2026'],
      [3, 3, '10/18/2026'],
    ]);
    expect(days[0]).toEqual({
      identifier: 'C1',
      title: 'Session 1',
      date: '10/16/2026',
      catalogID: 1,
      dayNumber: 1,
      eventDate: '2026-10-16T15:00:00.000Z',
    });
    expect(sessionDays([s(1, '2026-10-01T15:00:00Z'), s(2, '2026-10-05T15:00:00Z')]).map((d) => d.dayNumber)).toEqual([1, 5]);
  });

  it("reads each session's date in its own time zone (an 8 pm New York session is that evening)", () => {
    const days = sessionDays([s(1, '2026-10-16T15:00:00Z'), s(2, '2026-10-17T00:30:00Z')]);
    expect(days.map((d) => [d.dayNumber, d.date])).toEqual([
      [1, '10/16/2026'],
      [1, '10/16/2026'],
    ]);
    expect(sessionDays([s(1, '2026-10-16T15:00:00Z'), s(2, '2026-10-17T00:30:00Z', 'UTC')]).map((d) => d.dayNumber)).toEqual([1, 2]);
  });

  it('counts across month, year and daylight-saving changes, and falls back to UTC for an unknown zone', () => {
    expect(sessionDays([s(1, '2026-12-31T15:00:00Z'), s(2, '2027-01-01T15:00:00Z')]).map((d) => d.dayNumber)).toEqual([1, 2]);
    expect(sessionDays([s(1, '2026-10-31T15:00:00Z'), s(2, '2026-11-02T15:00:00Z')]).map((d) => d.dayNumber)).toEqual([1, 3]);
    expect(sessionDays([s(1, '2026-10-16T23:30:00Z', 'Not/AZone')])[0].date).toBe('10/16/2026');
    expect(sessionDays([])).toEqual([]);
  });
});
