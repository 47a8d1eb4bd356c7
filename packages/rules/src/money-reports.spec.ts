import { ageInDays, agingBucket, agingSums } from './money-reports';

describe('aging buckets', () => {
  it('counts whole UTC days from the invoice date to the end date, never negative', () => {
    expect(ageInDays('2026-11-01', '2026-11-01')).toBe(0);
    expect(ageInDays('2026-10-01', '2026-11-01')).toBe(31);
    expect(ageInDays('2026-02-28', '2026-03-01')).toBe(1);
    expect(ageInDays('2024-02-28', '2024-03-01')).toBe(2); // leap year
    expect(ageInDays('2026-03-28', '2026-03-30')).toBe(2); // across a DST change elsewhere: UTC days
    expect(ageInDays('2026-11-02', '2026-11-01')).toBe(0);
  });

  it.each([
    [0, '0-30'],
    [30, '0-30'],
    [31, '31-60'],
    [60, '31-60'],
    [61, '61-90'],
    [90, '61-90'],
    [91, '90+'],
    [1000, '90+'],
  ])('%i days is %s', (days, bucket) => {
    expect(agingBucket(days)).toBe(bucket);
  });

  it('sums balances per bucket in cents, every bucket present and in order', () => {
    const sums = agingSums([
      { ageDays: 0, balanceCents: 12_345 },
      { ageDays: 30, balanceCents: 1 },
      { ageDays: 45, balanceCents: 99_999 },
      { ageDays: 120, balanceCents: 56_250 },
      { ageDays: 91, balanceCents: 10 },
    ]);
    expect(sums).toEqual([
      { bucket: '0-30', label: '0-30 days', invoices: 2, balanceCents: 12_346 },
      { bucket: '31-60', label: '31-60 days', invoices: 1, balanceCents: 99_999 },
      { bucket: '61-90', label: '61-90 days', invoices: 0, balanceCents: 0 },
      { bucket: '90+', label: '90+ days', invoices: 2, balanceCents: 56_260 },
    ]);
    expect(agingSums([]).map((s) => s.balanceCents)).toEqual([0, 0, 0, 0]);
  });
});
