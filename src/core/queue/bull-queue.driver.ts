import type { Queue } from 'bull';
import { QueueDriver } from './queue-driver';

/** Bull on Redis: delivery, retries with backoff and stalled-job recovery across instances. */
export class BullQueueDriver implements QueueDriver {
  readonly mode = 'redis' as const;
  private readonly queues: Map<string, Queue>;

  constructor(queues: Queue[], private readonly concurrency: number) {
    this.queues = new Map(queues.map((q) => [q.name, q]));
  }

  async dispatch(queue: string, runId: string, opts: { name: string; maxAttempts: number; delayMs?: number }): Promise<void> {
    const q = this.queues.get(queue);
    if (!q) throw new Error(`Unknown queue ${queue}`);
    // jobId = runId: dispatching the same run twice adds one Bull job.
    await q.add(opts.name, { runId }, {
      jobId: runId,
      attempts: opts.maxAttempts,
      backoff: { type: 'exponential', delay: 1000 },
      delay: opts.delayMs,
      removeOnComplete: true,
      removeOnFail: 1000,
    });
  }

  async startProcessing(execute: (runId: string, attempt: number) => Promise<void>): Promise<void> {
    for (const q of this.queues.values()) {
      void q.process('*', this.concurrency, (job) => execute((job.data as { runId: string }).runId, job.attemptsMade + 1));
    }
  }

  async stop(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close().catch(() => undefined)));
  }
}
