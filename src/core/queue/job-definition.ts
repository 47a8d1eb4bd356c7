import { QueueName } from './queue-names';

/** A typed job: its queue, its name and (through the type parameter) its payload. */
export interface JobDefinition<P> {
  readonly queue: QueueName;
  readonly name: string;
  readonly maxAttempts: number;
  /** Delay before the 2nd attempt; it doubles for each further one. */
  readonly backoffMs: number;
  /** Phantom field carrying the payload type. */
  readonly __payload?: P;
}

export function defineJob<P>(queue: QueueName, name: string, opts: { maxAttempts?: number; backoffMs?: number } = {}): JobDefinition<P> {
  return { queue, name, maxAttempts: opts.maxAttempts ?? 3, backoffMs: opts.backoffMs ?? 1000 };
}

export interface JobContext<P> {
  runId: string;
  houseId: number | null;
  payload: P;
  attempt: number;
  /** Records progress (done of total) where the API and the CLI can read it. */
  progress(done: number, total: number, message?: string): Promise<void>;
}

export type JobHandlerFn<P> = (ctx: JobContext<P>) => Promise<unknown>;

/** What a failure handler (see JobFailedHandler) learns about a run that failed for good. */
export interface FailedJob<P> {
  runId: string;
  houseId: number | null;
  payload: P;
  error: string;
}

export type JobFailedFn<P> = (job: FailedJob<P>) => Promise<unknown>;
