import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RequestContext, MikroORM } from '@mikro-orm/core';
import { Client } from 'pg';
import { InvoiceBuilder } from '../../src/modules/invoicing/invoices/invoice-builder';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { readTestEnv } from '../support/test-env';
import { waitFor } from '../support/wait-for';
import { groupAmounts, LargeSale, seedLargeSale } from './large-sale';
import { postGroup, seedAddress, seedTemplate } from './support';
import { buildCli } from '../support/cli-process';
import { killProcess, spawnWorker } from '../support/worker-process';

/**
 * The worker killed (SIGKILL) in the middle of a large invoice creation, as a crashed or
 * OOM-killed container would be: the built `dist/src/worker.js` runs the creation job in a child
 * process on Bull (Redis) while this file's app serves the API without processing jobs.
 *
 * - Killed twice: Bull's stalled check gives the job up after its second stall without calling
 *   the processor; the run, with one attempt left, is dispatched again (by the worker that saw it
 *   fail, or by the restarted worker's re-dispatch of `running` runs) and creates the group.
 * - Killed three times: the run has no attempt left; it ends failed and so does the group (a retry
 *   offered, its session free again); the retry revives the same group and creates it.
 * Either way every invoice is there once, with the same amounts as a group built without a crash.
 */
/**
 * This file's hooks and tests run for minutes. Given to each of them, not by `jest.setTimeout`,
 * which would reach every case file of the folder (they share one Jest file) and let a hung test
 * there hold CI for ten minutes.
 */
const SLOW_MS = 600_000;

/**
 * Several write batches (about a thousand lines each): the kill is made deterministic by a lock,
 * not by a size large enough to outlast the polling (see killDuring).
 */
const LOTS = 3_000;
const BIDDERS = 600;
/** Bull's lock: a killed worker's job is redelivered this soon after its last renewal. */
const LOCK_SECONDS = 3;

