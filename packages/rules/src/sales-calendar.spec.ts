import {
  addSessionBlockedBy,
  binBlockedBy,
  CALENDAR_TEXT,
  canDeleteSession,
  editStep,
  formatSessionStart,
  MAX_SESSIONS_PER_SALE,
  sessionActions,
  sessionState,
  sessionTableHeight,
  type CalendarViewer,
} from './sales-calendar';

const H = 3_600_000;
const viewer = (over: Partial<CalendarViewer> = {}): CalendarViewer => ({
  accessConsole: false,
  accessBulkbiding: false,
  accessReports: false,
  accessInvoices: false,
  accessCustomer: false,
  isSuperUser: false,
  bulkBiddingEnabled: false,
  isOnlineOnly: false,
  ...over,
});
const ALL = viewer({
  accessConsole: true,
  accessBulkbiding: true,
  accessReports: true,
  accessInvoices: true,
  accessCustomer: true,
  bulkBiddingEnabled: true,
});

const NOW = new Date('2026-06-10T15:00:00Z');
const session = (startsInHours: number, over: Partial<Parameters<typeof sessionActions>[1]> = {}) => {
  const start = new Date(NOW.getTime() + startsInHours * H);
  const state = sessionState(start, NOW);
  return {
    catalogID: 7,
    catalogRef: 'CREF7',
    saleType: 'live' as const,
    lotCount: 0,
    editStep: 2,
    invoiceGroupID: null,
    catalogDateTimeUTC: start.toISOString(),
    ...state,
    canDelete: canDeleteSession(over.lotCount ?? 0, state.in2Hours),
    ...over,
  };
};
const keys = (a: { key: string }[]) => a.map((x) => x.key);

describe('sessionState: the two-hour lock and past', () => {
  it('locks exactly two hours before start, and stays locked after it', () => {
    const start = new Date('2026-06-10T18:00:00Z');
    expect(sessionState(start, new Date(start.getTime() - 2 * H - 1)).in2Hours).toBe(false);
    expect(sessionState(start, new Date(start.getTime() - 2 * H)).in2Hours).toBe(true);
    expect(sessionState(start, new Date(start.getTime() + 5 * H)).in2Hours).toBe(true);
  });

  it('moves a session to Past a day after its start', () => {
    const start = new Date('2026-06-10T18:00:00Z');
    expect(sessionState(start, new Date(start.getTime() + 24 * H - 1)).isPast).toBe(false);
    expect(sessionState(start, new Date(start.getTime() + 24 * H)).isPast).toBe(true);
  });

  it('counts real hours across the spring-forward change (New York, 8 March 2026): two wall-clock hours are one real hour', () => {
    // 03:30 EDT on the change day is 07:30Z; 01:30 EST the same night is 06:30Z: a wall clock says 2 h, it is 1 h.
    const start = new Date('2026-03-08T07:30:00Z');
    expect(formatSessionStart(start, 'America/New_York')).toBe('03/08/2026 03:30 AM EDT');
    const wallTwoHoursBefore = new Date('2026-03-08T06:30:00Z');
    expect(formatSessionStart(wallTwoHoursBefore, 'America/New_York')).toBe('03/08/2026 01:30 AM EST');
    expect(sessionState(start, wallTwoHoursBefore).in2Hours).toBe(true);
    // 00:29 EST is 05:29Z: 2 h 1 min before in real time (a wall clock would say 3 h 1 min): still open.
    expect(sessionState(start, new Date('2026-03-08T05:29:00Z')).in2Hours).toBe(false);
    expect(sessionState(start, new Date('2026-03-08T05:30:00Z')).in2Hours).toBe(true);
  });

  it('counts real hours across the fall-back change (1 November 2026): the repeated hour is counted once', () => {
    // 01:30 EST (the second 01:30 of the night) is 06:30Z; the lock starts at 04:30Z = 00:30 EDT, three wall-clock hours before.
    const start = new Date('2026-11-01T06:30:00Z');
    expect(formatSessionStart(start, 'America/New_York')).toBe('11/01/2026 01:30 AM EST');
    expect(sessionState(start, new Date('2026-11-01T04:29:59Z')).in2Hours).toBe(false);
    expect(sessionState(start, new Date('2026-11-01T04:30:00Z')).in2Hours).toBe(true);
    expect(formatSessionStart(new Date('2026-11-01T04:30:00Z'), 'America/New_York')).toBe('11/01/2026 12:30 AM EDT');
  });
});

describe('editStep', () => {
  it('opens the recorded step, the summary of a published session, else step 1', () => {
    expect(editStep('live', 3, false)).toBe(3);
    expect(editStep('timed', null, true)).toBe(6);
    expect(editStep('bin', null, true)).toBe(5);
    expect(editStep('live', null, false)).toBe(1);
    // A step out of the wizard's range is not trusted.
    expect(editStep('bin', 6, false)).toBe(1);
    expect(editStep('live', 0, true)).toBe(6);
  });
});

describe('sessionTableHeight and limits', () => {
  it('800 px when more than 3 rows, otherwise 400 px', () => {
    expect(sessionTableHeight(1)).toBe(400);
    expect(sessionTableHeight(3)).toBe(400);
    expect(sessionTableHeight(4)).toBe(800);
    expect(MAX_SESSIONS_PER_SALE).toBeGreaterThan(1);
  });
});

