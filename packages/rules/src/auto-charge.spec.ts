import { autoChargeDateInWindow, autoChargeWindow, autoChargeWindowFrom, todayIn } from './auto-charge';
import { addDays } from './calendar-dates';

describe('auto-charge date rules', () => {
  it('the window is two to seven days after today, across month and year ends', () => {
    expect(autoChargeWindow('2026-11-25')).toEqual({ first: '2026-11-27', last: '2026-12-02' });
    expect(autoChargeWindow('2026-12-30')).toEqual({ first: '2027-01-01', last: '2027-01-06' });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it("the window from its first day (the list's firstEligibleAutoChargeDate) is the same window", () => {
    expect(autoChargeWindowFrom('2026-11-27')).toEqual(autoChargeWindow('2026-11-25'));
    expect(autoChargeWindowFrom('2027-01-01')).toEqual({ first: '2027-01-01', last: '2027-01-06' });
  });

  it('accepts the bounds and refuses a day too early or too late', () => {
    const today = '2026-11-25';
    expect(autoChargeDateInWindow('2026-11-27', today)).toBe(true);
    expect(autoChargeDateInWindow('2026-12-02', today)).toBe(true);
    expect(autoChargeDateInWindow('2026-11-26', today)).toBe(false);
    expect(autoChargeDateInWindow('2026-11-25', today)).toBe(false);
    expect(autoChargeDateInWindow('2026-12-03', today)).toBe(false);
  });

  it("today is the house's day, not the server's", () => {
    const now = new Date('2026-11-26T03:00:00Z'); // 22:00 on the 25th in New York
    expect(todayIn('America/New_York', now)).toBe('2026-11-25');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-11-26');
    expect(todayIn('Not/AZone', now)).toBe('2026-11-26');
  });
});
