import { describe, expect, it } from '@jest/globals';
import { pageCountOf, pageItems, pageParam, rangeLabel } from './paginate';

describe('pager', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('shows 4 pages around the current one and 1 margin page at each end', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
  });

  it('shows a single left-out page instead of a gap', () => {
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
  });

  it('labels the range of a page', () => {
    expect(rangeLabel(1, 25, 60)).toBe('1-25 of 60');
    expect(rangeLabel(3, 25, 60)).toBe('51-60 of 60');
    expect(rangeLabel(1, 25, 0)).toBe('0 of 0');
    expect(pageCountOf(60, 25)).toBe(3);
    expect(pageCountOf(0, 25)).toBe(1);
  });

  it('reads the page of the URL', () => {
    expect(pageParam('3')).toBe(3);
    for (const bad of [null, '', '0', '-1', 'x', '1.5']) expect(pageParam(bad)).toBe(1);
  });
});
