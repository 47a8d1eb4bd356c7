import { Injectable } from '@nestjs/common';
import { defineJob, type JobContext } from '../../../../core/queue/job-definition';
import { JobHandler } from '../../../../core/queue/job-handler.decorator';
import { AutoChargeService, type AutoChargeRunReport } from './auto-charge.service';

export interface AutoChargeRunPayload {
  /** YYYY-MM-DD: charge invoices scheduled up to this day; null: today in each house's time zone. */
  date: string | null;
}

/**
 * The scheduled auto-charge run. A duplicate delivery is safe: each try is claimed per invoice,
 * window and try number before the charge, and the charge itself is claimed (CardChargingService).
 */
export const AUTO_CHARGE_RUN = defineJob<AutoChargeRunPayload>('payments', 'auto-charge-run', { maxAttempts: 3, backoffMs: 60_000 });

@Injectable()
export class AutoChargeRunHandler {
  constructor(private readonly autoCharge: AutoChargeService) {}

  @JobHandler(AUTO_CHARGE_RUN)
  run(ctx: JobContext<AutoChargeRunPayload>): Promise<AutoChargeRunReport> {
    return this.autoCharge.run(ctx.payload.date ?? undefined);
  }
}
