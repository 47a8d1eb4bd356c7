import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CHARGE_INELIGIBILITY_TEXT, CHARGE_OUTCOME_TEXT } from '@ar/rules';
import { JobsService } from '../../src/core/queue/jobs.service';
import { CardChargingService, CHARGE_CHUNK, CHARGE_CHUNK_LANES } from '../../src/modules/invoicing/payments/charging/card-charging.service';
import { CHARGE_BATCH } from '../../src/modules/invoicing/payments/charging/charge-batch.job';
import { PAYMENT_GATEWAY } from '../../src/modules/invoicing/payments/gateway/payment-gateway';
import { SandboxGateway } from '../../src/modules/invoicing/payments/gateway/sandbox-gateway';
import { waitFor } from '../support/wait-for';
import { inContext } from '../invoice-groups/support';
import { bidder, group, q } from '../invoice-marks/support';
import { seedTwoHouses, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { readTestEnv } from '../support/test-env';
import { buildCli } from '../support/cli-process';
import { killProcess, spawnWorker } from '../support/worker-process';

/**
 * Exactly once under SIGKILL (issue 11 "Exactly once"): the built `dist/src/worker.js` runs a
 * `charge-batch` job on Bull (Redis) in a child process and kills itself (AR_CRASH_POINT,
 * src/core/testing/crash-point.ts) at one step of the card-charge flow: after the attempt row is
 * stored and before the gateway call, after the gateway call and before recording, after
 * recording. Then a worker without the crash point starts: Bull delivers the same job again (the
 * second delivery of one job), reconcile resolves the attempts left open by looking their keys up
 * at the gateway, and a batch run afterwards charges what was never charged. Every time, the
 * sandbox gateway's ledger, invoice_payment and the invoices' balances agree: each invoice charged
 * exactly once, nothing charged twice, nothing charged and not recorded.
 */
jest.setTimeout(120_000);

/** One chunk more than a batch has in flight: some invoices are not even claimed when the worker dies. */
const INVOICES = CHARGE_CHUNK * CHARGE_CHUNK_LANES + 2;
/** Bull's lock: a killed worker's job is delivered again this soon after its last renewal. */
const LOCK_SECONDS = 2;
const ACTOR = { userId: 1, userName: 'owner' };

type Json = Record<string, any>;

/** A pg array literal (knex would expand a JS array into a list). */
const pgArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

describe('card charging survives the worker being SIGKILLed at each step (child process, Bull)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let A: number;
  let charging: CardChargingService;
  let gateway: SandboxGateway;
  let worker: ChildProcess | null = null;
  let log = '';
  let n = 0;
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-charge-crash-'));

  const startWorker = (crashPoint?: string): ChildProcess => {
    const w = spawnWorker(t, {
      storageDir: storage,
      lockSeconds: LOCK_SECONDS,
      onOutput: (c) => (log += c),
      // Calls overlap: when one invoice reaches the crash point, others are mid-claim or mid-call.
      env: { SANDBOX_GATEWAY_LATENCY_MS: '20', AR_CRASH_POINT: crashPoint ?? '' },
    });
    worker = w;
    return w;
  };

  const stopWorker = async () => {
    const w = worker;
    worker = null;
    await killProcess(w);
  };

  const job = async (id: string) =>
    (await q(t, `select status, attempts, result, progress_done from job_run where id = ?`, [id]))[0] as {
      status: string;
      attempts: number;
      result: { invoiceConfirmations: Json[] } | null;
      progress_done: number;
    };
  const ledger = (ids: number[]) =>
    q<{ invoice: number; key: string; status: string; amount: number; reference: string }>(
      t,
      `select split_part(idempotency_key, ':', 2)::int as invoice, idempotency_key as key, status, amount_cents::int as amount, reference
         from sandbox_gateway_charge where kind = 'charge' and split_part(idempotency_key, ':', 2)::int = any(?::int[]) order by id`,
      [pgArray(ids)],
    );
  const payments = (ids: number[]) =>
    q<{ invoice: number; amount: number; reference: string; status: string; source: string }>(
      t,
      `select invoice_id as invoice, amount_cents::int as amount, gateway_reference as reference, status, source
         from invoice_payment where invoice_id = any(?::int[]) and voided_at is null order by id`,
      [pgArray(ids)],
    );
  const attempts = (ids: number[]) =>
    q<{ invoice: number; n: number; key: string; status: string }>(
      t,
      `select invoice_id as invoice, attempt_no as n, idempotency_key as key, status from invoice_charge_attempt where invoice_id = any(?::int[]) order by id`,
      [pgArray(ids)],
    );

  /** A sent invoice per bidder, one lot each, an approving card on file each (its own token). */
  const sale = async (): Promise<{ ids: number[]; due: Map<number, number> }> => {
    n++;
    const g = await group(
      t,
      A,
      Array.from({ length: INVOICES }, (_, i) => bidder(`Crash${n}x${i}`)),
      Array.from({ length: INVOICES }, (_, i) => ({ bidder: i, hammer: 10_000 + i * 100 })),
    );
    await q(
      t,
      `insert into bidder_payment_method (house_id, member_id, token, kind, brand, last4, exp_month, exp_year, is_default)
       select ?, m.id, 'tok_visa_approve_crash' || ?::text || '_' || m.n, 'card', 'visa', '4242', 12, 2030, true
         from unnest(?::int[]) with ordinality as m(id, n)`,
      [A, n, pgArray(g.memberIds)],
    );
    const ids = g.invoiceIds as number[];
    const rows = await q(t, `select id, balance_cents::int as due from invoice where id = any(?::int[])`, [pgArray(ids)]);
    return { ids, due: new Map(rows.map((r) => [r.id as number, r.due as number])) };
  };

  /**
   * Runs the batch as the `charge-batch` job on a worker that dies at `point`, then on a healthy
   * worker (Bull's second delivery of the same job). Answers the state at the moment of the crash.
   */
  const chargeThroughCrash = async (ids: number[], point: string) => {
    const run = await t.app.get(JobsService).enqueue(CHARGE_BATCH, { invoiceIds: ids, ...ACTOR }, { houseId: A });
    const doomed = startWorker(point);
    const code = await new Promise<NodeJS.Signals | null>((resolve) => doomed.once('exit', (_c, signal) => resolve(signal)));
    worker = null;
    expect(code).toBe('SIGKILL');
    const atCrash = {
      job: await job(run.id),
      ledger: await ledger(ids),
      payments: await payments(ids),
      attempts: await attempts(ids),
    };
    // Killed mid-job: its first delivery never finished.
    expect(atCrash.job).toMatchObject({ status: 'running', attempts: 1 });

    startWorker();
    const done = await waitFor(
      () => job(run.id),
      (j) => j.status === 'completed' || j.status === 'failed',
      'the charge-batch job to be delivered again and complete',
      60_000,
      100,
    ).catch((e: Error) => Promise.reject(new Error(`${e.message}\nworker log:\n${log}`)));
    await stopWorker();
    expect(done).toMatchObject({ status: 'completed', attempts: 2 });
    return { atCrash, redelivered: done.result!.invoiceConfirmations };
  };

  /** The reconcile task's pass, for this house; the dead worker's attempts are "old enough" at once. */
  const reconcile = () => inContext(t, () => charging.reconcile({ houseId: A, startedOlderThanMs: 0 }));

  /**
   * The gateway's ledger, the payments and the balances agree: every invoice charged once (one
   * approved ledger charge of its balance), recorded once (payments of exactly that reference and
   * amount), paid (balance 0, payments made = the charge); no attempt left open, no double charge.
   */
  const expectAgreement = async (ids: number[], due: Map<number, number>) => {
    const charges = await ledger(ids);
    const paid = await payments(ids);
    const open = (await attempts(ids)).filter((a) => a.status === 'started' || a.status === 'unknown');
    expect(open).toEqual([]);
    for (const id of ids) {
      const mine = charges.filter((c) => c.invoice === id);
      expect(mine).toEqual([expect.objectContaining({ status: 'approved', amount: due.get(id) })]);
      const recorded = paid.filter((p) => p.invoice === id);
      expect(recorded.length).toBeGreaterThan(0);
      expect(recorded.every((p) => p.reference === mine[0].reference && p.status === 'settled' && p.source === 'card')).toBe(true);
      expect(recorded.reduce((s, p) => s + p.amount, 0)).toBe(due.get(id));
    }
    const balances = await q(
      t,
      `select id, balance_cents::int as balance, payments_made_cents::int as made, all_paid from invoice where id = any(?::int[]) order by id`,
      [pgArray(ids)],
    );
    for (const b of balances) expect(b).toEqual({ id: b.id, balance: 0, made: due.get(b.id), all_paid: true });
    expect(await gateway.doubleCharges()).toEqual([]);
    // And the next batch charges nothing: each invoice answers it is paid.
    const again = await inContext(t, () => charging.processCards(A, ACTOR, ids));
    expect(again.every((c) => !c.charged && c.reason === CHARGE_INELIGIBILITY_TEXT.paid)).toBe(true);
    expect(await ledger(ids)).toHaveLength(ids.length);
  };

  beforeAll(async () => {
    if (!readTestEnv().redisUrl) throw new Error('this test needs Redis (Bull is the driver under test)');
    await buildCli();
    t = await createTestApp({ processJobs: false });
    houses = await seedTwoHouses(t.em(), { paymentProcessingEnabled: true });
    A = houses.a.id;
    charging = t.app.get(CardChargingService);
    gateway = t.app.get(PAYMENT_GATEWAY);
  });

  afterEach(async () => {
    await stopWorker();
  });

  afterAll(async () => {
    await stopWorker();
    await t?.close();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  it('killed after the attempt is stored, before the gateway call: nothing was charged; reconcile closes it, the next batch charges it once', async () => {
    const { ids, due } = await sale();
    const { atCrash, redelivered } = await chargeThroughCrash(ids, 'charge.after-claim');
    // At the crash: claims committed, the gateway never called.
    expect(atCrash.attempts.filter((a) => a.status === 'started').length).toBeGreaterThan(0);
    expect(atCrash.ledger).toEqual([]);
    expect(atCrash.payments).toEqual([]);
    const claimed = new Set(atCrash.attempts.map((a) => a.invoice));

    // The second delivery charges the invoices nobody claimed and leaves the claimed ones alone.
    for (const c of redelivered) {
      if (claimed.has(c.invoiceID))
        expect(c).toMatchObject({ charged: false, status: 'in_progress', reason: CHARGE_OUTCOME_TEXT.inProgress });
      else expect(c).toMatchObject({ charged: true, status: 'approved', amountChargedCents: due.get(c.invoiceID) });
    }
    expect(claimed.size).toBeLessThan(INVOICES);

    // Reconcile looks each key up: no charge under it, so the attempt closes failed (nothing charged, nothing charged now).
    const report = await reconcile();
    expect(report).toMatchObject({ examined: claimed.size, failed: claimed.size, approved: 0 });
    expect(await ledger([...claimed])).toEqual([]);

    // Nothing lost: the next batch charges them, once, under attempt 2.
    const next = await inContext(t, () => charging.processCards(A, ACTOR, [...claimed]));
    expect(next.every((c) => c.charged && c.status === 'approved')).toBe(true);
    for (const id of claimed) expect((await ledger([id]))[0].key).toBe(`invoice:${id}:${due.get(id)}:2`);
    await expectAgreement(ids, due);
  });

  it('killed after the gateway charged, before recording: reconcile records each charge from the gateway, never charging again', async () => {
    const { ids, due } = await sale();
    const { atCrash, redelivered } = await chargeThroughCrash(ids, 'charge.after-gateway');
    // At the crash: at least one charge at the gateway, none recorded, its attempt still started.
    expect(atCrash.ledger.length).toBeGreaterThan(0);
    expect(atCrash.payments).toEqual([]);
    const charged = new Set(atCrash.ledger.map((l) => l.invoice));
    for (const id of charged) expect(atCrash.attempts.find((a) => a.invoice === id)).toMatchObject({ status: 'started' });
    const claimed = new Set(atCrash.attempts.map((a) => a.invoice));
    expect(claimed.size).toBeLessThan(INVOICES);

    for (const c of redelivered) {
      if (claimed.has(c.invoiceID)) expect(c).toMatchObject({ charged: false, status: 'in_progress' });
      else expect(c).toMatchObject({ charged: true, status: 'approved' });
    }
    // Charged but not recorded yet: the balance is still due, the invoice still claimed.
    const [first] = [...charged];
    expect((await q(t, `select balance_cents::int as b from invoice where id = ?`, [first]))[0].b).toBe(due.get(first));

    const report = await reconcile();
    expect(report).toMatchObject({ examined: claimed.size, approved: charged.size, failed: claimed.size - charged.size });
    const leftUncharged = [...claimed].filter((id) => !charged.has(id));
    if (leftUncharged.length) await inContext(t, () => charging.processCards(A, ACTOR, leftUncharged));
    // The charges recorded by reconcile are the ledger's first ones, under attempt 1.
    for (const id of charged) expect((await ledger([id])).map((l) => l.key)).toEqual([`invoice:${id}:${due.get(id)}:1`]);
    await expectAgreement(ids, due);
  });

  it('killed after recording: the second delivery answers "Invoice has been paid." for it and charges the rest once', async () => {
    const { ids, due } = await sale();
    const { atCrash, redelivered } = await chargeThroughCrash(ids, 'charge.after-record');
    // At the crash: one charge recorded in full (payments, attempt approved), the job not finished.
    expect(atCrash.payments.length).toBeGreaterThan(0);
    const recorded = new Set(atCrash.payments.map((p) => p.invoice));
    for (const id of recorded) expect(atCrash.attempts.find((a) => a.invoice === id)).toMatchObject({ status: 'approved' });
    const open = new Set(atCrash.attempts.filter((a) => a.status === 'started').map((a) => a.invoice));
    expect(new Set(atCrash.attempts.map((a) => a.invoice)).size).toBeLessThan(INVOICES);

    const byId = new Map(redelivered.map((c) => [c.invoiceID, c]));
    for (const id of recorded)
      expect(byId.get(id)).toMatchObject({ charged: false, status: 'ineligible', reason: CHARGE_INELIGIBILITY_TEXT.paid });
    for (const id of open) expect(byId.get(id)).toMatchObject({ charged: false, status: 'in_progress' });
    for (const id of ids.filter((i) => !recorded.has(i) && !open.has(i))) expect(byId.get(id)).toMatchObject({ charged: true });

    // Attempts the dead worker left open (mid-claim or mid-call) are resolved by key.
    const report = await reconcile();
    expect(report.examined).toBe(open.size);
    const failed = (await attempts([...open])).filter((a) => a.status === 'failed').map((a) => a.invoice);
    if (failed.length) await inContext(t, () => charging.processCards(A, ACTOR, failed));
    await expectAgreement(ids, due);
  });
});
