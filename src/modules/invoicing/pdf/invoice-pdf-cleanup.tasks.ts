import { Injectable } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { defineJob } from '../../../core/queue/job-definition';
import { JobHandler } from '../../../core/queue/job-handler.decorator';
import { JobsService } from '../../../core/queue/jobs.service';
import { ClusterScheduler } from '../../../core/scheduling/cluster-scheduler.service';
import { InvoicePdfService } from './invoice-pdf.service';

export const INVOICE_PDF_CLEANUP = defineJob<Record<string, never>>('maintenance', 'invoice-pdf-cleanup', { maxAttempts: 2 });

/** Hourly, once per cluster: batch PDFs (bidder data) do not outlive their day in storage. */
@Injectable()
export class InvoicePdfCleanupTasks {
  constructor(
    private readonly scheduler: ClusterScheduler,
    private readonly jobs: JobsService,
    private readonly pdfs: InvoicePdfService,
  ) {}

  @Cron(CronExpression.EVERY_HOUR, { name: 'invoice-pdf.cleanup' })
  async hourly(): Promise<void> {
    await this.scheduler.once('invoice-pdf.cleanup', 3_600_000, async () => void (await this.jobs.enqueue(INVOICE_PDF_CLEANUP, {})));
  }

  @JobHandler(INVOICE_PDF_CLEANUP)
  async cleanup() {
    return { deletedFiles: await this.pdfs.deleteOldBatchFiles() };
  }
}
