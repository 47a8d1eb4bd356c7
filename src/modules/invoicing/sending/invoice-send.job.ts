import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { Cron, CronExpression } from '@nestjs/schedule';
import { RUNTIME } from '../../../core/config/config.module';
import { Runtime } from '../../../core/config/runtime';
import { JobContext } from '../../../core/queue/job-definition';
import { JobHandler } from '../../../core/queue/job-handler.decorator';
import { ClusterScheduler } from '../../../core/scheduling/cluster-scheduler.service';
import { INVOICE_SEND, InvoiceSendingService, InvoiceSendPayload } from './invoice-sending.service';

export { INVOICE_SEND, type InvoiceSendPayload };

const TASK = 'invoicing.send-recovery';

/**
 * The job's handler, and the sweep that gives rows left `recorded` (a run that failed for good, a
 * crash between the send call's commit and its enqueue) a run: at start (processes that run jobs)
 * and every five minutes, once per cluster, as InvoiceGroupRecoveryTasks does for groups.
 */
@Injectable()
export class InvoiceSendJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('InvoiceSending');

  constructor(
    private readonly orm: MikroORM,
    private readonly sending: InvoiceSendingService,
    private readonly scheduler: ClusterScheduler,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  @JobHandler(INVOICE_SEND)
  async run(ctx: JobContext<InvoiceSendPayload>) {
    if (ctx.houseId === null) throw new Error('invoice-send runs carry their house');
    return this.sending.queueRecordedMails(ctx.houseId, ctx.payload.groupId, (done, total) => ctx.progress(done, total));
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.runtime.processJobs) return;
    await this.sweep().catch((e: unknown) =>
      this.logger.error(`recovery of recorded invoice sends failed: ${e instanceof Error ? e.message : e}`),
    );
  }

  @Cron(CronExpression.EVERY_5_MINUTES, { name: TASK })
  async everyFiveMinutes(): Promise<void> {
    await this.scheduler.once(TASK, 300_000, async () => void (await this.sweep()));
  }

  async sweep(): Promise<number> {
    const enqueued = await RequestContext.create(this.orm.em, () => this.sending.recoverRecorded());
    if (enqueued) this.logger.warn(`invoice sends left recorded: ${enqueued} group run(s) enqueued`);
    return enqueued;
  }
}
