import { NO_BID_LIST_TEXT as T, readNoBidAdd } from './no-bid-list';

describe('readNoBidAdd', () => {
  it('reads digits as a paddle and anything else as an email, trimmed', () => {
    expect(readNoBidAdd(' 22 ', ' Never paid ')).toEqual({ ok: true, bidder: { paddle: 22 }, reason: 'Never paid' });
    expect(readNoBidAdd(7, 'x')).toEqual({ ok: true, bidder: { paddle: 7 }, reason: 'x' });
    expect(readNoBidAdd('Ben@Example.com', 'x')).toEqual({ ok: true, bidder: { email: 'Ben@Example.com' }, reason: 'x' });
  });

  it('answers every bad field at once', () => {
    expect(readNoBidAdd('', '  ')).toEqual({ ok: false, errors: { bidder: T.bidderRequired, reason: T.reasonRequired } });
    expect(readNoBidAdd(null, undefined)).toEqual({ ok: false, errors: { bidder: T.bidderRequired, reason: T.reasonRequired } });
    expect(readNoBidAdd('x'.repeat(121), 'r'.repeat(256))).toEqual({
      ok: false,
      errors: { bidder: T.bidderTooLong, reason: T.reasonTooLong },
    });
    expect(readNoBidAdd('x'.repeat(120), 'r'.repeat(255)).ok).toBe(true);
    // A paddle past int4 names no bidder.
    expect(readNoBidAdd('12345678901', 'r')).toEqual({ ok: false, errors: { bidder: T.bidderNotFound } });
  });
});
