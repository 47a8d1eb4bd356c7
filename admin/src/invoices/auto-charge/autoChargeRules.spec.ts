import { describe, expect, it } from '@jest/globals';
import { AUTO_CHARGE_TEXT } from '@ar/rules';
import { commonWindow, dateRowOf, initialValues, inWindow, pageState, rowState, type DateRow } from './autoChargeRules';

// Today in the house is 11/25/2026: the window is 11/27 to 12/02.
const inv = (invoiceID: number, autoChargeDate: string | null, first = '11/27/2026') => ({
  invoiceID,
  autoChargeDate,
  firstEligibleAutoChargeDate: first,
});

describe('Auto-charge page rules', () => {
  const none = dateRowOf(inv(1, null));
  const valid = dateRowOf(inv(2, '11/30/2026'));
  const stale = dateRowOf(inv(3, '11/26/2026'));

  it('reads the list: saved date and window (from the first eligible day) as YYYY-MM-DD', () => {
    expect(none).toEqual({ id: 1, saved: null, first: '2026-11-27', last: '2026-12-02' });
    expect(valid.saved).toBe('2026-11-30');
    expect(dateRowOf(inv(4, null, '12/30/2026'))).toMatchObject({ first: '2026-12-30', last: '2027-01-04' });
    expect(initialValues([none, valid, stale])).toEqual({ 1: '', 2: '2026-11-30', 3: '2026-11-26' });
  });

  it('the window is two to seven days ahead, both ends included; anything else (or no first day) is invalid', () => {
    expect(inWindow(none, '2026-11-27')).toBe(true);
    expect(inWindow(none, '2026-12-02')).toBe(true);
    expect(inWindow(none, '2026-11-26')).toBe(false);
    expect(inWindow(none, '2026-12-03')).toBe(false);
    expect(inWindow(none, '2026-11-31')).toBe(false);
    expect(inWindow(dateRowOf(inv(5, null, 'soon')), '2026-11-28')).toBe(false);
  });

  it('a row: changed, invalid, and required only when its saved date is no longer valid', () => {
    expect(rowState(none, '')).toEqual({ changed: false, invalid: false, required: false, missing: false });
    expect(rowState(none, '2026-11-28')).toMatchObject({ changed: true, invalid: false });
    expect(rowState(none, '2026-12-05')).toMatchObject({ changed: true, invalid: true });
    // A valid saved date may be cleared: that removes it.
    expect(rowState(valid, '')).toEqual({ changed: true, invalid: false, required: false, missing: false });
    // A saved date no longer valid is flagged as it is, and must be replaced, not emptied.
    expect(rowState(stale, '2026-11-26')).toEqual({ changed: false, invalid: true, required: true, missing: false });
    expect(rowState(stale, '')).toEqual({ changed: true, invalid: false, required: true, missing: true });
    expect(rowState(stale, '2026-11-29')).toEqual({ changed: true, invalid: false, required: true, missing: false });
  });

  it('the button: Continue With No Changes until a date changes, then Save & Continue with one call per date, removals last', () => {
    const rows: DateRow[] = [none, valid, dateRowOf(inv(6, null))];
    const start = pageState(rows, initialValues(rows));
    expect(start).toEqual({ label: AUTO_CHARGE_TEXT.continueNoChanges, canContinue: true, message: null, changes: [] });
    const edited = pageState(rows, { 1: '2026-12-01', 2: '', 6: '2026-11-28' });
    expect(edited.label).toBe(AUTO_CHARGE_TEXT.saveAndContinue);
    expect(edited.canContinue).toBe(true);
    expect(edited.changes).toEqual([
      { autoChargeDate: '2026-11-28', invoiceIDs: [6] },
      { autoChargeDate: '2026-12-01', invoiceIDs: [1] },
      { autoChargeDate: null, invoiceIDs: [2] },
    ]);
    // Back to the saved values: no change again.
    expect(pageState(rows, { 1: '', 2: '2026-11-30', 6: '' }).label).toBe(AUTO_CHARGE_TEXT.continueNoChanges);
    // Two invoices to one date: one call.
    expect(pageState(rows, { 1: '2026-11-29', 2: '2026-11-30', 6: '2026-11-29' }).changes).toEqual([
      { autoChargeDate: '2026-11-29', invoiceIDs: [1, 6] },
    ]);
  });

  it("a required date left empty disables the button with 'Select a new date to continue'; an invalid date disables it", () => {
    const rows = [none, stale];
    expect(pageState(rows, { 1: '', 3: '' })).toMatchObject({ canContinue: false, message: AUTO_CHARGE_TEXT.selectDate });
    expect(pageState(rows, initialValues(rows))).toMatchObject({ canContinue: false, message: null });
    expect(pageState(rows, { 1: '2026-12-09', 3: '2026-11-28' })).toMatchObject({ canContinue: false, message: null });
    expect(pageState(rows, { 1: '', 3: '2026-11-28' })).toMatchObject({
      canContinue: true,
      label: AUTO_CHARGE_TEXT.saveAndContinue,
      changes: [{ autoChargeDate: '2026-11-28', invoiceIDs: [3] }],
    });
  });

  it('the all-invoices picker offers the days every row accepts', () => {
    expect(commonWindow([none, valid])).toEqual({ first: '2026-11-27', last: '2026-12-02' });
    expect(commonWindow([none, dateRowOf(inv(7, null, '11/28/2026'))])).toEqual({ first: '2026-11-28', last: '2026-12-02' });
    expect(commonWindow([none, dateRowOf(inv(8, null, '12/20/2026'))])).toBeNull();
    expect(commonWindow([])).toBeNull();
  });
});
