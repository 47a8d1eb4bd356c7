/**
 * A batch mark is set-based (issue 8: "Mark 300 invoices paid in one call: under 1 s, set-based"):
 * the statements one call sends do not grow with the number of invoices or lots it marks. Each of
 * the four calls, both ways, on 3 and on 60 invoices of two lots each, counted at the pg driver.
 */
import { Client } from 'pg';
import { InvoiceMarksService } from '../../src/modules/invoicing/editing/marks/marks.service';
import { parseMarkRequest, type MarkKind, type MarkScope } from '../../src/modules/invoicing/editing/marks/marks.rules';
import { inContext } from '../invoice-groups/support';
import { seedTwoHouses, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { bidder, group, invoiceState, TODAY_US } from './support';

const originalQuery = Client.prototype.query;

describe('batch marks: statements per call do not grow with the invoices and lots marked', () => {
  let t: TestApp;
  let houses: TwoHouses;
  const actor = { userId: 1, userName: 'owner' };

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
  });
  afterAll(() => t?.close());

  /** Runs one call's batch in-process and answers the SQL it sent (every statement, transaction control included). */
  async function statementsOf(kind: MarkKind, scope: MarkScope, marks: Record<string, unknown>[]): Promise<string[]> {
    const sent: string[] = [];
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: any, ...args: any[]) {
      const q = args[0];
      sent.push(typeof q === 'string' ? q : String(q?.text ?? q));
      return (originalQuery as any).apply(this, args);
    } as any);
    try {
      const request = parseMarkRequest({ paidInvoices: marks }, kind, scope);
      await inContext(t, () => t.app.get(InvoiceMarksService).mark(houses.a.id, actor, kind, scope, request));
    } finally {
      spy.mockRestore();
    }
    return sent;
  }

  /** A group of `n` invoices of two lots each (one of them hidden on every third invoice), and the statement counts of every call. */
  async function countsFor(n: number): Promise<Record<string, number>> {
    const g = await group(
      t,
      houses.a.id,
      Array.from({ length: n }, (_, i) => bidder(`Count${n}.${i}`)),
      Array.from({ length: 2 * n }, (_, i) => ({ bidder: i % n, hammer: 10_000 + i * 500, hidden: i >= n && i % 3 === 0 })),
    );
    const ids = g.invoiceIds.map(Number);
    const lots = g.lineIds.map((lineId, i) => ({ invoiceID: ids[i % n], invoiceDetailID: lineId, hidden: i >= n && i % 3 === 0 }));
    const visibleLots = lots.filter((l) => !l.hidden).map(({ invoiceID, invoiceDetailID }) => ({ invoiceID, invoiceDetailID }));
    const paidOn = { paid: true, paidDate: TODAY_US, paymentMethodID: 102 };
    const shipOn = { shipped: true, shippedDate: TODAY_US };
    const calls: [string, MarkKind, MarkScope, Record<string, unknown>[]][] = [
      ['invoice paid', 'paid', 'invoice', ids.map((invoiceID) => ({ invoiceID, ...paidOn }))],
      ['invoice unpaid', 'paid', 'invoice', ids.map((invoiceID) => ({ invoiceID, paid: false }))],
      ['invoice shipped', 'shipped', 'invoice', ids.map((invoiceID) => ({ invoiceID, ...shipOn }))],
      ['invoice unshipped', 'shipped', 'invoice', ids.map((invoiceID) => ({ invoiceID, shipped: false }))],
      ['lot paid', 'paid', 'line', visibleLots.map((l) => ({ ...l, ...paidOn }))],
      ['lot unpaid', 'paid', 'line', visibleLots.map((l) => ({ ...l, paid: false }))],
      ['lot shipped', 'shipped', 'line', visibleLots.map((l) => ({ ...l, ...shipOn }))],
      ['lot unshipped', 'shipped', 'line', visibleLots.map((l) => ({ ...l, shipped: false }))],
    ];
    const counts: Record<string, number> = {};
    for (const [name, kind, scope, marks] of calls) {
      const before = await invoiceState(t, ids);
      const sent = await statementsOf(kind, scope, marks);
      if (process.env.SHOW_SQL) console.log(`${name} (${n})\n${sent.map((s) => s.replace(/\s+/g, ' ').slice(0, 160)).join('\n')}`);
      // Every call changes every invoice it names (a new version and an audit row each).
      const after = await invoiceState(t, ids);
      // A lot mark is one change per lot: one version and one audit row per lot.
      const changes = (id: number) => (scope === 'line' ? marks.filter((m) => m.invoiceID === id).length : 1);
      expect(after.invoices.map((i) => Number(i.version))).toEqual(before.invoices.map((i) => Number(i.version) + changes(Number(i.id))));
      expect(after.audit.length).toBe(before.audit.length + marks.length);
      counts[name] = sent.length;
    }
    return counts;
  }

  it('sends as many statements for 60 invoices (120 lots) as for 3 invoices (6 lots), whatever the call', async () => {
    const few = await countsFor(3);
    const many = await countsFor(60);
    expect(many).toEqual(few);
  });
});
