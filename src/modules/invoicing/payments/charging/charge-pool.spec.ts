import { limiter, pool } from './card-charging.service';

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

describe('limiter (the gateway calls of a batch, shared by its chunks)', () => {
  it('never runs more than the limit at once, runs every work and passes results and errors through', async () => {
    const calls = limiter(3);
    let running = 0;
    let most = 0;
    const work = (i: number) =>
      calls(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, (i * 3) % 4));
        running--;
        if (i === 7) throw new Error('declined');
        return i;
      });
    const out = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => work(i)));
    expect(most).toBe(3);
    expect(out.filter((o) => o.status === 'fulfilled')).toHaveLength(19);
    expect(out[7]).toEqual({ status: 'rejected', reason: new Error('declined') });
    // The slot of the failed work was handed on: later works still run.
    expect(await calls(() => Promise.resolve('after'))).toBe('after');
  });
});
