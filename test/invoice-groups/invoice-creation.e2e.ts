import { Client } from 'pg';
import { JobsService } from '../../src/core/queue/jobs.service';
import { DEMO_PASSWORD } from '../../src/demo/demo-data';
import { CREATE_GROUP_INVOICES } from '../../src/modules/invoicing/groups/jobs/create-group-invoices.job';
import { InvoiceBuilder } from '../../src/modules/invoicing/invoices/invoice-builder';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { Gate } from '../support/gate';
import { createTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { inContext, invoicingCounts, postGroup, seedSale, seedTemplate, SeededSale, storedInvoices, untilCreated } from './support';

/** Three bidders (one on the floor, one in California), two sessions, seven sold lots, one unsold. */
const sale = (t: TestApp, houseId: number) =>
  seedSale(t.em(), houseId, {
    liveFeeRate: 3_000,
    steps: [
      { fromCents: 0, toCents: 100_000, rate: 25_000 },
      { fromCents: 100_000, toCents: null, rate: 20_000 },
    ],
    bidders: [
      { firstName: 'Ann', lastName: 'Cole', countryCode: 'US', stateCode: 'NY' },
      { firstName: 'Bob', lastName: 'Avery', countryCode: 'US', stateCode: 'CA', platform: 'PL' },
      { firstName: 'Cy', lastName: 'Bloom', countryCode: 'CA', stateCode: 'ON', platform: 'Floor' },
    ],
    sessions: [
      {
        date: '2026-06-01T15:00:00Z',
        lots: [{ hammer: 125_000, winner: 0 }, { hammer: 5_050, winner: 1 }, { hammer: 77_700, winner: 2 }, {}],
      },
      {
        date: '2026-06-02T15:00:00Z',
        lots: [
          { hammer: 1_000, winner: 0 },
          { hammer: 250_000, winner: 1 },
          { hammer: 99, winner: 2 },
          { hammer: 0, winner: 0 },
        ],
      },
    ],
  });

describe('invoice creation job: set-based, exactly once, atomic', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let ownerB: SignedIn;
  let template: number;
  let templateB: number;
  let builder: InvoiceBuilder;
  let jobs: JobsService;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em()); // processor p
    template = await seedTemplate(t.em(), houses.a.id, {
      taxRows: [{ name: 'HST', rate: 13_000, countryCode: 'CA', stateCode: 'ON', onHammer: true, onPremium: true, onLiveFee: false }],
      feeRows: [{ name: 'Handling', rate: 2_500, countryCode: 'ALL', onHammer: true, onPremium: false, onLiveFee: false }],
    });
    templateB = await seedTemplate(t.em(), houses.b.id);
    [owner, ownerB] = await Promise.all([signIn(t.server, 'house-a', 'owner'), signIn(t.server, 'house-b', 'owner')]);
    builder = t.app.get(InvoiceBuilder);
    jobs = t.app.get(JobsService);
  });
  afterEach(() => {
    builder.hooks = {};
    Gate.openAll();
  });
  afterAll(() => t?.close());

  const create = (s: SignedIn, houseRef: string, seeded: SeededSale, tpl: number, title = 'Group') =>
    postGroup(s, houseRef, { catalogRefs: seeded.sessions.map((x) => x.ref), groupTitle: title, invoiceSettingsID: tpl })
      .expect(200)
      .then((r) => r.body.data.invoiceGroupID as number);

  it('builds one invoice per winning bidder and one line per won lot, numbered from 1 in name order', async () => {
    const seeded = await sale(t, houses.a.id);
    const id = await create(owner, houses.a.houseRef, seeded, template);
    expect((await untilCreated(t, houses.a.id, id)).result).toEqual({
      groupId: id,
      alreadyCreated: false,
      invoices: 3,
      lines: 7,
      firstInvoiceNumber: 1,
      lastInvoiceNumber: 3,
    });
    const { invoices, lines } = await storedInvoices(t, id);
    expect(invoices.map((i) => [i.invoice_number, i.last_name, i.item_count, i.channel, i.company_id])).toEqual([
      [1, 'Avery', 2, 'PL', 3],
      [2, 'Bloom', 2, 'Floor', 9],
      [3, 'Cole', 3, 'INV', null],
    ]);
    expect(new Set(lines.map((l) => l.lot_id)).size).toBe(7);
    expect(lines.map((l) => l.lot_ref)).toEqual(expect.arrayContaining([expect.stringMatching(/^L/)]));
    // Cole (NY, processor p): 1,250.00 + 300.00 + 37.50 live fee, NY 4 % on all three = 63.50; handling 2.5 % of hammer = 31.25.
    const cole = invoices[2];
    const coleLines = lines.filter((l) => l.invoice_id === cole.id);
    expect(coleLines[0]).toEqual(
      expect.objectContaining({
        hammer_cents: 125_000,
        premium_cents: 30_000,
        live_fee_cents: 3_750,
        tax_cents: 6_350,
        fees_cents: 3_125,
        total_cents: 168_225,
        fee_labels: [{ label: 'Handling', cents: 3_125 }],
      }),
    );
    // Bloom (Ontario, floor): no live fee, HST 13 % on hammer and premium from the template.
    const bloom = lines.filter((l) => l.invoice_id === invoices[1].id);
    expect(bloom[0]).toEqual(
      expect.objectContaining({ hammer_cents: 77_700, premium_cents: 19_425, live_fee_cents: 0, tax_cents: 12_626, fees_cents: 1_943 }),
    );
    for (const inv of invoices) {
      const mine = lines.filter((l) => l.invoice_id === inv.id);
      const sum = (k: string) => mine.reduce((s, l) => s + (l[k] as number), 0);
      expect([
        inv.hammer_total_cents,
        inv.premium_total_cents,
        inv.live_fee_total_cents,
        inv.tax_total_cents,
        inv.other_total_cents,
        inv.invoice_total_cents,
        inv.balance_cents,
      ]).toEqual([
        sum('hammer_cents'),
        sum('premium_cents'),
        sum('live_fee_cents'),
        sum('tax_cents'),
        sum('fees_cents'),
        sum('total_cents'),
        sum('total_cents'),
      ]);
      expect(inv.apply_cost_per_lot).toBe(true);
      expect(inv.currency_code).toBe('USD');
    }
  });

  it("a second group continues the house's numbers; another house numbers from 1", async () => {
    const before = await invoicingCounts(t, houses.a.id);
    const idA = await create(owner, houses.a.houseRef, await sale(t, houses.a.id), template);
    const idB = await create(ownerB, houses.b.houseRef, await sale(t, houses.b.id), templateB);
    expect((await untilCreated(t, houses.a.id, idA)).result).toEqual(
      expect.objectContaining({ firstInvoiceNumber: before.last_number + 1, lastInvoiceNumber: before.last_number + 3 }),
    );
    expect((await untilCreated(t, houses.b.id, idB)).result).toEqual(
      expect.objectContaining({ firstInvoiceNumber: 1, lastInvoiceNumber: 3 }),
    );
    const dupes = await t.em().getConnection().execute('select house_id, invoice_number from invoice group by 1, 2 having count(*) > 1');
    expect(dupes).toEqual([]);
  });

  it('running the job again (twice more) is a no-op: nothing is written twice', async () => {
    const id = await create(owner, houses.a.houseRef, await sale(t, houses.a.id), template);
    await untilCreated(t, houses.a.id, id);
    const before = await invoicingCounts(t, houses.a.id);
    const snapshot = JSON.stringify(await storedInvoices(t, id));
    const again = await jobs.runHere(CREATE_GROUP_INVOICES, { groupId: id }, { houseId: houses.a.id });
    expect(again).toEqual(
      expect.objectContaining({ status: 'completed', result: expect.objectContaining({ alreadyCreated: true, invoices: 0 }) }),
    );
    expect(await inContext(t, () => builder.build(houses.a.id, id))).toEqual(expect.objectContaining({ alreadyCreated: true }));
    expect(await invoicingCounts(t, houses.a.id)).toEqual(before);
    expect(JSON.stringify(await storedInvoices(t, id))).toBe(snapshot);
  });

  it('a crash after the invoices are inserted leaves nothing (no invoice, no number used); the retry builds everything once', async () => {
    const before = await invoicingCounts(t, houses.a.id);
    let crashes = 0;
    builder.hooks = {
      afterInvoicesInserted: async ({ invoices }) => {
        expect(invoices).toBe(3);
        crashes++;
        throw new Error('simulated crash between the invoices and their lines');
      },
    };
    const id = await create(owner, houses.a.houseRef, await sale(t, houses.a.id), template);
    const [{ creation_job_id: jobId }] = await waitFor(
      () => t.em().getConnection().execute('select creation_job_id from invoice_group where id = ?', [id]),
      (r) => !!r[0]?.creation_job_id,
      'the job id',
    );
    await waitFor(
      () => jobs.get(jobId),
      (j) => j.attempts >= 1 && j.status === 'queued',
      'the first attempt to fail',
    );
    expect(crashes).toBe(1);
    expect((await jobs.get(jobId)).error).toBe('simulated crash between the invoices and their lines');
    const mid = await invoicingCounts(t, houses.a.id);
    expect([mid.invoices, mid.lines, mid.last_number]).toEqual([before.invoices, before.lines, before.last_number]);
    const [g] = await t.em().getConnection().execute('select invoice_created, creation_error from invoice_group where id = ?', [id]);
    expect(g).toEqual({ invoice_created: false, creation_error: null });
    // The process comes back: the queue retries (after its backoff) and builds the group exactly once.
    builder.hooks = {};
    const done = await waitFor(
      () => jobs.get(jobId),
      (j) => j.status === 'completed' || j.status === 'failed',
      'the retry',
      15_000,
    );
    expect(done).toEqual(
      expect.objectContaining({
        status: 'completed',
        attempts: 2,
        result: expect.objectContaining({ invoices: 3, lines: 7, firstInvoiceNumber: before.last_number + 1 }),
      }),
    );
    const after = await invoicingCounts(t, houses.a.id);
    expect([after.invoices - before.invoices, after.lines - before.lines, after.last_number - before.last_number]).toEqual([3, 7, 3]);
  });

  it('a job that fails on every attempt records the failure on the group; retry builds it', async () => {
    builder.hooks = { afterInvoicesInserted: async () => Promise.reject(new Error('disk full')) };
    const seeded = await sale(t, houses.a.id);
    const id = await create(owner, houses.a.houseRef, seeded, template);
    const failed = await waitFor(
      () => owner.agent.get(`/api/invoice-groups/${id}`).then((r) => r.body),
      (g) => g.creationError !== null,
      'the failure to be recorded',
      20_000,
    );
    expect(failed).toEqual(expect.objectContaining({ invoiceCreated: false, creationError: 'disk full', invoiceCount: 0 }));
    // A failed group does not hold its sessions: they are listed as uninvoiced again.
    const listed = (await owner.agent.get(`/app/house/${houses.a.houseRef}/invoiceCatalogs`).expect(200)).body.data.auctionGroups.map(
      (g: { groupID: number }) => g.groupID,
    );
    expect(listed).toContain(seeded.auctionGroupId);
    builder.hooks = {};
    const res = await owner.agent.post(`/api/invoice-groups/${id}/retry`).set('X-CSRF-Token', owner.csrf).expect(201);
    expect(res.body).toEqual(expect.objectContaining({ id, creationError: null }));
    const job = await waitFor(
      () => jobs.get(res.body.creationJobID),
      (j) => j.status === 'completed',
      'the retried job',
    );
    expect(job.result).toEqual(expect.objectContaining({ invoices: 3, lines: 7 }));
  }, 30_000);

  it('a retry arriving while another retry links its new run to the group answers that run, and enqueues no second one', async () => {
    const seeded = await sale(t, houses.a.id);
    const sql = (query: string, params: unknown[] = []) => t.em().getConnection().execute(query, params);
    const [{ id }] = await sql(
      `insert into invoice_group (house_id, title, template_id, currency_code, creation_error) values (?, 'Retried twice', ?, 'USD', 'disk full') returning id`,
      [houses.a.id, template],
    );
    for (const s of seeded.sessions)
      await sql('insert into invoice_group_catalog (group_id, catalog_id, session_date) values (?, ?, current_date)', [id, s.id]);
    // The other retry, half way: its transaction committed (no error any more), its run recorded,
    // and its link to the group written but not yet committed when this retry locks the group.
    await sql('update invoice_group set creation_error = null where id = ?', [id]);
    const [{ id: runId }] = await sql(
      `insert into job_run (id, queue, name, house_id, payload, status, attempts, max_attempts, created_at)
       values (gen_random_uuid(), ?, ?, ?, ?::jsonb, 'queued', 0, 3, now()) returning id`,
      [CREATE_GROUP_INVOICES.queue, CREATE_GROUP_INVOICES.name, houses.a.id, JSON.stringify({ groupId: id })],
    );
    const other = new Client({ connectionString: t.db.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('update invoice_group set creation_job_id = $1 where id = $2', [runId, id]);
      const retry = owner.agent
        .post(`/api/invoice-groups/${id}/retry`)
        .set('X-CSRF-Token', owner.csrf)
        .then((r) => r);
      await waitFor(
        () => sql(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
        (r) => r[0].n > 0,
        'the retry to wait for the group row',
      );
      await other.query('commit');
      const res = await retry;
      expect(res.status).toBe(201);
      expect(res.body).toEqual(expect.objectContaining({ id, invoiceCreated: false, creationError: null, creationJobID: runId }));
      const runs = await sql(`select id from job_run where name = ? and (payload->>'groupId')::int = ?`, [CREATE_GROUP_INVOICES.name, id]);
      expect(runs).toEqual([{ id: runId }]);
    } finally {
      await other.query('rollback').catch(() => undefined);
      await other.end();
    }
  });

  it('two runs of one group at once: the second waits for the first and then does nothing', async () => {
    const gate = new Gate();
    const inside = new Gate();
    builder.hooks = {
      afterInvoicesInserted: async () => {
        inside.open();
        await gate.promise;
      },
    };
    const before = await invoicingCounts(t, houses.a.id);
    const id = await create(owner, houses.a.houseRef, await sale(t, houses.a.id), template);
    await inside.promise; // the job is mid-transaction, holding the group row
    builder.hooks = {};
    const second = inContext(t, () => builder.build(houses.a.id, id));
    await new Promise((r) => setTimeout(r, 100));
    gate.open();
    expect(await second).toEqual(expect.objectContaining({ alreadyCreated: true, invoices: 0 }));
    expect((await untilCreated(t, houses.a.id, id)).result).toEqual(expect.objectContaining({ invoices: 3 }));
    const after = await invoicingCounts(t, houses.a.id);
    expect([after.invoices - before.invoices, after.lines - before.lines]).toEqual([3, 7]);
  });

  it('a lot on an invoice is never invoiced again, even if two groups race for it', async () => {
    const seeded = await sale(t, houses.a.id);
    const first = await create(owner, houses.a.houseRef, seeded, template);
    await untilCreated(t, houses.a.id, first);
    // A second group over the same sessions, written behind the service's checks (as a race would).
    const [{ id: second }] = await t
      .em()
      .getConnection()
      .execute(`insert into invoice_group (house_id, title, template_id, currency_code) values (?, 'Racing', ?, 'USD') returning id`, [
        houses.a.id,
        template,
      ]);
    for (const s of seeded.sessions)
      await t
        .em()
        .getConnection()
        .execute(`insert into invoice_group_catalog (group_id, catalog_id, session_date) values (?, ?, '2026-06-01')`, [second, s.id]);
    const result = await inContext(t, () => builder.build(houses.a.id, second));
    expect(result).toEqual(expect.objectContaining({ invoices: 0, lines: 0 }));
    const dupes = await t.em().getConnection().execute('select lot_id from invoice_line group by lot_id having count(*) > 1');
    expect(dupes).toEqual([]);
  });

  it('another house cannot build a group of house A', async () => {
    const id = await create(owner, houses.a.houseRef, await sale(t, houses.a.id), template);
    await untilCreated(t, houses.a.id, id);
    expect(await inContext(t, () => builder.build(houses.b.id, id))).toEqual(expect.objectContaining({ missing: true, invoices: 0 }));
  });
});

