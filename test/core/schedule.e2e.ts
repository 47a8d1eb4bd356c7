import { Injectable, Module } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { ClusterScheduler } from '../../src/core/scheduling/cluster-scheduler.service';
import { createTestApp, TestApp } from '../support/test-app';
import { sleep } from '../support/wait-for';

/** What ran where: every call of a task (`fired`) and every run the cluster allowed (`ran`). */
interface Run {
  task: string;
  slot: number;
  instance: string;
}
const fired: Run[] = [];
const ran: Run[] = [];

const PERIOD = 1000;

/** A scheduled task as domain modules write them: the trigger calls `once`, which runs the body once per slot. */
@Injectable()
class TestTasks {
  constructor(private readonly scheduler: ClusterScheduler) {}

  /** Called by hand with a chosen moment. */
  tick(now: Date): Promise<boolean> {
    return this.run('test.tick', now);
  }

  /** Fired by @nestjs/schedule every second, only where schedules run. */
  @Interval('test.timed', PERIOD)
  async timed(): Promise<void> {
    await this.run('test.timed', new Date());
  }

  private run(task: string, now: Date): Promise<boolean> {
    const slot = ClusterScheduler.slotOf(now, PERIOD).getTime();
    const instance = this.scheduler.instanceId;
    fired.push({ task, slot, instance });
    return this.scheduler.once(
      task,
      PERIOD,
      async () => {
        ran.push({ task, slot, instance });
        await sleep(5);
      },
      now,
    );
  }
}

@Module({ providers: [TestTasks] })
class TestTasksModule {}

const of = (list: Run[], task: string) => list.filter((r) => r.task === task);

describe('scheduled tasks run once per cluster (two instances on one database)', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // Neither runs schedules: the @Interval above must never fire in them.
    a = await createTestApp({ redis: false, extraModules: [TestTasksModule] });
    b = await createTestApp({ redis: false, database: a.db, extraModules: [TestTasksModule] });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const claims = async (task: string) =>
    (await a.em().getConnection().execute('select slot, claimed_by from schedule_slot where task = ? order by slot', [task])) as {
      slot: Date;
      claimed_by: string;
    }[];

  it('the same task called on both instances at the same moment runs exactly once per slot', async () => {
    const ta = a.app.get(TestTasks);
    const tb = b.app.get(TestTasks);
    const instances = [a.app.get(ClusterScheduler).instanceId, b.app.get(ClusterScheduler).instanceId];
    expect(instances[0]).not.toBe(instances[1]);
    const base = Date.UTC(2030, 0, 1, 12, 0, 0);
    const slots = Array.from({ length: 25 }, (_, k) => base + k * PERIOD);

    // Every slot at once: four calls per slot (two per instance) at different moments inside it.
    const won = await Promise.all(
      slots.map((s) =>
        Promise.all([ta.tick(new Date(s)), tb.tick(new Date(s + 250)), ta.tick(new Date(s + 500)), tb.tick(new Date(s + 999))]),
      ),
    );
    for (const perSlot of won) expect(perSlot.filter(Boolean)).toHaveLength(1);

    const runs = of(ran, 'test.tick');
    expect(runs).toHaveLength(slots.length);
    expect(new Set(runs.map((r) => r.slot))).toEqual(new Set(slots));
    expect(of(fired, 'test.tick')).toHaveLength(slots.length * 4);

    const rows = await claims('test.tick');
    expect(rows.map((r) => new Date(r.slot).getTime())).toEqual(slots);
    for (const r of rows) {
      expect(instances).toContain(r.claimed_by);
      expect(runs.find((run) => run.slot === new Date(r.slot).getTime())!.instance).toBe(r.claimed_by);
    }

    // A slot already run stays run, whichever instance asks again.
    expect(await Promise.all([ta.tick(new Date(slots[3] + 10)), tb.tick(new Date(slots[3] + 20))])).toEqual([false, false]);
    expect(of(ran, 'test.tick')).toHaveLength(slots.length);
  });

  it('timer-driven (@Interval every second on two schedule-running instances): each slot runs once, roles without schedules fire nothing', async () => {
    const c = await createTestApp({ redis: false, database: a.db, runSchedules: true, extraModules: [TestTasksModule] });
    const d = await createTestApp({ redis: false, database: a.db, runSchedules: true, extraModules: [TestTasksModule] });
    const timedInstances = [c.app.get(ClusterScheduler).instanceId, d.app.get(ClusterScheduler).instanceId];
    try {
      await sleep(3300);
    } finally {
      await Promise.all([d.close(), c.close()]);
    }
    const firedTimed = of(fired, 'test.timed');
    const runs = of(ran, 'test.timed');
    // Both instances fired every second...
    for (const i of timedInstances) expect(firedTimed.filter((f) => f.instance === i).length).toBeGreaterThanOrEqual(2);
    // ...but the cluster ran the task once per slot: as many runs as distinct slots, no slot twice.
    const slots = new Set(runs.map((r) => r.slot));
    expect(runs.length).toBe(slots.size);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.length).toBeLessThan(firedTimed.length);
    const rows = await claims('test.timed');
    expect(rows.map((r) => new Date(r.slot).getTime()).sort()).toEqual([...slots].sort());
    // a and b (runSchedules false) have been up all along: their @Interval never fired.
    const quiet = [a.app.get(ClusterScheduler).instanceId, b.app.get(ClusterScheduler).instanceId];
    expect(firedTimed.filter((f) => quiet.includes(f.instance))).toEqual([]);
  });
});
