import {
  canDeleteSelected,
  canPublishSelected,
  cutTitle,
  featuredError,
  lotPriceText,
  lotStatus,
  publishAllShown,
  publishBlockedByUnlotted,
  sortByStatus,
  SUMMARY_TEXT as T,
  toggleFeatured,
  type LotFlags,
} from './summary-publish';

const flags = (over: Partial<LotFlags> = {}): LotFlags => ({
  deleted: false,
  unpublished: false,
  images: 1,
  potentiallyBanned: false,
  banned: false,
  restricted: false,
  ...over,
});
const lot = (lotNumber: string | null, over: Partial<LotFlags> = {}, lotExt: string | null = null) => ({
  ...flags(over),
  lotNumber,
  lotExt,
  invNumber: lotNumber === null ? `INV-${Math.random()}` : null,
});

describe('lot status', () => {
  it.each([
    [flags({ deleted: true, unpublished: true, banned: true }), 'deleted'],
    [flags({ unpublished: true, images: 0, banned: true }), 'unpublished'],
    [flags({ images: 0, potentiallyBanned: true }), 'noImages'],
    [flags({ potentiallyBanned: true, banned: true }), 'potentiallyBanned'],
    [flags({ banned: true, restricted: true }), 'banned'],
    [flags({ restricted: true }), 'restricted'],
    [flags(), 'published'],
  ])('%j is %s', (f, status) => expect(lotStatus(f)).toBe(status));

  it('sorts unpublished, no images, potentially banned, banned, restricted, deleted, other; then by lot number', () => {
    const rows = [
      lot('1'),
      lot('2', { deleted: true }),
      lot('3', { restricted: true }),
      lot('4', { banned: true }),
      lot('5', { potentiallyBanned: true }),
      lot('6', { images: 0 }),
      lot('10', { unpublished: true }),
      lot('9', { unpublished: true }),
      lot('9', { unpublished: true }, 'A'),
    ];
    expect(sortByStatus(rows).map((l) => `${l.lotNumber}${l.lotExt ?? ''}`)).toEqual(['9', '9A', '10', '6', '5', '4', '3', '2', '1']);
  });
});

describe('publish and delete conditions', () => {
  const sel = (lotNumber: string | null, unpublished: boolean, deleted = false) => ({ lotNumber, unpublished, deleted });

  it('Publish All shows for an unpublished catalog or when unpublished lots exist', () => {
    expect(publishAllShown(false, [])).toBe(true);
    expect(publishAllShown(true, [sel('1', false)])).toBe(false);
    expect(publishAllShown(true, [sel('1', true)])).toBe(true);
    // A deleted lot is unpublished but no longer offered.
    expect(publishAllShown(true, [sel('1', true, true)])).toBe(false);
  });

  it('is disabled while a (non-deleted) lot has no lot number', () => {
    expect(publishBlockedByUnlotted([sel('1', true), sel(null, true)])).toBe(true);
    expect(publishBlockedByUnlotted([sel('1', true), sel(null, true, true)])).toBe(false);
  });

  it('publish selected needs an unpublished non-deleted lot and lot numbers on every selected lot', () => {
    expect(canPublishSelected([])).toBe(false);
    expect(canPublishSelected([sel('1', false)])).toBe(false);
    expect(canPublishSelected([sel('1', true, true)])).toBe(false);
    expect(canPublishSelected([sel('1', false), sel('2', true)])).toBe(true);
    expect(canPublishSelected([sel('2', true), sel(null, true)])).toBe(false);
  });

  it('delete selected: something selected, nothing deleted, not within two hours', () => {
    expect(canDeleteSelected([], false)).toBe(false);
    expect(canDeleteSelected([sel('1', true)], false)).toBe(true);
    expect(canDeleteSelected([sel('1', true)], true)).toBe(false);
    expect(canDeleteSelected([sel('1', true), sel('2', true, true)], false)).toBe(false);
  });
});

describe('featured picker', () => {
  const lots = [1, 2, 3, 4, 5, 6].map((id) => ({ lotID: id, deleted: false, banned: id === 6 }));

  it('adds and removes; a sixth asks to deselect first', () => {
    expect(toggleFeatured([1, 2], 3)).toEqual({ ids: [1, 2, 3], error: null });
    expect(toggleFeatured([1, 2, 3], 2)).toEqual({ ids: [1, 3], error: null });
    expect(toggleFeatured([1, 2, 3, 4, 5], 6)).toEqual({ ids: [1, 2, 3, 4, 5], error: T.featuredDeselectFirst });
  });

  it('saves exactly five distinct, non-deleted, unbanned lots of the session', () => {
    expect(featuredError([1, 2, 3, 4, 5], lots)).toBeNull();
    expect(featuredError([1, 2, 3, 4], lots)).toBe(T.featuredCount);
    expect(featuredError([1, 2, 3, 4, 4], lots)).toBe(T.featuredCount);
    expect(featuredError([1, 2, 3, 4, 5, 6], lots)).toBe(T.featuredCount);
    expect(featuredError([1, 2, 3, 4, 6], lots)).toBe(T.featuredBanned);
    expect(featuredError([1, 2, 3, 4, 99], lots)).toBe(T.featuredUnknown);
    expect(featuredError([1, 2, 3, 4, 5], [...lots.slice(1), { lotID: 1, deleted: true, banned: false }])).toBe(T.featuredUnknown);
  });

  it('quotes the spec messages exactly', () => {
    expect(T.featuredBanned).toBe('A banned lot has been selected and is ineligible to be featured.  Select 5 unbanned featured lots.');
    expect(T.featuredDeselectFirst).toBe('You must deselect an item before selecting a new one');
    expect(T.unlotted).toBe('Please make sure all items have a lot number or inventory number.');
  });
});

it('cuts summary titles over 75 characters', () => {
  expect(cutTitle('x'.repeat(75))).toBe('x'.repeat(75));
  expect(cutTitle('x'.repeat(76))).toBe(`${'x'.repeat(75)}…`);
});

describe('lotPriceText (the summary table and the preview grid)', () => {
  const priced = (over: Partial<{ price: number | null; startingBid: number | null; loEst: number | null; hiEst: number | null }>) => ({
    price: null,
    startingBid: null,
    loEst: null,
    hiEst: null,
    ...over,
  });

  it('a live or timed lot shows its estimate, not the starting bid computed from it', () => {
    const l = priced({ loEst: 800, hiEst: 1_200, startingBid: 400 });
    expect(lotPriceText(l, 'timed', 'USD')).toBe('$800 - $1,200');
    expect(lotPriceText(l, 'live', 'USD')).toBe('$800 - $1,200');
  });

  it('one estimate alone shows that end; without estimates the starting bid, labelled', () => {
    expect(lotPriceText(priced({ loEst: 800, startingBid: 400 }), 'timed', 'USD')).toBe('$800');
    expect(lotPriceText(priced({ hiEst: 1_200, startingBid: 600 }), 'live', 'USD')).toBe('$1,200');
    expect(lotPriceText(priced({ startingBid: 250 }), 'timed', 'USD')).toBe('Starting bid $250');
    expect(lotPriceText(priced({}), 'live', 'USD')).toBe('—');
  });

  it('a buy-now item shows its price, in the session currency', () => {
    expect(lotPriceText(priced({ price: 1_500 }), 'bin', 'USD')).toBe('$1,500');
    expect(lotPriceText(priced({ price: 1_500 }), 'bin', 'GBP')).toBe('£1,500');
    expect(lotPriceText(priced({}), 'bin', 'USD')).toBe('—');
  });
});