describe('invoice creation on the demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true, redis: false });
  });
  afterAll(() => t?.close());

  it('invoices every sold lot of two sessions of the demo sale, once, with its template', async () => {
    const s = await signIn(t.server, 'demo', 'owner', DEMO_PASSWORD);
    const ref = s.user.houseInfo.houseRef;
    const settings = (await s.agent.get(`/app/house/${ref}/invoiceSettings`).expect(200)).body.data.invoiceSettings;
    expect(settings).toEqual([{ id: expect.any(Number), name: 'Standard Invoice', payrixTemplate: true, active: true }]);
    const sales = (await s.agent.get(`/app/house/${ref}/invoiceCatalogs`).expect(200)).body.data.auctionGroups;
    const autumn = sales.find((g: { groupName: string }) => g.groupName === 'Autumn Fine Art & Antiques');
    const two = autumn.catalogs.slice(0, 2);
    const expected = two.reduce((n: number, c: { uninvoicedLots: number }) => n + c.uninvoicedLots, 0);
    // The second sale is at another location: mixing it in is refused.
    const winter = sales.find((g: { groupName: string }) => g.groupName === 'Winter Collectibles');
    const mixed = await postGroup(s, ref, {
      catalogRefs: [two[0].catalogRef, winter.catalogs[0].catalogRef],
      groupTitle: 'Mixed',
      invoiceSettingsID: settings[0].id,
    }).expect(400);
    expect(mixed.body.code).toBe('MIXED_SALE_LOCATIONS');
    const res = await postGroup(s, ref, {
      catalogRefs: two.map((c: { catalogRef: string }) => c.catalogRef),
      groupTitle: 'Autumn, live and timed',
      invoiceSettingsID: settings[0].id,
    }).expect(200);
    const job = await untilCreated(t, s.user.houseInfo.houseID, res.body.data.invoiceGroupID);
    expect(job.result).toEqual(expect.objectContaining({ lines: expected }));
    const { invoices, lines } = await storedInvoices(t, res.body.data.invoiceGroupID);
    expect(lines).toHaveLength(expected);
    expect(invoices.reduce((n, i) => n + (i.invoice_total_cents as number), 0)).toBe(
      lines.reduce((n, l) => n + (l.total_cents as number), 0),
    );
    // Template rows at work: Ontario bidders pay HST, everyone pays the handling fee on hammer.
    expect(lines.every((l) => (l.fees_cents as number) > 0 || l.hammer_cents === 0)).toBe(true);
  });
});
