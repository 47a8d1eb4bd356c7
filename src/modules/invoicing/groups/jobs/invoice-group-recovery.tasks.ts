import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { Cron, CronExpression } from '@nestjs/schedule';
import { RUNTIME } from '../../../../core/config/config.module';
import { Runtime } from '../../../../core/config/runtime';
import { ClusterScheduler } from '../../../../core/scheduling/cluster-scheduler.service';
import { InvoiceGroupsService } from '../invoice-groups.service';

const TASK = 'invoicing.group-recovery';

/**
 * No invoice group stays "in progress" for ever: at start (processes that run jobs) and every five
 * minutes (once per cluster), groups whose creation run ended without them, or that never got a
 * run, are failed (with a retry offered) or given their run. The job's failure handler does this
 * at once in the usual case; this sweep catches what a crash at the wrong moment left behind.
 */
@Injectable()
export class InvoiceGroupRecoveryTasks implements OnApplicationBootstrap {
  private readonly logger = new Logger('InvoiceGroups');

  constructor(
    private readonly orm: MikroORM,
    private readonly groups: InvoiceGroupsService,
    private readonly scheduler: ClusterScheduler,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.runtime.processJobs) return;
    await this.sweep().catch((e: unknown) =>
      this.logger.error(`recovery of stuck invoice groups failed: ${e instanceof Error ? e.message : e}`),
    );
  }

  @Cron(CronExpression.EVERY_5_MINUTES, { name: TASK })
  async everyFiveMinutes(): Promise<void> {
    await this.scheduler.once(TASK, 300_000, () => this.sweep());
  }

  private async sweep(): Promise<void> {
    const { failed, enqueued } = await RequestContext.create(this.orm.em, () => this.groups.recoverStuckCreations());
    if (failed || enqueued)
      this.logger.warn(`stuck invoice groups: ${failed} marked failed (retry offered), ${enqueued} given a creation run`);
  }
}
