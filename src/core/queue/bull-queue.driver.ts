import { Logger } from '@nestjs/common';
import type { Queue } from 'bull';
import { DispatchOptions, QueueDriver } from './queue-driver';

/** Bull on Redis: delivery, retries with backoff and stalled-job recovery across instances. */
export class BullQueueDriver implements QueueDriver {
  readonly mode = 'redis' as const;
  private readonly logger = new Logger('BullQueue');
  private readonly queues: Map<string, Queue>;

  constructor(
    queues: Queue[],
    private readonly concurrency: number,
  ) {
    this.queues = new Map(queues.map((q) => [q.name, q]));
  }

  async dispatch(queue: string, runId: string, opts: DispatchOptions): Promise<void> {
    const q = this.queues.get(queue);
    if (!q) throw new Error(`Unknown queue ${queue}`);
    // jobId = runId: dispatching the same run twice adds one Bull job. A finished Bull job under that
    // id (failed after its last delivery threw before it could claim the run, e.g. during a database
    // outage) would swallow the add, and the run, still queued in job_run, would never run: replace it.
    const existing = await q.getJob(runId);
    if (existing) {
      const state = await existing.getState();
      if (state !== 'completed' && state !== 'failed') return;
      await existing.remove();
    }
    await q.add(
      opts.name,
      { runId },
      {
        jobId: runId,
        attempts: opts.maxAttempts,
        backoff: { type: 'exponential', delay: opts.backoffMs },
        delay: opts.delayMs,
        removeOnComplete: true,
        removeOnFail: 1000,
      },
    );
  }

  async startProcessing(execute: (runId: string, attempt: number) => Promise<void>): Promise<void> {
    for (const q of this.queues.values()) {
      // process() settles only when the queue closes; a rejection (Redis gone) must not go unhandled.
      q.process('*', this.concurrency, (job) => execute((job.data as { runId: string }).runId, job.attemptsMade + 1)).catch((e: unknown) =>
        this.logger.error(`queue ${q.name} stopped processing: ${e instanceof Error ? e.message : e}`),
      );
    }
  }

  async stop(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close().catch(() => undefined)));
  }
}
