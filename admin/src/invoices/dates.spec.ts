import { describe, expect, it } from '@jest/globals';
import { EARLIEST_START, isIsoDate, localToday, rangeError, rangeQuery, usDate } from './dates';
import { INVOICE_TEXT } from './invoiceTexts';

const TODAY = '2026-11-21';

describe('Existing Invoices date range', () => {
  it("refuses TO before FROM with the spec's text", () => {
    expect(rangeError('2026-10-02', '2026-10-01', TODAY)).toBe('TO date cannot be before FROM date');
    expect(rangeError('2026-10-01', '2026-10-01', TODAY)).toBeNull();
  });

  it('refuses dates in the future, either end', () => {
    expect(rangeError('2026-11-22', '', TODAY)).toBe(INVOICE_TEXT.futureDate);
    expect(rangeError('', '2026-11-22', TODAY)).toBe(INVOICE_TEXT.futureDate);
    expect(rangeError('', TODAY, TODAY)).toBeNull();
  });

  it('refuses days that do not exist', () => {
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(rangeError('2026-02-30', '', TODAY)).toBe(INVOICE_TEXT.badDate);
  });

  it('starts at 01/01/1989 when only an end date is given', () => {
    expect(EARLIEST_START).toBe('1989-01-01');
    expect(rangeQuery('', '2026-10-31')).toEqual({ startDate: '01/01/1989', endDate: '10/31/2026' });
    expect(rangeQuery('2026-10-01', '')).toEqual({ startDate: '10/01/2026' });
    expect(rangeQuery('', '')).toEqual({});
  });

  it('writes dates as MM/DD/YYYY and reads today in local time', () => {
    expect(usDate('2026-09-07')).toBe('09/07/2026');
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
