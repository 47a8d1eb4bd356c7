import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { ClusterScheduler } from '../../../core/scheduling/cluster-scheduler.service';
import { JobsService } from '../../../core/queue/jobs.service';
import { LOT_CLOSING_RUN } from './lot-closing.job';

const TASK = 'lots.timed-closing';
const PERIOD_MS = 60_000;

/**
 * Every minute, once per cluster (`ClusterScheduler.once` claims the minute), enqueues the closing
 * pass; the enqueue key (the minute) makes a second instance's enqueue the same run.
 */
@Injectable()
export class LotClosingTasks {
  private readonly logger = new Logger('LotClosing');

  constructor(
    private readonly jobs: JobsService,
    private readonly scheduler: ClusterScheduler,
  ) {}

  @Cron(CronExpression.EVERY_MINUTE, { name: TASK })
  async everyMinute(now = new Date()): Promise<void> {
    await this.scheduler.once(
      TASK,
      PERIOD_MS,
      async () => {
        const slot = ClusterScheduler.slotOf(now, PERIOD_MS).toISOString();
        const job = await this.jobs.enqueue(LOT_CLOSING_RUN, {}, { key: `lot-closing-run:${slot}` });
        this.logger.debug(`lot closing run enqueued: job ${job.id}`);
      },
      now,
    );
  }
}
