import { describe, expect, it } from '@jest/globals';
import { shipStatusText } from './shipStatusText';

describe('shipStatusText', () => {
  it('says what is not done yet: shipping, or the pickup', () => {
    expect(shipStatusText({ shipStatus: 'Not', pickup: false })).toBe('Not Shipped');
    expect(shipStatusText({ shipStatus: 'Not', pickup: true })).toBe('Not Picked Up');
  });
  it('keeps the other statuses as the API words them', () => {
    for (const s of ['Shipped', 'Picked Up', 'Partial']) expect(shipStatusText({ shipStatus: s, pickup: false })).toBe(s);
  });
});
