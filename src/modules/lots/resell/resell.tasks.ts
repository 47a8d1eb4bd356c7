import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { ClusterScheduler } from '../../../core/scheduling/cluster-scheduler.service';
import { JobsService } from '../../../core/queue/jobs.service';
import { RESELL_RUN } from './resell.job';

const TASK = 'lots.resell-unsold-live-lots';
const PERIOD_MS = 10 * 60_000;

/**
 * Every ten minutes, once per cluster (`ClusterScheduler.once` claims the slot), enqueues the
 * resell pass; the enqueue key (the slot) makes a second instance's enqueue the same run. Like
 * the timed closing schedule (timed-bidding/lot-closing.tasks.ts).
 */
@Injectable()
export class ResellTasks {
  private readonly logger = new Logger('Resell');

  constructor(
    private readonly jobs: JobsService,
    private readonly scheduler: ClusterScheduler,
  ) {}

  @Cron(CronExpression.EVERY_10_MINUTES, { name: TASK })
  async tick(now = new Date()): Promise<void> {
    await this.scheduler.once(
      TASK,
      PERIOD_MS,
      async () => {
        const slot = ClusterScheduler.slotOf(now, PERIOD_MS).toISOString();
        const job = await this.jobs.enqueue(RESELL_RUN, {}, { key: `resell-run:${slot}` });
        this.logger.debug(`resell run enqueued: job ${job.id}`);
      },
      now,
    );
  }
}
