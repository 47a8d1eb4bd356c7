import {
  DISPUTE_TEXT as T,
  isOpenableReason,
  offeredActions,
  openRefusal,
  openLongEnough,
  refuseDisputeAction,
  withinOpenWindow,
  type DisputeForAction,
} from './disputes';

const DAY = 86_400_000;
const NOW = new Date('2026-11-20T12:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
const d = (over: Partial<DisputeForAction> = {}): DisputeForAction => ({ open: true, ebay: false, openDate: ago(10), ...over });
const owner = { isSuperUser: false, termsAccepted: true };
const superUser = { isSuperUser: true, termsAccepted: false };

describe('dispute windows', () => {
  it('opens 4 to 50 days after the sale', () => {
    expect(withinOpenWindow(ago(3.99), NOW)).toBe(false);
    expect(withinOpenWindow(ago(4), NOW)).toBe(true);
    expect(withinOpenWindow(ago(50), NOW)).toBe(true);
    expect(withinOpenWindow(ago(50.01), NOW)).toBe(false);
  });
  it('closes after 4 open days', () => {
    expect(openLongEnough(ago(3.99), NOW)).toBe(false);
    expect(openLongEnough(ago(4), NOW)).toBe(true);
  });
});

describe('openRefusal', () => {
  const lot = { sold: true, channel: 'INV', disputeRef: null, saleDate: ago(10) };
  it('allows a sold online lot in the window', () => expect(openRefusal(lot, false, NOW)).toBeNull());
  it('refuses unsold, floor, already disputed, outside the window', () => {
    expect(openRefusal({ ...lot, sold: false }, true, NOW)).toBe(T.notSold);
    expect(openRefusal({ ...lot, channel: 'Floor' }, true, NOW)).toBe(T.floorBidder);
    expect(openRefusal({ ...lot, disputeRef: 'D1' }, true, NOW)).toBe(T.alreadyDisputed);
    expect(openRefusal({ ...lot, saleDate: ago(51) }, false, NOW)).toBe(T.outsideTimeFrame);
  });
  it('lets super users select any date', () => expect(openRefusal({ ...lot, saleDate: ago(200) }, true, NOW)).toBeNull());
});

describe('refuseDisputeAction', () => {
  const refuse = (action: Parameters<typeof refuseDisputeAction>[0], ds: DisputeForAction[], actor = owner, message = 'Hi') =>
    refuseDisputeAction(action, ds, actor, message, NOW)?.message ?? null;
  it('needs a selection', () => expect(refuse('send', [])).toBe(T.selectDispute));
  it('refuses open and past together', () => expect(refuse('close', [d(), d({ open: false })])).toBe(T.openAndPast));
  it('send needs a message and not an eBay bidder', () => {
    expect(refuse('send', [d()], owner, '')).toBe(T.messageRequired);
    expect(refuse('send', [d({ ebay: true })])).toBe(T.ebayMessage);
    expect(refuse('send', [d()])).toBeNull();
  });
  it('past disputes must be reopened for send, close and cancel', () => {
    for (const a of ['send', 'close', 'cancel'] as const) expect(refuse(a, [d({ open: false })], superUser)).toBe(T.mustReopen);
  });
  it('reopen: not on open, super users only, never eBay', () => {
    expect(refuse('reopen', [d()], superUser)).toBe(T.notOnOpen);
    expect(refuse('reopen', [d({ open: false })])).toBe(T.reopenSuperOnly);
    expect(refuse('reopen', [d({ open: false, ebay: true })], superUser)).toBe(T.ebayReopen);
    expect(refuse('reopen', [d({ open: false })], superUser)).toBeNull();
  });
  it('close by a non-super user: 4 open days, then accepted terms', () => {
    expect(refuse('close', [d({ openDate: ago(1) })])).toBe(T.outsideTimeFrame);
    expect(refuse('close', [d()], { isSuperUser: false, termsAccepted: false })).toBe(T.mustAgree);
    expect(refuse('close', [d()])).toBeNull();
    expect(refuse('close', [d({ openDate: ago(0) })], superUser)).toBeNull();
  });
});

describe('reasons and offered actions', () => {
  it('Mutual Resolution needs its details', () => {
    expect(isOpenableReason(4)).toBe(true);
    expect(isOpenableReason(5)).toBe(false);
    expect(isOpenableReason(7)).toBe(true);
    expect(isOpenableReason(99)).toBe(false);
  });
  it('close and cancel are not offered on past filters; reopen only to super users', () => {
    expect(offeredActions('open', false).map((a) => a.value)).toEqual(['send', 'close', 'cancel']);
    expect(offeredActions('past180', true).map((a) => a.value)).toEqual(['send', 'reopen']);
    expect(offeredActions('all', true).map((a) => a.value)).toEqual(['send', 'close', 'cancel', 'reopen']);
  });
});
