import 'reflect-metadata';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { Benchmark, BenchEnvironment, BenchShape, BenchSkipped, measurePlan } from './harness';
import { BenchOutcome, hasErrors, renderInfo, renderTable, RunInfo, summaryLines } from './report';

const USAGE = `Usage: npm run bench -- [options]

  --only <names>       run only these benchmarks (comma-separated; see --list)
  --size <n>           demo data size (default 10: thousands of lots, a thousand bidders)
  --duration <s>       measured seconds per figure, over all rounds (default 5)
  --rounds <n>         windows per figure; a benchmark's figures take turns (default 3)
  --warmup <s>         warm-up seconds of each figure before its first window (default 2)
  --connections <n>    HTTP connections / concurrent loops (default 10, the app's pool size)
  --max-requests <n>   upper bound on requests or operations per figure (default 1000000)
  --json               print the results as JSON on stdout (progress stays on stderr)
  --markdown           print the table as Markdown (for docs/performance.md)
  --list               list the benchmarks and exit
`;

/** Every `benchmarks/*.bench.js` beside this file, by name. */
export function discoverBenchmarks(dir = path.join(__dirname, 'benchmarks')): Benchmark[] {
  const ext = __filename.endsWith('.ts') ? '.bench.ts' : '.bench.js';
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require(path.join(dir, f)) as { default?: Benchmark };
      if (!mod.default?.name || typeof mod.default.run !== 'function')
        throw new Error(`${f} must export default defineBenchmark({ name, title, description, run })`);
      return mod.default;
    });
}

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      size: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      rounds: { type: 'string' },
      'max-requests': { type: 'string' },
      json: { type: 'boolean', default: false },
      markdown: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const all = discoverBenchmarks();
  if (values.list) {
    for (const b of all) process.stdout.write(`${b.name.padEnd(24)} ${b.title}: ${b.description}\n`);
    return 0;
  }
  let selected = all;
  if (values.only) {
    const names = values.only
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = names.filter((n) => !all.some((b) => b.name === n));
    if (unknown.length) throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${all.map((b) => b.name).join(', ')}`);
    selected = all.filter((b) => names.includes(b.name));
  }
  const size = positive('size', values.size, 10);
  const shape: BenchShape = {
    concurrency: Math.round(positive('connections', values.connections, 10)),
    warmupSec: values.warmup === '0' ? 0 : positive('warmup', values.warmup, 2),
    durationSec: positive('duration', values.duration, 5),
    rounds: Math.round(positive('rounds', values.rounds, 3)),
    maxOps: Math.round(positive('max-requests', values['max-requests'], 1_000_000)),
  };
  const log = (line: string) => process.stderr.write(`${line}\n`);

  const started = Date.now();
  const loadAverageBefore = os.loadavg();
  // A signal during start waits for start to finish (or fail), so the database is always dropped.
  // eslint-disable-next-line prefer-const -- read by the signal handler before it is assigned
  let env: BenchEnvironment | undefined;
  let interrupted: NodeJS.Signals | undefined;
  const stopAndExit = () => void (env ? env.stop() : Promise.resolve()).finally(() => process.exit(130));
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = signal;
    log(`${signal}: stopping and dropping the bench database`);
    if (env) stopAndExit();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  env = await BenchEnvironment.start({ size, shape, log });
  if (interrupted) {
    stopAndExit();
    return new Promise<number>(() => undefined);
  }

  const outcomes: BenchOutcome[] = [];
  let postgres = 'PostgreSQL ?';
  try {
    const v = await env.ctx.db.query<{ server_version: string }>('show server_version');
    postgres = `PostgreSQL ${v.rows[0].server_version}`;
    for (const b of selected) {
      log(`${b.name}: ${b.title}`);
      const outcome: BenchOutcome = { name: b.name, title: b.title, description: b.description };
      try {
        const state = b.setup ? await b.setup(env.ctx) : undefined;
        outcome.result = await measurePlan(await b.run(env.ctx, state), shape, log);
      } catch (e) {
        if (e instanceof BenchSkipped) {
          outcome.skipped = e.message;
          log(`  skipped: ${e.message}`);
          outcomes.push(outcome);
          continue;
        }
        outcome.error = e instanceof Error ? e.message : String(e);
        log(`  failed: ${e instanceof Error ? e.stack : e}`);
      }
      outcomes.push(outcome);
    }
  } finally {
    await env.stop();
  }

  const cpuList = os.cpus();
  const info: RunInfo = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: `${cpuList.length} x ${cpuList[0]?.model.trim() ?? 'unknown CPU'}`,
    postgres,
    loadAverageBefore,
    loadAverageAfter: os.loadavg(),
    size,
    concurrency: shape.concurrency,
    warmupSec: shape.warmupSec,
    durationSec: shape.durationSec,
    rounds: shape.rounds,
    totalSec: (Date.now() - started) / 1000,
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ info, outcomes }, null, 2)}\n`);
  } else {
    process.stdout.write(`\n${renderInfo(info)}\n\n${renderTable(outcomes, values.markdown)}\n\n`);
    for (const o of outcomes) {
      for (const l of summaryLines(o)) process.stdout.write(`${l}\n`);
      for (const n of o.result?.notes ?? []) process.stdout.write(`  (${n})\n`);
    }
    for (const o of outcomes) {
      if (o.result)
        for (const m of [o.result.subject, ...o.result.floors])
          if (m.errors) process.stdout.write(`ERRORS in ${o.name} / ${m.label}: ${m.errors}, first: ${m.firstError}\n`);
    }
  }
  return outcomes.some(hasErrors) ? 1 : 0;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (e) => {
      process.stderr.write(`bench: ${e instanceof Error ? e.message : e}\n`);
      process.exit(1);
    },
  );
}
