import { Injectable } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import { defineJob } from '../../../core/queue/job-definition';
import { JobHandler } from '../../../core/queue/job-handler.decorator';
import { JobsService } from '../../../core/queue/jobs.service';
import { ClusterScheduler } from '../../../core/scheduling/cluster-scheduler.service';
import { SessionsService } from './sessions.service';

export const IDENTITY_CLEANUP = defineJob<Record<string, never>>('maintenance', 'identity-cleanup', { maxAttempts: 2 });

/** Hourly: expired sessions, stale sign-in counters and reset links expired a week ago go. Once per cluster. */
@Injectable()
export class IdentityTasks {
  constructor(
    private readonly scheduler: ClusterScheduler,
    private readonly jobs: JobsService,
    private readonly sessions: SessionsService,
    private readonly em: EntityManager,
  ) {}

  @Cron(CronExpression.EVERY_HOUR, { name: 'identity.cleanup' })
  async hourly(): Promise<void> {
    await this.scheduler.once('identity.cleanup', 3_600_000, async () => void (await this.jobs.enqueue(IDENTITY_CLEANUP, {})));
  }

  @JobHandler(IDENTITY_CLEANUP)
  async cleanup() {
    const expiredSessions = await this.sessions.purgeExpired();
    const conn = this.em.getConnection();
    await conn.execute(`delete from login_throttle where window_start < now() - interval '1 day'`);
    // Kept a week after expiry: a late click still hears "expired", not "invalid".
    const res = await conn.execute(`delete from password_reset_token where expires_at < now() - interval '7 days'`, [], 'run');
    return { expiredSessions, expiredResetLinks: (res as { affectedRows?: number }).affectedRows ?? 0 };
  }
}
