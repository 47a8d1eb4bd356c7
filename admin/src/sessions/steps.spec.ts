import { describe, expect, it } from '@jest/globals';
import { lotPageReturn, normalizeStep, SINGLE_ITEM_PAGE } from './steps';

describe('the Lot page returns (single-item path, summary, preview)', () => {
  it.each([
    // The single-item path: back to Upload Items until the lot exists, then on to Upload Images (live/timed)
    // or the summary (bin, whose "Add single item" recorded 5).
    ['timed', SINGLE_ITEM_PAGE, true, 3, 'Return to Upload Items'],
    ['live', SINGLE_ITEM_PAGE, false, 4, 'Continue to Upload Images'],
    ['timed', SINGLE_ITEM_PAGE, false, 4, 'Continue to Upload Images'],
    ['bin', SINGLE_ITEM_PAGE, true, 2, 'Return to Upload Items'],
    ['bin', SINGLE_ITEM_PAGE, false, 5, 'Continue to Review & Publish'],
    // Opened from the summary: back there.
    ['live', 'summary', true, 6, 'Return to Summary'],
    ['bin', 'summary', false, 5, 'Return to Summary'],
    ['timed', 'step6', false, 6, 'Return to Summary'],
    // Otherwise the preview.
    ['timed', undefined, false, 5, 'Return to Preview'],
    ['bin', undefined, true, 4, 'Return to Preview'],
  ] as const)('%s, goToPage %s, new %s: step %d (%s)', (type, goToPage, isNew, step, label) => {
    expect(lotPageReturn(type, goToPage, isNew)).toEqual({ step, label });
  });

  it('a step outside the range becomes 1', () => {
    expect([normalizeStep('6', 6), normalizeStep('6', 5), normalizeStep('x', 6), normalizeStep(undefined, 5)]).toEqual([6, 1, 1, 1]);
  });
});
