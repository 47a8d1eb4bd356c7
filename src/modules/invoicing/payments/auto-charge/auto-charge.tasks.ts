import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { ClusterScheduler } from '../../../../core/scheduling/cluster-scheduler.service';
import { JobsService } from '../../../../core/queue/jobs.service';
import { AUTO_CHARGE_RUN } from './auto-charge-run.job';

const TASK = 'payments.auto-charge';

/**
 * Every hour (once per cluster), enqueues the auto-charge run for today in each house's time zone
 * (the job records what it did). Hourly, so a house's day starts charging within the hour of its
 * midnight, and a declined try is retried 24 hours later within the hour. The enqueue key (the
 * hour) makes a second instance's enqueue the same run.
 */
@Injectable()
export class AutoChargeTasks {
  private readonly logger = new Logger('AutoCharge');

  constructor(
    private readonly jobs: JobsService,
    private readonly scheduler: ClusterScheduler,
  ) {}

  @Cron(CronExpression.EVERY_HOUR, { name: TASK })
  async hourly(): Promise<void> {
    await this.scheduler.once(TASK, 3_600_000, async () => {
      const hour = new Date().toISOString().slice(0, 13);
      const job = await this.jobs.enqueue(AUTO_CHARGE_RUN, { date: null }, { key: `auto-charge-run:${hour}` });
      this.logger.log(`auto-charge run enqueued: job ${job.id}`);
    });
  }
}
