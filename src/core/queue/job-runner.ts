import { Injectable, Logger } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { JobContext } from './job-definition';
import { JobHandlerRegistry } from './job-handler.registry';

interface RunRow {
  queue: string;
  name: string;
  house_id: number | null;
  payload: unknown;
}

export const INTERRUPTED = 'Interrupted during its last attempt (the process running it stopped).';

/**
 * Executes one attempt of a job run. Idempotent at this level: a completed or missing run is
 * skipped, so a re-delivered job does nothing twice. Throws when the attempt failed and
 * another attempt is due, so the driver retries.
 *
 * The row counts attempts, not the driver: a run interrupted by a crash and delivered again (Bull's
 * stalled-job recovery, the in-process driver's re-dispatch on start) has used one of its attempts,
 * and a run that keeps killing its process stops after `max_attempts` instead of looping forever.
 */
@Injectable()
export class JobRunner {
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly orm: MikroORM,
    private readonly registry: JobHandlerRegistry,
  ) {}

  private get conn() {
    return (this.orm.em as EntityManager).getConnection();
  }

  /** `delivery`: the driver's own count of deliveries, for the log only. */
  async execute(runId: string, delivery = 1): Promise<void> {
    const claimed = await this.conn.execute(
      `update job_run set status = 'running', attempts = attempts + 1, started_at = coalesce(started_at, now()), error = null
        where id = ? and status in ('queued', 'running') and attempts < max_attempts
        returning queue, name, house_id, payload, attempts, max_attempts`,
      [runId],
    );
    const run = claimed[0] as (RunRow & { attempts: number; max_attempts: number }) | undefined;
    if (!run) {
      // Still `running` with no attempt left: its last attempt was interrupted (the process died).
      const interrupted: RunRow[] = await this.conn.execute(
        `update job_run set status = 'failed', error = ?, finished_at = now() where id = ? and status = 'running' and attempts >= max_attempts
          returning queue, name, house_id, payload`,
        [INTERRUPTED, runId],
      );
      if (interrupted[0]) {
        this.logger.warn(`job ${runId} failed: ${INTERRUPTED}`);
        await this.failedForGood(runId, interrupted[0], INTERRUPTED);
      }
      return;
    }
    const attempt = run.attempts;
    const handler = this.registry.get(run.queue, run.name);
    if (!handler) {
      const message = `No handler for job ${run.queue}:${run.name}`;
      await this.finish(runId, 'failed', null, message);
      await this.failedForGood(runId, run, message);
      return;
    }
    const ctx: JobContext<unknown> = {
      runId,
      houseId: run.house_id,
      payload: run.payload,
      attempt,
      progress: (done, total, message) => this.progress(runId, done, total, message),
    };
    try {
      const result = await RequestContext.create(this.orm.em, () => handler(ctx));
      await this.finish(runId, 'completed', result ?? null, null);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const final = attempt >= run.max_attempts;
      this.logger.warn(
        `job ${run.queue}:${run.name} ${runId} attempt ${attempt}/${run.max_attempts} (delivery ${delivery}) failed: ${message}`,
      );
      await this.finish(runId, final ? 'failed' : 'queued', null, message);
      if (!final) throw e;
      await this.failedForGood(runId, run, message);
    }
  }

  /**
   * Runs the job's failure handler (e.g. the invoice group then shows its error and offers a
   * retry). Its own failure is logged, not thrown: the run is failed either way, and sweeps that
   * look for such leftovers (see InvoiceGroupRecovery) finish the work.
   */
  private async failedForGood(runId: string, run: RunRow, error: string): Promise<void> {
    const onFailed = this.registry.onFailed(run.queue, run.name);
    if (!onFailed) return;
    try {
      await RequestContext.create(this.orm.em, () => onFailed({ runId, houseId: run.house_id, payload: run.payload, error }));
    } catch (e) {
      this.logger.error(`failure handler of job ${run.queue}:${run.name} ${runId} failed: ${e instanceof Error ? e.message : e}`);
    }
  }

  async progress(runId: string, done: number, total: number, message?: string): Promise<void> {
    await this.conn.execute('update job_run set progress_done = ?, progress_total = ?, progress_message = ? where id = ?', [
      done,
      total,
      message?.slice(0, 300) ?? null,
      runId,
    ]);
  }

  private async finish(runId: string, status: 'completed' | 'failed' | 'queued', result: unknown, error: string | null): Promise<void> {
    await this.conn.execute(
      `update job_run set status = ?, result = ?::jsonb, error = ?, finished_at = case when ? in ('completed', 'failed') then now() else null end where id = ?`,
      [status, result === null ? null : JSON.stringify(result), error, status, runId],
    );
  }
}
