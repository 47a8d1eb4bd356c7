import { ACCOUNTING_TEXT, accountMappingErrors, type AccountMapping } from '@ar/rules';
import { parse } from 'csv-parse/sync';
import { sortDocs, type DocumentSet, type InvoiceDoc, type MoneyDoc, type SettlementDoc } from './documents';
import { decimal, usDate } from './formats/format-kit';
import { QBO_BILL_HEADER, QBO_INVOICE_HEADER, quickbooksFiles } from './formats/quickbooks';
import { XERO_BANK_HEADER, XERO_BILL_HEADER, XERO_SALES_INVOICE_HEADER, xeroFiles } from './formats/xero';
import { trialBalance } from './journal';

const MAPPING: AccountMapping = {
  salesAccount: '200',
  buyersPremiumAccount: '210',
  liveFeeAccount: '215',
  taxPayableAccount: '820',
  feesAccount: '260',
  commissionIncomeAccount: '230',
  consignorPayableAccount: '810',
  cardClearingAccount: '610',
};

const contact = (name: string) => ({
  name,
  email: null,
  address1: '1 Main St',
  address2: null,
  city: 'Albany',
  region: 'NY',
  postalCode: '12207',
  country: 'US',
});

// The worked numbers of docs/accounting-export.md.
const invoice = (id: number, number: string, date: string): InvoiceDoc => ({
  kind: 'invoice',
  id,
  number,
  date,
  contact: contact('Ann Buyer'),
  currency: 'USD',
  saleName: 'Autumn Fine Art',
  hammerCents: 125_000,
  premiumCents: 30_000,
  liveFeeCents: 0,
  feesCents: 2_500,
  taxCents: 12_650,
  totalCents: 170_150,
});
const settlement: SettlementDoc = {
  kind: 'settlement',
  id: 7,
  number: 'STL-7',
  date: '2026-11-20',
  contact: contact('Alice Arden'),
  currency: 'USD',
  saleName: 'Autumn Fine Art',
  hammerCents: 125_000,
  commissionCents: 17_500,
  buyInFeeCents: 0,
  feesCents: 2_250,
  taxCents: 1_553,
  expensesCents: 0,
  advancesCents: 0,
  netDueCents: 103_697,
};
const money = (kind: MoneyDoc['kind'], id: number, amountCents: number, date: string): MoneyDoc => ({
  kind,
  id,
  number: `${kind === 'payment' ? 'PMT' : kind === 'refund' ? 'RFD' : 'PO'}-${id}`,
  date,
  party: kind === 'payout' ? 'Alice Arden' : 'Ann Buyer',
  appliesTo: kind === 'payout' ? 'STL-7' : '1001',
  method: kind === 'payout' ? 'check' : 'card',
  reference: kind === 'payout' ? '1042' : null,
  amountCents,
});

const SET: DocumentSet = {
  invoices: [invoice(1, '1001', '2026-11-02')],
  payments: [money('payment', 11, 170_150, '2026-11-05')],
  refunds: [money('refund', 12, 10_000, '2026-11-09')],
  settlements: [settlement],
  payouts: [money('payout', 21, 50_000, '2026-11-25')],
};

const read = (content: string) => parse(content.replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][];

