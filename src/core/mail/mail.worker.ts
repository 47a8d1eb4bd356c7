import { Injectable } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { JobContext } from '../queue/job-definition';
import { JobHandler } from '../queue/job-handler.decorator';
import { ClusterScheduler } from '../scheduling/cluster-scheduler.service';
import { DRAIN_OUTBOX, SEND_MAIL, SendMailPayload } from './mail.jobs';
import { MailService } from './mail.service';

/** Thin handlers over MailService; the minute task re-tries whatever is due, once per cluster. */
@Injectable()
export class MailWorker {
  constructor(
    private readonly mail: MailService,
    private readonly scheduler: ClusterScheduler,
  ) {}

  @JobHandler(SEND_MAIL)
  async send(ctx: JobContext<SendMailPayload>) {
    return { outcome: await this.mail.deliver(ctx.payload.messageId) };
  }

  @JobHandler(DRAIN_OUTBOX)
  async drainOutbox() {
    return this.mail.drain();
  }

  @Cron(CronExpression.EVERY_MINUTE, { name: 'mail.drain' })
  async everyMinute(): Promise<void> {
    if (!this.mail.smtpConfigured) return;
    await this.scheduler.once('mail.drain', 60_000, async () => void (await this.mail.enqueueDrain()));
  }
}
