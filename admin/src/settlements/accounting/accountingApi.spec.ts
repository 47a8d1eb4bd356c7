import { describe, expect, it } from '@jest/globals';
import { monthToDate, trialBalancePath } from './accountingApi';

describe('accounting export screen helpers', () => {
  it('the month so far runs from its first day to today', () => {
    expect(monthToDate('2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(monthToDate('2026-02-01')).toEqual({ from: '2026-02-01', to: '2026-02-01' });
  });

  it('builds the trial balance call', () => {
    expect(trialBalancePath('2026-11-01', '2026-11-30')).toBe('/api/accounting/trial-balance?from=2026-11-01&to=2026-11-30');
  });
});
