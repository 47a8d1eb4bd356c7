/**
 * A mark or contact that changes nothing writes nothing (InvoiceMutations): no new version, no empty
 * audit record, so another editor's save with the version they saw never fails with a spurious 409.
 * And the bulk contact's audit record names the recipient and the subject. Over HTTP on real PostgreSQL.
 */
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { bidder, group, invoiceRow, post, q, TODAY_US } from './support';

type Json = Record<string, any>;

describe('no-op marks write nothing; bulk contact audits recipient and subject', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let A: number;
  let ref: string;

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    A = houses.a.id;
    ref = houses.a.houseRef;
    owner = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  const audits = (invoiceId: number) => q(t, 'select * from invoice_audit where invoice_id = ? order by id', [invoiceId]);
  const version = async (invoiceId: number) => Number((await invoiceRow(t, invoiceId)).version);
  const paidMark = { paid: true, paidDate: TODAY_US, paymentMethodID: 102 };

  it('marking an already-paid invoice paid again 50 times keeps its version, writes no audit row, and a save with the old version succeeds', async () => {
    const g = await group(t, A, [bidder('Again')], [{ bidder: 0, hammer: 30_000 }]);
    const id = g.invoiceIds[0]!;
    const first = (await post(owner, ref, 'invoicePaidOnly', { invoiceID: id, ...paidMark }).expect(200)).body.data.invoices[0] as Json;
    const seen = first.version as number;
    const auditsAfterFirst = (await audits(id)).length;
    const payments = (await q(t, 'select * from invoice_payment where invoice_id = ?', [id])).length;
    for (let i = 0; i < 50; i++) {
      const res = await post(owner, ref, 'invoicePaidOnly', { invoiceID: id, ...paidMark }).expect(200);
      expect(res.body.data.invoices[0]).toMatchObject({ invoiceID: id, version: seen, invoiceStatus: 'Paid' });
    }
    expect(await version(id)).toBe(seen);
    const rows = await audits(id);
    expect(rows.length).toBe(auditsAfterFirst);
    expect(rows.filter((r) => Object.keys(r.after as object).length === 0)).toEqual([]);
    expect((await q(t, 'select * from invoice_payment where invoice_id = ?', [id])).length).toBe(payments);
    // Another editor who loaded the invoice after the first mark saves without a 409.
    await post(owner, ref, 'invoiceShippedOnly', { invoiceID: id, shipped: true, shippedDate: TODAY_US, version: seen }).expect(200);
    expect(await version(id)).toBe(seen + 1);
  });

  it('a changed date or method is still a change (new version, one audit row)', async () => {
    const g = await group(t, A, [bidder('Method')], [{ bidder: 0, hammer: 10_000 }]);
    const id = g.invoiceIds[0]!;
    const first = (await post(owner, ref, 'invoicePaidOnly', { invoiceID: id, ...paidMark }).expect(200)).body.data.invoices[0] as Json;
    const before = (await audits(id)).length;
    const res = await post(owner, ref, 'invoicePaidOnly', { invoiceID: id, ...paidMark, paymentMethodID: 101 }).expect(200);
    expect(res.body.data.invoices[0]).toMatchObject({ version: first.version + 1, paymentMethod: 'Cash' });
    const rows = await audits(id);
    expect(rows.length).toBe(before + 1);
    expect(rows[rows.length - 1]).toMatchObject({ action: 'invoice.paid', after: { payment_method_id: 101 } });
  });

  it('Not Paid on an unpaid invoice, shipped again, a lot paid again and unshipped again change nothing', async () => {
    const g = await group(
      t,
      A,
      [bidder('Idle')],
      [
        { bidder: 0, hammer: 10_000 },
        { bidder: 0, hammer: 5_000 },
      ],
    );
    const id = g.invoiceIds[0]!;
    const v0 = await version(id);
    const a0 = (await audits(id)).length;
    await post(owner, ref, 'invoicePaidOnly', { invoiceID: id, paid: false }).expect(200);
    await post(owner, ref, 'invoiceShippedOnly', { invoiceID: id, shipped: false }).expect(200);
    await post(owner, ref, 'invoiceShippedOnlyByDetail', { invoiceID: id, invoiceDetailID: g.lineIds[0], shipped: false }).expect(200);
    expect(await version(id)).toBe(v0);
    expect((await audits(id)).length).toBe(a0);

    await post(owner, ref, 'invoicePaidOnlyByDetail', { invoiceID: id, invoiceDetailID: g.lineIds[0], ...paidMark }).expect(200);
    await post(owner, ref, 'invoiceShippedOnly', { invoiceID: id, shipped: true, shippedDate: TODAY_US }).expect(200);
    const v1 = await version(id);
    const a1 = (await audits(id)).length;
    expect(v1).toBe(v0 + 2);
    await post(owner, ref, 'invoicePaidOnlyByDetail', { invoiceID: id, invoiceDetailID: g.lineIds[0], ...paidMark }).expect(200);
    await post(owner, ref, 'invoiceShippedOnly', { invoiceID: id, shipped: true, shippedDate: TODAY_US }).expect(200);
    expect(await version(id)).toBe(v1);
    expect((await audits(id)).length).toBe(a1);
  });

  it('in a batch, only the invoices that change get a new version and an audit row', async () => {
    const g = await group(
      t,
      A,
      [bidder('Mix1'), bidder('Mix2')],
      [
        { bidder: 0, hammer: 10_000 },
        { bidder: 1, hammer: 20_000 },
      ],
    );
    const [paidId, openId] = g.invoiceIds.map(Number);
    await post(owner, ref, 'invoicePaidOnly', { invoiceID: paidId, ...paidMark }).expect(200);
    const vPaid = await version(paidId);
    const vOpen = await version(openId);
    const aPaid = (await audits(paidId)).length;
    const res = await post(owner, ref, 'invoicePaidOnly', {
      paidInvoices: [
        { invoiceID: paidId, ...paidMark, version: vPaid },
        { invoiceID: openId, ...paidMark, version: vOpen },
      ],
    }).expect(200);
    const byId = new Map((res.body.data.invoices as Json[]).map((i) => [i.invoiceID, i]));
    expect(byId.get(paidId)).toMatchObject({ version: vPaid, invoiceStatus: 'Paid' });
    expect(byId.get(openId)).toMatchObject({ version: vOpen + 1, invoiceStatus: 'Paid' });
    expect((await audits(paidId)).length).toBe(aPaid);
    expect((await audits(openId)).map((r) => r.action)).toContain('invoice.paid');
  });

  it('bulk contact records each invoice with the recipient and subject (and bumps its version)', async () => {
    const g = await group(
      t,
      A,
      [bidder('Rec1', { email: 'r1@example.com' }), bidder('Rec2', { email: 'r2@example.com' })],
      [
        { bidder: 0, hammer: 10_000 },
        { bidder: 1, hammer: 10_000 },
      ],
    );
    const ids = g.invoiceIds.map(Number);
    const versions = await Promise.all(ids.map(version));
    const res = await post(owner, ref, `invoiceGroup/${g.groupId}/bulkContact`, {
      invoiceIDs: ids,
      subject: 'Pickup hours',
      message: 'Saturday 9-12.',
    }).expect(200);
    expect(res.body.data.invoices).toEqual(ids.map((id, i) => ({ invoiceID: id, version: versions[i] + 1 })));
    for (const [i, id] of ids.entries()) {
      const rows = await audits(id);
      expect(rows[rows.length - 1]).toMatchObject({
        action: 'contact',
        before: { contact: null },
        after: { contact: { to: `r${i + 1}@example.com`, subject: 'Pickup hours' } },
      });
    }
  });
});
