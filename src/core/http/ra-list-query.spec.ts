import { contentRange, MAX_PAGE_SIZE, parseRaListQuery, raFilterIds } from './ra-list-query';

const opts = { sortable: ['name', 'id'] as const, defaultSort: { field: 'id', order: 'ASC' as const } };

describe('parseRaListQuery', () => {
  it('reads sort, range and filter in ra-data-simple-rest form', () => {
    expect(parseRaListQuery({ sort: '["name","desc"]', range: '[25,49]', filter: '{"q":"x"}' }, opts)).toEqual({
      sort: { field: 'name', order: 'DESC' },
      offset: 25,
      limit: 25,
      filter: { q: 'x' },
    });
  });

  it('uses defaults and caps the page size', () => {
    expect(parseRaListQuery({}, opts)).toEqual({ sort: { field: 'id', order: 'ASC' }, offset: 0, limit: 25, filter: {} });
    expect(parseRaListQuery({ range: '[0,100000]' }, opts).limit).toBe(MAX_PAGE_SIZE);
  });

  it.each([
    [{ sort: 'name' }, /sort must be JSON/],
    [{ sort: '["password","ASC"]' }, /Cannot sort by password/],
    [{ sort: '["name","UP"]' }, /sort must be/],
    [{ range: '[5,1]' }, /range must be/],
    [{ range: '[-1,3]' }, /range must be/],
    [{ filter: '[1]' }, /filter must be a JSON object/],
    [{ filter: '{oops' }, /filter must be JSON/],
  ])('refuses %j', (q, message) => {
    expect(() => parseRaListQuery(q, opts)).toThrow(message);
  });
});

describe('contentRange', () => {
  it('formats the range react-admin reads', () => {
    expect(contentRange('locations', 0, 25, 100)).toBe('locations 0-24/100');
    expect(contentRange('locations', 0, 0, 0)).toBe('locations */0');
  });
});

describe('react-admin filters', () => {
  it('raFilterIds: whole numbers (one or a list), deduplicated; ids beyond int4 name nothing', () => {
    expect(raFilterIds([3, 1, 3])).toEqual([3, 1]);
    expect(raFilterIds(7)).toEqual([7]);
    expect(raFilterIds([1, 99_999_999_999, 0, -2])).toEqual([1]);
    expect(raFilterIds([])).toEqual([]);
    for (const bad of ['1', [1.5], [null], [{}], 'x']) expect(raFilterIds(bad)).toBeNull();
  });
});
