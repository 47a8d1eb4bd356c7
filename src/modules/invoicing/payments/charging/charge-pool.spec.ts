import { pool } from './card-charging.service';

describe('pool (bounded concurrency of a batch)', () => {
  it('never runs more than the limit at once and answers in the items order', async () => {
    let running = 0;
    let most = 0;
    const items = Array.from({ length: 30 }, (_, i) => i);
    const out = await pool(items, 8, async (i) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, (i * 7) % 5));
      running--;
      return i * 2;
    });
    expect(most).toBe(8);
    expect(out).toEqual(items.map((i) => i * 2));
  });

  it('an empty batch answers nothing', async () => {
    expect(await pool([], 8, () => Promise.resolve(1))).toEqual([]);
  });
});
