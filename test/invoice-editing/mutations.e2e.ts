import { Client } from 'pg';
import { EntityManager } from '@mikro-orm/postgresql';
import { InvoiceMutations } from '../../src/modules/invoicing/editing/core/invoice-mutations.service';
import { InvoicePricing } from '../../src/modules/invoicing/editing/core/invoice-pricing.service';
import { createTestApp, TestApp } from '../support/test-app';
import { signIn } from '../support/fixtures';
import { inContext, postGroup, storedInvoices, untilCreated } from '../invoice-groups/support';

const originalQuery = Client.prototype.query;

/** The one mutation path of invoices: re-pricing equals building, version checks, audit trail. */
describe('invoice mutations', () => {
  let t: TestApp;
  let houseId: number;
  let otherHouseId: number;
  let groupId: number;
  const actor = { userId: 1, userName: 'owner' };

  beforeAll(async () => {
    t = await createTestApp({ demo: true, redis: false });
    const conn = t.em().getConnection();
    [{ id: houseId }] = await conn.execute(`select id from house where house_user_name = 'demo'`);
    [{ id: otherHouseId }] = await conn.execute(`select id from house where house_user_name = 'other'`);
    const owner = await signIn(t.server, 'demo', 'owner', 'auction-demo');
    const sessions = await conn.execute(
      `select c.catalog_ref from catalog c join auction_group g on g.id = c.group_id where c.house_id = ? and g.group_name = 'Autumn Fine Art & Antiques' and c.sale_type in ('live', 'timed')`,
      [houseId],
    );
    const [template] = await conn.execute(`select id from invoice_template where house_id = ? order by id limit 1`, [houseId]);
    const res = await postGroup(owner, owner.user.houseInfo.houseRef, {
      catalogRefs: sessions.map((s) => s.catalog_ref),
      groupTitle: 'Editing core',
      invoiceSettingsID: template.id,
    });
    expect(res.status).toBe(200);
    groupId = res.body.data.invoiceGroupID;
    expect((await untilCreated(t, houseId, groupId)).status).toBe('completed');
  });
  afterAll(() => t.close());

  const mutations = () => t.app.get(InvoiceMutations);

  it('re-pricing every invoice of a group gives exactly the amounts the build stored', async () => {
    const built = await storedInvoices(t, groupId);
    await inContext(t, () =>
      t.app.get(EntityManager).transactional((tx) =>
        t.app.get(InvoicePricing).reprice(
          tx,
          houseId,
          built.invoices.map((i) => i.id as number),
        ),
      ),
    );
    const again = await storedInvoices(t, groupId);
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ updated_at: _u, ...r }) => r);
    expect(strip(again.lines)).toEqual(strip(built.lines));
    expect(strip(again.invoices)).toEqual(strip(built.invoices));
  });

  it('re-prices after a change, records who changed what, and bumps the version', async () => {
    const { invoices, lines } = await storedInvoices(t, groupId);
    const invoice = invoices[0];
    const line = lines.find((l) => l.invoice_id === invoice.id)!;
    const out = await inContext(t, () =>
      mutations().mutate(
        {
          houseId,
          invoiceId: invoice.id as number,
          expectedVersion: invoice.version as number,
          actor,
          action: 'charges',
          lineId: line.id as number,
        },
        async (ctx) => {
          await ctx.exec('update invoice_line set shipping_cents = 1250 where id = ?', [line.id]);
        },
      ),
    );
    expect(out.version).toBe((invoice.version as number) + 1);
    const after = await storedInvoices(t, groupId);
    const inv2 = after.invoices.find((i) => i.id === invoice.id)!;
    const line2 = after.lines.find((l) => l.id === line.id)!;
    expect(line2.total_cents).toBe((line.total_cents as number) + 1250);
    expect(inv2.invoice_total_cents).toBe((invoice.invoice_total_cents as number) + 1250);
    expect(inv2.balance_cents).toBe((invoice.balance_cents as number) + 1250);
    expect(inv2.shipping_total_cents).toBe((invoice.shipping_total_cents as number) + 1250);
    const audit = await t
      .em()
      .getConnection()
      .execute('select * from invoice_audit where invoice_id = ? order by id desc limit 1', [invoice.id]);
    expect(audit[0]).toMatchObject({ action: 'charges', user_name: 'owner', line_id: line.id });
    expect(audit[0].before[`line:${line.id}.shipping_cents`]).toBe('0');
    expect(audit[0].after[`line:${line.id}.shipping_cents`]).toBe('1250');
    expect(audit[0].after.invoice_total_cents).toBe(String((invoice.invoice_total_cents as number) + 1250));
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const { invoices } = await storedInvoices(t, groupId);
    const invoice = invoices[1];
    await expect(
      inContext(t, () =>
        mutations().mutate(
          { houseId, invoiceId: invoice.id as number, expectedVersion: (invoice.version as number) - 1 + 5, actor, action: 'charges' },
          async (ctx) => {
            await ctx.exec('update invoice set shipping_cents = 999 where id = ?', [invoice.id]);
          },
        ),
      ),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'STALE_VERSION' });
    const after = (await storedInvoices(t, groupId)).invoices.find((i) => i.id === invoice.id)!;
    expect(after.shipping_cents).toBe(0);
    expect(after.version).toBe(invoice.version);
  });

  it('lets one of two concurrent edits with the same version win; the other gets 409', async () => {
    const { invoices } = await storedInvoices(t, groupId);
    const invoice = invoices[2];
    const edit = (cents: number) =>
      inContext(t, () =>
        mutations().mutate(
          { houseId, invoiceId: invoice.id as number, expectedVersion: invoice.version as number, actor, action: 'charges' },
          async (ctx) => {
            await ctx.exec('update invoice set shipping_cents = ? where id = ?', [cents, invoice.id]);
          },
        ),
      );
    const results = await Promise.allSettled([edit(100), edit(200)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: 'STALE_VERSION' });
  });

  it('marks a sent invoice edited-after-send for a change of the document, not for a staff-only change', async () => {
    const { invoices } = await storedInvoices(t, groupId);
    const [a, b] = [invoices[3], invoices[4]];
    await t.em().getConnection().execute('update invoice set sent_at = now() where id in (?, ?)', [a.id, b.id]);
    await inContext(t, () =>
      mutations().mutate({ houseId, invoiceId: a.id as number, actor, action: 'note', internal: true }, async (ctx) => {
        ctx.skipPricing();
        await ctx.exec('update invoice set notes = ? where id = ?', ['Call before shipping', a.id]);
      }),
    );
    await inContext(t, () =>
      mutations().mutate({ houseId, invoiceId: b.id as number, actor, action: 'charges' }, async (ctx) => {
        await ctx.exec('update invoice set shipping_cents = 500 where id = ?', [b.id]);
      }),
    );
    const after = await storedInvoices(t, groupId);
    expect(after.invoices.find((i) => i.id === a.id)).toMatchObject({ notes: 'Call before shipping', edited_after_send: false });
    expect(after.invoices.find((i) => i.id === b.id)).toMatchObject({ edited_after_send: true });
  });

  it("answers 404 for another house's invoice", async () => {
    const { invoices } = await storedInvoices(t, groupId);
    await expect(
      inContext(t, () =>
        mutations().mutate({ houseId: otherHouseId, invoiceId: invoices[0].id as number, actor, action: 'note' }, async () => undefined),
      ),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });

  it("runs the statements of a change one after the other on the transaction's client, even when started at once", async () => {
    const { invoices } = await storedInvoices(t, groupId);
    // pg's deprecated path is a query sent while the client still runs another (it warns "client.query()
    // when the client is already executing a query"): counted at the driver.
    let calls = 0;
    let overlapping = 0;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: any, ...args: any[]) {
      calls++;
      if (this._activeQuery || this._queryQueue?.length) overlapping++;
      return (originalQuery as any).apply(this, args);
    } as any);
    try {
      const out = await inContext(t, () =>
        mutations().mutate({ houseId, invoiceId: invoices[6].id as number, actor, action: 'note', internal: true }, async (ctx) => {
          ctx.skipPricing();
          const [a, b, c] = await Promise.all([
            ctx.exec<{ n: number }>('select 1 as n, pg_sleep(0.02)'),
            ctx.exec<{ n: number }>('select 2 as n'),
            ctx.exec('update invoice set notes = ? where id = ?', ['Overlap', invoices[6].id]),
          ]);
          return [a[0].n, b[0].n, c.length];
        }),
      );
      expect(out).toMatchObject({ result: [1, 2, 0], changed: true });
      expect(calls).toBeGreaterThan(3);
      expect(overlapping).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('mutateMany changes several invoices in one go: one version and one audit row each, none for an invoice left as it was', async () => {
    const { invoices } = await storedInvoices(t, groupId);
    const [x, y] = [invoices[7], invoices[8]];
    const out = await inContext(t, () =>
      mutations().mutateMany(
        [
          { houseId, invoiceId: y.id as number, actor, action: 'note', internal: true, expectedVersion: Number(y.version) },
          { houseId, invoiceId: x.id as number, actor, action: 'note', internal: true },
        ],
        async (ctx, target) => {
          ctx.skipPricing();
          if (target.invoiceId === y.id) await ctx.exec('update invoice set notes = ? where id = ?', ['Batch note', y.id]);
          return target.invoiceId;
        },
      ),
    );
    expect(out).toEqual([
      { invoiceId: y.id, result: y.id, version: Number(y.version) + 1, changed: true },
      { invoiceId: x.id, result: x.id, version: Number(x.version), changed: false },
    ]);
    const audits = await t
      .em()
      .getConnection()
      .execute('select invoice_id, after from invoice_audit where invoice_id in (?, ?)', [x.id, y.id]);
    expect(audits).toEqual([{ invoice_id: y.id, after: { notes: 'Batch note' } }]);
  });
});