describe('addSessionBlockedBy: the maximum sessions rule and the fee structure', () => {
  it('blocks at the maximum, then when the sale and the house differ in fee structure', () => {
    expect(addSessionBlockedBy(MAX_SESSIONS_PER_SALE - 1, false, false)).toBeNull();
    expect(addSessionBlockedBy(MAX_SESSIONS_PER_SALE, false, false)).toBe('maxSessions');
    expect(addSessionBlockedBy(0, true, false)).toBe('feeStep');
    expect(addSessionBlockedBy(0, false, true)).toBe('feeStep');
    expect(addSessionBlockedBy(2, true, true)).toBeNull();
  });
});

describe('binBlockedBy: Buy Now in Add Sale', () => {
  it('is disabled when a buy-now sale exists or payment processing is not enabled', () => {
    expect(binBlockedBy(false, true, true)).toBeNull();
    expect(binBlockedBy(true, true, true)).toBe(CALENDAR_TEXT.binExists);
    expect(binBlockedBy(false, false, true)).toBe(CALENDAR_TEXT.binNeedsProcessing);
    expect(binBlockedBy(false, true, false)).toBe(CALENDAR_TEXT.binNeedsProcessing);
  });
});

describe('sessionActions: which actions show, by flags and state', () => {
  it('Delete Session only with 0 lots and outside the two-hour lock', () => {
    expect(keys(sessionActions(1, session(48), viewer(), NOW))).toContain('delete');
    expect(keys(sessionActions(1, session(48, { lotCount: 3 }), viewer(), NOW))).not.toContain('delete');
    expect(keys(sessionActions(1, session(1), viewer(), NOW))).not.toContain('delete');
    expect(canDeleteSession(0, false)).toBe(true);
    expect(canDeleteSession(1, false)).toBe(false);
    expect(canDeleteSession(0, true)).toBe(false);
  });

  it('Edit opens the session wizard at its step, and is gone within two hours of start', () => {
    const edit = sessionActions(4, session(48), viewer(), NOW).find((a) => a.key === 'edit');
    expect(edit?.to).toBe('/session/live/4/7/2');
    expect(keys(sessionActions(4, session(1.5), viewer(), NOW))).not.toContain('edit');
  });

  it('consoles need accessConsole; saleroom console and broadcast also live lots and the two-hour window', () => {
    expect(keys(sessionActions(1, session(48, { lotCount: 5 }), viewer(), NOW))).not.toContain('sellerConsole');
    const far = keys(sessionActions(1, session(48, { lotCount: 5 }), ALL, NOW));
    expect(far).toEqual(expect.arrayContaining(['sellerConsole', 'testBidderConsole', 'toteBoard']));
    expect(far).not.toContain('saleroomConsole');
    const near = keys(sessionActions(1, session(1, { lotCount: 5 }), ALL, NOW));
    expect(near).toEqual(expect.arrayContaining(['saleroomConsole', 'broadcast']));
    expect(keys(sessionActions(1, session(1, { lotCount: 0 }), ALL, NOW))).not.toContain('saleroomConsole');
    expect(keys(sessionActions(1, session(1, { lotCount: 5, saleType: 'timed' }), ALL, NOW))).not.toContain('broadcast');
  });

  it('bulk bidding: timed sessions, the flag, and the house setting or a super user', () => {
    const timed = session(48, { saleType: 'timed', lotCount: 5 });
    expect(keys(sessionActions(1, timed, ALL, NOW))).toContain('bulkBidding');
    expect(keys(sessionActions(1, session(48, { lotCount: 5 }), ALL, NOW))).not.toContain('bulkBidding');
    expect(keys(sessionActions(1, timed, { ...ALL, bulkBiddingEnabled: false }, NOW))).not.toContain('bulkBidding');
    expect(keys(sessionActions(1, timed, { ...ALL, bulkBiddingEnabled: false, isSuperUser: true }, NOW))).toContain('bulkBidding');
    expect(keys(sessionActions(1, timed, { ...ALL, accessBulkbiding: false }, NOW))).not.toContain('bulkBidding');
  });

  it('invoices need accessInvoices and an invoice group; realized prices a past session within 45 days or a super user', () => {
    const past = session(-72, { lotCount: 5, invoiceGroupID: 12 });
    expect(sessionActions(1, past, ALL, NOW).find((a) => a.key === 'invoices')?.to).toBe('/invoices/InvoiceGroupDetails/12');
    expect(keys(sessionActions(1, past, { ...ALL, accessInvoices: false }, NOW))).not.toContain('invoices');
    expect(keys(sessionActions(1, past, ALL, NOW))).toContain('pricesRealized');
    expect(keys(sessionActions(1, past, { ...ALL, isOnlineOnly: true }, NOW))).not.toContain('pricesRealized');
    const old = session(-24 * 50, { lotCount: 5 });
    expect(keys(sessionActions(1, old, ALL, NOW))).not.toContain('pricesRealized');
    expect(keys(sessionActions(1, old, { ...ALL, isSuperUser: true }, NOW))).toContain('pricesRealized');
    expect(keys(sessionActions(1, session(48), ALL, NOW))).not.toContain('pricesRealized');
  });

  it('reports links need accessReports; bidder view and disputes accessCustomer', () => {
    expect(keys(sessionActions(1, session(-72), viewer({ accessReports: true }), NOW))).toEqual(
      expect.arrayContaining(['statistics', 'salesResults']),
    );
    expect(keys(sessionActions(1, session(-72), viewer(), NOW))).not.toContain('statistics');
    expect(keys(sessionActions(1, session(-72), viewer({ accessCustomer: true }), NOW))).toEqual(
      expect.arrayContaining(['bidderView', 'disputes']),
    );
  });
});
