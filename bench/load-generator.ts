import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { Probe, Sample, Slice } from './measurement';

/** One HTTP request, fired over and over on keep-alive connections. */
export interface HttpLoad {
  /** Absolute URL on the loopback interface. */
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Any other status counts as an error. */
  expectStatus: number;
}

interface WorkerInput {
  load: HttpLoad;
  seconds: number;
  maxOps: number;
  connections: number;
  record: boolean;
}

interface WorkerOutput {
  latencies: Float64Array;
  seconds: number;
  errors: number;
  firstError?: string;
}

/** An HTTP probe: `shape.concurrency` keep-alive connections firing `load` back to back. */
export function httpProbe(label: string, load: () => HttpLoad): Probe {
  const run = (s: Slice, record: boolean) => fireHttp(load(), { seconds: s.seconds, maxOps: s.maxOps, connections: s.concurrency, record });
  return {
    label,
    unit: 'req/s',
    warmup: async (s) => void (await run(s, false)),
    measure: (s) => run(s, true),
  };
}

/**
 * Fires the load with autocannon in a worker thread, so the load generator never shares the
 * event loop of the server it measures (which runs on this process's main thread). Bounded by
 * both time and request count; loopback addresses only.
 */
export function fireHttp(load: HttpLoad, opts: { seconds: number; maxOps: number; connections: number; record: boolean }): Promise<Sample> {
  const host = new URL(load.url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]') {
    return Promise.reject(new Error(`benchmarks only load the loopback interface, not ${host}`));
  }
  if (opts.seconds <= 0) return Promise.resolve({ latencies: [], seconds: 0, errors: 0 });
  return new Promise((resolve, reject) => {
    const input: WorkerInput = { load, ...opts };
    const worker = new Worker(path.join(__dirname, 'load-generator.js'), { workerData: input });
    let settled = false;
    worker.once('message', (m: WorkerOutput) => {
      settled = true;
      resolve(m);
    });
    worker.once('error', (e) => {
      settled = true;
      reject(e);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`load generator exited with code ${code} before reporting`));
    });
  });
}

async function workerMain(input: WorkerInput): Promise<WorkerOutput> {
  const { load } = input;
  const latencies: number[] = [];
  let unexpected = 0;
  let firstError: string | undefined;
  const instance = autocannon({
    url: load.url,
    method: load.method,
    headers: load.headers,
    body: load.body,
    connections: input.connections,
    duration: input.seconds,
    maxOverallRequests: input.maxOps,
    timeout: 10,
    // How often autocannon looks at its stop flag: the window overruns by at most this.
    sampleInt: 50,
    skipAggregateResult: true,
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status === load.expectStatus) {
      if (input.record) latencies.push(ms);
    } else {
      unexpected++;
      firstError ??= `status ${status} (expected ${load.expectStatus})`;
    }
  });
  instance.on('reqError', (e) => {
    firstError ??= e.message;
  });
  const start = performance.now();
  const result = await instance;
  return {
    latencies: Float64Array.from(latencies),
    seconds: (performance.now() - start) / 1000,
    errors: unexpected + result.errors,
    firstError,
  };
}

if (!isMainThread && parentPort && (workerData as WorkerInput | undefined)?.load) {
  const port = parentPort;
  void workerMain(workerData as WorkerInput).then((out) => port.postMessage(out, [out.latencies.buffer as ArrayBuffer]));
}
