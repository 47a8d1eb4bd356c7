import { progressBar } from './charge-batch.command';

describe('charge-batch progressBar', () => {
  it('fills in proportion to the invoices done, ending full', () => {
    expect(progressBar(0, 4)).toBe('  [--------------------] 0/4');
    expect(progressBar(1, 4)).toBe('  [#####---------------] 1/4');
    expect(progressBar(3, 7, 7)).toBe('  [###----] 3/7');
    expect(progressBar(4, 4)).toBe('  [####################] 4/4');
  });
});
