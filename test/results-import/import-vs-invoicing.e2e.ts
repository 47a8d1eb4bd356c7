import { Client } from 'pg';
import { InvoiceBuilder } from '../../src/modules/invoicing/invoices/invoice-builder';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { Gate } from '../support/gate';
import { createTestApp, TestApp } from '../support/test-app';
import { sleep, waitFor } from '../support/wait-for';
import { postGroup, seedSale, seedTemplate, SeededSale, untilCreated } from '../invoice-groups/support';

/**
 * The results import racing an invoice group's creation over the same session. Both take the
 * sale's results lock (LotResultLocks.lockSales): an import that got there first finishes before
 * the group exists, and its results are what gets invoiced; an import arriving while the invoices
 * are being created refuses to change the session's results. Never an invoice built from a result
 * that the import then replaced.
 */
describe('results import against invoice creation: one shared lock', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let template: number;
  let builder: InvoiceBuilder;

  const sale = (): Promise<SeededSale> =>
    seedSale(t.em(), houses.a.id, {
      bidders: [
        { firstName: 'Ann', paddle: 101 },
        { firstName: 'Bob', paddle: 102 },
      ],
      sessions: [{ lots: [{ hammer: 10_000, winner: 0 }, { hammer: 20_000, winner: 1 }, {}] }],
    });

  const importResults = (catalogId: number, csv: string) =>
    owner.agent
      .post(`/api/catalogs/${catalogId}/results/import`)
      .set('X-CSRF-Token', owner.csrf)
      .attach('file', Buffer.from(csv, 'utf8'), 'results.csv');

  const createGroup = (s: SeededSale, title: string) =>
    postGroup(owner, houses.a.houseRef, { catalogRefs: [s.sessions[0].ref], groupTitle: title, invoiceSettingsID: template });

  const invoicedHammers = async (groupId: number) =>
    (
      await t
        .em()
        .getConnection()
        .execute<{ lot_number: string; hammer_cents: string }[]>(
          'select l.lot_number, l.hammer_cents from invoice_line l join invoice i on i.id = l.invoice_id where i.group_id = ? order by l.lot_number',
          [groupId],
        )
    ).map((r) => [r.lot_number, Number(r.hammer_cents)]);

  const lotHammer = async (lotId: number) =>
    Number((await t.em().getConnection().execute('select hammer_cents from lot where id = ?', [lotId]))[0].hammer_cents);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    template = await seedTemplate(t.em(), houses.a.id);
    owner = await signIn(t.server, houses.a.houseRef, 'owner');
    builder = t.app.get(InvoiceBuilder);
  });
  afterEach(() => {
    builder.hooks = {};
    Gate.openAll();
  });
  afterAll(() => t?.close());

  it('an import while the invoices are being written refuses to change the session; the invoices keep the results they were built from', async () => {
    const s = await sale();
    const inside = new Gate();
    const release = new Gate();
    builder.hooks = {
      afterInvoicesInserted: async () => {
        inside.open();
        await release.promise;
      },
    };
    const created = await createGroup(s, 'Race: creation first').expect(200);
    const groupId = created.body.data.invoiceGroupID as number;
    await inside.promise; // the creation read the results and is writing the invoices

    const res = await importResults(s.sessions[0].id, 'Lot,Hammer,Paddle\n1,150,101\n2,200,102\n');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        line: 2,
        column: 'lot',
        reason:
          'Lot 1: its session is being invoiced in the invoice group "Race: creation first", so its result cannot be changed until its invoices are created.',
      },
    ]);
    release.open();
    expect((await untilCreated(t, houses.a.id, groupId)).status).toBe('completed');
    expect(await invoicedHammers(groupId)).toEqual([
      ['1', 10_000],
      ['2', 20_000],
    ]);
    expect(await lotHammer(s.lots[0][0])).toBe(10_000);
    // Once created, the lots are on invoices: the usual refusal.
    const after = await importResults(s.sessions[0].id, 'Lot,Hammer,Paddle\n1,150,101\n');
    expect(after.status).toBe(400);
    expect(after.body.errors[0].reason).toMatch(/^Lot 1: it is on invoice \d+, so its result cannot be changed\.$/);
  });

  it('a creation while an import holds the sale waits for it, and invoices the imported results', async () => {
    const s = await sale();
    // An import in mid-flight: the sale's results lock taken, a result changed, not committed yet.
    const importer = new Client({ connectionString: t.db.url });
    await importer.connect();
    try {
      await importer.query('begin');
      await importer.query(`select pg_advisory_xact_lock(${0x52534c54}, $1)`, [s.auctionGroupId]);
      await importer.query('update lot set hammer_cents = 15000 where id = $1', [s.lots[0][0]]);
      let answered = false;
      const creating = createGroup(s, 'Race: import first').then((r) => {
        answered = true;
        return r;
      });
      await sleep(500);
      expect(answered).toBe(false); // the creation waits for the import's lock
      await importer.query('commit');
      const created = await creating;
      expect(created.status).toBe(200);
      const groupId = created.body.data.invoiceGroupID as number;
      expect((await untilCreated(t, houses.a.id, groupId)).status).toBe('completed');
      expect(await invoicedHammers(groupId)).toEqual([
        ['1', 15_000],
        ['2', 20_000],
      ]);
    } finally {
      await importer.end();
    }
  });

  it("raced many times at once, every invoice line carries its lot's final result", async () => {
    for (let round = 0; round < 6; round++) {
      const s = await sale();
      const hammer = 30_000 + round * 100;
      const [created, imported] = await Promise.all([
        createGroup(s, `Race round ${round}`),
        sleep(round * 7).then(() => importResults(s.sessions[0].id, `Lot,Hammer,Paddle\n1,${hammer / 100},101\n2,200,102\n`)),
      ]);
      expect(created.status).toBe(200);
      expect([200, 400]).toContain(imported.status);
      const groupId = created.body.data.invoiceGroupID as number;
      await waitFor(
        () => untilCreated(t, houses.a.id, groupId),
        (j) => j.status === 'completed',
        `round ${round}`,
      );
      const lines = await invoicedHammers(groupId);
      // The invoice carries exactly the lots' results as they are now, whoever won the race.
      expect(lines).toEqual([
        ['1', await lotHammer(s.lots[0][0])],
        ['2', await lotHammer(s.lots[0][1])],
      ]);
      expect(lines[0][1]).toBe(imported.status === 200 ? hammer : 10_000);
    }
  });
});
