import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_BID_LADDER } from '@ar/rules';
import { BidPlacementService } from '../../src/modules/lots/timed-bidding/bid-placement.service';
import { LotClosingTasks } from '../../src/modules/lots/timed-bidding/lot-closing.tasks';
import { waitFor } from '../support/wait-for';
import { seedTwoHouses, TwoHouses } from '../support/fixtures';
import { buildCli } from '../support/cli-process';
import { createTestApp, TestApp } from '../support/test-app';
import { readTestEnv } from '../support/test-env';
import { killProcess, spawnWorker } from '../support/worker-process';
import { seedTimedSale, TimedSale } from './support';

/**
 * Lot closing survives a restart mid-close (issue 15): the built `dist/src/worker.js` runs the
 * scheduled `lot-closing-run` on Bull in a child process and dies (SIGKILL, AR_CRASH_POINT,
 * src/core/testing/crash-point.ts) in the middle of the pass: inside the first session's
 * transaction before it commits, or after the first session committed with two more to go. A
 * worker started without the crash point gets the same job again from Bull and finishes the pass.
 * Every lot ends closed once (a lot closed before the crash keeps its closing time), with exactly
 * the result its leading bid gives, and no lot of a later session is touched twice.
 */
jest.setTimeout(180_000);

const SESSIONS = 3;
const LOTS = 40;
/** Bull's lock: a killed worker's job is delivered again this soon after its last renewal. */
const LOCK_SECONDS = 2;

interface LotRow {
  id: number;
  catalog_id: number;
  closed_at: Date | null;
  winning_approval_id: number | null;
  hammer_cents: string | null;
  result_channel: string | null;
}

