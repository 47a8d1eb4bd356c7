import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { INTERRUPTED, JobRunner } from '../../src/core/queue/job-runner';
import { JobsService, JobView, scopedKey } from '../../src/core/queue/jobs.service';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { readTestEnv } from '../support/test-env';
import { TEST_FAILING, TEST_FLAKY, TEST_PROGRESS, testJobs, TestJobsModule } from '../support/test-jobs.module';
import { sleep, waitFor } from '../support/wait-for';

const env = readTestEnv();
const DRIVERS = [
  { driver: 'Bull on Redis', redis: true, mode: 'redis' },
  { driver: 'in-process driver', redis: false, mode: 'in-process' },
] as const;

const newTag = (what: string) => `${what}-${randomUUID().slice(0, 8)}`;

describe.each(DRIVERS)('queued jobs with the $driver (job_run is the source of truth)', ({ redis, mode }) => {
  if (redis && !env.redisUrl) {
    it.skip('skipped: no Redis answers (REDIS_URL unset and nothing on 127.0.0.1:6379)', () => undefined);
    return;
  }

  let t: TestApp;
  let houses: TwoHouses;
  let userA: SignedIn;
  let userB: SignedIn;
  let jobs: JobsService;

  beforeAll(async () => {
    t = await createTestApp({ redis, extraModules: [TestJobsModule] });
    houses = await seedTwoHouses(t.em());
    [userA, userB] = await Promise.all([signIn(t.server, 'house-a', 'owner'), signIn(t.server, 'house-b', 'owner')]);
    jobs = t.app.get(JobsService);
  });
  afterAll(async () => {
    for (const tag of testJobs.gates.keys()) testJobs.release(tag);
    await t?.close();
  });

  const row = async (id: string) => (await t.em().getConnection().execute('select status, attempts from job_run where id = ?', [id]))[0];
  const untilFinished = (id: string, app: TestApp = t) =>
    waitFor(
      () => app.app.get(JobsService).get(id),
      (v) => v.status === 'completed' || v.status === 'failed',
      `job ${id} to finish`,
    );

  /** A job_run row written directly, as a crashed process leaves it. */
  const insertRun = async (payload: object, r: { status: string; attempts: number; maxAttempts: number; key?: string }) => {
    const id = randomUUID();
    await t
      .em()
      .getConnection()
      .execute(
        `insert into job_run (id, queue, name, house_id, payload, status, attempts, max_attempts, idempotency_key, created_at)
       values (?, 'maintenance', 'test.progress', ?, ?::jsonb, ?, ?, ?, ?, now())`,
        [id, houses.a.id, JSON.stringify(payload), r.status, r.attempts, r.maxAttempts, r.key ?? null],
      );
    return id;
  };

  it(`runs on the ${mode} driver`, () => {
    expect(jobs.mode).toBe(mode);
  });

  it('runs a job, its progress (done of total) and result readable by its house through GET /api/jobs/:id', async () => {
    const tag = newTag('progress');
    const queued = await jobs.enqueue(TEST_PROGRESS, { tag, steps: 4, pauseAt: 2 }, { houseId: houses.a.id });
    expect(queued).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'queued', progress: { done: 0, total: 0 } });

    const poll = async () => (await userA.agent.get(`/api/jobs/${queued.id}`).expect(200)).body as JobView;
    // The handler stops after step 2 until released: progress is visible while the job runs.
    const midway = await waitFor(poll, (v) => v.progress.done === 2, 'progress 2 of 4');
    expect(midway).toMatchObject({
      status: 'running',
      progress: { done: 2, total: 4, message: 'step 2 of 4' },
      result: null,
      finishedAt: null,
    });

    testJobs.release(tag);
    const done = await waitFor(poll, (v) => v.status === 'completed', 'completion');
    expect(done).toEqual({
      id: queued.id,
      queue: 'maintenance',
      name: 'test.progress',
      status: 'completed',
      progress: { done: 4, total: 4, message: 'step 4 of 4' },
      result: { tag, steps: 4, houseId: houses.a.id },
      error: null,
      attempts: 1,
      createdAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    expect(testJobs.callsOf(tag)).toBe(1);
  });

  it("answers 404 to another house's user and for unknown or house-less jobs, 401 without a session, 400 for a malformed id", async () => {
    const tag = newTag('scoped');
    const { id } = await jobs.enqueue(TEST_PROGRESS, { tag, steps: 1 }, { houseId: houses.a.id });
    await untilFinished(id);
    await userA.agent.get(`/api/jobs/${id}`).expect(200);

    const other = await userB.agent.get(`/api/jobs/${id}`);
    expect(other.status).toBe(404);
    const unknown = await userA.agent.get(`/api/jobs/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    // Same answer for "not yours" and "does not exist": nothing tells B that the id exists.
    expect(other.body).toEqual(unknown.body);
    expect(other.body).toMatchObject({ code: 'NOT_FOUND', message: 'Job not found.' });
    expect(JSON.stringify(other.body)).not.toContain(tag);

    const system = await jobs.enqueue(TEST_PROGRESS, { tag: newTag('system'), steps: 1 });
    await userA.agent.get(`/api/jobs/${system.id}`).expect(404);

    await request(t.server).get(`/api/jobs/${id}`).expect(401);
    // A malformed run id names no run: the same answer as another house's run (core/http/id-param.ts).
    expect((await userA.agent.get('/api/jobs/not-a-uuid').expect(404)).body).toEqual(unknown.body);
  });

  it('enqueues once per idempotency key: same run id, the handler runs once', async () => {
    const tag = newTag('idem');
    const key = `test:${tag}`;
    // A double click: two requests at the same moment, then a retried one, all while the run is still
    // queued (a delay keeps it there: 2 s, as three enqueues took over 300 ms on a loaded CI machine),
    // then one more while it runs.
    const opts = { houseId: houses.a.id, key, delayMs: 2_000 };
    const [first, second] = await Promise.all([
      jobs.enqueue(TEST_PROGRESS, { tag, steps: 2, pauseAt: 1 }, opts),
      jobs.enqueue(TEST_PROGRESS, { tag, steps: 2, pauseAt: 1 }, opts),
    ]);
    const third = await jobs.enqueue(TEST_PROGRESS, { tag, steps: 2, pauseAt: 1 }, opts);
    expect(third.status).toBe('queued');
    expect(second.id).toBe(first.id);
    expect(third.id).toBe(first.id);
    await waitFor(
      () => jobs.get(first.id),
      (v) => v.progress.done === 1,
      'the run to start',
    );
    await jobs.enqueue(TEST_PROGRESS, { tag, steps: 2, pauseAt: 1 }, { houseId: houses.a.id, key });
    testJobs.release(tag);
    await untilFinished(first.id);
    const again = await jobs.enqueue(TEST_PROGRESS, { tag, steps: 2 }, { houseId: houses.a.id, key });
    expect(again).toMatchObject({ id: first.id, status: 'completed' });
    await sleep(150);
    expect(testJobs.callsOf(tag)).toBe(1);
    const count = await t.em().getConnection().execute(`select count(*)::int as n from job_run where payload->>'tag' = ?`, [tag]);
    expect(count[0].n).toBe(1);
  });

  it('beforeDispatch runs after the run is recorded and before its job can start; when it throws, nothing is delivered', async () => {
    const tag = newTag('before');
    const seen: { runId: string; status: string; calls: number }[] = [];
    const run = await jobs.enqueue(
      TEST_PROGRESS,
      { tag, steps: 1 },
      {
        houseId: houses.a.id,
        beforeDispatch: async (runId) => {
          // Long enough for a job already handed to the driver to have started.
          await sleep(300);
          seen.push({ runId, status: (await row(runId)).status, calls: testJobs.callsOf(tag) });
        },
      },
    );
    expect(seen).toEqual([{ runId: run.id, status: 'queued', calls: 0 }]);
    expect((await untilFinished(run.id)).status).toBe('completed');
    expect(testJobs.callsOf(tag)).toBe(1);

    const failing = newTag('before-fails');
    let recorded = '';
    const failed = jobs.enqueue(
      TEST_PROGRESS,
      { tag: failing, steps: 1 },
      {
        houseId: houses.a.id,
        beforeDispatch: async (runId) => {
          recorded = runId;
          throw new Error('link failed');
        },
      },
    );
    await expect(failed).rejects.toThrow('link failed');
    await sleep(300);
    expect(await row(recorded)).toEqual({ status: 'queued', attempts: 0 });
    expect(testJobs.callsOf(failing)).toBe(0);
  });

  it("scopes idempotency keys by house and job: the same key in another house is that house's own run, never the first one", async () => {
    const key = `shared:${newTag('key')}`;
    const [tagA, tagB, tagSystem] = [newTag('key-a'), newTag('key-b'), newTag('key-system')];
    const inA = await jobs.enqueue(TEST_PROGRESS, { tag: tagA, steps: 1 }, { houseId: houses.a.id, key });
    await untilFinished(inA.id);
    const inB = await jobs.enqueue(TEST_PROGRESS, { tag: tagB, steps: 1 }, { houseId: houses.b.id, key });
    const system = await jobs.enqueue(TEST_PROGRESS, { tag: tagSystem, steps: 1 }, { key });
    const otherJob = await jobs.enqueue(TEST_FLAKY, { tag: newTag('key-flaky'), failTimes: 0 }, { houseId: houses.a.id, key });
    expect(new Set([inA.id, inB.id, system.id, otherJob.id]).size).toBe(4);
    expect(inB.status).toBe('queued');
    expect(await untilFinished(inB.id)).toMatchObject({ status: 'completed', result: { tag: tagB, houseId: houses.b.id } });
    await userB.agent.get(`/api/jobs/${inB.id}`).expect(200);
    await userB.agent.get(`/api/jobs/${inA.id}`).expect(404);
    await untilFinished(system.id);
    expect([tagA, tagB, tagSystem].map((tag) => testJobs.callsOf(tag))).toEqual([1, 1, 1]);
  });

  it('retries a failing handler with backoff until it succeeds (attempts = 3)', async () => {
    const tag = newTag('flaky');
    const { id } = await jobs.enqueue(TEST_FLAKY, { tag, failTimes: 2 }, { houseId: houses.a.id });
    const done = await untilFinished(id);
    expect(done).toMatchObject({ status: 'completed', attempts: 3, error: null, result: { succeededOnCall: 3 } });
    expect(testJobs.callsOf(tag)).toBe(3);
    expect(testJobs.attempts.get(tag)).toEqual([1, 2, 3]);
  });

  it('ends failed with its last error when every attempt fails, visible to its house', async () => {
    const tag = newTag('failing');
    const { id } = await jobs.enqueue(TEST_FAILING, { tag }, { houseId: houses.a.id });
    await untilFinished(id);
    const res = await userA.agent.get(`/api/jobs/${id}`).expect(200);
    expect(res.body).toMatchObject({
      status: 'failed',
      attempts: 2,
      error: 'always fails (call 2)',
      finishedAt: expect.any(String),
      result: null,
    });
    await sleep(200);
    expect(testJobs.callsOf(tag)).toBe(2);
  });

  it('never runs a completed or failed run again when it is delivered again (idempotent runner)', async () => {
    const runner = t.app.get(JobRunner);
    const tag = newTag('redeliver');
    const { id } = await jobs.enqueue(TEST_PROGRESS, { tag, steps: 3 }, { houseId: houses.a.id });
    const before = await untilFinished(id);
    await runner.execute(id, 1);
    await Promise.all([runner.execute(id, 1), runner.execute(id, 2)]);
    expect(testJobs.callsOf(tag)).toBe(1);
    expect(await jobs.get(id)).toEqual(before);

    const failTag = newTag('redeliver-failed');
    const failed = await jobs.enqueue(TEST_FAILING, { tag: failTag }, { houseId: houses.a.id });
    const failedBefore = await untilFinished(failed.id);
    await runner.execute(failed.id, 1);
    expect(testJobs.callsOf(failTag)).toBe(2);
    expect(await jobs.get(failed.id)).toEqual(failedBefore);

    await expect(runner.execute(randomUUID(), 1)).resolves.toBeUndefined();
  });

  it('runs nothing in an api-role instance (processJobs false); the next worker to start runs what it recorded, a run never dispatched (crash between insert and dispatch) and, without Redis, an interrupted run', async () => {
    const api = await createTestApp({ database: t.db, redis, processJobs: false, extraModules: [TestJobsModule] });
    const apiTag = newTag('api-role');
    let apiRun = '';
    try {
      apiRun = (await api.app.get(JobsService).enqueue(TEST_PROGRESS, { tag: apiTag, steps: 1 }, { houseId: houses.a.id })).id;
      await sleep(400);
      expect(await row(apiRun)).toMatchObject({ status: 'queued', attempts: 0 });
      expect(testJobs.callsOf(apiTag)).toBe(0);
    } finally {
      await api.close();
    }

    const crashTag = newTag('crash');
    const crashRun = await insertRun({ tag: crashTag, steps: 2 }, { status: 'queued', attempts: 0, maxAttempts: 1 });
    // Without Redis, a run left `running` was interrupted with its process: the next start runs it again.
    // (With Redis it stays active in Bull, whose stalled-job check delivers it again.)
    const interruptedTag = newTag('interrupted-start');
    const interruptedRun = redis
      ? null
      : await insertRun({ tag: interruptedTag, steps: 1 }, { status: 'running', attempts: 1, maxAttempts: 3 });
    const worker = await createTestApp({ database: t.db, redis, extraModules: [TestJobsModule] });
    try {
      expect(await untilFinished(apiRun, worker)).toMatchObject({ status: 'completed', attempts: 1 });
      if (interruptedRun) {
        expect(await untilFinished(interruptedRun, worker)).toMatchObject({ status: 'completed', attempts: 2 });
        expect(testJobs.callsOf(interruptedTag)).toBe(1);
      }
      expect(await untilFinished(crashRun, worker)).toMatchObject({
        status: 'completed',
        attempts: 1,
        progress: { done: 2, total: 2 },
        result: { tag: crashTag, steps: 2 },
      });
      expect(testJobs.callsOf(apiTag)).toBe(1);
      expect(testJobs.callsOf(crashTag)).toBe(1);
    } finally {
      await worker.close();
    }
  });

  // Redis only: a Bull job that failed before it could claim its run (its delivery threw, e.g. while the
  // database was away) keeps its job id in Bull's failed set, which would swallow every later dispatch.
  if (redis)
    it('a run still queued whose Bull job already failed runs when it is dispatched again', async () => {
      const tag = newTag('stale-bull');
      const key = `test:${tag}`;
      const id = await insertRun(
        { tag, steps: 1 },
        { status: 'queued', attempts: 0, maxAttempts: 1, key: scopedKey(TEST_PROGRESS, { houseId: houses.a.id, key })! },
      );
      const queue = t.app.get<Queue>(getQueueToken('maintenance'));
      // A delivery whose claim fails (here the claim query itself errors), on its only Bull attempt.
      await queue.add('test.progress', { runId: 'not-a-uuid' }, { jobId: id, attempts: 1 });
      await waitFor(
        async () => (await queue.getJob(id))?.getState(),
        (s) => s === 'failed',
        'the Bull job to fail',
      );
      expect(await row(id)).toMatchObject({ status: 'queued', attempts: 0 });

      const again = await jobs.enqueue(TEST_PROGRESS, { tag, steps: 1 }, { houseId: houses.a.id, key });
      expect(again).toMatchObject({ id, status: 'queued' });
      expect(await untilFinished(id)).toMatchObject({ status: 'completed', attempts: 1 });
      expect(testJobs.callsOf(tag)).toBe(1);
    });

  it('a run re-delivered after its process died counts the lost attempt; one that died in its last attempt ends failed instead of running forever', async () => {
    // What Bull's stalled-job check and the in-process driver's re-dispatch on start both do: execute again.
    const runner = t.app.get(JobRunner);
    const tag = newTag('interrupted');
    const lastTag = newTag('interrupted-last');
    const id = await insertRun({ tag, steps: 1 }, { status: 'running', attempts: 1, maxAttempts: 3 });
    const lastId = await insertRun({ tag: lastTag, steps: 1 }, { status: 'running', attempts: 2, maxAttempts: 2 });

    await runner.execute(id, 1);
    expect(await jobs.get(id)).toMatchObject({ status: 'completed', attempts: 2, error: null });
    expect(testJobs.callsOf(tag)).toBe(1);

    await runner.execute(lastId, 1);
    expect(await jobs.get(lastId)).toMatchObject({ status: 'failed', attempts: 2, error: INTERRUPTED, finishedAt: expect.any(String) });
    expect(testJobs.callsOf(lastTag)).toBe(0);
  });
});
