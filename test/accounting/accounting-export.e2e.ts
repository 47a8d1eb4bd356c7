import { ACCOUNTING_TEXT } from '@ar/rules';
import { parse } from 'csv-parse/sync';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { AccountingDocumentsReader } from '../../src/modules/accounting/accounting-documents.reader';
import { QBO_BILL_HEADER, QBO_INVOICE_HEADER, quickbooksFiles } from '../../src/modules/accounting/formats/quickbooks';
import { XERO_SALES_INVOICE_HEADER, xeroFiles } from '../../src/modules/accounting/formats/xero';
import { q, TODAY_ISO } from '../invoice-marks/support';
import type { FactoryGroup } from '../invoice-details/factory';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { markInvoicePaid, seedMoneySale } from '../support/money-sale';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

const MAPPING = {
  salesAccount: '200',
  buyersPremiumAccount: '210',
  liveFeeAccount: '215',
  taxPayableAccount: '820',
  feesAccount: '260',
  commissionIncomeAccount: '230',
  consignorPayableAccount: '810',
  cardClearingAccount: '610',
};
const FROM = `${TODAY_ISO.slice(0, 8)}01`;
const RANGE = { from: FROM, to: TODAY_ISO };
const cents = (v: string) => Math.round(Number(v) * 100);
const rows = (content: string) => parse(content.replace(/^\uFEFF/, '')) as string[][];

/**
 * /api/accounting over HTTP on real PostgreSQL (docs/accounting-export.md): the account mapping, the
 * trial balance of a month of sales built through the real calls (offline and card payments, a
 * refund, a dispute, settlements and payouts) balancing against the stored balances, the Xero and
 * QuickBooks exports with their ledger (no document twice unless asked), settlement access and tenancy.
 */
