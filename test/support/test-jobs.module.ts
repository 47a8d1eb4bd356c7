import { Injectable, Module } from '@nestjs/common';
import { defineJob, JobContext } from '../../src/core/queue/job-definition';
import { JobHandler } from '../../src/core/queue/job-handler.decorator';

/**
 * Test-only job handlers mounted in the real app (`createTestApp({ extraModules: [TestJobsModule] })`).
 * Every payload carries a `tag` unique to the test; `testJobs` records what ran for it. The apps run
 * in the test's process, so the record is shared by every instance a test starts.
 */
export interface TaggedPayload {
  tag: string;
}

/** Reports progress step by step; can pause at a step until the test releases it. */
export const TEST_PROGRESS = defineJob<TaggedPayload & { steps: number; pauseAt?: number }>('maintenance', 'test.progress', {
  maxAttempts: 1,
});
/** Fails its first `failTimes` attempts, then succeeds. */
export const TEST_FLAKY = defineJob<TaggedPayload & { failTimes: number }>('maintenance', 'test.flaky', { maxAttempts: 3, backoffMs: 50 });
/** Always fails. */
export const TEST_FAILING = defineJob<TaggedPayload>('maintenance', 'test.failing', { maxAttempts: 2, backoffMs: 50 });

class Deferred {
  readonly promise: Promise<void>;
  resolve!: () => void;
  constructor() {
    this.promise = new Promise<void>((r) => (this.resolve = r));
  }
}

export const testJobs = {
  /** Handler calls per tag (every attempt counts). */
  calls: new Map<string, number>(),
  /** Attempt numbers each call saw, per tag. */
  attempts: new Map<string, number[]>(),
  gates: new Map<string, Deferred>(),
  callsOf(tag: string): number {
    return this.calls.get(tag) ?? 0;
  },
  /** Lets a paused TEST_PROGRESS run go on. */
  release(tag: string): void {
    this.gate(tag).resolve();
  },
  gate(tag: string): Deferred {
    let g = this.gates.get(tag);
    if (!g) this.gates.set(tag, (g = new Deferred()));
    return g;
  },
  record(ctx: JobContext<TaggedPayload>): number {
    const n = this.callsOf(ctx.payload.tag) + 1;
    this.calls.set(ctx.payload.tag, n);
    this.attempts.set(ctx.payload.tag, [...(this.attempts.get(ctx.payload.tag) ?? []), ctx.attempt]);
    return n;
  },
};

@Injectable()
export class TestJobHandlers {
  @JobHandler(TEST_PROGRESS)
  async progress(ctx: JobContext<TaggedPayload & { steps: number; pauseAt?: number }>) {
    testJobs.record(ctx);
    const { steps, pauseAt, tag } = ctx.payload;
    for (let i = 1; i <= steps; i++) {
      await ctx.progress(i, steps, `step ${i} of ${steps}`);
      if (pauseAt === i) await testJobs.gate(tag).promise;
    }
    return { tag, steps, houseId: ctx.houseId };
  }

  @JobHandler(TEST_FLAKY)
  async flaky(ctx: JobContext<TaggedPayload & { failTimes: number }>) {
    const n = testJobs.record(ctx);
    if (n <= ctx.payload.failTimes) throw new Error(`flaky failure ${n}`);
    return { succeededOnCall: n };
  }

  @JobHandler(TEST_FAILING)
  async failing(ctx: JobContext<TaggedPayload>) {
    const n = testJobs.record(ctx);
    throw new Error(`always fails (call ${n})`);
  }
}

@Module({ providers: [TestJobHandlers] })
export class TestJobsModule {}
