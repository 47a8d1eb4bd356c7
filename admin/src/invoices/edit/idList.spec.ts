import { describe, expect, it } from '@jest/globals';
import { idListParam } from './idList';

describe('Edit Invoices ?id= list', () => {
  it('reads comma-separated ids, dropping duplicates and junk', () => {
    expect(idListParam('12,13, 14')).toEqual([12, 13, 14]);
    expect(idListParam('5,5,x,-1,0,7')).toEqual([5, 7]);
  });
  it('means the whole group when absent or empty', () => {
    expect(idListParam(null)).toBeNull();
    expect(idListParam('')).toBeNull();
    expect(idListParam('abc')).toBeNull();
  });
});
