export interface DispatchOptions {
  name: string;
  maxAttempts: number;
  /** Delay before the 2nd attempt, doubling for each further one. */
  backoffMs: number;
  delayMs?: number;
}

/** Moves job run ids to whoever executes them. The job_run row holds everything else. */
export interface QueueDriver {
  readonly mode: 'redis' | 'in-process';
  /** Dispatching a run that is already waiting or running in this driver adds nothing. */
  dispatch(queue: string, runId: string, opts: DispatchOptions): Promise<void>;
  /**
   * Starts consuming (only in processes whose role runs jobs). `gaveUp` hears of runs the driver
   * itself stopped delivering without the runner deciding so (Bull: a job stalled more often than
   * it allows, i.e. its worker died twice); the job_run row then still says `running`.
   */
  startProcessing(execute: (runId: string, attempt: number) => Promise<void>, gaveUp?: (runId: string) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export const QUEUE_DRIVER = Symbol('QUEUE_DRIVER');