describe('accounting export: mapping, journal, formats', () => {
  it('refuses a mapping with a missing or too long account, naming each field', () => {
    expect(accountMappingErrors(MAPPING)).toEqual({});
    const errors = accountMappingErrors({ ...MAPPING, salesAccount: '  ', feesAccount: 'x'.repeat(61), cardClearingAccount: undefined });
    expect(errors).toEqual({
      salesAccount: ACCOUNTING_TEXT.required('Sales (hammer)'),
      feesAccount: ACCOUNTING_TEXT.tooLong('Fees'),
      cardClearingAccount: ACCOUNTING_TEXT.required('Card clearing'),
    });
    expect(errors.salesAccount).toBe('Sales (hammer) account is required.');
  });

  it('writes cents as the books read them and dates as MM/DD/YYYY', () => {
    expect([decimal(0), decimal(5), decimal(-1250), decimal(170_150)]).toEqual(['0.00', '0.05', '-12.50', '1701.50']);
    expect(() => decimal(1.5)).toThrow();
    expect(usDate('2026-11-02')).toBe('11/02/2026');
  });

  it('the trial balance of the worked example balances and states the three identities', () => {
    const tb = trialBalance(SET, { from: '2026-11-01', to: '2026-11-30' }, MAPPING);
    expect(tb.buyer).toEqual({ invoicesCents: 170_150, paymentsCents: 170_150, refundsCents: 10_000, receivablesCents: 10_000 });
    expect(tb.consignor).toEqual({ settlementsCents: 103_697, payoutsCents: 50_000, payablesCents: 53_697, advancesCents: 0 });
    expect(tb.revenue).toEqual({ premiumCents: 30_000, feesCents: 4_750, commissionCents: 17_500, totalCents: 52_250 });
    expect(tb.debitCents).toBe(tb.creditCents);
    expect(tb.balanced).toBe(true);
    const row = (a: string) => tb.accounts.find((r) => r.account === a)!;
    expect(row('receivable').debitCents - row('receivable').creditCents).toBe(tb.buyer.receivablesCents);
    expect(row('consignorPayableAccount').creditCents - row('consignorPayableAccount').debitCents).toBe(tb.consignor.payablesCents);
    expect(row('salesAccount')).toMatchObject({ code: '200', debitCents: 125_000, creditCents: 125_000 });
    expect(row('taxPayableAccount').creditCents).toBe(12_650 + 1_553);
  });

  it('balances with negative other charges, advances and a bounced-check correction', () => {
    const set: DocumentSet = {
      ...SET,
      invoices: [{ ...invoice(1, '1001', '2026-11-02'), feesCents: -500, totalCents: 167_150 }],
      settlements: [{ ...settlement, expensesCents: 12_000, advancesCents: 50_000, netDueCents: 41_697 }],
      payouts: [money('payout', 21, 41_697, '2026-11-25'), money('payout', 22, -41_697, '2026-11-26')],
    };
    const tb = trialBalance(set, { from: '2026-11-01', to: '2026-11-30' }, MAPPING);
    expect(tb.balanced).toBe(true);
    expect(tb.consignor).toMatchObject({ payoutsCents: 0, payablesCents: 41_697, advancesCents: 50_000 });
  });

  it("Xero files use the templates' headers, carry each document number, and add up to each document", () => {
    const files = xeroFiles(SET, MAPPING, '2026-11-01-to-2026-11-30');
    expect(files.map((f) => f.name)).toEqual([
      'xero-sales-invoices-2026-11-01-to-2026-11-30.csv',
      'xero-bills-2026-11-01-to-2026-11-30.csv',
      'xero-payments-2026-11-01-to-2026-11-30.csv',
      'xero-payouts-2026-11-01-to-2026-11-30.csv',
    ]);
    const [inv, bills, pay, payouts] = files.map((f) => read(f.content));
    expect(inv[0]).toEqual([...XERO_SALES_INVOICE_HEADER]);
    expect(bills[0]).toEqual([...XERO_BILL_HEADER]);
    expect(pay[0]).toEqual([...XERO_BANK_HEADER]);
    const col = (rows: string[][], name: string) => rows.slice(1).map((r) => r[rows[0].indexOf(name)]);
    expect(col(inv, '*InvoiceNumber')).toEqual(['1001', '1001', '1001', '1001']);
    expect(col(inv, '*AccountCode')).toEqual(['200', '210', '260', '820']);
    expect(col(inv, '*UnitAmount').reduce((a, v) => a + Math.round(Number(v) * 100), 0)).toBe(170_150);
    expect(col(bills, '*InvoiceNumber').every((n) => n === 'STL-7')).toBe(true);
    expect(col(bills, '*UnitAmount')).toEqual(['1250.00', '-175.00', '-22.50', '-15.53']);
    expect(col(bills, 'Total')[0]).toBe('1036.97');
    expect(pay.slice(1)).toEqual([
      ['11/05/2026', '1701.50', 'Ann Buyer', 'Payment on invoice 1001 (card)', 'PMT-11', ''],
      ['11/09/2026', '-100.00', 'Ann Buyer', 'Refund on invoice 1001 (card)', 'RFD-12', ''],
    ]);
    expect(payouts[1]).toEqual(['11/25/2026', '-500.00', 'Alice Arden', 'Payout of settlement STL-7 (check)', 'PO-21', '1042']);
  });

  it('QuickBooks files use its import headers with one row per line', () => {
    const [inv, bills, pay] = quickbooksFiles(SET, MAPPING, 'r').map((f) => read(f.content));
    expect(inv[0]).toEqual([...QBO_INVOICE_HEADER]);
    expect(bills[0]).toEqual([...QBO_BILL_HEADER]);
    expect(inv[1].slice(0, 4)).toEqual(['1001', 'Ann Buyer', '11/02/2026', '11/02/2026']);
    expect(bills.slice(1).map((r) => r[9])).toEqual(['1250.00', '-175.00', '-22.50', '-15.53']);
    expect(pay.slice(1).map((r) => r[2])).toEqual(['1701.50', '-100.00']);
    expect(pay[1][1]).toContain('PMT-11');
  });

  it('is deterministic: the same documents in any order give the same bytes', () => {
    const many: DocumentSet = {
      ...SET,
      invoices: [invoice(3, '1010', '2026-11-03'), invoice(1, '1002', '2026-11-03'), invoice(2, '999', '2026-11-01')],
    };
    const shuffled: DocumentSet = { ...many, invoices: [...many.invoices].reverse() };
    expect(sortDocs(many.invoices).map((i) => i.number)).toEqual(['999', '1002', '1010']);
    for (const f of [xeroFiles, quickbooksFiles]) {
      const a = f(many, MAPPING, 'r').map((x) => x.content);
      const b = f(shuffled, MAPPING, 'r').map((x) => x.content);
      expect(a).toEqual(b);
      expect(
        read(a[0])
          .slice(1)
          .map((r) => r[f === xeroFiles ? 10 : 0])[0],
      ).toBe('999');
    }
  });

  describe('a settlement the consignor owes (net due below zero)', () => {
    // Advances and expenses exceed what the lots made: 1,250.00 hammer, 175.00 commission, 22.50
    // fees, 15.53 tax, 1,500.00 advanced: the consignor owes 463.03.
    const owed: SettlementDoc = { ...settlement, id: 8, number: 'STL-8', advancesCents: 150_000, netDueCents: -46_303 };
    const set: DocumentSet = { ...SET, settlements: [settlement, owed] };
    const cents = (v: string) => Math.round(Number(v) * 100);

    it('QuickBooks: an invoice to the consignor for what they owe (a receivable), never a negative bill', () => {
      const [inv, bills] = quickbooksFiles(set, MAPPING, 'r').map((f) => read(f.content));
      expect(bills.slice(1).every((r) => r[0] === 'STL-7')).toBe(true);
      const mine = inv.slice(1).filter((r) => r[0] === 'STL-8');
      expect(mine.map((r) => [r[1], r[7], r[11]])).toEqual([
        ['Alice Arden', '200', '-1250.00'],
        ['Alice Arden', '230', '175.00'],
        ['Alice Arden', '260', '22.50'],
        ['Alice Arden', '820', '15.53'],
        ['Alice Arden', '810', '1500.00'],
      ]);
      expect(mine.reduce((a, r) => a + cents(r[11]), 0)).toBe(46_303);
      expect(mine[0][6]).toBe('Autumn Fine Art (owed by the consignor)');
      // Buyers' invoices first, then what consignors owe.
      expect(inv[1][0]).toBe('1001');
    });

    it('Xero: the bill keeps its lines with a negative Total, which Xero imports as a bill credit note', () => {
      const bills = read(xeroFiles(set, MAPPING, 'r')[1].content);
      const mine = bills.slice(1).filter((r) => r[10] === 'STL-8');
      expect(mine.map((r) => r[13])).toEqual(Array(5).fill('-463.03'));
      expect(mine.reduce((a, r) => a + cents(r[17]), 0)).toBe(-46_303);
      expect(mine.map((r) => r[18])).toEqual(['200', '230', '260', '820', '810']);
    });

    it('the trial balance still balances, the consignor payable debited', () => {
      const tb = trialBalance(set, { from: '2026-11-01', to: '2026-11-30' }, MAPPING);
      expect(tb.balanced).toBe(true);
      expect(tb.consignor.settlementsCents).toBe(103_697 - 46_303);
    });
  });
});
