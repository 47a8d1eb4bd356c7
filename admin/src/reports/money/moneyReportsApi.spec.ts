import { describe, expect, it } from '@jest/globals';
import { downloadPath, everyDay, lastDays, reportPath } from './moneyReportsApi';

describe('money reports api', () => {
  it('builds the report and download paths with the range', () => {
    const r = { from: '2026-11-01', to: '2026-11-26' };
    expect(reportPath('aging', r)).toBe('/api/reports/aging?from=2026-11-01&to=2026-11-26');
    expect(downloadPath('sale-revenue', r, 'xlsx')).toBe('/api/reports/sale-revenue/download?from=2026-11-01&to=2026-11-26&format=xlsx');
  });

  it('defaults to the last 90 days and lists every day of a range', () => {
    expect(lastDays('2026-11-26')).toEqual({ from: '2026-08-28', to: '2026-11-26' });
    expect(everyDay({ from: '2026-02-27', to: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(everyDay({ from: '2026-03-02', to: '2026-03-01' })).toEqual([]);
  });
});
