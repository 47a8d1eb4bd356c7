import { fireHttp } from './load-generator';
import { BenchShape, loopProbe, measurePlan, Measurement, percentile, Probe, runLoop, sequentialProbe, summarize } from './measurement';
import { renderTable, summaryLines } from './report';

const m = (label: string, rate: number, unit = 'req/s'): Measurement => ({
  label,
  unit,
  count: rate,
  seconds: 1,
  rate,
  p50: 1,
  p95: 2,
  p99: 3,
  errors: 0,
});

/** A probe that records the order it was measured in and answers a fixed sample. */
function fakeProbe(label: string, calls: string[], latencies: number[] = [1]): Probe & { closed: boolean } {
  const p = {
    label,
    unit: 'op/s',
    closed: false,
    warmup: async () => void calls.push(`warmup ${label}`),
    measure: async () => {
      calls.push(label);
      return { latencies, seconds: 1, errors: 0 };
    },
    close: async () => void (p.closed = true),
  };
  return p;
}

const shape: BenchShape = { concurrency: 2, warmupSec: 0.01, durationSec: 0.3, rounds: 3, maxOps: 1000 };

describe('bench measurement', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(Float64Array.from([7]), 99)).toBe(7);
    expect(percentile(new Float64Array(0), 50)).toBeNaN();
  });

  it('merges the windows of a probe: rate over the summed time, percentiles over all latencies', () => {
    const r = summarize('x', 'q/s', [
      { latencies: [3, 1], seconds: 1, errors: 0 },
      { latencies: Float64Array.from([2, 4]), seconds: 1, errors: 1, firstError: 'boom' },
    ]);
    expect(r).toMatchObject({ count: 4, seconds: 2, rate: 2, p50: 2, p99: 4, errors: 1, firstError: 'boom' });
  });

  it('stops a loop at maxOps and counts failures without recording their latency', async () => {
    let n = 0;
    const s = await runLoop(
      async () => {
        if (++n % 2 === 0) throw new Error('even');
      },
      5,
      10,
      3,
      true,
    );
    expect(n).toBe(10);
    expect(s.latencies).toHaveLength(5);
    expect(s.errors).toBe(5);
    expect(s.firstError).toBe('even');
  });

  it('measures probes in rounds of alternating order, warms each up once, and closes them', async () => {
    const calls: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((l) => fakeProbe(l, calls));
    const r = await measurePlan({ subject: a, floors: [b, c] }, shape, () => undefined);
    expect(calls).toEqual(['warmup a', 'a', 'warmup b', 'b', 'warmup c', 'c', 'c', 'b', 'a', 'a', 'b', 'c']);
    expect(r.subject.count).toBe(3);
    expect(r.floors.map((f) => f.label)).toEqual(['b', 'c']);
    expect([a, b, c].every((p) => p.closed)).toBe(true);
  });

  it('closes the probes it opened when one fails', async () => {
    const calls: string[] = [];
    const ok = fakeProbe('ok', calls);
    const bad: Probe = { ...fakeProbe('bad', calls), open: async () => Promise.reject(new Error('no server')) };
    await expect(measurePlan({ subject: ok, floors: [bad] }, shape, () => undefined)).rejects.toThrow('no server');
    expect(ok.closed).toBe(true);
  });

  it('spreads the iterations of a sequential probe over the rounds, resetting before each run', async () => {
    let resets = 0;
    let runs = 0;
    const p = sequentialProbe(
      'batch',
      'op/s',
      { iterations: 5, warmup: 1, beforeEach: async () => void resets++ },
      async () => void runs++,
    );
    const r = await measurePlan({ subject: p, floors: [] }, shape, () => undefined);
    expect(r.subject.count).toBe(5);
    expect(runs).toBe(6);
    expect(resets).toBe(6);
  });

  it('runs a time-bound loop probe for about its window', async () => {
    const p = loopProbe('tick', 'op/s', () => new Promise((r) => setTimeout(r, 1)));
    const s = await p.measure({ seconds: 0.1, maxOps: 1e6, concurrency: 2, round: 0, rounds: 1 });
    expect(s.seconds).toBeGreaterThanOrEqual(0.1);
    expect(s.latencies.length).toBeGreaterThan(0);
  });

  it('refuses to load anything but the loopback interface', async () => {
    await expect(
      fireHttp(
        { url: 'http://example.com/', method: 'GET', headers: {}, expectStatus: 200 },
        { seconds: 1, maxOps: 1, connections: 1, record: true },
      ),
    ).rejects.toThrow('only load the loopback');
  });
});

describe('bench report', () => {
  const outcome = {
    name: 'house-user',
    title: 'GET /app/house/user',
    description: '',
    result: { subject: m('app', 2900), floors: [m('bare pg', 7100, 'op/s')] },
  };

  it('states each figure as a ratio of its floor measured in the same run', () => {
    expect(summaryLines(outcome)).toEqual(['GET /app/house/user: 2,900 req/s = 0.41x of bare pg (7,100 op/s)']);
  });

  it('reports a skipped benchmark without a figure', () => {
    expect(summaryLines({ name: 'x', title: 'GET /x', description: '', skipped: 'does not exist yet' })).toEqual([
      'GET /x: skipped: does not exist yet',
    ]);
  });

  it('renders the table as Markdown with the ratio on each floor row', () => {
    const md = renderTable([outcome], true).split('\n');
    expect(md[0]).toBe('| benchmark | measured | rate | unit | p50 ms | p95 ms | p99 ms | errors | subject / this |');
    expect(md[2]).toContain('| house-user | app | 2,900 | req/s |');
    expect(md[3]).toContain('|   floor: bare pg | 7,100 | op/s |');
    expect(md[3].endsWith('| 0.41x |')).toBe(true);
  });
});
