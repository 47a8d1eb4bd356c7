import { Slots } from './build-slots';

const turn = () => new Promise((r) => setImmediate(r));

describe('Slots (at most n at once, the rest in arrival order)', () => {
  it('runs at most two at once and hands each freed slot to the longest waiter', async () => {
    const slots = new Slots(2);
    const started: number[] = [];
    const release: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const runs = [0, 1, 2, 3].map((i) =>
      slots.run(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await new Promise<void>((r) => (release[i] = r));
        running--;
        return i;
      }),
    );
    await turn();
    expect(started).toEqual([0, 1]);
    release[1]();
    await turn();
    expect(started).toEqual([0, 1, 2]);
    release[0]();
    release[2]();
    await turn();
    release[3]();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(most).toBe(2);
  });

  it('frees the slot when the work throws', async () => {
    const slots = new Slots(1);
    await expect(slots.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });
});
