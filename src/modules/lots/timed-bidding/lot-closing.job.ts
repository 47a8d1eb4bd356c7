import { Injectable } from '@nestjs/common';
import { defineJob } from '../../../core/queue/job-definition';
import { JobHandler } from '../../../core/queue/job-handler.decorator';
import { LotClosingService, type ClosingReport } from './lot-closing.service';

export type LotClosingRunPayload = Record<string, never>;

/** One pass closing every due timed lot; a duplicate delivery closes nothing twice (LotClosingService). */
export const LOT_CLOSING_RUN = defineJob<LotClosingRunPayload>('bidding', 'lot-closing-run', { maxAttempts: 3, backoffMs: 10_000 });

@Injectable()
export class LotClosingRunHandler {
  constructor(private readonly closing: LotClosingService) {}

  @JobHandler(LOT_CLOSING_RUN)
  run(): Promise<ClosingReport> {
    return this.closing.closeDue();
  }
}
