/** Moves job run ids to whoever executes them. The job_run row holds everything else. */
export interface QueueDriver {
  readonly mode: 'redis' | 'in-process';
  dispatch(queue: string, runId: string, opts: { name: string; maxAttempts: number; delayMs?: number }): Promise<void>;
  /** Starts consuming (only in processes whose role runs jobs). */
  startProcessing(execute: (runId: string, attempt: number) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export const QUEUE_DRIVER = Symbol('QUEUE_DRIVER');
