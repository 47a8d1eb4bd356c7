import { Injectable } from '@nestjs/common';
import { defineJob } from '../../../core/queue/job-definition';
import { JobHandler } from '../../../core/queue/job-handler.decorator';
import { ResellService, type ResellReport } from './resell.service';

export type ResellRunPayload = Record<string, never>;

/** One pass over the closed live sessions with the resell toggle; a duplicate delivery resells nothing twice (ResellService). */
export const RESELL_RUN = defineJob<ResellRunPayload>('bidding', 'resell-unsold-live-lots', { maxAttempts: 3, backoffMs: 30_000 });

@Injectable()
export class ResellRunHandler {
  constructor(private readonly resell: ResellService) {}

  @JobHandler(RESELL_RUN)
  run(): Promise<ResellReport> {
    return this.resell.runDue();
  }
}
