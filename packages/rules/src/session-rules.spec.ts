import {
  staggeredLotEnd,
  addYears,
  basicsNextStep,
  categoriesError,
  channelsError,
  createsResellSale,
  defaultResell,
  descriptionError,
  detailsNextStep,
  isTrackerValue,
  keptCategories,
  RESELL_MIN_UNSOLD,
  resellFirstLotEnd,
  resellTitle,
  SESSION_TEXT,
  sessionDateWindow,
  sessionTimeParts,
  STEP_TRACKER,
  stepTrackerValue,
  validateSessionBasics,
  viewNotesError,
  zoneAbbreviation,
  zonedInstant,
  type SessionBasicsContext,
  type WizardMoment,
} from './session-rules';

const NY = 'America/New_York';
// 10 March 2026 15:00 UTC: 11:00 in New York (EDT since 8 March).
const NOW = new Date('2026-03-10T15:00:00Z');
const live: SessionBasicsContext = { saleType: 'live', now: NOW, timeZone: NY, liveToTimedEligible: true };
const timed: SessionBasicsContext = { ...live, saleType: 'timed' };
const good = { title: 'Spring Sale', addressID: 5, date: '2026-04-01', hour: '07', minute: '30', ampm: 'PM' };

describe('live/timed step 1 rules', () => {
  it('accepts a complete session and normalises its values', () => {
    expect(validateSessionBasics({ ...good, title: '  Spring Sale ', date: '04/01/2026', ampm: 'pm' }, live)).toEqual({
      errors: {},
      values: {
        title: 'Spring Sale',
        addressId: 5,
        date: '2026-04-01',
        hour: '07',
        minute: '30',
        ampm: 'PM',
        timedType: null,
        timedValue: null,
        resell: false,
      },
    });
  });

  it('title: required, 120 at most', () => {
    expect(validateSessionBasics({ ...good, title: ' ' }, live).errors).toEqual({ title: 'Please enter a session title' });
    expect(validateSessionBasics({ ...good, title: 'x'.repeat(120) }, live).errors).toEqual({});
    expect(validateSessionBasics({ ...good, title: 'x'.repeat(121) }, live).errors).toEqual({ title: SESSION_TEXT.titleMax });
  });

  it('location required', () => {
    expect(validateSessionBasics({ ...good, addressID: null }, live).errors).toEqual({ addressID: SESSION_TEXT.locationRequired });
  });

  it('date: required (live and timed words), a real date, tomorrow up to two years ahead in the zone', () => {
    expect(validateSessionBasics({ ...good, date: '' }, live).errors).toEqual({ date: 'Please select a session date' });
    expect(validateSessionBasics({ ...good, date: '' }, timed).errors).toEqual({ date: 'Please select a first lot end date' });
    expect(validateSessionBasics({ ...good, date: '02/30/2026' }, live).errors).toEqual({ date: 'Please select a session date' });
    const window = 'Session date must be within the next two years';
    expect(validateSessionBasics({ ...good, date: '2026-03-10' }, live).errors).toEqual({ date: window });
    expect(validateSessionBasics({ ...good, date: '2026-03-11' }, live).errors).toEqual({});
    expect(validateSessionBasics({ ...good, date: '2028-03-10' }, live).errors).toEqual({});
    expect(validateSessionBasics({ ...good, date: '2028-03-11' }, live).errors).toEqual({ date: window });
  });

  it('the window is counted in the location zone: 23:30 in Los Angeles is already tomorrow in UTC', () => {
    const lateLa = new Date('2026-03-11T06:30:00Z'); // 10 March 23:30 in Los Angeles
    expect(sessionDateWindow(lateLa, 'America/Los_Angeles')).toEqual({ min: '2026-03-11', max: '2028-03-10' });
    expect(sessionDateWindow(lateLa, 'UTC')).toEqual({ min: '2026-03-12', max: '2028-03-11' });
  });

  it('two years from 29 February ends on 28 February', () => {
    expect(addYears('2028-02-29', 2)).toBe('2030-02-28');
    expect(addYears('2026-03-10', 2)).toBe('2028-03-10');
  });

  it('time: hours 01-12, minutes 00/15/30/45 (live and timed words), AM/PM required', () => {
    expect(validateSessionBasics({ ...good, hour: '' }, live).errors).toEqual({ time: 'Please select session time' });
    expect(validateSessionBasics({ ...good, minute: '10' }, timed).errors).toEqual({ time: 'Please select first lot end time' });
    expect(validateSessionBasics({ ...good, hour: '13' }, live).errors).toEqual({ time: 'Please select session time' });
    expect(validateSessionBasics({ ...good, hour: '1' }, live).values?.hour).toBe('01');
    expect(validateSessionBasics({ ...good, ampm: '' }, live).errors).toEqual({ ampm: 'Please select AM/PM' });
  });

  it('timed stagger: on with 60 by default, one of the offered seconds, or off', () => {
    expect(validateSessionBasics(good, timed).values).toMatchObject({ timedType: 1, timedValue: 60 });
    expect(validateSessionBasics({ ...good, timedType: 1, timedValue: 150 }, timed).values).toMatchObject({ timedValue: 150 });
    expect(validateSessionBasics({ ...good, timedType: '0', timedValue: 7 }, timed).values).toMatchObject({
      timedType: 0,
      timedValue: null,
    });
    expect(validateSessionBasics({ ...good, timedType: 1, timedValue: 20 }, timed).errors).toEqual({
      timedValue: SESSION_TEXT.staggerInvalid,
    });
  });

  it('resell toggle: live sessions of an eligible house only; the 15-lot rule', () => {
    expect(validateSessionBasics({ ...good, resellUnsoldLiveLots: 'Y' }, live).values?.resell).toBe(true);
    expect(validateSessionBasics({ ...good, resellUnsoldLiveLots: 'N' }, live).values?.resell).toBe(false);
    expect(validateSessionBasics({ ...good, resellUnsoldLiveLots: 'Y' }, timed).values?.resell).toBe(false);
    expect(validateSessionBasics({ ...good, resellUnsoldLiveLots: 'Y' }, { ...live, liveToTimedEligible: false }).values?.resell).toBe(
      false,
    );
    expect(defaultResell('live', true)).toBe(true);
    expect(defaultResell('timed', true)).toBe(false);
    expect(defaultResell('live', false)).toBe(false);
    expect(createsResellSale(true, 14)).toBe(false);
    expect(createsResellSale(true, 15)).toBe(true);
    expect(createsResellSale(false, 40)).toBe(false);
  });
});