describe('invoice creation survives the worker being killed mid-way (child process, Bull)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let template: number;
  let address: number;
  let reference: string[];
  let worker: ChildProcess | null = null;
  let log = '';
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-crash-'));

  const startWorker = () => {
    worker = spawnWorker(t, { storageDir: storage, lockSeconds: LOCK_SECONDS, onOutput: (c) => (log += c) });
  };

  const killWorker = async () => {
    await killProcess(worker);
    worker = null;
  };

  const conn = () => t.em().getConnection();
  const group = async (id: number) =>
    (
      await conn().execute(
        `select g.invoice_created, g.creation_error, g.creation_job_id, j.status, j.attempts, j.progress_done, j.error,
                (select count(*) from invoice i where i.group_id = g.id)::int as invoices
           from invoice_group g left join job_run j on j.id = g.creation_job_id where g.id = ?`,
        [id],
      )
    )[0] as {
      invoice_created: boolean;
      creation_error: string | null;
      creation_job_id: string | null;
      status: string | null;
      attempts: number;
      progress_done: number;
      error: string | null;
      invoices: number;
    };

  /** The worker's COPY into invoice_line waiting on the test's table lock (its transaction holds its first invoices). */
  const linesWaiting = async () =>
    (
      await conn().execute(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike '%copy%invoice_line%'`,
      )
    )[0].n as number;

  /**
   * Kills the worker in the middle of attempt `attempt`'s transaction: the test holds invoice_line
   * in SHARE mode (reads pass, writes wait), so the attempt reads the results, opens its
   * transaction, locks the group, writes its first batch of invoices and then waits to write their
   * lines; the kill lands there, whatever the machine's speed. The lock is released after the kill
   * (the killed backend then finds its client gone and rolls back).
   */
  const killDuring = async (id: number, attempt: number) => {
    const blocker = new Client({ connectionString: t.db.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table invoice_line in share mode');
      startWorker();
      await waitFor(
        () => group(id),
        (g) => g.status === 'running' && g.attempts === attempt && g.progress_done >= 1,
        `attempt ${attempt} to be writing the invoices`,
        120_000,
      );
      await waitFor(linesWaiting, (n) => n > 0, `attempt ${attempt} to be writing the lines`, 60_000);
      await killWorker();
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      await blocker.end();
    }
    const g = await group(id);
    // Killed mid-way: nothing of the transaction is left, and the run still says running.
    expect(g).toEqual(expect.objectContaining({ invoice_created: false, invoices: 0, status: 'running', attempts: attempt }));
  };

  const create = async (sale: LargeSale, title: string): Promise<number> => {
    const res = await postGroup(owner, houses.a.houseRef, {
      catalogRefs: [sale.catalogRef],
      groupTitle: title,
      invoiceSettingsID: template,
    });
    expect(res.status).toBe(200);
    return res.body.data.invoiceGroupID as number;
  };

  const uninvoicedCatalogs = async () =>
    (await owner.agent.get(`/app/house/${houses.a.houseRef}/invoiceCatalogs?size=100`).expect(200)).body.data.auctionGroups.flatMap(
      (g: { catalogs: { catalogRef: string }[] }) => g.catalogs.map((c) => c.catalogRef),
    );

  /** The group created (or failed) and its run ended; the worker's output joins a timeout's message. */
  const untilSettled = (id: number, what: string) =>
    waitFor(
      () => group(id),
      // The group commits inside the job; the run records `completed` just after: wait for both.
      (g) => (g.invoice_created && g.status !== 'running') || g.creation_error !== null,
      what,
      180_000,
      200,
    ).catch((e: Error) => Promise.reject(new Error(`${e.message}\nworker log:\n${log}`)));

  /** Every invoice once, the same amounts as the group built without a crash, numbers without a gap. */
  const expectCompleteAndExact = async (id: number) => {
    const [counts] = await conn().execute(
      `select count(*)::int as invoices, min(invoice_number)::int as first, max(invoice_number)::int as last,
              (select count(*) from invoice_line l join invoice i on i.id = l.invoice_id where i.group_id = ?)::int as lines
         from invoice where group_id = ?`,
      [id, id],
    );
    expect(counts).toEqual(expect.objectContaining({ invoices: BIDDERS, lines: LOTS }));
    expect(counts.last - counts.first + 1).toBe(BIDDERS);
    expect(await groupAmounts(t.em(), id)).toEqual(reference);
  };

  beforeAll(async () => {
    if (!readTestEnv().redisUrl) throw new Error('this test needs Redis (Bull is the driver under test)');
    await buildCli();
    t = await createTestApp({ processJobs: false });
    houses = await seedTwoHouses(t.em()); // processor p: US state sales tax
    template = await seedTemplate(t.em(), houses.a.id, {
      taxRows: [{ name: 'HST', rate: 13_000, countryCode: 'CA', stateCode: 'ON', onHammer: true, onPremium: true, onLiveFee: false }],
      feeRows: [{ name: 'Handling', rate: 2_500, countryCode: 'ALL', onHammer: true, onPremium: false, onLiveFee: false }],
    });
    address = await seedAddress(t.em(), houses.a.id);
    owner = await signIn(t.server, houses.a.houseRef, 'owner');
    // The reference: an identical sale invoiced by the builder without any crash.
    const refSale = await seedLargeSale(t.em(), houses.a.id, address, 'REF', LOTS, BIDDERS);
    const refGroup = await create(refSale, 'Reference');
    const orm = t.app.get(MikroORM);
    const built = await RequestContext.create(orm.em, () => t.app.get(InvoiceBuilder).build(houses.a.id, refGroup));
    expect(built).toEqual(expect.objectContaining({ invoices: BIDDERS, lines: LOTS }));
    reference = await groupAmounts(t.em(), refGroup);
  }, SLOW_MS);

  afterEach(async () => {
    await killWorker();
  });

  afterAll(async () => {
    await killWorker();
    await t?.close();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  it(
    'killed twice: Bull gives the stalled job up, the run (one attempt left) is dispatched again and the group is created',
    async () => {
      const sale = await seedLargeSale(t.em(), houses.a.id, address, 'TWO', LOTS, BIDDERS);
      const id = await create(sale, 'Killed twice');
      await killDuring(id, 1);
      await killDuring(id, 2);
      startWorker();
      const done = await untilSettled(id, 'the group to be created');
      expect(done).toEqual(expect.objectContaining({ invoice_created: true, creation_error: null, status: 'completed', attempts: 3 }));
      await expectCompleteAndExact(id);
      expect(await uninvoicedCatalogs()).not.toContain(sale.catalogRef);
    },
    SLOW_MS,
  );

  it(
    'killed on every attempt: the run and the group end failed (retry offered, session free); the retry revives the same group',
    async () => {
      const sale = await seedLargeSale(t.em(), houses.a.id, address, 'THREE', LOTS, BIDDERS);
      const id = await create(sale, 'Killed three times');
      expect(await uninvoicedCatalogs()).not.toContain(sale.catalogRef); // spoken for while in progress
      await killDuring(id, 1);
      await killDuring(id, 2);
      await killDuring(id, 3);
      startWorker();
      const failed = await waitFor(
        () => owner.agent.get(`/api/invoice-groups/${id}`).then((r) => r.body),
        (g) => g.creationError !== null || g.invoiceCreated,
        'the group to fail',
        120_000,
        200,
      );
      expect(failed).toEqual(
        expect.objectContaining({
          id,
          invoiceCreated: false,
          invoiceCount: 0,
          creationError: 'Interrupted during its last attempt (the process running it stopped).',
        }),
      );
      expect((await group(id)).status).toBe('failed');
      // The session is free: listed again, and no 409 "being invoiced" for it.
      expect(await uninvoicedCatalogs()).toContain(sale.catalogRef);

      // The screen's retry, clicked twice at once: one run, the same group.
      const [a, b] = await Promise.all(
        [0, 1].map(() => owner.agent.post(`/api/invoice-groups/${id}/retry`).set('X-CSRF-Token', owner.csrf)),
      );
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body).toEqual(expect.objectContaining({ id, invoiceGroupID: id, invoiceCreated: false, creationError: null }));
      expect(b.body.creationJobID).toBe(a.body.creationJobID);
      expect(a.body.creationJobID).not.toBe(failed.creationJobID);
      const created = await untilSettled(id, 'the retried group to be created');
      expect(created).toEqual(expect.objectContaining({ invoice_created: true, creation_error: null, status: 'completed' }));
      await expectCompleteAndExact(id);
      const [{ groups }] = await conn().execute('select count(*)::int as groups from invoice_group where title = ?', [
        'Killed three times',
      ]);
      expect(groups).toBe(1);
    },
    SLOW_MS,
  );
});
