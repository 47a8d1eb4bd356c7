import { performance } from 'node:perf_hooks';

/** One measured thing: the endpoint, or one of its floors. Latencies in milliseconds. */
export interface Measurement {
  label: string;
  /** `req/s` for HTTP, `q/s` for one query, `op/s` for a unit of work made of several steps. */
  unit: string;
  /** Completed operations in the measured windows (warm-up excluded). */
  count: number;
  /** Time spent in the measured windows, summed over rounds. */
  seconds: number;
  /** count / seconds. */
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  /** Failed operations (for HTTP: transport errors, timeouts and unexpected statuses). */
  errors: number;
  firstError?: string;
}

/** What one measured window yields. */
export interface Sample {
  latencies: number[] | Float64Array;
  seconds: number;
  errors: number;
  firstError?: string;
}

/** One measured window of a probe. */
export interface Slice {
  /** Length of the window (time-bound probes). */
  seconds: number;
  /** Upper bound on operations in the window, whatever its length. */
  maxOps: number;
  /** Operations in flight at once. */
  concurrency: number;
  round: number;
  rounds: number;
}

/**
 * Something measurable: the app over HTTP, a bare server, a bare query. The harness opens it,
 * warms it up once, measures it in several windows interleaved with the other probes of the
 * same benchmark, and closes it.
 */
export interface Probe {
  label: string;
  unit: string;
  open?(): Promise<void>;
  warmup(slice: Slice): Promise<void>;
  measure(slice: Slice): Promise<Sample>;
  close?(): Promise<void>;
}

/** What a benchmark's `run` hands back: the probes to measure. The harness measures them, interleaved. */
export interface BenchPlan {
  /** The figure: usually the app's endpoint. */
  subject: Probe;
  /** What the subject is compared with: the same work without the framework, or without HTTP. */
  floors: Probe[];
  notes?: string[];
}

/** A benchmark's figures: the subject and its floors, measured in the same run. */
export interface BenchResult {
  subject: Measurement;
  floors: Measurement[];
  notes?: string[];
}

/** How hard and how long each figure is measured. */
export interface BenchShape {
  /** HTTP connections, or concurrent loops for in-process probes. */
  concurrency: number;
  /** Warm-up of each probe before its first window. */
  warmupSec: number;
  /** Measured time per probe, split over `rounds` windows. */
  durationSec: number;
  /** Windows per probe; the probes of a benchmark take turns, in alternating order. */
  rounds: number;
  /** Upper bound on operations per probe (split over the rounds). */
  maxOps: number;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(label: string, unit: string, samples: Sample[]): Measurement {
  const n = samples.reduce((a, s) => a + s.latencies.length, 0);
  const sorted = new Float64Array(n);
  let at = 0;
  for (const s of samples) {
    sorted.set(s.latencies, at);
    at += s.latencies.length;
  }
  sorted.sort();
  const seconds = samples.reduce((a, s) => a + s.seconds, 0);
  return {
    label,
    unit,
    count: n,
    seconds,
    rate: seconds > 0 ? n / seconds : 0,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: samples.reduce((a, s) => a + s.errors, 0),
    firstError: samples.find((s) => s.firstError)?.firstError,
  };
}

/**
 * Closed loop in this process: `concurrency` loops each start the next operation as soon as
 * theirs finishes, until the window ends or `maxOps` were started. No think time.
 */
export async function runLoop(
  op: () => Promise<unknown>,
  seconds: number,
  maxOps: number,
  concurrency: number,
  record: boolean,
): Promise<Sample> {
  const latencies: number[] = [];
  if (seconds <= 0) return { latencies, seconds: 0, errors: 0 };
  const start = performance.now();
  const end = start + seconds * 1000;
  let started = 0;
  let errors = 0;
  let firstError: string | undefined;
  const loop = async () => {
    while (performance.now() < end && started < maxOps) {
      started++;
      const t0 = performance.now();
      try {
        await op();
        if (record) latencies.push(performance.now() - t0);
      } catch (e) {
        errors++;
        firstError ??= e instanceof Error ? e.message : String(e);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return { latencies, seconds: (performance.now() - start) / 1000, errors, firstError };
}

/** A time-bound closed-loop probe over an in-process operation. */
export function loopProbe(label: string, unit: string, op: () => Promise<unknown>): Probe {
  return {
    label,
    unit,
    warmup: async (s) => void (await runLoop(op, s.seconds, s.maxOps, s.concurrency, false)),
    measure: (s) => runLoop(op, s.seconds, s.maxOps, s.concurrency, true),
  };
}

/**
 * A heavy operation timed one run at a time (invoicing a sale, an import): `warmup` untimed
 * runs, then `iterations` timed runs spread over the rounds. `beforeEach` (untimed) resets state.
 */
export function sequentialProbe(
  label: string,
  unit: string,
  opts: { iterations: number; warmup?: number; beforeEach?: () => Promise<unknown> },
  op: () => Promise<unknown>,
): Probe {
  let done = 0;
  return {
    label,
    unit,
    warmup: async () => {
      for (let i = 0; i < (opts.warmup ?? 1); i++) {
        await opts.beforeEach?.();
        await op();
      }
    },
    measure: async (s) => {
      const share = Math.ceil((opts.iterations - done) / (s.rounds - s.round));
      const latencies: number[] = [];
      let seconds = 0;
      for (let i = 0; i < share; i++, done++) {
        await opts.beforeEach?.();
        const t0 = performance.now();
        await op();
        const ms = performance.now() - t0;
        latencies.push(ms);
        seconds += ms / 1000;
      }
      return { latencies, seconds, errors: 0 };
    },
  };
}

/**
 * Measures a plan: opens every probe, warms each up once, then runs `rounds` rounds in which
 * every probe gets one window, in alternating order (A B C, C B A, ...), so that a change in
 * the machine's load during the run weighs on the subject and its floors alike.
 */
export async function measurePlan(plan: BenchPlan, shape: BenchShape, log: (line: string) => void): Promise<BenchResult> {
  const probes = [plan.subject, ...plan.floors];
  const samples: Sample[][] = probes.map(() => []);
  const opened: Probe[] = [];
  try {
    for (const p of probes) {
      await p.open?.();
      opened.push(p);
    }
    const rounds = Math.max(1, shape.rounds);
    for (let round = 0; round < rounds; round++) {
      const order = probes.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) {
        const slice: Slice = {
          seconds: shape.durationSec / rounds,
          maxOps: Math.max(1, Math.floor(shape.maxOps / rounds)),
          concurrency: shape.concurrency,
          round,
          rounds,
        };
        if (round === 0) await probes[i].warmup({ ...slice, seconds: shape.warmupSec });
        const s = await probes[i].measure(slice);
        samples[i].push(s);
        const rate = s.seconds > 0 ? s.latencies.length / s.seconds : 0;
        log(
          `  round ${round + 1}/${rounds}  ${probes[i].label}: ${rate.toFixed(0)} ${probes[i].unit}${s.errors ? `, ${s.errors} errors (${s.firstError})` : ''}`,
        );
      }
    }
  } finally {
    for (const p of opened.reverse())
      await p.close?.().catch((e) => log(`  closing ${p.label} failed: ${e instanceof Error ? e.message : e}`));
  }
  const [subject, ...floors] = probes.map((p, i) => summarize(p.label, p.unit, samples[i]));
  return { subject, floors, notes: plan.notes };
}