describe('timed lot closing survives the worker being killed mid-pass (child process, Bull)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let worker: ChildProcess | null = null;
  let log = '';
  let minute = 0;
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-closing-crash-'));

  const startWorker = (crashPoint?: string): ChildProcess => {
    worker = spawnWorker(t, {
      storageDir: storage,
      lockSeconds: LOCK_SECONDS,
      onOutput: (c) => (log += c),
      env: { AR_CRASH_POINT: crashPoint ?? '' },
    });
    return worker;
  };
  const stopWorker = async () => {
    const w = worker;
    worker = null;
    await killProcess(w);
  };

  const lots = (catalogIds: number[]) =>
    t
      .em()
      .execute<LotRow[]>(
        `select id, catalog_id, closed_at, winning_approval_id, hammer_cents, result_channel from lot where catalog_id in (${catalogIds.map(() => '?').join(', ')}) order by id`,
        catalogIds,
      );

  /** Three due sessions; every other lot has two bidders (sold to the leader at the current bid). */
  const dueSessions = async (): Promise<{ sales: TimedSale[]; expected: Map<number, [number, number] | null> }> => {
    const engine = t.app.get(BidPlacementService);
    const sales: TimedSale[] = [];
    for (let s = 0; s < SESSIONS; s++) {
      const sale = await seedTimedSale(t.em(), {
        houseId: houses.a.id,
        lots: LOTS,
        bidders: 2,
        firstLotEnd: new Date(Date.now() + 3_600_000),
      });
      for (let i = 0; i < LOTS; i += 2) {
        for (const [who, amount] of [
          [1, 3000 + i * 100],
          [0, 5000 + i * 100],
        ]) {
          const r = await engine.place({
            houseId: houses.a.id,
            lotId: sale.lotIds[i],
            approvalId: sale.approvalIds[who],
            amountCents: amount,
            bidType: 'maxBid',
            placedByUserId: null,
            ladder: DEFAULT_BID_LADDER,
          });
          expect(r.ok).toBe(true);
        }
      }
      sales.push(sale);
    }
    const ids = sales.map((s) => s.catalogId);
    const state = await t
      .em()
      .execute<{ id: number; approval_id: number | null; current_bid_cents: string | null }[]>(
        `select l.id, o.approval_id, l.current_bid_cents from lot l left join order_bid o on o.id = l.leading_bid_id where l.catalog_id in (${ids.map(() => '?').join(', ')})`,
        ids,
      );
    const expected = new Map(
      state.map((r) => [r.id, r.approval_id === null ? null : ([r.approval_id, Number(r.current_bid_cents)] as [number, number])]),
    );
    // Time passes: every lot of the three sessions is due.
    const past = new Date(Date.now() - 600_000);
    await t.em().execute(`update catalog set event_date = ? where id in (${ids.map(() => '?').join(', ')})`, [past, ...ids]);
    await t.em().execute(`update lot set end_at = ? where catalog_id in (${ids.map(() => '?').join(', ')})`, [past, ...ids]);
    return { sales, expected };
  };

  /** The scheduled task as the cron calls it, at a minute of its own: it enqueues the pass on Bull. */
  const schedulePass = async (): Promise<string> => {
    const at = new Date(Date.UTC(2001, 0, 1, 0, minute++));
    await t.app.get(LotClosingTasks).everyMinute(at);
    const [run] = await t
      .em()
      .execute<{ id: string }[]>(`select id from job_run where name = 'lot-closing-run' and idempotency_key like ?`, [
        `%:lot-closing-run:${at.toISOString()}`,
      ]);
    expect(run).toBeDefined();
    return run.id;
  };

  const run = async (id: string) =>
    (await t.em().execute<{ status: string; attempts: number }[]>('select status, attempts from job_run where id = ?', [id]))[0];

  /** Every lot closed once, with the result of its leading bid (or none), channel INV. */
  const expectClosedOnce = (rows: LotRow[], expected: Map<number, [number, number] | null>) => {
    expect(rows).toHaveLength(SESSIONS * LOTS);
    for (const r of rows) {
      const want = expected.get(r.id)!;
      expect({
        closed: r.closed_at !== null,
        winner: r.winning_approval_id,
        hammer: r.hammer_cents === null ? null : Number(r.hammer_cents),
      }).toEqual({ closed: true, winner: want?.[0] ?? null, hammer: want?.[1] ?? null });
      expect(r.result_channel).toBe(want ? 'INV' : null);
    }
    expect([...expected.values()].filter(Boolean)).toHaveLength((SESSIONS * LOTS) / 2);
  };

  beforeAll(async () => {
    if (!readTestEnv().redisUrl) throw new Error('this test needs Redis (Bull is the driver under test)');
    await buildCli();
    t = await createTestApp({ processJobs: false });
    houses = await seedTwoHouses(t.em(), { bulkBiddingEnabled: true });
  });
  afterEach(() => stopWorker());
  afterAll(async () => {
    await stopWorker();
    await t?.close();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  it('killed after the first session committed: the restarted worker closes the rest; the first keeps its closing', async () => {
    const { sales, expected } = await dueSessions();
    const ids = sales.map((s) => s.catalogId);
    const id = await schedulePass();
    const crashed = startWorker('lot-closing.after-slice');
    const code = await new Promise((r) => crashed.once('exit', (_c, signal) => r(signal)));
    expect(code).toBe('SIGKILL');
    worker = null;

    // Killed mid-pass: the first session is closed, the other two untouched, the run still running.
    const mid = await lots(ids);
    const closedFirst = mid.filter((r) => r.closed_at !== null);
    expect(closedFirst.map((r) => r.catalog_id)).toEqual(Array(LOTS).fill(ids[0]));
    expect(await run(id)).toEqual({ status: 'running', attempts: 1 });

    startWorker();
    const done = await waitFor(
      () => run(id),
      (r) => r.status !== 'running' && r.status !== 'queued',
      'the pass to finish',
      60_000,
      100,
    ).catch((e: Error) => Promise.reject(new Error(`${e.message}\nworker log:\n${log}`)));
    expect(done).toEqual({ status: 'completed', attempts: 2 });
    const after = await lots(ids);
    expectClosedOnce(after, expected);
    // Closed once: the first session's lots kept the closing time written before the crash.
    const before = new Map(closedFirst.map((r) => [r.id, new Date(r.closed_at!).getTime()]));
    for (const r of after.filter((l) => before.has(l.id))) expect(new Date(r.closed_at!).getTime()).toBe(before.get(r.id));
  });

  it('killed inside the first session before its commit: nothing is closed half-way; the restarted worker closes every lot once', async () => {
    const { sales, expected } = await dueSessions();
    const ids = sales.map((s) => s.catalogId);
    const id = await schedulePass();
    const crashed = startWorker('lot-closing.before-commit');
    expect(await new Promise((r) => crashed.once('exit', (_c, signal) => r(signal)))).toBe('SIGKILL');
    worker = null;
    expect((await lots(ids)).filter((r) => r.closed_at !== null || r.winning_approval_id !== null)).toEqual([]);

    startWorker();
    await waitFor(
      () => run(id),
      (r) => r.status === 'completed',
      'the pass to complete',
      60_000,
      100,
    ).catch((e: Error) => Promise.reject(new Error(`${e.message}\nworker log:\n${log}`)));
    expectClosedOnce(await lots(ids), expected);
    // A further pass (the next minute) finds nothing to close and changes nothing.
    const snapshot = JSON.stringify(await lots(ids));
    const next = await schedulePass();
    await waitFor(
      () => run(next),
      (r) => r.status === 'completed',
      'the next pass',
      60_000,
      100,
    );
    expect(JSON.stringify(await lots(ids))).toBe(snapshot);
  });
});
