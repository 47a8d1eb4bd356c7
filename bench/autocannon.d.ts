/** The part of autocannon's API the load worker uses (the package ships no types). */
declare module 'autocannon' {
  import { EventEmitter } from 'node:events';

  interface AutocannonOptions {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    /** Stops after this many responses (with `duration`, whichever comes first). */
    maxOverallRequests?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    /** Milliseconds between samples; also how often a stop is noticed. */
    sampleInt?: number;
    skipAggregateResult?: boolean;
  }

  interface AutocannonResult {
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  interface Instance extends EventEmitter, PromiseLike<AutocannonResult> {
    stop(): void;
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void): this;
    on(event: 'reqError', listener: (error: Error) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  function autocannon(opts: AutocannonOptions): Instance;
  export = autocannon;
}
