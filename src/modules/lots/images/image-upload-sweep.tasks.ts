import { Injectable } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { defineJob } from '../../../core/queue/job-definition';
import { JobHandler } from '../../../core/queue/job-handler.decorator';
import { JobsService } from '../../../core/queue/jobs.service';
import { ClusterScheduler } from '../../../core/scheduling/cluster-scheduler.service';
import { ImageUploadSweepService } from './image-upload-sweep.service';

export const IMAGE_UPLOAD_SWEEP = defineJob<Record<string, never>>('maintenance', 'image-upload-sweep', { maxAttempts: 2 });

/** Hourly, once per cluster: upload slots nobody registered go, with their stored bytes. */
@Injectable()
export class ImageUploadSweepTasks {
  constructor(
    private readonly scheduler: ClusterScheduler,
    private readonly jobs: JobsService,
    private readonly sweeper: ImageUploadSweepService,
  ) {}

  @Cron(CronExpression.EVERY_HOUR, { name: 'image-upload.sweep' })
  async hourly(): Promise<void> {
    await this.scheduler.once('image-upload.sweep', 3_600_000, async () => void (await this.jobs.enqueue(IMAGE_UPLOAD_SWEEP, {})));
  }

  @JobHandler(IMAGE_UPLOAD_SWEEP)
  async sweep() {
    return this.sweeper.sweep();
  }
}
