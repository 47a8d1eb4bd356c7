import { canReconcile, describeResult, EOA_TEXT, parseHammer, parsePaddle } from './eoa';

describe('EOA input rules', () => {
  it('reads a hammer in exact cents from text or a number', () => {
    expect(parseHammer('1250')).toEqual({ ok: true, value: 125_000 });
    expect(parseHammer('1250.5')).toEqual({ ok: true, value: 125_050 });
    expect(parseHammer(' 0.07 ')).toEqual({ ok: true, value: 7 });
    expect(parseHammer(333.33)).toEqual({ ok: true, value: 33_333 });
    expect(parseHammer('0')).toEqual({ ok: true, value: 0 });
    expect(parseHammer('-0')).toEqual({ ok: true, value: 0 });
    expect(parseHammer('99999999.99')).toEqual({ ok: true, value: 9_999_999_999 });
  });

  it('refuses a missing, malformed, negative or too large hammer with its message', () => {
    expect(parseHammer(undefined)).toEqual({ ok: false, message: EOA_TEXT.hammerRequired });
    expect(parseHammer('  ')).toEqual({ ok: false, message: EOA_TEXT.hammerRequired });
    for (const bad of ['1.234', '1,250', 'abc', '1e3', '.5', '12.', true, {}, Number.NaN, 1e21]) {
      expect(parseHammer(bad)).toEqual({ ok: false, message: EOA_TEXT.hammerFormat });
    }
    expect(parseHammer('-5')).toEqual({ ok: false, message: EOA_TEXT.hammerNegative });
    expect(parseHammer(-0.01)).toEqual({ ok: false, message: EOA_TEXT.hammerNegative });
    expect(parseHammer('100000000')).toEqual({ ok: false, message: EOA_TEXT.hammerTooLarge });
  });

  it('reads a paddle as a positive whole number', () => {
    expect(parsePaddle('12')).toEqual({ ok: true, value: 12 });
    expect(parsePaddle(7)).toEqual({ ok: true, value: 7 });
    expect(parsePaddle(null)).toEqual({ ok: false, message: EOA_TEXT.paddleRequired });
    expect(parsePaddle('')).toEqual({ ok: false, message: EOA_TEXT.paddleRequired });
    for (const bad of ['0', '-3', '1.5', 'A12', 2.5, '99999999999', false]) {
      expect(parsePaddle(bad)).toEqual({ ok: false, message: EOA_TEXT.paddleFormat });
    }
  });

  it('lets super users and users with reports access reconcile', () => {
    expect(canReconcile({ isSuperUser: true, accessReports: false })).toBe(true);
    expect(canReconcile({ isSuperUser: false, accessReports: true })).toBe(true);
    expect(canReconcile({ isSuperUser: false, accessReports: false })).toBe(false);
  });

  it('describes a result for the audit trail', () => {
    expect(describeResult({ hammer: 125_050, paddleNumber: 12, buyerName: 'Bob Avery', channel: 'INV' })).toBe(
      '1,250.50 to paddle 12 (Bob Avery), INV',
    );
    expect(describeResult({ hammer: null, paddleNumber: null, buyerName: null, channel: null })).toBe('Passed');
  });
});
