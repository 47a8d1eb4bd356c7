import { Injectable } from '@nestjs/common';
import { defineJob } from '../../../../core/queue/job-definition';
import { JobHandler } from '../../../../core/queue/job-handler.decorator';
import { AchSettlementService, type SettlementRunReport } from './ach-settlement.service';

/** No payload: a run reads the gateway from the stored cursor. */
export type AchSettlementRunPayload = Record<string, never>;

/**
 * The scheduled ACH settlement run; its report is the job's result (job_run). A duplicate delivery
 * is safe: each event is stored once and applied once (AchSettlementService).
 */
export const ACH_SETTLEMENT_RUN = defineJob<AchSettlementRunPayload>('payments', 'ach-settlement-run', {
  maxAttempts: 3,
  backoffMs: 30_000,
});

@Injectable()
export class AchSettlementRunHandler {
  constructor(private readonly settlement: AchSettlementService) {}

  @JobHandler(ACH_SETTLEMENT_RUN)
  run(): Promise<SettlementRunReport> {
    return this.settlement.run();
  }
}
