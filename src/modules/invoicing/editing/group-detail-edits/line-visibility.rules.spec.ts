import { FieldErrors } from '../core/edit-input';
import { additional, editState, line } from '../../../../../test/support/edit-state.builders';
import { parseVisibilityEntry, planVisibility, visibilityAction, VISIBILITY_TEXT, type VisibilityEntry } from './line-visibility.rules';

const parse = (body: Record<string, unknown>) => {
  const e = new FieldErrors();
  const entry = parseVisibilityEntry(body, e);
  return { entry, errors: e.errors };
};
const entry = (lineId: number | null, suppress: boolean, additionalCharge = false): VisibilityEntry => ({
  invoiceId: 7,
  lineId,
  suppress,
  additionalCharge,
  version: 4,
});
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    const err = e as { kind: string; message: string };
    return { kind: err.kind, message: err.message };
  }
  throw new Error('expected a refusal');
};

describe('Hide from invoice / Show on invoice (spec 000 section 4)', () => {
  it('reads { invoiceID, invoiceDetailID, suppress, version? }', () => {
    expect(parse({ invoiceID: 7, invoiceDetailID: '12', suppress: true, version: 3 })).toEqual({
      entry: { invoiceId: 7, lineId: 12, suppress: true, additionalCharge: false, version: 3 },
      errors: {},
    });
    expect(parse({ invoiceID: 7, invoiceDetailID: 12, suppress: 'false' }).entry).toMatchObject({ suppress: false, version: null });
  });

  it('refuses a missing or bad suppress, a missing detail id, unknown fields', () => {
    expect(parse({ invoiceID: 7, invoiceDetailID: 12 }).errors).toEqual({ suppress: VISIBILITY_TEXT.suppress });
    expect(parse({ invoiceID: 7, invoiceDetailID: 12, suppress: 'maybe' }).errors).toEqual({ suppress: VISIBILITY_TEXT.suppress });
    expect(parse({ invoiceID: 7, suppress: true }).errors).toEqual({
      invoiceDetailID: 'Invoice detail id must be a positive whole number.',
    });
    expect(parse({ invoiceID: 7, invoiceDetailID: 12, suppress: true, paid: true }).errors).toEqual({ paid: 'Unknown field.' });
  });

  it("the invoice's own additional charge needs no detail id", () => {
    expect(parse({ invoiceID: 7, suppress: true, additionalCharge: true }).entry).toEqual({
      invoiceId: 7,
      lineId: null,
      suppress: true,
      additionalCharge: true,
      version: null,
    });
  });

  it('hides and shows an unpaid lot; the same state again changes nothing', () => {
    const s = editState({ lines: [line(1), line(2, { suppress: true })] });
    expect(planVisibility(s, [entry(1, true)])).toEqual([{ kind: 'line', line: s.lines[0], suppress: true }]);
    expect(planVisibility(s, [entry(2, false)])).toEqual([{ kind: 'line', line: s.lines[1], suppress: false }]);
    expect(planVisibility(s, [entry(1, false), entry(2, true)])).toEqual([]);
  });

  it('refuses a paid lot, or one with an amount paid, either way', () => {
    const s = editState({
      lines: [line(1, { paid: true, paidDate: '2026-11-10' }), line(2, { amountPaidCents: 100 }), line(3, { onlinePaymentStat: 'a' })],
    });
    expect(refusal(() => planVisibility(s, [entry(1, true)]))).toEqual({ kind: 'conflict', message: VISIBILITY_TEXT.paid('Lot 1', true) });
    expect(refusal(() => planVisibility(s, [entry(2, true)]))).toEqual({ kind: 'conflict', message: VISIBILITY_TEXT.paid('Lot 2', true) });
    expect(refusal(() => planVisibility(s, [entry(3, true)]))).toEqual({ kind: 'conflict', message: VISIBILITY_TEXT.paid('Lot 3', true) });
  });

  it("refuses while an online payment is pending (the lot's or the invoice's)", () => {
    expect(refusal(() => planVisibility(editState({ lines: [line(1, { onlinePaymentStat: 'u' })] }), [entry(1, true)]))).toEqual({
      kind: 'conflict',
      message: VISIBILITY_TEXT.pending('Lot 1', true),
    });
    expect(
      refusal(() =>
        planVisibility(editState({ invoice: { onlinePaymentStat: 'p' }, lines: [line(1, { suppress: true })] }), [entry(1, false)]),
      ),
    ).toEqual({
      kind: 'conflict',
      message: VISIBILITY_TEXT.pending('Lot 1', false),
    });
  });

  it('a lot of another invoice is not found', () => {
    expect(refusal(() => planVisibility(editState(), [entry(99, true)]))).toEqual({
      kind: 'not_found',
      message: VISIBILITY_TEXT.lineNotFound,
    });
  });

  it('hides or shows an additional charge unless it is paid or pending', () => {
    const s = editState({
      additional: [additional(5, 1), additional(6, null, { hidden: true }), additional(7, 2, { onlinePaymentStat: 'p' })],
    });
    expect(planVisibility(s, [entry(1, true, true)])).toEqual([{ kind: 'additional', charge: s.additional[0], suppress: true }]);
    expect(planVisibility(s, [entry(null, false, true)])).toEqual([{ kind: 'additional', charge: s.additional[1], suppress: false }]);
    expect(refusal(() => planVisibility(s, [entry(2, true, true)]))).toEqual({
      kind: 'conflict',
      message: VISIBILITY_TEXT.additionalLocked(true),
    });
    expect(refusal(() => planVisibility(editState(), [entry(1, true, true)]))).toEqual({
      kind: 'not_found',
      message: VISIBILITY_TEXT.noAdditional,
    });
  });

  it('names the audit action', () => {
    expect(visibilityAction([entry(1, true)])).toBe('line.hide');
    expect(visibilityAction([entry(1, false), entry(2, false)])).toBe('line.show');
    expect(visibilityAction([entry(1, true, true)])).toBe('additional.hide');
    expect(visibilityAction([entry(1, true), entry(2, false)])).toBe('visibility');
  });
});
