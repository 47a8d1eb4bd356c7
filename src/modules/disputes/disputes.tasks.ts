import { Injectable } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { defineJob } from '../../core/queue/job-definition';
import { JobHandler } from '../../core/queue/job-handler.decorator';
import { JobsService } from '../../core/queue/jobs.service';
import { ClusterScheduler } from '../../core/scheduling/cluster-scheduler.service';
import { DisputesService } from './disputes.service';

export const RESOLVE_MUTUAL_DISPUTES = defineJob<Record<string, never>>('maintenance', 'disputes-resolve-mutual', { maxAttempts: 2 });

/** Every minute, once per cluster: mutual resolutions resolve 5 minutes after opening (spec 001 section 4). */
@Injectable()
export class DisputesTasks {
  constructor(
    private readonly scheduler: ClusterScheduler,
    private readonly jobs: JobsService,
    private readonly disputes: DisputesService,
  ) {}

  @Cron(CronExpression.EVERY_MINUTE, { name: 'disputes.resolve-mutual' })
  async everyMinute(): Promise<void> {
    await this.scheduler.once('disputes.resolve-mutual', 60_000, async () => void (await this.jobs.enqueue(RESOLVE_MUTUAL_DISPUTES, {})));
  }

  @JobHandler(RESOLVE_MUTUAL_DISPUTES)
  async resolve() {
    return { resolved: await this.disputes.resolveDue() };
  }
}
