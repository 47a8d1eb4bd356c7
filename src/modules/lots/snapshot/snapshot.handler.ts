import { Injectable } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { defineJob, JobContext } from '../../../core/queue/job-definition';
import { JobHandler } from '../../../core/queue/job-handler.decorator';
import { JobsService } from '../../../core/queue/jobs.service';
import { ClusterScheduler } from '../../../core/scheduling/cluster-scheduler.service';
import { CATALOG_SNAPSHOT, SnapshotPayload, SnapshotResult } from './snapshot.job';
import { SnapshotService } from './snapshot.service';

export const SNAPSHOT_CLEANUP = defineJob<Record<string, never>>('maintenance', 'snapshot-cleanup', { maxAttempts: 2 });

/** Thin: the snapshot zip with the run's progress (lots written, then images added, of all); hourly, old zips go. */
@Injectable()
export class SnapshotHandler {
  constructor(
    private readonly snapshots: SnapshotService,
    private readonly scheduler: ClusterScheduler,
    private readonly jobs: JobsService,
  ) {}

  @JobHandler(CATALOG_SNAPSHOT)
  async run(ctx: JobContext<SnapshotPayload>): Promise<SnapshotResult> {
    const p = ctx.payload;
    const ints = [p?.catalogId, p?.startImage, p?.endImage];
    if (ctx.houseId === null || !ints.every((n) => Number.isSafeInteger(n)))
      throw new Error('A catalog-snapshot job needs a house, a catalog id and an image range.');
    return this.snapshots.build(ctx.houseId, p, ctx.runId, (done, total) => ctx.progress(done, total, `${done} of ${total}`));
  }

  @Cron(CronExpression.EVERY_HOUR, { name: 'snapshot.cleanup' })
  async hourly(): Promise<void> {
    await this.scheduler.once('snapshot.cleanup', 3_600_000, async () => void (await this.jobs.enqueue(SNAPSHOT_CLEANUP, {})));
  }

  @JobHandler(SNAPSHOT_CLEANUP)
  async cleanup() {
    return { deletedFiles: await this.snapshots.deleteOldFiles() };
  }
}
