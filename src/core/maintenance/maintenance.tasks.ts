import { Injectable } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { defineJob } from '../queue/job-definition';
import { JobHandler } from '../queue/job-handler.decorator';
import { JobsService } from '../queue/jobs.service';
import { ClusterScheduler } from '../scheduling/cluster-scheduler.service';

export const CORE_CLEANUP = defineJob<Record<string, never>>('maintenance', 'core-cleanup', { maxAttempts: 2 });

/** Daily housekeeping of core tables (old schedule claims, old finished jobs), once per cluster. */
@Injectable()
export class MaintenanceTasks {
  constructor(
    private readonly scheduler: ClusterScheduler,
    private readonly jobs: JobsService,
    private readonly orm: MikroORM,
  ) {}

  @Cron(CronExpression.EVERY_DAY_AT_3AM, { name: 'maintenance.core' })
  async daily(): Promise<void> {
    await this.scheduler.once('maintenance.core', 86_400_000, async () => void (await this.jobs.enqueue(CORE_CLEANUP, {})));
  }

  @JobHandler(CORE_CLEANUP)
  async cleanup() {
    await this.scheduler.purgeBefore(new Date(Date.now() - 7 * 86_400_000));
    const conn = (this.orm.em as EntityManager).getConnection();
    await conn.execute(`delete from job_run where status = 'completed' and finished_at < now() - interval '30 days'`);
    return { ok: true };
  }
}
