import { Logger } from '@nestjs/common';
import { DispatchOptions, QueueDriver } from './queue-driver';

interface Pending {
  runId: string;
  attempt: number;
  maxAttempts: number;
  backoffMs: number;
}

/**
 * Runs jobs inside this process when there is no Redis. Jobs survive a crash because the
 * job_run rows do: on start, queued and interrupted runs are dispatched again.
 */
export class InProcessQueueDriver implements QueueDriver {
  readonly mode = 'in-process' as const;
  private readonly logger = new Logger('InProcessQueue');
  private readonly pending: Pending[] = [];
  /** Runs waiting, waiting for a retry or running: dispatching one of them again adds nothing (as Bull's jobId does). */
  private readonly known = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private running = 0;
  private execute?: (runId: string, attempt: number) => Promise<void>;
  private stopped = false;
  private idle?: () => void;

  constructor(private readonly concurrency: number) {}

  async dispatch(_queue: string, runId: string, opts: DispatchOptions): Promise<void> {
    if (this.known.has(runId)) return;
    this.known.add(runId);
    this.later({ runId, attempt: 1, maxAttempts: opts.maxAttempts, backoffMs: opts.backoffMs }, opts.delayMs ?? 0);
  }

  async startProcessing(execute: (runId: string, attempt: number) => Promise<void>): Promise<void> {
    this.execute = execute;
    this.pump();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    if (this.running > 0) await new Promise<void>((resolve) => (this.idle = resolve));
  }

  private later(job: Pending, delayMs: number): void {
    if (this.stopped) return;
    if (delayMs <= 0) {
      this.pending.push(job);
      this.pump();
      return;
    }
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.pending.push(job);
      this.pump();
    }, delayMs);
    this.timers.add(t);
  }

  private pump(): void {
    while (this.execute && !this.stopped && this.running < this.concurrency && this.pending.length) {
      const job = this.pending.shift()!;
      this.running++;
      this.execute(job.runId, job.attempt)
        .then(
          () => this.known.delete(job.runId),
          (e) => {
            if (job.attempt < job.maxAttempts) {
              this.later({ ...job, attempt: job.attempt + 1 }, job.backoffMs * 2 ** (job.attempt - 1));
            } else {
              this.known.delete(job.runId);
              this.logger.error(`job ${job.runId} failed: ${e instanceof Error ? e.message : e}`);
            }
          },
        )
        .finally(() => {
          this.running--;
          if (this.running === 0 && this.idle) this.idle();
          this.pump();
        });
    }
  }
}
