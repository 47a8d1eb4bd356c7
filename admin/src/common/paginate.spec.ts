import { describe, expect, it } from '@jest/globals';
import { pageItems, pageParam } from './paginate';

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

  it('reads the page of the URL', () => {
    expect(pageParam('3')).toBe(3);
    for (const bad of [null, '', '0', '-1', 'x', '1.5']) expect(pageParam(bad)).toBe(1);
  });
});
