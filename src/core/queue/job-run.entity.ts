import { Entity, Index, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed';

/**
 * Every queued job has a row: the source of truth for its status and progress whatever
 * runs it (Bull on Redis or the in-process driver), and what makes a lost job recoverable.
 */
@Entity({ tableName: 'job_run' })
@Index({ properties: ['status', 'createdAt'] })
export class JobRun {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ length: 40 })
  queue!: string;

  @Property({ length: 80 })
  name!: string;

  @Property({ nullable: true })
  @Index()
  houseId?: number;

  @Property({ type: 'jsonb' })
  payload!: unknown;

  @Property({ length: 16 })
  status: JobStatus & Opt = 'queued';

  @Property()
  progressDone: number & Opt = 0;

  @Property()
  progressTotal: number & Opt = 0;

  @Property({ length: 300, nullable: true })
  progressMessage?: string;

  @Property({ type: 'jsonb', nullable: true })
  result?: unknown;

  @Property({ type: 'text', nullable: true })
  error?: string;

  @Property()
  attempts: number & Opt = 0;

  @Property()
  maxAttempts: number & Opt = 3;

  /** Enqueueing twice with the same key yields the same run. */
  @Property({ length: 200, nullable: true })
  @Unique()
  idempotencyKey?: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  startedAt?: Date;

  @Property({ type: 'timestamptz', nullable: true })
  finishedAt?: Date;
}
