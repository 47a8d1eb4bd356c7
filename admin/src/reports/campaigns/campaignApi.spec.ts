import { describe, expect, it } from '@jest/globals';
import { share } from './campaignApi';

describe('campaign report share', () => {
  it('is a whole percent of the session total, a dash with no total', () => {
    expect(share(1, 3)).toBe('33%');
    expect(share(2, 2)).toBe('100%');
    expect(share(0, 0)).toBe('—');
  });
});
