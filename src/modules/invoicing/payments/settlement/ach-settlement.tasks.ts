import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { ClusterScheduler } from '../../../../core/scheduling/cluster-scheduler.service';
import { JobsService } from '../../../../core/queue/jobs.service';
import { ACH_SETTLEMENT_RUN } from './ach-settlement.job';

const TASK = 'payments.ach-settlement';
const PERIOD_MS = 5 * 60_000;

/**
 * Every five minutes (once per cluster: `ClusterScheduler.once` claims the slot), enqueues the ACH
 * settlement run; the job applies the gateway's settlement events and records its report. The
 * enqueue key (the slot) makes a second instance's enqueue the same run.
 */
@Injectable()
export class AchSettlementTasks {
  private readonly logger = new Logger('AchSettlement');

  constructor(
    private readonly jobs: JobsService,
    private readonly scheduler: ClusterScheduler,
  ) {}

  @Cron(CronExpression.EVERY_5_MINUTES, { name: TASK })
  async everyFiveMinutes(now = new Date()): Promise<void> {
    await this.scheduler.once(
      TASK,
      PERIOD_MS,
      async () => {
        const slot = ClusterScheduler.slotOf(now, PERIOD_MS).toISOString();
        const job = await this.jobs.enqueue(ACH_SETTLEMENT_RUN, {}, { key: `ach-settlement-run:${slot}` });
        this.logger.debug(`ACH settlement run enqueued: job ${job.id}`);
      },
      now,
    );
  }
}
