import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { defineJob, type JobContext } from '../../../core/queue/job-definition';
import { JobHandler } from '../../../core/queue/job-handler.decorator';
import { JobsService, type JobView } from '../../../core/queue/jobs.service';
import { DomainError } from '../../../core/errors/domain-error';
import { SettlementRunsService, type SettlementRun } from './settlement-runs.service';

export interface SettlementsForSalePayload {
  saleId: number;
  userId: number | null;
}

/** The result of a run: the run itself, or the refusal a clerk can act on (no plan, no consigned lot). */
export type SettlementsForSaleResult = { run: SettlementRun; error: null } | { run: null; error: string };

/**
 * "Create for a sale" as a job: every consignor of the sale at once, progress per consignor. The run
 * itself is idempotent (drafts rebuilt, settled lots kept), so a redelivery only repeats it.
 */
export const SETTLEMENTS_FOR_SALE = defineJob<SettlementsForSalePayload>('settlements', 'settlements-for-sale', {
  maxAttempts: 3,
  backoffMs: 2000,
});

@Injectable()
export class SettlementsForSaleJob {
  constructor(
    private readonly runs: SettlementRunsService,
    private readonly jobs: JobsService,
    private readonly em: EntityManager,
  ) {}

  /**
   * Enqueues the run of a sale (404 for a sale not the house's). A click while a run of the same
   * sale is queued or running answers that run: the key counts the sale's finished runs, so it is
   * the same until the run ends, and a later click starts a new one.
   */
  async enqueue(houseId: number, saleId: number, userId: number): Promise<JobView> {
    await this.runs.assertSale(houseId, saleId);
    const [row] = await this.em.getConnection().execute(
      `select count(*)::int as n from job_run
        where house_id = ? and queue = ? and name = ? and status in ('completed', 'failed') and (payload->>'saleId')::int = ?`,
      [houseId, SETTLEMENTS_FOR_SALE.queue, SETTLEMENTS_FOR_SALE.name, saleId],
    );
    return this.jobs.enqueue(SETTLEMENTS_FOR_SALE, { saleId, userId }, { houseId, key: `sale:${saleId}:${row.n}` });
  }

  @JobHandler(SETTLEMENTS_FOR_SALE)
  async run(ctx: JobContext<SettlementsForSalePayload>): Promise<SettlementsForSaleResult> {
    try {
      const run = await this.runs.createForSale(
        ctx.houseId!,
        ctx.payload.saleId,
        ctx.payload.userId,
        false,
        new Date(),
        (done, total, name) => ctx.progress(done, total, name ? `Settled ${name}` : 'Reading the sale'),
      );
      return { run, error: null };
    } catch (e) {
      // A refusal (no plan, no consigned lot) will not change on a retry: the run ends with it.
      if (e instanceof DomainError) return { run: null, error: e.message };
      throw e;
    }
  }
}
