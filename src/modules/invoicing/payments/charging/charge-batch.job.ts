import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { defineJob, type JobContext } from '../../../../core/queue/job-definition';
import { JobHandler } from '../../../../core/queue/job-handler.decorator';
import { CardChargingService, type InvoiceConfirmation } from './card-charging.service';

export interface ChargeBatchPayload {
  invoiceIds: number[];
  userId: number;
  userName: string;
}

/**
 * A batch charge of more than CHARGE_INLINE_MAX invoices. Redelivery (a crash, a second worker) is
 * safe: each invoice is claimed before it is charged, so an invoice charged by the first delivery
 * answers "Invoice has been paid." (or "in progress") to the second and is never charged twice.
 */
export const CHARGE_BATCH = defineJob<ChargeBatchPayload>('payments', 'charge-batch', { maxAttempts: 3, backoffMs: 5000 });

/** The enqueue key of a batch: the same invoices asked twice (a double click) are one run. */
export function chargeBatchKey(invoiceIds: readonly number[]): string {
  const ids = [...new Set(invoiceIds)].sort((a, b) => a - b).join(',');
  return `charge-batch:${createHash('sha256').update(ids).digest('hex').slice(0, 32)}`;
}

@Injectable()
export class ChargeBatchHandler {
  constructor(private readonly charging: CardChargingService) {}

  @JobHandler(CHARGE_BATCH)
  async run(ctx: JobContext<ChargeBatchPayload>): Promise<{ invoiceConfirmations: InvoiceConfirmation[] }> {
    const houseId = ctx.houseId!;
    const { invoiceIds, userId, userName } = ctx.payload;
    await ctx.progress(0, invoiceIds.length, 'charging');
    const invoiceConfirmations = await this.charging.processCards(houseId, { userId, userName }, invoiceIds, (done, total) =>
      ctx.progress(done, total, 'charging'),
    );
    return { invoiceConfirmations };
  }
}
