import { ParseIdPipe } from '../../../core/http/id-param';
import { InvoiceGroupsError } from './invoice-groups.errors';
import {
  assertSameSaleLocation,
  catalogRefs,
  dateRange,
  EARLIEST_START_DATE,
  groupTitle,
  idempotencyKey,
  latestToday,
  paging,
  parseFilterDate,
  groupNotFound,
  sameSaleLocation,
  templateId,
  usDate,
} from './invoice-group-rules';
import { GROUP_TEXT } from './invoice-group-texts';

const BANNER =
  'Invoice Groups can only contain catalogs that had the same sale location for sales tax calculation. Please create separate invoice groups for the selected catalogs';

function failure(fn: () => unknown): { code: string; message: string; kind: string; fields?: Record<string, string> } {
  try {
    fn();
  } catch (e) {
    if (e instanceof InvoiceGroupsError) return { code: e.code, message: e.message, kind: e.kind, fields: e.fieldErrors };
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('invoice group rules', () => {
  describe('group name (spec: max 50 characters; longer text is cut with ... appended)', () => {
    it('keeps a name of up to 50 characters as typed, trimmed', () => {
      expect(groupTitle('  Autumn Sale  ')).toBe('Autumn Sale');
      expect(groupTitle('x'.repeat(50))).toBe('x'.repeat(50));
    });

    it("cuts a longer name to its first 50 characters and appends '...'", () => {
      expect(groupTitle('y'.repeat(51))).toBe(`${'y'.repeat(50)}...`);
      expect(groupTitle(`${'a'.repeat(49)}é and more`)).toBe(`${'a'.repeat(49)}é...`);
      expect(groupTitle('z'.repeat(500))).toHaveLength(53);
    });

    it('counts characters, not UTF-16 units, so an emoji is never split', () => {
      const name = '🖼'.repeat(51);
      expect(Array.from(groupTitle(name))).toHaveLength(53);
      expect(groupTitle(name).startsWith('🖼'.repeat(50))).toBe(true);
    });

    it('trims after turning control characters into spaces', () => {
      expect(groupTitle('\tWinter\nSale\u0000')).toBe('Winter Sale');
    });

    it.each([[''], ['   '], [null], [undefined], [42], [['Autumn']]])('refuses %j: a group name is required', (raw) => {
      expect(failure(() => groupTitle(raw))).toEqual({
        code: 'VALIDATION_FAILED',
        kind: 'validation',
        message: GROUP_TEXT.nameRequired,
        fields: { groupTitle: GROUP_TEXT.nameRequired },
      });
    });
  });

  describe('template and sessions of the request', () => {
    it('takes the template id as a number or its digits', () => {
      expect(templateId(7)).toBe(7);
      expect(templateId(' 12 ')).toBe(12);
    });

    it.each([[0], ['0'], [''], [null], [undefined], [-1], [1.5], ['abc'], [2_147_483_648]])(
      'refuses template %j: a template is required',
      (raw) => {
        expect(failure(() => templateId(raw)).fields).toEqual({ invoiceSettingsID: 'Please select an invoice template.' });
      },
    );

    it('takes catalogRefs, trimmed, each once', () => {
      expect(catalogRefs([' C1', 'C2', 'C1 '])).toEqual(['C1', 'C2']);
    });

    it.each([[[]], [undefined], ['C1'], [null]])('refuses %j: at least one session', (raw) => {
      expect(failure(() => catalogRefs(raw)).fields).toEqual({ catalogRefs: 'Please select at least one session.' });
    });

    it.each([[[1]], [['']], [['C1', null]], [['x'.repeat(33)]]])('refuses %j: sessions are named by catalogRef', (raw) => {
      expect(failure(() => catalogRefs(raw)).fields).toEqual({ catalogRefs: GROUP_TEXT.badSessionRef });
    });

    it('refuses more than 200 sessions', () => {
      expect(catalogRefs(Array.from({ length: 200 }, (_, i) => `C${i}`))).toHaveLength(200);
      expect(failure(() => catalogRefs(Array.from({ length: 201 }, (_, i) => `C${i}`))).fields).toEqual({
        catalogRefs: GROUP_TEXT.tooManySessions,
      });
    });
  });

  describe('one sale location per group (sales tax)', () => {
    it('accepts sessions at one location, or all without a location', () => {
      expect(sameSaleLocation([{ addressId: 3 }, { addressId: 3 }, { addressId: 3 }])).toBe(true);
      expect(sameSaleLocation([{ addressId: null }, { addressId: null }])).toBe(true);
      expect(sameSaleLocation([{ addressId: 9 }])).toBe(true);
    });

    it('refuses two locations, or a location next to none, with the exact banner of spec section 5', () => {
      expect(sameSaleLocation([{ addressId: 3 }, { addressId: 4 }])).toBe(false);
      expect(sameSaleLocation([{ addressId: 3 }, { addressId: null }])).toBe(false);
      expect(failure(() => assertSameSaleLocation([{ addressId: 1 }, { addressId: 2 }]))).toEqual({
        code: 'MIXED_SALE_LOCATIONS',
        kind: 'validation',
        message: BANNER,
        fields: undefined,
      });
      expect(() => assertSameSaleLocation([{ addressId: 1 }, { addressId: 1 }])).not.toThrow();
    });
  });

  describe('Existing Invoices dates (MM/DD/YYYY)', () => {
    const NOW = new Date('2026-11-21T12:00:00Z');

    it("reads MM/DD/YYYY (and the screen URL's YYYY-MM-DD) as calendar dates", () => {
      expect(parseFilterDate('11/05/2026')).toBe('2026-11-05');
      expect(parseFilterDate('1/5/2026')).toBe('2026-01-05');
      expect(parseFilterDate('2026-11-05')).toBe('2026-11-05');
      expect(parseFilterDate('02/29/2024')).toBe('2024-02-29');
      expect(parseFilterDate('')).toBeNull();
      expect(parseFilterDate(undefined)).toBeNull();
    });

    it.each([
      ['13/01/2026'],
      ['02/30/2026'],
      ['02/29/2025'],
      ['2026/11/05'],
      ['11-05-2026'],
      ['yesterday'],
      ['11/05/26'],
      [['11/05/2026']],
    ])('refuses %j', (raw) => {
      expect(failure(() => parseFilterDate(raw))).toEqual({
        code: 'BAD_DATE_RANGE',
        kind: 'bad_request',
        message: 'Dates must be valid dates in the format MM/DD/YYYY.',
        fields: undefined,
      });
    });

    it('no dates: no filter', () => {
      expect(dateRange(undefined, '', NOW)).toBeNull();
    });

    it('only an end date starts at 01/01/1989 (spec section 9)', () => {
      expect(dateRange(undefined, '03/15/2026', NOW)).toEqual({ from: EARLIEST_START_DATE, to: '2026-03-15' });
      expect(EARLIEST_START_DATE).toBe('1989-01-01');
    });

    it('only a start date runs to today', () => {
      expect(dateRange('03/15/2026', undefined, NOW)).toEqual({ from: '2026-03-15', to: latestToday(NOW) });
    });

    it("refuses TO before FROM with the spec's 'TO date cannot be before FROM date'", () => {
      expect(failure(() => dateRange('03/15/2026', '03/14/2026', NOW))).toEqual({
        code: 'BAD_DATE_RANGE',
        kind: 'bad_request',
        message: 'TO date cannot be before FROM date',
        fields: undefined,
      });
      expect(dateRange('03/15/2026', '03/15/2026', NOW)).toEqual({ from: '2026-03-15', to: '2026-03-15' });
    });

    it('refuses dates in the future, FROM or TO', () => {
      expect(failure(() => dateRange(undefined, '11/23/2026', NOW)).message).toBe('Dates cannot be in the future.');
      expect(failure(() => dateRange('11/23/2026', undefined, NOW)).message).toBe('Dates cannot be in the future.');
      expect(failure(() => dateRange('01/01/2026', '01/01/2100', NOW)).message).toBe('Dates cannot be in the future.');
    });

    it('accepts today wherever the user is: today is the latest calendar date on Earth (UTC+14)', () => {
      // 20:00 UTC on the 21st is already the 22nd in Kiribati (and in Auckland).
      const evening = new Date('2026-11-21T20:00:00Z');
      expect(latestToday(evening)).toBe('2026-11-22');
      expect(dateRange(undefined, '11/22/2026', evening)).toEqual({ from: '1989-01-01', to: '2026-11-22' });
      expect(failure(() => dateRange(undefined, '11/23/2026', evening)).message).toBe('Dates cannot be in the future.');
    });
  });

  describe('session dates', () => {
    it('print as MM/DD/YYYY', () => {
      expect(usDate('2026-02-28')).toBe('02/28/2026');
    });
  });

  describe('paging (page and size as the query DTO checked them)', () => {
    it("defaults to page 1 of the list's size", () => {
      expect(paging({}, 25)).toEqual({ page: 1, size: 25, offset: 0 });
      expect(paging({ page: 3, size: 10 }, 25)).toEqual({ page: 3, size: 10, offset: 20 });
      expect(paging({ page: 2 }, 10)).toEqual({ page: 2, size: 10, offset: 10 });
    });
  });

  it('reads an Idempotency-Key header', () => {
    expect(idempotencyKey(undefined)).toBeNull();
    expect(idempotencyKey(' 3f2a-11 ')).toBe('3f2a-11');
    expect(failure(() => idempotencyKey('')).code).toBe('BAD_QUERY');
    expect(failure(() => idempotencyKey('x'.repeat(101))).code).toBe('BAD_QUERY');
    expect(failure(() => idempotencyKey('with space')).code).toBe('BAD_QUERY');
  });

  it('reads a group id of a path, anything else is a 404', () => {
    const pathGroupId = (raw: string) => new ParseIdPipe(groupNotFound).transform(raw);
    expect(pathGroupId('15')).toBe(15);
    for (const bad of ['0', '-1', 'abc', '1e3', '99999999999']) expect(failure(() => pathGroupId(bad)).kind).toBe('not_found');
  });
});
