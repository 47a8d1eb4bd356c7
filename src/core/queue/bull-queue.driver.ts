import { Logger } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { DispatchOptions, QueueDriver } from './queue-driver';

/** Bull's own reason when it fails a job that stalled more often than `maxStalledCount` (bull 4, lib/queue.js). */
const STALLED_TOO_OFTEN = 'job stalled more than allowable limit';

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

  async startProcessing(
    execute: (runId: string, attempt: number) => Promise<void>,
    gaveUp?: (runId: string) => Promise<void>,
  ): Promise<void> {
    for (const q of this.queues.values()) {
      // Bull fails a job that stalled more than `maxStalledCount` times (its worker died during it
      // twice) without calling the processor: the runner never hears of it, so tell the service.
      // Only this process's stalled check emits it; a crash before the handler ran is caught by
      // the re-dispatch of `running` runs at start (JobsService).
      q.on('failed', (job: Job | null, err: Error | undefined) => {
        if (!gaveUp || err?.message !== STALLED_TOO_OFTEN) return;
        const runId = (job?.data as { runId?: string } | undefined)?.runId;
        if (runId) gaveUp(runId).catch((e: unknown) => this.logger.error(`stalled job ${runId}: ${e instanceof Error ? e.message : e}`));
      });
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