describe('time zones across daylight-saving changes', () => {
  it('7:30 PM New York is 23:30 UTC in summer and 00:30 UTC the next day in winter', () => {
    expect(zonedInstant('2026-07-01', 19, 30, NY).toISOString()).toBe('2026-07-01T23:30:00.000Z');
    expect(zonedInstant('2026-01-15', 19, 30, NY).toISOString()).toBe('2026-01-16T00:30:00.000Z');
  });

  it('either side of the spring and autumn changes (8 March, 1 November 2026)', () => {
    expect(zonedInstant('2026-03-07', 10, 0, NY).toISOString()).toBe('2026-03-07T15:00:00.000Z');
    expect(zonedInstant('2026-03-08', 10, 0, NY).toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(zonedInstant('2026-10-31', 10, 0, NY).toISOString()).toBe('2026-10-31T14:00:00.000Z');
    expect(zonedInstant('2026-11-01', 10, 0, NY).toISOString()).toBe('2026-11-01T15:00:00.000Z');
  });

  it('a skipped hour moves forward, a repeated hour takes the first', () => {
    expect(zonedInstant('2026-03-08', 2, 30, NY).toISOString()).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
    expect(zonedInstant('2026-11-01', 1, 30, NY).toISOString()).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT
  });

  it('reads an instant back as the form parts, and names the zone by the date', () => {
    expect(sessionTimeParts(new Date('2026-01-16T00:30:00Z'), NY)).toEqual({ date: '2026-01-15', hour: '07', minute: '30', ampm: 'PM' });
    expect(sessionTimeParts(new Date('2026-07-01T16:00:00Z'), NY)).toEqual({ date: '2026-07-01', hour: '12', minute: '00', ampm: 'PM' });
    expect(sessionTimeParts(new Date('2026-07-01T04:15:00Z'), NY)).toEqual({ date: '2026-07-01', hour: '12', minute: '15', ampm: 'AM' });
    expect(zoneAbbreviation('2026-01-15', NY)).toBe('EST');
    expect(zoneAbbreviation('2026-07-15', NY)).toBe('EDT');
    expect(zonedInstant('2026-06-01', 9, 0, 'Europe/London').toISOString()).toBe('2026-06-01T08:00:00.000Z');
  });
});

describe('live/timed step 2 rules', () => {
  it('categories: 1 to 8, extras ignored', () => {
    expect(categoriesError([])).toBe('Please select at least one category');
    expect(categoriesError([3])).toBeNull();
    expect(keptCategories([1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('channels: a value among its states; one non-zero, or a fixed channel present', () => {
    const open = { states: [0, 1, 2] as (0 | 1 | 2)[] };
    expect(
      channelsError([
        { ...open, value: 0 },
        { ...open, value: 0 },
      ]),
    ).toBe(SESSION_TEXT.channelRequired);
    expect(
      channelsError([
        { ...open, value: 0 },
        { ...open, value: 1 },
      ]),
    ).toBeNull();
    expect(
      channelsError([
        { ...open, value: 0 },
        { states: [2], value: 2 },
      ]),
    ).toBeNull();
    expect(channelsError([{ states: [2], value: 1 }])).toBe(SESSION_TEXT.channelStateInvalid);
  });

  it('viewing notes: 2500 at most, no HTML or JavaScript', () => {
    expect(viewNotesError('x'.repeat(2500))).toBeNull();
    expect(viewNotesError('x'.repeat(2501))).toBe(SESSION_TEXT.viewNotesMax);
    expect(viewNotesError('Viewing <b>Friday</b>')).toBe(SESSION_TEXT.viewNotesHtml);
    expect(viewNotesError('see javascript:alert(1)')).toBe(SESSION_TEXT.viewNotesHtml);
    expect(viewNotesError('Friday 10 < 12 noon')).toBeNull();
    expect(descriptionError('x'.repeat(10001))).toBe(SESSION_TEXT.descriptionMax);
  });
});

describe('step tracker (spec 001 section 4)', () => {
  // [wizard, moment, from the summary, recorded value (null: no call)]: every value of "Wizard progress",
  // then ours where the spec is silent (docs/decisions/session-wizard.md).
  const table: [Parameters<typeof stepTrackerValue>[0], WizardMoment, boolean, number | null][] = [
    // Bin: step 1 Continue records 2, or (from the summary) is left unchanged at 5.
    ['bin', 'details', false, 2],
    ['bin', 'details', true, null],
    // "Add single item" records 5 and opens lot 0; saving that lot records nothing more.
    ['bin', 'addSingleItem', false, 5],
    ['bin', 'addSingleItem', true, 5],
    ['bin', 'singleItemAdded', false, null],
    // After the lot update in step 2 (or Skip & Continue), Continue records 3; 4 after images; 5 after preview.
    ['bin', 'items', false, 3],
    ['bin', 'images', false, 4],
    ['bin', 'preview', false, 5],
    // Ours: from the summary, items and images return there and record it.
    ['bin', 'items', true, 5],
    ['bin', 'images', true, 5],
    // Bin has no live/timed step 1.
    ['bin', 'basicsCreated', false, null],
    // Live/timed: step 1 creation records 2; an edit records nothing.
    ...(['live', 'timed'] as const).flatMap((k): [typeof k, WizardMoment, boolean, number | null][] => [
      [k, 'basicsCreated', false, 2],
      [k, 'basicsEdited', false, null],
      [k, 'basicsEdited', true, null],
      // Step 2 Continue records 3 (6 if arrived from the summary).
      [k, 'details', false, 3],
      [k, 'details', true, 6],
      // The lot review step records 4 on Continue (and Skip & Continue), or 6 when skipping to the summary.
      [k, 'items', false, 4],
      [k, 'items', true, 6],
      // 5 after images, 6 after preview.
      [k, 'images', false, 5],
      [k, 'preview', false, 6],
      // Ours: "Add single item" records nothing until its lot is saved, then 4 (on to Upload Images);
      // from the summary the Lot page returns there and records nothing.
      [k, 'addSingleItem', false, null],
      [k, 'singleItemAdded', false, 4],
      [k, 'singleItemAdded', true, null],
      [k, 'images', true, 6],
    ]),
  ];

  it.each(table)('%s %s (from the summary: %s) records %p', (kind, moment, fromSummary, value) => {
    expect(stepTrackerValue(kind, moment, fromSummary)).toBe(value);
  });

  it('every recorded value is one the server accepts, and the constants keep the spec values', () => {
    for (const [kind, moment, fromSummary] of table) {
      const v = stepTrackerValue(kind, moment, fromSummary);
      if (v !== null) expect(isTrackerValue(kind, v)).toBe(true);
    }
    expect(STEP_TRACKER.liveTimed).toMatchObject({
      sessionCreated: 2,
      detailsContinue: 3,
      lotReviewContinue: 4,
      imagesDone: 5,
      previewDone: 6,
    });
    expect(STEP_TRACKER.bin).toMatchObject({ detailsContinue: 2, addSingleItem: 5, itemsContinue: 3, imagesDone: 4, previewDone: 5 });
  });

  it('where steps 1 and 2 go next', () => {
    expect(basicsNextStep(false)).toBe(2);
    expect(basicsNextStep(true)).toBe(6);
    expect(detailsNextStep(false)).toBe(3);
    expect(detailsNextStep(true)).toBe(6);
  });

  it('accepted values: 1-6 live/timed, 1-5 bin, whole numbers', () => {
    expect(isTrackerValue('live', 6)).toBe(true);
    expect(isTrackerValue('bin', 6)).toBe(false);
    expect(isTrackerValue('timed', 0)).toBe(false);
    expect(isTrackerValue('timed', 2.5)).toBe(false);
    expect(isTrackerValue('timed', '3')).toBe(false);
  });
});

describe('staggeredLotEnd', () => {
  const first = new Date('2027-03-14T06:30:00Z');
  it('adds the stagger per lot before it, across a daylight-saving change (UTC arithmetic)', () => {
    expect(staggeredLotEnd(first, 1, 90, 0).toISOString()).toBe('2027-03-14T06:30:00.000Z');
    expect(staggeredLotEnd(first, 1, 90, 3).toISOString()).toBe('2027-03-14T06:34:30.000Z');
  });
  it('ends every lot together for timedType 0 and uses 60 s when no stagger is stored', () => {
    expect(staggeredLotEnd(first, 0, 90, 5).getTime()).toBe(first.getTime());
    expect(staggeredLotEnd(first, 1, null, 2).toISOString()).toBe('2027-03-14T06:32:00.000Z');
  });
});

describe('the resell job (an automatic timed sale of unsold live lots)', () => {
  it('the 15-lot rule: 15 or more unsold lots of a session with the toggle on', () => {
    expect(RESELL_MIN_UNSOLD).toBe(15);
    expect(createsResellSale(true, 0)).toBe(false);
    expect(createsResellSale(true, RESELL_MIN_UNSOLD - 1)).toBe(false);
    expect(createsResellSale(true, RESELL_MIN_UNSOLD)).toBe(true);
    expect(createsResellSale(false, 1000)).toBe(false);
  });

  it('first lot end: the live wall time a week later, across a daylight-saving change', () => {
    // Live 2 March 2026 19:30 EST (00:30 UTC on the 3rd); a week later New York is on EDT.
    const liveStart = zonedInstant('2026-03-02', 19, 30, NY);
    expect(liveStart.toISOString()).toBe('2026-03-03T00:30:00.000Z');
    const end = resellFirstLotEnd(liveStart, NY, new Date('2026-03-04T12:00:00Z'));
    expect(end.toISOString()).toBe('2026-03-09T23:30:00.000Z');
    expect(sessionTimeParts(end, NY)).toEqual({ date: '2026-03-09', hour: '07', minute: '30', ampm: 'PM' });
  });

  it('first lot end: a further week at a time until after today in the zone (a late run)', () => {
    const liveStart = zonedInstant('2026-06-01', 10, 0, NY);
    // Run on the 8th (the first candidate date itself): not after today, so the 15th.
    expect(sessionTimeParts(resellFirstLotEnd(liveStart, NY, new Date('2026-06-08T09:00:00Z')), NY).date).toBe('2026-06-15');
    expect(sessionTimeParts(resellFirstLotEnd(liveStart, NY, new Date('2026-06-07T20:00:00Z')), NY).date).toBe('2026-06-08');
    expect(sessionTimeParts(resellFirstLotEnd(liveStart, NY, new Date('2026-07-01T00:00:00Z')), NY).date).toBe('2026-07-06');
  });

  it('title: the live title marked, within 120 characters', () => {
    expect(resellTitle('Spring Fine Art')).toBe('Spring Fine Art - Timed Resale');
    const long = resellTitle('x'.repeat(120));
    expect(long).toHaveLength(120);
    expect(long.endsWith(' - Timed Resale')).toBe(true);
  });
});