describe('accounting export (REST)', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let clerk: SignedIn;
  let invoicesOnly: SignedIn;
  let none: SignedIn;
  let ownerB: SignedIn;
  let g: FactoryGroup;
  let ref: string;

  const get = (s: SignedIn, path: string, query: Json = {}) => s.agent.get(path).query(query);
  const post = (s: SignedIn, path: string, body: object = {}) => s.agent.post(path).set('X-CSRF-Token', s.csrf).send(body);
  const put = (s: SignedIn, path: string, body: object) => s.agent.put(path).set('X-CSRF-Token', s.csrf).send(body);
  /** An export's files as streamed CSV attachments, read back as text (byte-order mark included). */
  const download = async (s: SignedIn, files: Json[]) =>
    Promise.all(
      files.map(async (f) => {
        const res = await s.agent.get(f.url).buffer(true);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(res.headers['content-disposition']).toContain(`filename="${f.name}"`);
        return res.text as string;
      }),
    );
  const markPaid = (invoiceId: number) => markInvoicePaid(t, owner, ref, invoiceId);

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em(), { paymentProcessingEnabled: true });
    ref = houses.a.houseRef;
    [owner, clerk, invoicesOnly, none, ownerB] = await Promise.all([
      signIn(t.server, 'house-a', 'owner'),
      signIn(t.server, 'house-a', 'accessSettlement'),
      signIn(t.server, 'house-a', 'accessInvoices'),
      signIn(t.server, 'house-a', 'none'),
      signIn(t.server, 'house-b', 'owner'),
    ]);

    ({ g } = await seedMoneySale(t, houses, owner, clerk, 'tok_visa_approve_acct'));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('access: settlement access, nothing else', () => {
    it.each([
      ['GET', '/api/accounting/accounts'],
      ['PUT', '/api/accounting/accounts'],
      ['GET', '/api/accounting/trial-balance'],
      ['GET', '/api/accounting/exports'],
      ['POST', '/api/accounting/exports'],
      ['GET', '/api/accounting/exports/1/download?file=invoices'],
    ])('%s %s refuses users without settlement access (403), changing nothing', async (method, path) => {
      for (const s of [none, invoicesOnly]) {
        const res =
          method === 'GET'
            ? await get(s, path, RANGE)
            : method === 'PUT'
              ? await put(s, path, MAPPING)
              : await post(s, path, { ...RANGE, format: 'xero' });
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(PERMISSION_DENIED_TEXT);
      }
      expect(await q(t, 'select * from house_accounting')).toEqual([]);
      expect(await q(t, 'select * from accounting_export')).toEqual([]);
    });
  });

  describe('account mapping', () => {
    it('refuses an export before the accounts are mapped (409)', async () => {
      const res = await post(clerk, '/api/accounting/exports', { ...RANGE, format: 'xero' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ACCOUNTING_TEXT.notMapped);
      expect((await get(clerk, '/api/accounting/accounts')).body).toEqual({
        ...Object.fromEntries(Object.keys(MAPPING).map((k) => [k, ''])),
        mapped: false,
      });
    });

    it('refuses a missing or too long account with the field and its message', async () => {
      const res = await put(clerk, '/api/accounting/accounts', {
        ...MAPPING,
        salesAccount: ' ',
        cardClearingAccount: '9'.repeat(61),
        feesAccount: undefined,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({
        salesAccount: 'Sales (hammer) account is required.',
        feesAccount: 'Fees account is required.',
        cardClearingAccount: 'Card clearing account must be at most 60 characters.',
      });
      expect(await q(t, 'select * from house_accounting')).toEqual([]);
    });

    it('saves (trimmed) and reads the mapping back', async () => {
      const res = await put(clerk, '/api/accounting/accounts', { ...MAPPING, salesAccount: ' 200 ' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...MAPPING, mapped: true });
      expect((await get(clerk, '/api/accounting/accounts')).body).toEqual({ ...MAPPING, mapped: true });
    });
  });

  describe('trial balance', () => {
    it('balances on the month and agrees with the stored invoice and settlement balances', async () => {
      const res = await get(clerk, '/api/accounting/trial-balance', RANGE);
      expect(res.status).toBe(200);
      const tb = res.body as Json;
      // Mark paid records one offline payment per lot line; the card charge one.
      const [pay] = await q<Json>(t, `select count(*)::int as n from invoice_payment where house_id = ? and kind = 'payment'`, [
        houses.a.id,
      ]);
      expect(pay.n).toBe(5);
      expect(tb.counts).toEqual({ invoices: 4, payments: 5, refunds: 1, settlements: 2, payouts: 2 });
      expect(tb.balanced).toBe(true);
      expect(tb.debitCents).toBe(tb.creditCents);

      // Computed independently from what invoicing and settlements store.
      const [inv] = await q<Json>(
        t,
        `select sum(invoice_total_cents)::int as total, sum(balance_cents)::int as balance, sum(premium_total_cents)::int as premium,
                sum(live_fee_total_cents + shipping_total_cents + insurance_total_cents + other_total_cents)::int as fees
           from invoice where house_id = ?`,
        [houses.a.id],
      );
      const [stl] = await q<Json>(
        t,
        `select sum(net_due_cents)::int as net, sum(net_due_cents - paid_cents)::int as open, sum(commission_cents + buy_in_fee_cents)::int as commission,
                sum(fees_cents + expenses_cents)::int as fees
           from settlement where house_id = ?`,
        [houses.a.id],
      );
      expect(tb.buyer.invoicesCents).toBe(inv.total);
      expect(tb.buyer.refundsCents).toBe(12_345);
      expect(tb.buyer.receivablesCents).toBe(tb.buyer.invoicesCents - tb.buyer.paymentsCents + tb.buyer.refundsCents);
      expect(tb.buyer.receivablesCents).toBe(inv.balance);
      expect(tb.consignor.settlementsCents).toBe(stl.net);
      expect(tb.consignor.payablesCents).toBe(tb.consignor.settlementsCents - tb.consignor.payoutsCents);
      expect(tb.consignor.payablesCents).toBe(stl.open);
      expect(tb.revenue).toEqual({
        premiumCents: inv.premium,
        feesCents: inv.fees + stl.fees,
        commissionCents: stl.commission,
        totalCents: inv.premium + inv.fees + stl.fees + stl.commission,
      });
      // The disputed, the unpaid and the refunded buyer's lots are held back: their hammer stays in
      // sales, not passed to a consignor.
      const sales = (tb.accounts as Json[]).find((a) => a.account === 'salesAccount')!;
      expect(sales).toMatchObject({ code: '200', creditCents: 458_000, debitCents: 125_000 + 8_000 + 30_000 });
      const [held] = await q<Json>(t, `select count(*)::int as n from settlement_line where house_id = ? and state = 'held'`, [
        houses.a.id,
      ]);
      expect(held.n).toBe(3);
    });

    it('refuses a bad range with field errors', async () => {
      const bad = await get(clerk, '/api/accounting/trial-balance', { from: '2026-13-01', to: TODAY_ISO });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toMatchObject({ from: ACCOUNTING_TEXT.date });
      const backwards = await get(clerk, '/api/accounting/trial-balance', { from: '2026-11-30', to: '2026-11-01' });
      expect(backwards.status).toBe(400);
      expect(backwards.body.errors).toEqual({ from: ACCOUNTING_TEXT.badRange });
      const long = await get(clerk, '/api/accounting/trial-balance', { from: '2025-01-01', to: '2026-01-02' });
      expect(long.body.errors).toEqual({ to: ACCOUNTING_TEXT.rangeTooLong });
    });
  });

  describe('exports', () => {
    let first: Json;

    it('exports the month for Xero: four files, every document number carried, recorded in the ledger', async () => {
      const bad = await post(clerk, '/api/accounting/exports', { ...RANGE, format: 'sage' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ format: ACCOUNTING_TEXT.format });

      const res = await post(clerk, '/api/accounting/exports', { ...RANGE, format: 'xero' });
      expect(res.status).toBe(200);
      first = res.body;
      expect(first).toMatchObject({ format: 'xero', documentCount: 14, alreadyExported: 0, includeExported: false });
      const tb = (await get(clerk, '/api/accounting/trial-balance', RANGE)).body as Json;
      expect(tb.balanced).toBe(true);
      const texts = await download(clerk, first.files);
      // The streamed files are byte for byte what the formats write from the range read in memory.
      const set = await t.app.get(AccountingDocumentsReader).read(houses.a.id, FROM, TODAY_ISO);
      const mapping = { ...MAPPING };
      expect(texts).toEqual(xeroFiles(set, mapping, `${FROM}-to-${TODAY_ISO}`).map((f) => f.content));
      first.texts = texts;
      const [sales, bills, payments, payouts] = texts.map(rows);
      expect(sales[0]).toEqual([...XERO_SALES_INVOICE_HEADER]);
      const numbers = new Set(sales.slice(1).map((r) => r[10]));
      const invoiceNumbers = (
        await q<Json>(t, 'select invoice_number from invoice where house_id = ? order by invoice_number', [houses.a.id])
      ).map((r) => String(r.invoice_number));
      expect([...numbers]).toEqual(invoiceNumbers);
      const invoiceSum = sales.slice(1).reduce((a, r) => a + cents(r[17]), 0);
      expect(invoiceSum).toBe(tb.buyer.invoicesCents);
      const billTotals = new Map(bills.slice(1).map((r) => [r[10], cents(r[13])]));
      expect([...billTotals.values()].reduce((a, b) => a + b, 0)).toBe(tb.consignor.settlementsCents);
      expect(payments.slice(1).map((r) => r[4])).toHaveLength(6);
      // Read in keyset batches by ledger position: batches of two give the same documents in the same order.
      const batches: string[][] = [];
      for await (const b of t.app.get(AccountingDocumentsReader).exported(houses.a.id, first.id, 'clearing', 'any', 2))
        batches.push(b.map((d) => d.number));
      expect(batches.map((b) => b.length)).toEqual([2, 2, 2]);
      expect(batches.flat()).toEqual(payments.slice(1).map((r) => r[4]));
      expect(payments.slice(1).find((r) => r[4].startsWith('RFD-'))![1]).toBe('-123.45');
      expect(payouts.slice(1).every((r) => r[4].startsWith('PO-') && cents(r[1]) < 0)).toBe(true);

      const ledger = await get(clerk, '/api/accounting/exports');
      expect(ledger.body).toEqual([
        expect.objectContaining({ id: first.id, format: 'xero', fromDate: FROM, toDate: TODAY_ISO, documentCount: 14 }),
      ]);
      const [items] = await q<Json>(t, 'select count(*)::int as n from accounting_export_item where export_id = ?', [first.id]);
      expect(items.n).toBe(14);
    });

    it('refuses to export the same range twice unless asked, then answers the same bytes', async () => {
      const ledgerRows = async () => (await q<Json>(t, 'select count(*)::int as n from accounting_export'))[0].n;
      const before = await ledgerRows();
      const again = await post(clerk, '/api/accounting/exports', { ...RANGE, format: 'xero' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ACCOUNTING_TEXT.nothingNew);
      expect(await ledgerRows()).toBe(before);
      const asked = await post(clerk, '/api/accounting/exports', { ...RANGE, format: 'xero', includeExported: true });
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ documentCount: 14, alreadyExported: 0, includeExported: true });
      expect(asked.body.id).not.toBe(first.id);
      expect(await download(clerk, asked.body.files)).toEqual(first.texts);
      // And the first export downloads the same again.
      expect(await download(owner, first.files)).toEqual(first.texts);

      const bad = await get(clerk, `/api/accounting/exports/${first.id}/download`, { file: 'ledger' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ file: 'File must be one of invoices, bills, payments, payouts.' });
    });

    it('exports only what is new, and another format is its own ledger', async () => {
      await markPaid(g.invoiceIds[3]!);
      const next = await post(clerk, '/api/accounting/exports', { ...RANGE, format: 'xero' });
      expect(next.status).toBe(200);
      expect(next.body).toMatchObject({ documentCount: 1, alreadyExported: 14 });
      const nextFiles = (await download(clerk, next.body.files)).map(rows);
      expect(nextFiles[2].slice(1).map((r) => r[4])).toEqual([expect.stringMatching(/^PMT-/)]);
      expect(nextFiles[0]).toHaveLength(1);

      // Two clerks exporting at once: the lock lets one carry the documents, the other is refused.
      const both = await Promise.all([owner, clerk].map((s) => post(s, '/api/accounting/exports', { ...RANGE, format: 'qbo' })));
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const qbo = both.find((r) => r.status === 200)!;
      expect(qbo.status).toBe(200);
      expect(qbo.body.documentCount).toBe(15);
      expect((qbo.body.files as Json[]).map((f) => f.name)).toEqual([
        `quickbooks-invoices-${FROM}-to-${TODAY_ISO}.csv`,
        `quickbooks-bills-${FROM}-to-${TODAY_ISO}.csv`,
        `quickbooks-payments-${FROM}-to-${TODAY_ISO}.csv`,
        `quickbooks-payouts-${FROM}-to-${TODAY_ISO}.csv`,
      ]);
      expect(rows((await download(clerk, [qbo.body.files[0]]))[0])[0][0]).toBe('InvoiceNo');
    });

    it('a settlement the consignor owes exports for QuickBooks as an invoice to the consignor, for Xero as a negative bill (a credit note)', async () => {
      // Advances beyond what the lots made (set here, as the settlement screen's advances would).
      const [s] = await q<Json>(
        t,
        `update settlement set advances_cents = advances_cents + net_due_cents + 50000, net_due_cents = -50000
          where id = (select min(id) from settlement where house_id = ? and status = 'ready') returning id`,
        [houses.a.id],
      );
      const qbo = await post(clerk, '/api/accounting/exports', { ...RANGE, format: 'qbo', includeExported: true });
      expect(qbo.status).toBe(200);
      const [invoices, bills] = (await download(clerk, qbo.body.files.slice(0, 2))).map(rows);
      expect(bills[0]).toEqual([...QBO_BILL_HEADER]);
      expect(bills.slice(1).some((r) => r[0] === `STL-${s.id}`)).toBe(false);
      expect(bills.slice(1).length).toBeGreaterThan(0);
      expect(invoices[0]).toEqual([...QBO_INVOICE_HEADER]);
      const owed = invoices.slice(1).filter((r) => r[0] === `STL-${s.id}`);
      expect(owed.reduce((a, r) => a + cents(r[11]), 0)).toBe(50_000);
      expect(owed.find((r) => r[7] === '810')).toBeDefined();
      // Buyers' invoices come first, then what consignors owe.
      expect(invoices.findIndex((r) => r[0] === `STL-${s.id}`)).toBe(invoices.length - owed.length);

      const xero = await post(clerk, '/api/accounting/exports', { ...RANGE, format: 'xero', includeExported: true });
      const xeroBills = rows((await download(clerk, [xero.body.files[1]]))[0]);
      const credit = xeroBills.slice(1).filter((r) => r[10] === `STL-${s.id}`);
      expect(credit.length).toBeGreaterThan(0);
      expect(credit.every((r) => r[13] === '-500.00')).toBe(true);
      expect(credit.reduce((a, r) => a + cents(r[17]), 0)).toBe(-50_000);
      // The streamed files still equal the in-memory formats, and the balance still balances.
      const set = await t.app.get(AccountingDocumentsReader).read(houses.a.id, FROM, TODAY_ISO);
      expect([invoices, bills]).toEqual(
        quickbooksFiles(set, MAPPING, `${FROM}-to-${TODAY_ISO}`)
          .slice(0, 2)
          .map((f) => rows(f.content)),
      );
      expect((await get(clerk, '/api/accounting/trial-balance', RANGE)).body.balanced).toBe(true);
    });
  });

  describe('tenancy', () => {
    let first: Json;
    beforeAll(async () => {
      [first] = (await get(clerk, '/api/accounting/exports')).body as Json[];
    });

    it("another house sees none of A's documents, mapping or ledger, and cannot export them", async () => {
      const tb = await get(ownerB, '/api/accounting/trial-balance', RANGE);
      expect(tb.status).toBe(200);
      expect(tb.body.counts).toEqual({ invoices: 0, payments: 0, refunds: 0, settlements: 0, payouts: 0 });
      expect((await get(ownerB, '/api/accounting/accounts')).body.mapped).toBe(false);
      expect((await get(ownerB, '/api/accounting/exports')).body).toEqual([]);
      expect((await post(ownerB, '/api/accounting/exports', { ...RANGE, format: 'xero' })).status).toBe(409);
      expect((await put(ownerB, '/api/accounting/accounts', { ...MAPPING, salesAccount: 'B-400' })).status).toBe(200);
      const b = await post(ownerB, '/api/accounting/exports', { ...RANGE, format: 'xero' });
      expect(b.status).toBe(200);
      expect(b.body.documentCount).toBe(0);
      expect((await get(ownerB, `/api/accounting/exports/${first.id}/download`, { file: 'invoices' })).status).toBe(404);
      expect((await get(clerk, '/api/accounting/accounts')).body.salesAccount).toBe('200');
    });
  });
});
