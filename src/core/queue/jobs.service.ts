import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { RUNTIME } from '../config/config.module';
import { Runtime } from '../config/runtime';
import { DomainError } from '../errors/domain-error';
import { JobDefinition } from './job-definition';
import { JobHandlerRegistry } from './job-handler.registry';
import { JobRunner } from './job-runner';
import { QUEUE_DRIVER, QueueDriver } from './queue-driver';

export interface EnqueueOptions {
  houseId?: number | null;
  /**
   * Same key, same run: a double click or a retried request enqueues once. Keys are scoped to the
   * house and the job, so the same key elsewhere is another run (never another house's run).
   */
  key?: string;
  delayMs?: number;
  /**
   * Runs once the run is recorded and before the driver can start it: links the run to rows its job
   * will lock (a job started first would hold them, and this write would wait for the whole job).
   * If it throws, the run stays recorded and undelivered; the next worker to start delivers it.
   */
  beforeDispatch?: (runId: string) => Promise<unknown>;
}

export interface JobView {
  id: string;
  queue: string;
  name: string;
  status: string;
  progress: { done: number; total: number; message: string | null };
  result: unknown;
  error: string | null;
  attempts: number;
  createdAt: string;
  finishedAt: string | null;
}

@Injectable()
export class JobsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly orm: MikroORM,
    private readonly runner: JobRunner,
    private readonly registry: JobHandlerRegistry,
    @Inject(QUEUE_DRIVER) private readonly driver: QueueDriver,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  get mode(): QueueDriver['mode'] {
    return this.driver.mode;
  }

  private get conn() {
    return (this.orm.em as EntityManager).getConnection();
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.runtime.processJobs) return;
    if (this.driver.mode === 'in-process') this.logger.log('No Redis: queued jobs run in-process');
    await this.driver.startProcessing(
      (id, attempt) => this.runner.execute(id, attempt),
      (id) => this.redispatch(id),
    );
    await this.redispatchPending();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.driver.stop();
  }

  /** Records the run, then hands it to the driver. Call it after your own transaction commits. */
  async enqueue<P>(def: JobDefinition<P>, payload: P, opts: EnqueueOptions = {}): Promise<JobView> {
    const id = await this.insertRun(def, payload, opts);
    await opts.beforeDispatch?.(id);
    const view = await this.get(id);
    if (view.status === 'queued') {
      await this.driver.dispatch(def.queue, id, {
        name: def.name,
        maxAttempts: def.maxAttempts,
        backoffMs: def.backoffMs,
        delayMs: opts.delayMs,
      });
    }
    return view;
  }

  /** Runs a job in this process and waits for it (CLI commands show its progress meanwhile). */
  async runHere<P>(def: JobDefinition<P>, payload: P, opts: EnqueueOptions = {}): Promise<JobView> {
    const id = await this.insertRun(def, payload, opts);
    for (let attempt = 1; attempt <= def.maxAttempts; attempt++) {
      try {
        await this.runner.execute(id, attempt);
        break;
      } catch {
        /* the runner recorded the failure; try again */
      }
    }
    return this.get(id);
  }

  async get(id: string, houseId?: number): Promise<JobView> {
    const rows = await this.conn.execute('select * from job_run where id = ?', [id]);
    const r = rows[0];
    if (!r || (houseId !== undefined && r.house_id !== houseId)) throw DomainError.notFound('Job');
    return {
      id: r.id,
      queue: r.queue,
      name: r.name,
      status: r.status,
      progress: { done: r.progress_done, total: r.progress_total, message: r.progress_message },
      result: r.result,
      error: r.error,
      attempts: r.attempts,
      createdAt: new Date(r.created_at).toISOString(),
      finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    };
  }

  private async insertRun<P>(def: JobDefinition<P>, payload: P, opts: EnqueueOptions): Promise<string> {
    const rows = await this.conn.execute(
      `insert into job_run (id, queue, name, house_id, payload, max_attempts, idempotency_key, status, progress_done, progress_total, attempts, created_at)
       values (?, ?, ?, ?, ?::jsonb, ?, ?, 'queued', 0, 0, 0, now())
       on conflict (idempotency_key) do update set idempotency_key = excluded.idempotency_key
       returning id`,
      [randomUUID(), def.queue, def.name, opts.houseId ?? null, JSON.stringify(payload ?? null), def.maxAttempts, scopedKey(def, opts)],
    );
    return rows[0].id as string;
  }

  /**
   * Hands a run the driver gave up on back to it: the runner then claims its next attempt, or, with
   * none left, fails it for good (and runs the job's failure handler). A no-op for a finished run.
   */
  private async redispatch(runId: string): Promise<void> {
    const rows: { queue: string; name: string; max_attempts: number }[] = await this.conn.execute(
      `select queue, name, max_attempts from job_run where id = ? and status in ('queued', 'running')`,
      [runId],
    );
    const r = rows[0];
    if (!r) return;
    this.logger.warn(`job ${r.queue}:${r.name} ${runId} was given up by the queue (its worker died during it): dispatched again`);
    const backoffMs = this.registry.definition(r.queue, r.name)?.backoffMs ?? 1000;
    await this.driver.dispatch(r.queue, runId, { name: r.name, maxAttempts: r.max_attempts, backoffMs });
  }

  /**
   * Jobs recorded but never delivered (a crash between insert and dispatch, or no Redis), and
   * runs left `running`: dispatching one that Bull still holds (waiting, active, delayed) adds
   * nothing, while one Bull failed or lost (a stalled job given up while no handler listened) is
   * delivered again, and the runner claims its next attempt or fails it for good.
   */
  private async redispatchPending(): Promise<void> {
    const statuses = ['queued', 'running'];
    const rows: { id: string; queue: string; name: string; max_attempts: number }[] = await this.conn.execute(
      `select id, queue, name, max_attempts from job_run where status in (${statuses.map(() => '?').join(', ')}) order by created_at limit 10000`,
      statuses,
    );
    for (const r of rows) {
      const backoffMs = this.registry.definition(r.queue, r.name)?.backoffMs ?? 1000;
      await this.driver.dispatch(r.queue, r.id, { name: r.name, maxAttempts: r.max_attempts, backoffMs });
    }
    if (rows.length) this.logger.log(`re-dispatched ${rows.length} pending job(s)`);
  }
}

/** `house:queue:name:key`, as stored in job_run.idempotency_key (unique). */
export function scopedKey(def: JobDefinition<unknown>, opts: EnqueueOptions): string | null {
  if (opts.key == null) return null;
  const scoped = `${opts.houseId ?? '-'}:${def.queue}:${def.name}:${opts.key}`;
  if (scoped.length > 200) throw new Error(`Idempotency key too long (${scoped.length} > 200): ${scoped.slice(0, 80)}...`);
  return scoped;
}
