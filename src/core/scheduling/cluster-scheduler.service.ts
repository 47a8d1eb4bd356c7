import { Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { hostname } from 'node:os';

/**
 * @nestjs/schedule fires on every instance. A scheduled task calls `once()`, which claims the
 * task's current slot in PostgreSQL; only the instance whose insert wins runs it. A task
 * should only enqueue work, and that work must be idempotent.
 */
@Injectable()
export class ClusterScheduler {
  private readonly logger = new Logger('Scheduler');
  readonly instanceId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

  constructor(private readonly orm: MikroORM) {}

  /** Slot = start of the current period of `periodMs` (e.g. 60_000 for a task that runs every minute). */
  static slotOf(now: Date, periodMs: number): Date {
    return new Date(Math.floor(now.getTime() / periodMs) * periodMs);
  }

  async once(task: string, periodMs: number, fn: () => Promise<void>, now = new Date()): Promise<boolean> {
    const slot = ClusterScheduler.slotOf(now, periodMs);
    const rows = await (this.orm.em as EntityManager).getConnection().execute(
      `insert into schedule_slot (task, slot, claimed_by, claimed_at) values (?, ?, ?, now())
       on conflict do nothing returning task`,
      [task, slot, this.instanceId],
    );
    if (!rows.length) return false;
    try {
      await fn();
    } catch (e) {
      this.logger.error(`scheduled task ${task} failed: ${e instanceof Error ? e.stack : e}`);
    }
    return true;
  }

  /** Old claims are only history. */
  async purgeBefore(date: Date): Promise<void> {
    await (this.orm.em as EntityManager).getConnection().execute('delete from schedule_slot where slot < ?', [date]);
  }
}
